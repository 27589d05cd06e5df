// Phone-emulation timings for `npm run bench`: pages holding only a tracker, served by the demo
// server (compressed, hashed chunks immutable) with its mock tracking service, loaded cold in
// Chromium under the network and CPU of a mid-range phone (DevTools protocol: 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower). Each run has a new browser context, so nothing
// is cached. Four scenarios on pages holding only a tracker: <ocean-tracker> and <air-tracker>
// with the number given at load, and each empty, with the number typed into its form and sent
// with Enter.
// Times are from navigation start, or from the Enter for a lookup from the form: the first
// milestone in the shadow DOM, and the route drawn on the map (a Leaflet path inside
// <cargo-tracker-route-map>), which the page scrolls into view once the milestones show. CLS: the `layout-shift` entries from load until half a second after the
// route is drawn, those within 500 ms of input left out (the browser's `hadRecentInput`), in
// session windows as Core Web Vitals counts them; each shift names the nodes that moved.
// Two more scenarios load the demo page itself (demo/public, with the sections and the list below
// the trackers) at a link that names a number, `/?ocean=…#ocean`, on the phone and on a desktop
// window: there the page's content under the element moves if the element's height changes.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_PUBLIC_DIR, startDemoServer } from '../../demo/server/start-demo-server.ts';
import { median } from './median.mjs';

export const PHONE = { latencyMs: 150, downKbit: 1600, upKbit: 750, cpuSlowdown: 4 };
/** Demo numbers whose documents have milestones, a route and (ocean) a live position. */
const OCEAN = 'MEDU9091004';
const AIR = '176-22817340';

const page = (title, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<script type="module" src="/cargo-trackers.js"></script></head>
<body>${body}</body></html>`;

/** A desktop window, as Lighthouse's desktop preset has it; the network and CPU stay the phone's. */
const DESKTOP = { width: 1350, height: 940 };

/**
 * `file` is served by the demo server, written from `body`, or the demo page's own without one;
 * `query` is added to its address; `type`, when set, is typed into the form and sent; `viewport`,
 * when set, replaces the phone's.
 */
export const SCENARIOS = [
  {
    name: '<ocean-tracker reference-number>, at load',
    file: 'ocean.html',
    body: `<ocean-tracker proxy-url="/api/tracking/ocean" reference-number="${OCEAN}"></ocean-tracker>`,
  },
  {
    name: '<air-tracker awb-number>, at load',
    file: 'air.html',
    body: `<air-tracker proxy-url="/api/tracking/air" awb-number="${AIR}"></air-tracker>`,
  },
  {
    name: '<ocean-tracker>, lookup from the form',
    file: 'ocean-form.html',
    body: '<ocean-tracker proxy-url="/api/tracking/ocean"></ocean-tracker>',
    type: OCEAN,
  },
  {
    name: '<air-tracker>, lookup from the form',
    file: 'air-form.html',
    body: '<air-tracker proxy-url="/api/tracking/air"></air-tracker>',
    type: AIR,
  },
  {
    name: 'demo page with a number in its link, content below the tracker',
    file: 'index.html',
    query: `?ocean=${OCEAN}#ocean`,
  },
  {
    name: 'demo page with a number in its link, content below the tracker, desktop window',
    file: 'index.html',
    query: `?ocean=${OCEAN}#ocean`,
    viewport: DESKTOP,
  },
];

