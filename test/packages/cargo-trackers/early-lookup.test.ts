// The first lookup of a tag whose number is in the HTML leaves from the script-tag entry, before
// the element's chunk has run: in a real Chromium, against a real server on loopback that holds
// the element's chunk until the lookup's request has arrived (or gives up). The element then
// takes that request over: one request, its answer shown; the same for the airline list an AWB
// number's prefix asks for. The lookup's and the map's chunks are asked for from the entry too.
// A request the element would not send (an unusable URL attribute) is never sent; one for an
// element removed before its code arrived (once that code has run), or one the element replaces by
// another URL, is cancelled.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { loadFixture } from '../../fixtures/load-fixture.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { launchChromium } from '../../support/find-chromium.mjs';

/** How long the server holds an element's chunk waiting for a lookup's request when the test names nothing else to wait for. */
const HOLD_MS = 4000;

interface Seen {
  /** In order: `lookup <query>`, `list <path>`, `chunk lookup|map`, `element <tag>` (its chunk released), `aborted <query>`. */
  readonly events: string[];
  /** Called with each lookup request; resolve it to answer. */
  answer: (req: IncomingMessage) => Promise<unknown>;
  /** What the element's chunk waits for (at most HOLD_MS): by default, the lookup's request. */
  elementWaitsFor?: () => Promise<unknown>;
}

