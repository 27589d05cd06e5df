// The CMS-snippet case in a real Chromium: a page on one origin uses the proxy on another.
// Listed in corsOrigins, it reads the answer; unlisted, its fetch and its <img> are refused
// with 403 before any upstream call, so another site cannot spend the credits even blind.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import type { ProxyLogEntry } from '@cargo-trackers/proxy';
import { toNodeListener } from '@cargo-trackers/proxy/node';
import { launchChromium } from '../../support/find-chromium.mjs';
import { CANARY_KEY, assertCanaryNeverSeen, observe, startUpstream, until } from './harness.js';
import type { Upstream } from './harness.js';

after(assertCanaryNeverSeen);

const DOC = '{"referenceNumber":"MSCU1234567","status":"IN_TRANSIT"}';

async function listen(server: http.Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

describe('the proxy on another origin than the page, in Chromium', () => {
  let browser: Browser;
  let upstream: Upstream;
  let proxyServer: http.Server;
  let pageServer: http.Server;
  let proxyUrl: string;
  let listedPage: string;
  let unlistedPage: string;
  const logs: ProxyLogEntry[] = [];

  before(async () => {
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(DOC);
    });
    // Two page origins on one server: the shop (listed) and another site (not listed); the proxy is on a third.
    pageServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>shop</title><p>shop page</p>');
    });
    const pagePort = await listen(pageServer, '0.0.0.0');
    listedPage = `http://127.0.0.1:${pagePort}`;
    unlistedPage = `http://127.0.0.2:${pagePort}`;
    const proxy = createTrackingProxy({
      baseUrl: upstream.url,
      apiKey: CANARY_KEY,
      corsOrigins: [listedPage],
      logger: (entry) => {
        observe(JSON.stringify(entry));
        logs.push(entry);
      },
    });
    proxyServer = http.createServer(toNodeListener(proxy));
    proxyUrl = `http://localhost:${await listen(proxyServer, '127.0.0.1')}`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    proxyServer?.closeAllConnections();
    proxyServer?.close();
    pageServer?.closeAllConnections();
    pageServer?.close();
    await upstream?.close();
  });

  /** Opens `origin` and runs a cross-origin fetch and an <img> to the proxy from it. */
  async function fromPage(origin: string, number: string): Promise<{ fetched: string }> {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/`);
      return await page.evaluate(
        async ({ proxyUrl, number }) => {
          const url = `${proxyUrl}/api/tracking/ocean?referenceNumber=${number}`;
          let fetched: string;
          try {
            // As the element asks: with the request marker, which makes a cross-origin fetch preflighted.
            const response = await fetch(url, { headers: { 'Cargo-Trackers-Request': '1' } });
            fetched = `${response.status} ${await response.text()}`;
          } catch (error) {
            fetched = `failed: ${String(error)}`;
          }
          await new Promise<void>((resolve) => {
            const img = document.createElement('img');
            img.onload = img.onerror = () => resolve();
            img.src = `${proxyUrl}/api/tracking/ocean?referenceNumber=${number}-img`;
            document.body.append(img);
          });
          return { fetched };
        },
        { proxyUrl, number },
      );
    } finally {
      await page.close();
    }
  }

  it('answers a page on a listed origin, which reads the JSON', async () => {
    const before = upstream.requests.length;
    const { fetched } = await fromPage(listedPage, 'MSCU1234567');
    observe(fetched);
    assert.equal(fetched, `200 ${DOC}`);
    assert.equal(upstream.requests.length, before + 1, 'the fetch reached the service; the <img> (no Origin, cross-site) did not');
  });

  it('refuses a page on an unlisted origin with 403, its fetch and its <img> alike, and calls nothing upstream', async () => {
    const before = upstream.requests.length;
    const logged = logs.length;
    const { fetched } = await fromPage(unlistedPage, 'MSCU7654321');
    observe(fetched);
    assert.match(fetched, /^failed: TypeError/);
    await until(() => logs.length >= logged + 2);
    const refused = logs.slice(logged);
    assert.deepEqual(
      refused.map((e) => [e.status, e.error]),
      [
        [403, 'cross_site'],
        [403, 'cross_site'],
      ],
    );
    assert.equal(upstream.requests.length, before);
  });
});

// Issue 25, fall 6: a browser sends neither Sec-Fetch-Site nor Origin to a site on plain HTTP
// (not a secure context), so another page's <img>, <script>, form and no-cors fetch looked like
// a server-to-server call. Host names mapped to loopback make both origins non-secure here, as
// http://shop.example is; only the element's request marker tells the proxy's own page apart.
describe('the proxy on plain HTTP, against another page in Chromium', () => {
  let browser: Browser;
  let upstream: Upstream;
  let proxyServer: http.Server;
  let pageServer: http.Server;
  const seen: Array<{ readonly origin: string | undefined; readonly site: string | undefined }> = [];
  const logs: ProxyLogEntry[] = [];
  let shop: string;
  let evil: string;

  before(async () => {
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(DOC);
    });
    const proxy = createTrackingProxy({
      baseUrl: upstream.url,
      apiKey: CANARY_KEY,
      logger: (entry) => {
        observe(JSON.stringify(entry));
        logs.push(entry);
      },
    });
    const listener = toNodeListener(proxy);
    // The shop's page and its proxy on one origin, as the README sets them up.
    proxyServer = http.createServer((req, res) => {
      if (req.url?.startsWith('/api/')) {
        seen.push({ origin: req.headers.origin, site: req.headers['sec-fetch-site'] as string | undefined });
        listener(req, res);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>shop</title><p>shop</p>');
    });
    pageServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>elsewhere</title><p>elsewhere</p>');
    });
    shop = `http://shop.test:${await listen(proxyServer, '127.0.0.1')}`;
    evil = `http://evil.test:${await listen(pageServer, '127.0.0.1')}`;
    browser = await launchChromium({ args: ['--host-resolver-rules=MAP shop.test 127.0.0.1, MAP evil.test 127.0.0.1'] });
  });

  after(async () => {
    await browser?.close();
    proxyServer?.closeAllConnections();
    proxyServer?.close();
    pageServer?.closeAllConnections();
    pageServer?.close();
    await upstream?.close();
  });

  it("refuses another page's <img>, <script>, no-cors fetch and form GET with 403, and calls nothing upstream", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${evil}/`);
      await page.evaluate(async (api) => {
        // No named helpers in here: the test runner's transform would wrap them in a function the page lacks.
        const img = document.createElement('img');
        const script = document.createElement('script');
        const frame = document.createElement('iframe');
        const done = [img, script, frame].map(
          (el) =>
            new Promise<void>((resolve) => {
              el.onload = el.onerror = () => resolve();
            }),
        );
        img.src = `${api}?referenceNumber=EVIL1`;
        script.src = `${api}?referenceNumber=EVIL2`;
        frame.name = 'sink';
        document.body.append(img, script, frame);
        await fetch(`${api}?referenceNumber=EVIL3`, { mode: 'no-cors' }).catch(() => undefined);
        const form = document.createElement('form');
        form.method = 'GET';
        form.action = api;
        form.target = 'sink';
        form.innerHTML = '<input name="referenceNumber" value="EVIL4">';
        document.body.append(form);
        // The frame's first load (about:blank) may already have settled; its next one is the form's answer.
        await done[2];
        const answered = new Promise<void>((resolve) => {
          frame.onload = () => resolve();
        });
        form.submit();
        await Promise.all([done[0], done[1], answered]);
      }, `${shop}/api/tracking/ocean`);
      await until(() => logs.length >= 4);
      // The premise: the browser marked none of them as another site's.
      assert.equal(seen.length, 4);
      assert.ok(
        seen.every((s) => s.origin === undefined && s.site === undefined),
        JSON.stringify(seen),
      );
      assert.deepEqual(
        logs.map((e) => [e.status, e.error]),
        Array(4).fill([403, 'cross_site']),
      );
      assert.equal(upstream.requests.length, 0);
    } finally {
      await page.close();
    }
  });

  it("answers the shop's own page, which sends the marker", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${shop}/`);
      const status = await page.evaluate(
        async (api) => (await fetch(`${api}?referenceNumber=SHOP1`, { headers: { 'Cargo-Trackers-Request': '1' } })).status,
        `${shop}/api/tracking/ocean`,
      );
      assert.equal(status, 200);
      assert.equal(upstream.requests.length, 1);
    } finally {
      await page.close();
    }
  });
});
