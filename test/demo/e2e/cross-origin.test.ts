// A site that embeds the trackers from elsewhere, as a customer would: the page on one origin,
// the script-tag bundle on a second (a CDN), the proxy on a third. In a real Chromium: with the
// page's origin in CORS_ORIGINS it works; without, the element logs one hint that names CORS
// and the setting, instead of only "not answering" after its retries.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, ConsoleMessage } from 'playwright';
import { startDemoServer, type DemoServer } from '../../../demo/server/start-demo-server.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { launchChromium } from '../../support/find-chromium.mjs';

/** The customer's page: loopback, but another address than the demo server's, so another origin. */
const PAGE_HOST = '127.0.0.2';

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Serves one HTML page at every path; `html` is swapped per test. */
function pageServer(): { server: Server; setHtml(html: string): void } {
  let body = '';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  });
  return { server, setHtml: (html) => (body = html) };
}

describe('a page embedding the trackers from two other origins (bundle and proxy)', () => {
  let bundle: BuiltBundle;
  let browser: Browser;
  let page: ReturnType<typeof pageServer>;
  let pageOrigin: string;
  const demos: DemoServer[] = [];
  const servers: Server[] = [];

  before(async () => {
    bundle = await buildCdnBundle();
    page = pageServer();
    servers.push(page.server);
    pageOrigin = `http://${PAGE_HOST}:${await listen(page.server, PAGE_HOST)}`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await Promise.all([...demos.map((d) => d.close()), ...servers.map(close)]);
    await bundle?.remove();
  });

  /** The demo server (bundle + proxy + mock) with the given CORS_ORIGINS, reachable as two origins. */
  async function demo(corsOrigins: string[]): Promise<{ bundleOrigin: string; proxyOrigin: string }> {
    const server = await startDemoServer({
      host: '127.0.0.1',
      port: 0,
      bundleDir: bundle.dir,
      proxy: { corsOrigins },
      mockHoldMs: 50,
      log: () => undefined,
    });
    demos.push(server);
    const port = new URL(server.url).port;
    // The same server under two names: the bundle from "localhost" (the CDN), the proxy from 127.0.0.1.
    return { bundleOrigin: `http://localhost:${port}`, proxyOrigin: `http://127.0.0.1:${port}` };
  }

  async function open(bundleOrigin: string, proxyUrl: string, number: string) {
    page.setHtml(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title><link rel="icon" href="data:,">
<script>window.trackerErrors = 0; addEventListener('tracker-error', () => window.trackerErrors++);</script>
<script type="module" src="${bundleOrigin}/cargo-trackers.js"></script></head>
<body><ocean-tracker proxy-url="${proxyUrl}" reference-number="${number}" map="none"></ocean-tracker></body></html>`);
    const tab = await browser.newPage();
    const console: ConsoleMessage[] = [];
    const pageErrors: string[] = [];
    tab.on('console', (message) => console.push(message));
    tab.on('pageerror', (error) => pageErrors.push(String(error)));
    await tab.goto(`${pageOrigin}/shop`);
    return { tab, console, pageErrors };
  }

  it('looks a number up when the proxy lists the page in CORS_ORIGINS, with no console error', async () => {
    const { bundleOrigin, proxyOrigin } = await demo([pageOrigin]);
    assert.notEqual(new URL(bundleOrigin).origin, new URL(proxyOrigin).origin);
    const { tab, console, pageErrors } = await open(bundleOrigin, `${proxyOrigin}/api/tracking/ocean`, 'MEDU9091004');
    try {
      await tab.waitForFunction(() => customElements.get('ocean-tracker') !== undefined, undefined, { timeout: 30_000 });
      const status = tab.locator('ocean-tracker [part~="status"]');
      await status.waitFor({ timeout: 30_000 });
      assert.match(await status.innerText(), /MEDU9091004/);
      assert.match(await status.innerText(), /In transit/);
      assert.deepEqual(pageErrors, []);
      assert.deepEqual(
        console.filter((m) => m.type() === 'error').map((m) => m.text()),
        [],
      );
    } finally {
      await tab.close();
    }
  });

  it('without CORS_ORIGINS: the bundle still loads from the CDN origin, and the element logs one hint naming CORS and the setting', async () => {
    const { bundleOrigin, proxyOrigin } = await demo([]);
    const { tab, console, pageErrors } = await open(bundleOrigin, `${proxyOrigin}/api/tracking/ocean`, 'MEDU9091004');
    try {
      await tab.waitForFunction(() => customElements.get('ocean-tracker') !== undefined, undefined, { timeout: 30_000 });
      // Two failed asks at least (the first, then an automatic retry): the hint must not repeat.
      await tab.waitForFunction(() => (window as unknown as { trackerErrors: number }).trackerErrors >= 2, undefined, { timeout: 20_000 });
      const [hint, ...more] = hints(console);
      assert.equal(more.length, 0, 'one hint, not one per retry');
      assert.match(hint!, /CORS/);
      assert.match(hint!, /corsOrigins/);
      assert.match(hint!, /CORS_ORIGINS/);
      assert.ok(hint!.includes(pageOrigin), `names the page's origin: ${hint}`);
      assert.ok(hint!.includes(proxyOrigin), `names the proxy's origin: ${hint}`);
      assert.deepEqual(pageErrors, []);
    } finally {
      await tab.close();
    }
  });

  it('logs the same hint when a proxy on another origin refuses the page with 403 cross_site', async () => {
    const { bundleOrigin } = await demo([]);
    // A proxy that refuses foreign origins, but says so readably (with CORS headers for the page).
    // Its preflight lets the element's request marker through, so that the refusal itself is what the page reads.
    const refusing = createServer((req, res) => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-origin': pageOrigin, 'access-control-allow-headers': 'Accept, Cargo-Trackers-Request' });
        res.end();
        return;
      }
      res.writeHead(403, { 'content-type': 'application/json', 'access-control-allow-origin': pageOrigin });
      res.end(JSON.stringify({ error: 'cross_site', message: 'This origin may not use the tracking proxy.' }));
    });
    servers.push(refusing);
    const proxyOrigin = `http://127.0.0.1:${await listen(refusing, '127.0.0.1')}`;
    const { tab, console } = await open(bundleOrigin, `${proxyOrigin}/api/tracking/ocean`, 'MEDU9091004');
    try {
      await tab.locator('ocean-tracker [part~="notice-error"]').waitFor({ timeout: 30_000 });
      const [hint, ...more] = hints(console);
      assert.equal(more.length, 0);
      assert.match(hint ?? '', /403 cross_site/);
      assert.match(hint ?? '', /corsOrigins/);
    } finally {
      await tab.close();
    }
  });
});

function hints(console: readonly ConsoleMessage[]): string[] {
  return console.map((m) => m.text()).filter((text) => text.startsWith('[ocean-tracker]') && text.includes('CORS'));
}
