// Phone-emulation timings for `npm run bench`: a page holding only
// <ocean-tracker reference-number="…">, served by the demo server (compressed, hashed chunks
// immutable) with its mock tracking service, loaded cold in Chromium under the network and CPU
// of a mid-range phone (DevTools protocol: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up,
// CPU 4× slower). Times are from navigation start: the first milestone in the shadow DOM, and
// the route drawn on the map (a Leaflet path inside <tracker-route-map>). Each run has a new
// browser context, so nothing is cached. `map="eager"`: on a phone the map sits below the fold,
// and a lazy map is drawn only when the visitor scrolls to it. Also counted, from the DevTools
// network log: the round trips in sequence before the route (a request that starts after another
// has finished is one round trip deeper than it; the HTML is the first).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoServer } from '../../demo/server/start-demo-server.ts';

export const PHONE = { latencyMs: 150, downKbit: 1600, upKbit: 750, cpuSlowdown: 4 };
/** A demo number whose document has milestones, a route and a live position. */
const NUMBER = 'MEDU9091004';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>phone bench</title>
<script type="module" src="/cargo-trackers.js"></script></head>
<body><ocean-tracker proxy-url="/api/tracking/ocean" reference-number="${NUMBER}" map="eager"></ocean-tracker></body></html>`;

// Runs in the page before anything else: notes when milestones and the route first appear.
function watch() {
  const seen = {};
  window.__phone = seen;
  const check = () => {
    const root = document.querySelector('ocean-tracker')?.shadowRoot;
    if (seen.milestones === undefined && root?.querySelector('[part~="milestone"]')) seen.milestones = performance.now();
    const map = root?.querySelector('tracker-route-map')?.shadowRoot;
    if (seen.route === undefined && map?.querySelector('path.tracker-route')) seen.route = performance.now();
    if (seen.route === undefined || seen.milestones === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * How many round trips in sequence the requests made before `untilMs` (epoch ms) took: each
 * request is one deeper than the deepest that had finished when it started.
 */
export function roundTrips(entries, untilMs) {
  const started = entries.filter((e) => e.start <= untilMs && !e.url.endsWith('/favicon.ico')).sort((a, b) => a.start - b.start);
  const depth = new Map();
  for (const entry of started) {
    const before = started.filter((o) => o !== entry && o.end !== undefined && o.end <= entry.start);
    depth.set(entry, 1 + Math.max(0, ...before.map((o) => depth.get(o) ?? 0)));
  }
  return Math.max(0, ...depth.values());
}

export async function phoneTimings(browser, bundleDir, runs) {
  const publicDir = mkdtempSync(join(tmpdir(), 'cargo-trackers-phone-'));
  writeFileSync(join(publicDir, 'index.html'), PAGE);
  const demo = await startDemoServer({ port: 0, host: '127.0.0.1', publicDir, bundleDir, log: () => {} });
  const results = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PHONE.latencyMs,
        downloadThroughput: (PHONE.downKbit * 1000) / 8,
        uploadThroughput: (PHONE.upKbit * 1000) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
      const requests = [];
      page.on('request', (r) => requests.push(r.url()));
      const network = new Map();
      cdp.on('Network.requestWillBeSent', (e) => network.set(e.requestId, { url: e.request.url, start: e.timestamp * 1000 }));
      cdp.on('Network.loadingFinished', (e) => {
        const entry = network.get(e.requestId);
        if (entry) entry.end = e.timestamp * 1000;
      });
      await page.addInitScript(watch);
      await page.goto(demo.url);
      await page.waitForFunction(() => window.__phone?.route !== undefined && window.__phone?.milestones !== undefined, null, {
        timeout: 60_000,
      });
      const seen = await page.evaluate(() => window.__phone);
      const origin = await page.evaluate(() => performance.timeOrigin);
      results.push({ ...seen, requests: requests.length, roundTrips: roundTrips([...network.values()], origin + seen.route) });
      await context.close();
    }
  } finally {
    await demo.close();
    rmSync(publicDir, { recursive: true, force: true });
  }
  return results;
}