// Runs in the page before anything else: notes when milestones and the route first appear, and
// every layout shift with the nodes it moved.
function watch() {
  const seen = { shifts: [] };
  window.__phone = seen;
  const tracker = () => document.querySelector('ocean-tracker, air-tracker');
  const check = () => {
    const root = tracker()?.shadowRoot;
    const host = root?.querySelector('cargo-tracker-route-map');
    // On a phone the map sits below the shipment's summary, out of view, and its code loads only
    // near the viewport: the visitor scrolls to it once the milestones are in, a frame after they
    // were first seen, as no visitor scrolls before a frame is painted (a scroll in the frame that
    // draws the result counts what is under it as moved by the scroll's distance).
    if (seen.milestones !== undefined && !seen.scrolled && host) {
      seen.scrolled = performance.now();
      host.scrollIntoView({ block: 'center' });
    }
    if (seen.milestones === undefined && root?.querySelector('[part~="milestone"]')) seen.milestones = performance.now();
    if (seen.route === undefined && host?.shadowRoot?.querySelector('path.tracker-route')) seen.route = performance.now();
    if (seen.route === undefined || seen.milestones === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  /** `tag[part].class` of the node and of each shadow host around it, outermost first. */
  const describe = (node) => {
    const names = [];
    for (let n = node; n; n = n.getRootNode?.().host) {
      const el = n.nodeType === 1 ? n : n.parentElement;
      if (!el) break;
      const part = el.getAttribute('part');
      names.unshift(`${el.localName}${part ? `[part="${part}"]` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`);
    }
    return names.join(' › ') || '(node gone)';
  };
  const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      seen.shifts.push({
        value: e.value,
        at: e.startTime,
        hadRecentInput: e.hadRecentInput,
        sources: e.sources.map((s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`),
      });
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Core Web Vitals' CLS: the largest session window (shifts under 1 s apart, 5 s at most) of shifts without recent input. */
export function cumulativeLayoutShift(shifts) {
  let largest = 0;
  let window = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts.filter((x) => !x.hadRecentInput)) {
    if (s.at - last > 1000 || s.at - first > 5000) {
      window = 0;
      first = s.at;
    }
    window += s.value;
    last = s.at;
    largest = Math.max(largest, window);
  }
  return largest;
}

/**
 * How many round trips in sequence the requests made before `untilMs` took: each request is one
 * deeper than the deepest that had finished when it started (the HTML is the first). Times are
 * wall-clock ms from the DevTools network log.
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

async function run(browser, url, scenario) {
  const context = await browser.newContext(
    scenario.viewport
      ? { viewport: scenario.viewport, deviceScaleFactor: 1 }
      : { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
  );
  try {
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
    // DevTools stamps requests with a monotonic clock and gives the wall clock once per request:
    // each request's offset turns its monotonic start and end into wall-clock ms.
    const network = new Map();
    cdp.on('Network.requestWillBeSent', (e) => {
      const offset = e.wallTime * 1000 - e.timestamp * 1000;
      network.set(e.requestId, { url: e.request.url, start: e.wallTime * 1000, offset });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const entry = network.get(e.requestId);
      if (entry) entry.end = e.timestamp * 1000 + entry.offset;
    });
    await page.addInitScript(watch);
    await page.goto(`${url}${scenario.file === 'index.html' ? '' : scenario.file}${scenario.query ?? ''}`);
    let start = 0;
    if (scenario.type !== undefined) {
      const input = page.locator('input#number');
      await input.fill(scenario.type);
      start = await page.evaluate(() => performance.now());
      await input.press('Enter');
    }
    await page
      .waitForFunction(() => window.__phone?.route !== undefined && window.__phone?.milestones !== undefined, null, { timeout: 60_000 })
      .catch(async (error) => {
        throw new Error(`${scenario.name}: ${error.message}; seen ${JSON.stringify(await page.evaluate(() => window.__phone))}`);
      });
    // Shifts from drawing the route are reported after its frame.
    await page.waitForTimeout(500);
    const seen = await page.evaluate(() => window.__phone);
    const origin = await page.evaluate(() => performance.timeOrigin);
    if (process.env.PHONE_DEBUG) console.log(JSON.stringify(seen, null, 1));
    return {
      milestones: seen.milestones - start,
      route: seen.route - start,
      requests: requests.length,
      roundTrips: roundTrips([...network.values()], origin + seen.route),
      cls: cumulativeLayoutShift(seen.shifts),
      shifts: seen.shifts.filter((s) => !s.hadRecentInput),
    };
  } finally {
    await context.close();
  }
}

/** `runs` cold loads of each scenario: for each, its name and the runs' figures. */
export async function phoneTimings(browser, bundleDir, runs, scenarios = SCENARIOS) {
  const publicDir = mkdtempSync(join(tmpdir(), 'cargo-trackers-phone-'));
  if (scenarios.some((s) => s.body === undefined)) cpSync(DEFAULT_PUBLIC_DIR, publicDir, { recursive: true });
  for (const s of scenarios) if (s.body !== undefined) writeFileSync(join(publicDir, s.file), page(s.name, s.body));
  const demo = await startDemoServer({ port: 0, host: '127.0.0.1', publicDir, bundleDir, log: () => {} });
  const results = [];
  try {
    for (const scenario of scenarios) {
      const r = [];
      for (let i = 0; i < runs; i++) r.push(await run(browser, demo.url, scenario));
      results.push({ scenario, runs: r });
    }
  } finally {
    await demo.close();
    rmSync(publicDir, { recursive: true, force: true });
  }
  return results;
}

/** The report: per scenario, medians with each run, CLS, and the nodes behind any shift. */
export function phoneReport(results) {
  const runs = results[0]?.runs.length ?? 0;
  const lines = [
    `Phone emulation (${PHONE.latencyMs} ms round trip, ${PHONE.downKbit / 1000} Mbit/s, CPU ${PHONE.cpuSlowdown}× slower), cold, demo server, median of ${runs}`,
    '   times from navigation start, or from Enter for a lookup from the form; CLS from load until the route is drawn',
  ];
  const each = (rs, key, digits = 0) => rs.map((r) => r[key].toFixed(digits)).join(', ');
  for (const { scenario, runs: rs } of results) {
    lines.push(`   ${scenario.name}`);
    lines.push(`     milestones shown    ${median(rs.map((r) => r.milestones)).toFixed(0)} ms  (runs: ${each(rs, 'milestones')})`);
    lines.push(`     route drawn         ${median(rs.map((r) => r.route)).toFixed(0)} ms  (runs: ${each(rs, 'route')})`);
    lines.push(`     requests            ${median(rs.map((r) => r.requests))}`);
    lines.push(`     round trips in sequence, to the route  ${median(rs.map((r) => r.roundTrips))}  (runs: ${each(rs, 'roundTrips')})`);
    lines.push(`     CLS                 ${Math.max(...rs.map((r) => r.cls)).toFixed(3)} at most  (runs: ${each(rs, 'cls', 3)})`);
    const sources = new Map();
    for (const s of rs.flatMap((r) => r.shifts)) for (const source of s.sources) sources.set(source, (sources.get(source) ?? 0) + s.value);
    for (const [source, value] of sources) lines.push(`       shifted: ${source}  (${(value / rs.length).toFixed(4)} a run)`);
  }
  return lines;
}

// `node --conditions=cargo-trackers-source --import tsx scripts/bench/phone-timings.mjs [runs]` runs
// only this part, on the bundle already built in packages/cargo-trackers/dist/cdn ([filter]: the
// scenarios whose name holds it).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { chromium } = await import('playwright');
  const { CHROMIUM_ARGS, findChromium } = await import('../../test/support/find-chromium.mjs');
  const bundleDir = fileURLToPath(new URL('../../packages/cargo-trackers/dist/cdn', import.meta.url));
  const browser = await chromium.launch({
    executablePath: await findChromium({ headlessShell: false }),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const only = process.argv[3];
    const scenarios = SCENARIOS.filter((s) => only === undefined || s.name.includes(only));
    console.log(phoneReport(await phoneTimings(browser, bundleDir, Number(process.argv[2]) || 5, scenarios)).join('\n'));
  } finally {
    await browser.close();
  }
}