function page(body: string, script = '', entry = '/cargo-trackers.js'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>early</title><link rel="icon" href="data:,">
<script type="module" src="${entry}"></script>${script}</head><body>${body}</body></html>`;
}

describe('the script-tag entry sends a first lookup known at load', () => {
  let bundle: BuiltBundle;
  let server: Server;
  let origin: string;
  let browser: Browser;
  const pages = new Map<string, string>();
  let seen: Seen;
  /** Resolved when the next lookup request arrives. */
  let lookupArrived: () => void = () => undefined;
  let lookupPromise: Promise<void>;
  const resetLookup = (): void => {
    lookupPromise = new Promise((resolve) => (lookupArrived = resolve));
  };

  before(async () => {
    bundle = await buildCdnBundle();
    server = createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const list = /^\/api\/tracking\/carriers\/(ocean|air)$/.exec(url.pathname);
        if (list) {
          seen.events.push(`list ${url.pathname}`);
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify(loadFixture(`carriers-${list[1]}.json`)));
          return;
        }
        if (/^\/api\/tracking\/(ocean|air)$/.test(url.pathname)) {
          seen.events.push(`lookup ${url.pathname}${url.search}`);
          lookupArrived();
          req.socket.once('close', () => {
            if (!res.writableEnded) seen.events.push(`aborted ${url.pathname}${url.search}`);
          });
          const body = await seen.answer(req);
          if (res.destroyed) return;
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify(body));
          return;
        }
        const html = pages.get(url.pathname);
        if (html !== undefined) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          res.end(html);
          return;
        }
        const file = normalize(join(bundle.dir, url.pathname));
        if (!file.startsWith(bundle.dir)) {
          res.writeHead(404).end();
          return;
        }
        const chunk = /\/chunks\/(lookup|map-element|map)-[^/]*\.js$/.exec(url.pathname);
        if (chunk) seen.events.push(`chunk ${chunk[1]}`);
        const element = /\/chunks\/(ocean-tracker|air-tracker)-[^/]*\.js$/.exec(url.pathname);
        if (element) {
          // The element's code waits for what the test names, or else for the lookup's request: sent by
          // the entry, it is already here (a page that sends none is released after HOLD_MS).
          await (seen.elementWaitsFor?.() ?? Promise.race([lookupPromise, new Promise((resolve) => setTimeout(resolve, HOLD_MS))]));
          seen.events.push(`element ${element[1]}`);
        }
        try {
          const content = await readFile(file);
          res.writeHead(200, {
            'content-type': file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream',
            'cache-control': 'no-store',
          });
          res.end(content);
        } catch {
          res.writeHead(404).end();
        }
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await bundle?.remove();
  });

  async function open(
    path: string,
    html: string,
    answer: Seen['answer'],
    elementWaitsFor?: () => Promise<unknown>,
  ): Promise<{ page: Page; problems: string[] }> {
    pages.set(path, html);
    seen = { events: [], answer, elementWaitsFor };
    resetLookup();
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    await page.goto(`${origin}${path}`);
    return { page, problems };
  }

  const shown = (page: Page, tag: string): Promise<unknown> =>
    page.waitForFunction((t) => (document.querySelector(t)?.shadowRoot?.querySelectorAll('[part~="milestone"]').length ?? 0) > 0, tag, {
      timeout: 30_000,
    });

  /**
   * Resolves once every event is seen (each the server's word that a request arrived), however slow
   * the machine; after a minute, which only stops a hang, the test says what is missing.
   */
  const arrived = (...events: string[]) => waitFor(() => events.every((e) => seen.events.includes(e)), 60_000).catch(() => undefined);

  for (const { tag, attributes, fixture, early } of [
    {
      tag: 'ocean-tracker',
      attributes: 'reference-number="TGHU8830212" carrier-code="MAEU"',
      fixture: 'ocean-minimal.json',
      // The carrier list, which names the preset carrier in the picker; the map's code too: the map is on (lazy) by default.
      early: [
        'lookup /api/tracking/ocean?referenceNumber=TGHU8830212&carrierCode=MAEU&routeDetails=true',
        'list /api/tracking/carriers/ocean',
        'chunk lookup',
        'chunk map-element',
        'chunk map',
      ],
    },
    {
      tag: 'air-tracker',
      attributes: 'awb-number="020-12345675" map="none"',
      fixture: 'air-delivered.json',
      // The airline list, which the form asks for as soon as the number has its prefix; no map.
      early: ['lookup /api/tracking/air?number=020-12345675&routePath=true', 'list /api/tracking/carriers/air', 'chunk lookup'],
    },
  ]) {
    it(`<${tag}>: the requests and the lookup's code leave before the element's code has run, and the element takes them over`, async () => {
      const product = tag === 'ocean-tracker' ? 'ocean' : 'air';
      const { page, problems } = await open(
        `/${tag}.html`,
        page_(tag, `proxy-url="/api/tracking/${product}" ${attributes}`),
        async () => loadFixture(fixture),
        () => arrived(...early),
      );
      await shown(page, tag);
      const released = seen.events.indexOf(`element ${tag}`);
      assert.deepEqual(seen.events.slice(0, released).sort(), [...early].sort(), seen.events.join('\n'));
      // Taken over: each asked for once, nothing cancelled, no map code for map="none".
      for (const kind of ['lookup', 'list']) {
        assert.equal(
          seen.events.filter((e) => e.startsWith(kind)).length,
          early.some((e) => e.startsWith(kind)) ? 1 : 0,
          seen.events.join('\n'),
        );
      }
      assert.equal(seen.events.filter((e) => e.startsWith('aborted')).length, 0, seen.events.join('\n'));
      if (tag === 'air-tracker') {
        assert.ok(!seen.events.some((e) => e.startsWith('chunk map')), seen.events.join('\n'));
        // The list's answer is used: the form names the airline of the prefix once the visitor
        // edits the number (the hint is empty while the result of the number in the field shows).
        await page.locator('air-tracker input').fill('020-1234');
        await page.waitForFunction(() =>
          document.querySelector('air-tracker')?.shadowRoot?.querySelector('[part="airline-hint"]')?.textContent?.trim(),
        );
      }
      if (tag === 'ocean-tracker') {
        // The list's answer is used: the picker names the preset carrier, not its code.
        await page.waitForFunction(
          () => document.querySelector('ocean-tracker')?.shadowRoot?.querySelector('select')?.selectedOptions[0]?.textContent === 'Maersk',
        );
      }
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  it('cancels the early request when the element sends another URL (a carrier the page set before the code arrived)', async () => {
    const { page: tab, problems } = await open(
      '/other-url.html',
      page(
        '<ocean-tracker proxy-url="/api/tracking/ocean" map="none" reference-number="TGHU8830212"></ocean-tracker>',
        // Runs after the entry (module scripts run in order): a property set before the element is defined.
        '<script type="module">document.querySelector("ocean-tracker").carrierCode = "MAEU";</script>',
      ),
      // The early request (no carrier) is never answered: it can only end by being cancelled.
      (req) => (req.url?.includes('carrierCode') ? Promise.resolve(loadFixture('ocean-minimal.json')) : new Promise(() => undefined)),
    );
    await shown(tab, 'ocean-tracker');
    await waitFor(() => seen.events.some((e) => e.startsWith('aborted')));
    assert.deepEqual(
      seen.events.filter((e) => /^(lookup|aborted)/.test(e)).sort(),
      [
        'aborted /api/tracking/ocean?referenceNumber=TGHU8830212&routeDetails=true',
        'lookup /api/tracking/ocean?referenceNumber=TGHU8830212&carrierCode=MAEU&routeDetails=true',
        'lookup /api/tracking/ocean?referenceNumber=TGHU8830212&routeDetails=true',
      ],
      seen.events.join('\n'),
    );
    assert.deepEqual(problems, []);
    await tab.close();
  });

  it('sends once when the page loads the entry under another URL than its chunks import it by (a query string)', async () => {
    const { page: tab, problems } = await open(
      '/query.html',
      page(
        '<ocean-tracker proxy-url="/api/tracking/ocean" map="none" reference-number="TGHU8830212"></ocean-tracker>',
        '',
        '/cargo-trackers.js?v=1',
      ),
      async () => loadFixture('ocean-minimal.json'),
    );
    await shown(tab, 'ocean-tracker');
    await tab.waitForTimeout(300);
    assert.deepEqual(
      seen.events.filter((e) => /^(lookup|aborted)/.test(e)),
      ['lookup /api/tracking/ocean?referenceNumber=TGHU8830212&routeDetails=true'],
      seen.events.join('\n'),
    );
    assert.deepEqual(problems, []);
    await tab.close();
  });

  it('sends nothing for a tag with an unusable URL attribute (the element names it instead)', async () => {
    const { page, problems } = await open(
      '/unusable.html',
      page_('ocean-tracker', 'proxy-url="/api/tracking/ocean" tile-url="javascript:alert(1)" reference-number="TGHU8830212"'),
      async () => loadFixture('ocean-minimal.json'),
    );
    await page.waitForFunction(() => customElements.get('ocean-tracker') !== undefined, null, { timeout: 30_000 });
    await page.waitForTimeout(300);
    // The element's lookup code may come (it writes the problem to the console); no lookup or list is asked for.
    assert.deepEqual(
      seen.events.filter((e) => !e.startsWith('chunk')),
      ['element ocean-tracker'],
    );
    assert.equal(problems.filter((p) => p.includes('tile-url')).length, 1, problems.join('\n'));
    await page.close();
  });

  it('cancels the request of an element removed before its code arrived, once that code has run', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { page } = await open(
      '/removed.html',
      page_('ocean-tracker', 'proxy-url="/api/tracking/ocean" reference-number="TGHU8830212"'),
      async () => {
        await answered;
        return loadFixture('ocean-minimal.json');
      },
      // The element's code is held until the element has left the page.
      () => held,
    );
    await lookupPromise;
    await page.evaluate(() => document.querySelector('ocean-tracker')?.remove());
    release();
    // A removed element is never upgraded, so it never takes its request: the entry cancels it once the code has run.
    await waitFor(() => seen.events.some((e) => e.startsWith('aborted'))).finally(answer);
    assert.deepEqual(
      seen.events.filter((e) => /^(lookup|aborted|element)/.test(e)),
      [
        'lookup /api/tracking/ocean?referenceNumber=TGHU8830212&routeDetails=true',
        'element ocean-tracker',
        'aborted /api/tracking/ocean?referenceNumber=TGHU8830212&routeDetails=true',
      ],
    );
    await page.close();
  });
});

describe("the element when the lookup's code cannot be downloaded", () => {
  // Its own server, so that the browser's module map holds no lookup chunk from an earlier test.
  it('says so, for a lookup and for a configuration problem alike', async () => {
    const bundle = await buildCdnBundle();
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.endsWith('.html')) {
        const attributes = url.pathname === '/unusable.html' ? 'tile-url="javascript:alert(1)"' : 'reference-number="TGHU8830212"';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page_('ocean-tracker', `proxy-url="/api/tracking/ocean" ${attributes}`));
        return;
      }
      if (url.pathname.startsWith('/api/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(loadFixture('ocean-minimal.json')));
        return;
      }
      const file = normalize(join(bundle.dir, url.pathname));
      if (!file.startsWith(bundle.dir) || /\/chunks\/lookup-[^/]*\.js$/.test(url.pathname)) {
        res.writeHead(503).end();
        return;
      }
      readFile(file).then(
        (content) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(content),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const browser = await launchChromium();
    try {
      for (const path of ['/lookup.html', '/unusable.html']) {
        const page = await browser.newPage();
        await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
        const alert = await page
          .locator('ocean-tracker [part~="notice"] [role="alert"]')
          .textContent({ timeout: 30_000 })
          .catch(() => null);
        assert.match(alert ?? '(no alert)', /could not load the part that shows the shipment/, path);
        await page.close();
      }
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await bundle.remove();
    }
  });
});

function page_(tag: string, attributes: string): string {
  return page(`<${tag} ${attributes}></${tag}>`);
}

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
