// npm run bench: the elements' figures from one run in headless Chromium.
//   1. gzip size of the first load, of the map and of a lookup with its map (scripts/size.mjs, on a fresh build);
//   2. the cost of rendering a 200 as main-thread busy time (the renderer's TaskDuration from the
//      DevTools protocol, read before and after; frame waits and idle time do not count), from
//      mounting the element until its result is painted, against a fair reference in the same
//      run: the same response fetched and parsed, then the element's own DOM (copied node by node,
//      texts included, from a description taken once) built by hand in a shadow root that adopts
//      the element's own stylesheets, laid out and painted. The reference does no normalizing or
//      labelling (its texts are given), so it is the floor for these pixels;
//   3. requests per lookup and per re-poll, counted by the mock proxy;
//   4. heap growth per cycle over 1,000 mount/unmount cycles of an element that draws its map:
//      a least-squares line through 11 heap snapshots taken after GC, compiled code left out
//      (V8's code objects grow as functions are optimised, which is not a leak); DOM-node,
//      listener and detached-node counts before and after;
// Everything is served from 127.0.0.1: the bundle (copied out of dist, so a rebuild by someone
// else cannot change it mid-run), the fixtures, and a scripted mock proxy.
//   5. phone emulation (phone-timings.mjs): milestones and route times, and CLS, for each element
//      with the number at load and for a lookup from the form;
//   6. the land outline's decoding in Node (land-decode.mjs), timed before anything else runs.
// The transcript goes to the console and into docs/performance.md (write-figures.mjs), which
// holds the figures of the last full run; BENCH_WRITE=0 leaves the page alone.
// Usage: npm run bench   (BENCH_RUNS=n changes the repetitions of 2 and 6; BENCH_CYCLES those of 4;
// BENCH_PHONE_RUNS those of 5)
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../../test/support/find-chromium.mjs';
import { largeAirDocument } from '../../test/fixtures/large-air-document.mjs';
import { landDecodeReport, landDecodeTimings } from './land-decode.mjs';
import { median } from './median.mjs';
import { phoneReport, phoneTimings } from './phone-timings.mjs';
import { writeFigures } from './write-figures.mjs';

const root = new URL('../../', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_RUNS) || 15;
const CYCLES = Number(process.env.BENCH_CYCLES) || 1000;
/** Heap measurements taken over the cycles, for the linear fit. */
const HEAP_POINTS = 11;
/** The machine's load when the run starts: on a shared machine the timings are only as good as this. */
const loadAtStart = loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');

// 6. The land outline's decoding, first, while nothing of the bench's own runs beside it.
const landDecode = landDecodeTimings(RUNS);

// 1. Build, then copy the bundle somewhere only this run reads.
console.log('Building the script-tag bundle (npx vite build)…');
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const size = spawnSync(process.execPath, ['scripts/size.mjs'], { cwd: root, encoding: 'utf8' });
const sizeText = `${size.stdout}${size.stderr}`;
const served = mkdtempSync(join(tmpdir(), 'cargo-trackers-bench-'));
cpSync(join(root, 'packages/cargo-trackers/dist/cdn'), served, { recursive: true });

const sizes = {
  ocean: /first load, <ocean-tracker>\s+([\d.]+ KB)/.exec(sizeText)?.[1] ?? '?',
  air: /first load, <air-tracker>\s+([\d.]+ KB)/.exec(sizeText)?.[1] ?? '?',
  map: /map, added when shown\s+([\d.]+ KB)/.exec(sizeText)?.[1] ?? '?',
  oceanLookupWithMap: /lookup with its map, <ocean-tracker>\s+([\d.]+ KB)/.exec(sizeText)?.[1] ?? '?',
  airLookupWithMap: /lookup with its map, <air-tracker>\s+([\d.]+ KB)/.exec(sizeText)?.[1] ?? '?',
};

// The mock proxy: POST /script {responses:[{status, fixture?, body?}]} → {id}; GET /s/<id>/<product>
// serves the next response (the last repeats); /s/<id>/carriers/<product> the carrier list;
// GET /log/<id> → {tracking, carriers}.
const scripts = new Map();
// The 30,000-milestone air document (about as large as the proxy passes), built once.
const GENERATED = { 'large-air': JSON.stringify(largeAirDocument()) };
const fixture = (name) => GENERATED[name] ?? readFileSync(join(root, 'test/fixtures', name));
const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html', '.map': 'application/json' };

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/cdn/cargo-trackers.js"></script></head>
<body style="margin:0"><div id="stage" style="width:900px"></div></body></html>`;

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  const send = (status, body, type = 'application/json', headers = {}) => {
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
    res.end(body);
  };
  if (url.pathname === '/') return send(200, PAGE, 'text/html');
  if (url.pathname.startsWith('/cdn/')) {
    const path = normalize(join(served, url.pathname.slice(5)));
    if (!path.startsWith(served)) return send(404, '');
    try {
      return send(200, readFileSync(path), TYPES[extname(path)] ?? 'application/octet-stream', { 'Cache-Control': 'max-age=3600' });
    } catch {
      return send(404, '');
    }
  }
  if (req.method === 'POST' && url.pathname === '/script') {
    let text = '';
    for await (const chunk of req) text += chunk;
    const id = String(scripts.size + 1);
    scripts.set(id, { responses: JSON.parse(text).responses, served: 0, tracking: 0, carriers: 0 });
    return send(200, JSON.stringify({ id }));
  }
  let m = /^\/log\/(\d+)$/.exec(url.pathname);
  if (m) {
    const s = scripts.get(m[1]);
    return send(200, JSON.stringify({ tracking: s?.tracking ?? 0, carriers: s?.carriers ?? 0 }));
  }
  m = /^\/s\/(\d+)\/(.*)$/.exec(url.pathname);
  const s = m && scripts.get(m[1]);
  if (!s) return send(404, '{}');
  if (m[2].startsWith('carriers/')) {
    s.carriers++;
    return send(200, fixture(m[2].endsWith('air') ? 'carriers-air.json' : 'carriers-ocean.json'));
  }
  s.tracking++;
  const r = s.responses[Math.min(s.served++, s.responses.length - 1)];
  return send(r.status, r.fixture ? fixture(r.fixture) : JSON.stringify(r.body ?? {}));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: await findChromium({ headlessShell: false }),
  headless: true,
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
page.on('pageerror', (error) => console.error('page error:', error));
await page.goto(origin);

// Helpers inside the page. Painted = a task after the next animation frame, i.e. after that frame's paint.
await page.evaluate(() => {
  const stage = document.getElementById('stage');
  const painted = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(0);
      }),
    );
  const script = async (responses) => (await (await fetch('/script', { method: 'POST', body: JSON.stringify({ responses }) })).json()).id;
  const log = async (id) => (await fetch(`/log/${id}`)).json();
  const loaded = (el) =>
    new Promise((resolve, reject) => {
      el.addEventListener('tracker-load', resolve, { once: true });
      el.addEventListener('tracker-error', (e) => !e.detail.retryAt && reject(new Error(e.detail.message)), { once: true });
    });
  const markup = (product, id, extra = '') =>
    `<${product}-tracker lang="en" ${extra} proxy-url="/s/${id}/${product}" ${product === 'ocean' ? 'reference-number="MEDU9091004"' : 'awb-number="176-12345675"'}></${product}-tracker>`;

  const snapshots = new Map();
  /** A described node built by hand. */
  const build = (d) => {
    if (typeof d === 'string') return document.createTextNode(d);
    const node = document.createElementNS(d.ns, d.tag);
    for (const [n, v] of d.attrs) node.setAttribute(n, v);
    if (d.value !== undefined) node.value = d.value;
    for (const child of d.children) node.append(build(child));
    return node;
  };
  /** The described list of milestones, and the node holding it. */
  const findList = (nodes, parent) => {
    for (const d of nodes) {
      if (typeof d === 'string') continue;
      if (d.tag === 'ol' && d.attrs.some(([n, v]) => n === 'part' && v.split(' ').includes('milestones'))) return { list: d, parent };
      const found = findList(d.children, d);
      if (found) return found;
    }
    return undefined;
  };
  const checkCopy = (shadow, name) => {
    const copied = shadow.querySelectorAll('*').length;
    const { elements } = snapshots.get(name);
    if (copied !== elements) throw new Error(`the reference built ${copied} elements, the element ${elements}`);
    return copied;
  };
  window.bench = {
    script,
    log,
    async define() {
      stage.innerHTML = '<ocean-tracker></ocean-tracker><air-tracker></air-tracker>';
      await Promise.all([customElements.whenDefined('ocean-tracker'), customElements.whenDefined('air-tracker')]);
      stage.replaceChildren();
    },
    /** Nothing but a painted frame: what a measurement costs by itself. */
    idle: () => painted(),
    /** The element, mounted with its number (no map), until its result is painted. */
    async mount(product, id) {
      stage.innerHTML = markup(product, id, 'map="none"');
      const el = stage.firstElementChild;
      await loaded(el);
      await el.updateComplete;
      await painted();
      const rows = el.shadowRoot.querySelectorAll('[part~="milestone"]').length;
      return { rows, folded: el.shadowRoot.querySelector('[part~="history-toggle"]') !== null };
    },
    /** "Show earlier" clicked on the mounted element, until the added rows are painted. */
    async expand() {
      const el = stage.firstElementChild;
      el.shadowRoot.querySelector('[part~="history-toggle"]').click();
      await el.updateComplete;
      await painted();
      return el.shadowRoot.querySelectorAll('[part~="milestone"]').length;
    },
    /** Describes the mounted element's shadow tree and stylesheets for the reference, as `name`. */
    snapshot(name) {
      const el = stage.firstElementChild;
      const describe = (node) => {
        if (node.nodeType === Node.TEXT_NODE) return node.data;
        if (node.nodeType !== Node.ELEMENT_NODE) return null; // Lit's marker comments
        if (node.localName.includes('-')) throw new Error(`<${node.localName}> in the shadow tree: the reference cannot copy it`);
        return {
          ns: node.namespaceURI,
          tag: node.localName,
          attrs: [...node.attributes].map((a) => [a.name, a.value]),
          value: node.localName === 'input' ? node.value : undefined,
          children: [...node.childNodes].map(describe).filter((c) => c !== null),
        };
      };
      snapshots.set(name, {
        host: [...el.attributes].map((a) => [a.name, a.value]),
        sheets: [...el.shadowRoot.adoptedStyleSheets],
        tree: [...el.shadowRoot.childNodes].map(describe).filter((c) => c !== null),
        elements: el.shadowRoot.querySelectorAll('*').length,
      });
    },
    clear: () => stage.replaceChildren(),
    /**
     * The reference: the same response fetched and parsed, then snapshot `name` built by hand
     * (createElement, setAttribute, text nodes) in a shadow root adopting the element's
     * stylesheets, laid out, until painted. Returns its element count, to check the copy.
     */
    async reference(path, name) {
      const { host: attrs, sheets, tree } = snapshots.get(name);
      const doc = JSON.parse(await (await fetch(path)).text());
      if (doc === null) throw new Error('no document');
      const host = document.createElement('div');
      for (const [n, v] of attrs) host.setAttribute(n, v);
      const shadow = host.attachShadow({ mode: 'open' });
      shadow.adoptedStyleSheets = sheets;
      shadow.append(...tree.map(build));
      stage.replaceChildren(host);
      void host.offsetHeight;
      await painted();
      return checkCopy(shadow, name);
    },
    /**
     * "Show earlier" on the reference (built from snapshot `first`), done by hand as the element
     * does it: the earlier rows of snapshot `all` built and put before the others, the list's
     * start and the buttons above it replaced; laid out, until painted.
     */
    async referenceExpand() {
      const shadow = stage.firstElementChild.shadowRoot;
      const { list, parent } = findList(snapshots.get('all').tree);
      const ol = shadow.querySelector('[part~="milestones"]');
      for (const button of ol.parentElement.querySelectorAll(':scope > button')) button.remove();
      ol.before(...parent.children.filter((d) => d.tag === 'button').map(build));
      const rows = list.children.filter((d) => typeof d !== 'string');
      ol.prepend(...rows.slice(0, rows.length - ol.children.length).map(build));
      ol.setAttribute('start', list.attrs.find(([n]) => n === 'start')[1]);
      void ol.offsetHeight;
      await painted();
      return checkCopy(shadow, 'all');
    },
    /** Counts what the mock proxy saw for one lookup, and for a 202 → 202 → 200 lookup. */
    async requests() {
      const one = await script([{ status: 200, fixture: 'ocean-container-in-transit.json' }]);
      stage.innerHTML = markup('ocean', one, 'map="none"');
      await loaded(stage.firstElementChild);
      await new Promise((r) => setTimeout(r, 500));
      const lookup = await log(one);
      const polled = await script([
        { status: 202, body: { message: 'later' } },
        { status: 202, body: { message: 'later' } },
        { status: 200, fixture: 'ocean-container-in-transit.json' },
      ]);
      stage.innerHTML = markup('ocean', polled, 'map="none" poll-interval="1"');
      await loaded(stage.firstElementChild);
      await new Promise((r) => setTimeout(r, 500));
      const polling = await log(polled);
      stage.replaceChildren();
      return { lookup, polling };
    },
    /**
     * The longest main-thread task (Long Tasks API; 0 when none reached 50 ms) while a document
     * loads and renders, and while "Show earlier" is clicked and painted.
     */
    async longestTask(product, name) {
      const id = await script([{ status: 200, fixture: name }]);
      const tasks = [];
      const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
      observer.observe({ type: 'longtask' });
      const longest = () => {
        tasks.push(...observer.takeRecords().map((e) => e.duration));
        const max = Math.max(0, ...tasks);
        tasks.length = 0;
        return max;
      };
      stage.innerHTML = markup(product, id, 'map="none"');
      const el = stage.firstElementChild;
      await loaded(el);
      await el.updateComplete;
      await painted();
      await new Promise((r) => setTimeout(r, 50));
      const load = longest();
      const rows = el.shadowRoot.querySelectorAll('[part~="milestone"]').length;
      el.shadowRoot.querySelector('[part~="history-toggle"]')?.click();
      await el.updateComplete;
      await painted();
      await new Promise((r) => setTimeout(r, 50));
      const showEarlier = longest();
      const rowsAfter = el.shadowRoot.querySelectorAll('[part~="milestone"]').length;
      observer.disconnect();
      stage.replaceChildren();
      return { load, showEarlier, rows, added: rowsAfter - rows };
    },
    /** One mount → 200 → map drawn → unmount cycle. */
    async cycle(id) {
      stage.innerHTML = markup('ocean', id, 'map="eager"');
      const el = stage.firstElementChild;
      await loaded(el);
      await el.updateComplete;
      const map = el.shadowRoot.querySelector('cargo-tracker-route-map');
      if (!map) throw new Error('no <cargo-tracker-route-map> in the element');
      while (map.leafletMap === undefined) await new Promise((r) => setTimeout(r, 5));
      await painted();
      el.remove();
    },
  };
});

await page.evaluate(() => window.bench.define());

// 2. Rendering a 200, as main-thread busy time.
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const taskMs = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value * 1000;
/** Runs `fn` in the page; returns the main-thread task time it took (with a measurement's own cost) and its result. */
async function busy(fn, arg) {
  const before = await taskMs();
  const result = await page.evaluate(fn, arg);
  return { ms: (await taskMs()) - before, result };
}
const DOCUMENTS = [
  ['ocean', 'ocean-container-in-transit.json'],
  ['ocean', 'ocean-bill-of-lading-pacific.json'],
  ['ocean', 'ocean-delivered.json'],
  ['air', 'air-awb-transfer.json'],
  ['air', 'air-rebooked.json'],
  ['ocean', 'ocean-long-history.json'],
];
const idle = [];
for (let i = 0; i < RUNS; i++) idle.push((await busy(() => window.bench.idle())).ms);
/** What a measurement costs with nothing to do (a CDP round trip and an empty frame), taken off each figure. */
const overhead = median(idle);
const renders = [];
for (const [product, name] of DOCUMENTS) {
  const element = [];
  const reference = [];
  const expanded = [];
  const referenceAll = [];
  let shape;
  let allRows;
  let elements;
  let allElements;
  const script = () => page.evaluate((n) => window.bench.script([{ status: 200, fixture: n }]), name);
  for (let i = 0; i < RUNS + 2; i++) {
    const e = await busy(([p, id]) => window.bench.mount(p, id), [product, await script()]);
    shape = e.result;
    await page.evaluate(() => window.bench.snapshot('first'));
    let x;
    if (shape.folded) {
      x = await busy(() => window.bench.expand());
      allRows = x.result;
      await page.evaluate(() => window.bench.snapshot('all'));
    }
    await page.evaluate(() => window.bench.clear());
    const r = await busy((path) => window.bench.reference(path, 'first'), `/s/${await script()}/${product}`);
    elements = r.result;
    let ra;
    if (shape.folded) {
      ra = await busy(() => window.bench.referenceExpand());
      allElements = ra.result;
    }
    await page.evaluate(() => window.bench.clear());
    if (i < 2) continue; // warm-up: JIT, fonts, first chunk evaluation
    element.push(e.ms - overhead);
    reference.push(r.ms - overhead);
    if (shape.folded) {
      expanded.push(x.ms - overhead);
      referenceAll.push(ra.ms - overhead);
    }
  }
  renders.push({ name, rows: shape.rows, elements, element: median(element), reference: median(reference) });
  if (expanded.length)
    renders.push({
      name: `${name}, "Show earlier" clicked`,
      rows: allRows,
      elements: allElements,
      element: median(expanded),
      reference: median(referenceAll),
    });
}

// 3. Requests.
const requests = await page.evaluate(() => window.bench.requests());

// 3b. The longest task for the 30,000-milestone air document (median over the runs).
const longTaskRuns = [];
for (let i = 0; i < Math.min(RUNS, 5); i++) longTaskRuns.push(await page.evaluate(() => window.bench.longestTask('air', 'large-air')));
const longTasks = {
  load: median(longTaskRuns.map((r) => r.load)),
  showEarlier: median(longTaskRuns.map((r) => r.showEarlier)),
  rows: longTaskRuns[0].rows,
  added: longTaskRuns[0].added,
};

// 4. Memory over mount/unmount cycles with a map.
await cdp.send('HeapProfiler.enable');
await cdp.send('DOM.enable');
const cycleScript = await page.evaluate(() => window.bench.script([{ status: 200, fixture: 'ocean-container-in-transit.json' }]));
async function measure() {
  // Leaflet's last animation frames and timers settle first; then collect thoroughly.
  await page.waitForTimeout(1_000);
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name) => metrics.find((x) => x.name === name)?.value ?? NaN;
  let detached = NaN;
  try {
    await cdp.send('DOM.getDocument', { depth: 0 });
    const { detachedNodes } = await cdp.send('DOM.getDetachedDomNodes');
    detached = detachedNodes.reduce((sum, n) => sum + 1 + (n.retainedNodeIds?.length ?? 0), 0);
  } catch {
    // Older Chromium: leave it out rather than guess.
  }
  return { heap: usedSize, nodes: metric('Nodes'), listeners: metric('JSEventListeners'), detached, at: Date.now() };
}
/** The heap after GC without compiled code: the self sizes of a heap snapshot's nodes, less those of type `code`. */
async function heapWithoutCode() {
  await page.waitForTimeout(500);
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  let text = '';
  const onChunk = ({ chunk }) => (text += chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(text);
  const fields = snapshot.snapshot.meta.node_fields;
  const typeNames = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const code = typeNames.indexOf('code');
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    if (snapshot.nodes[i + typeAt] !== code) total += snapshot.nodes[i + sizeAt];
  }
  return total;
}
/** Least-squares slope and R² of y over x. */
function fit(points) {
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const sxy = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  const syy = points.reduce((a, p) => a + (p.y - my) ** 2, 0);
  const slope = sxy / sxx;
  return { slope, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}
for (let i = 0; i < 5; i++) await page.evaluate((id) => window.bench.cycle(id), cycleScript);
const before = await measure();
const heapPoints = [{ x: 0, y: await heapWithoutCode() }];
const started = Date.now();
let measuring = 0;
/** Counts halfway, so that a one-off cost of the first cycles shows apart from growth. */
let half;
for (let done = 0; done < CYCLES;) {
  const next = Math.round((heapPoints.length * CYCLES) / (HEAP_POINTS - 1));
  for (; done < next; done++) await page.evaluate((id) => window.bench.cycle(id), cycleScript);
  const t = Date.now();
  heapPoints.push({ x: done, y: await heapWithoutCode() });
  if (half === undefined && done >= CYCLES / 2) half = { ...(await measure()), cycles: done };
  measuring += Date.now() - t;
}
const heapFit = fit(heapPoints);
const resumed = started + measuring;
const cycleMs = (Date.now() - resumed) / CYCLES;
const after = await measure();

// 5. Phone emulation, cold loads of each scenario.
const PHONE_RUNS = Number(process.env.BENCH_PHONE_RUNS) || 5;
const phone = await phoneTimings(browser, served, PHONE_RUNS);
const chromeVersion = browser.version();
await browser.close();
server.close();
rmSync(served, { recursive: true, force: true });

// The table.
const pad = (text, width) => String(text).padEnd(width);
const ms = (v) => `${v.toFixed(1)} ms`;
const lines = [];
lines.push(
  `cargo-trackers bench — Chromium ${chromeVersion}, headless, ${RUNS} runs per document (median), ${new Date().toISOString().slice(0, 10)}`,
);
lines.push('');
lines.push('1. Size (gzip -9, scripts/size.mjs)');
lines.push(`   first load, <ocean-tracker>   ${sizes.ocean}`);
lines.push(`   first load, <air-tracker>     ${sizes.air}`);
lines.push(`   map chunk, added when shown   ${sizes.map}`);
lines.push(`   lookup with its map, ocean    ${sizes.oceanLookupWithMap}`);
lines.push(`   lookup with its map, air      ${sizes.airLookupWithMap}`);
lines.push('');
lines.push(
  `2. A 200, main-thread busy time (DevTools TaskDuration, less ${ms(overhead)} that an empty measurement takes): the element from mounting to`,
);
lines.push('   its result painted, vs the reference: the same response parsed and the same DOM built by hand with the same stylesheets');
lines.push(`   ${pad('document', 56)}${pad('rows', 6)}${pad('elements', 10)}${pad('element', 11)}${pad('reference', 11)}ratio`);
for (const r of renders)
  lines.push(
    `   ${pad(r.name, 56)}${pad(r.rows, 6)}${pad(r.elements ?? '', 10)}${pad(ms(r.element), 11)}${pad(ms(r.reference), 11)}${(r.element / r.reference).toFixed(2)}×`,
  );
lines.push('');
lines.push('3. Requests to the proxy');
lines.push(
  `   one lookup (200)                ${requests.lookup.tracking} tracking request, ${requests.lookup.carriers} carrier-list request (once per element)`,
);
lines.push(
  `   202 → 202 → 200 lookup          ${requests.polling.tracking} tracking requests: ${(requests.polling.tracking - 1) / 2} per re-poll`,
);
lines.push('');
lines.push(
  `3b. Longest main-thread task, 30,000-milestone air document (${(GENERATED['large-air'].length / 1e6).toFixed(1)} MB), median of ${longTaskRuns.length}`,
);
// The Long Tasks API reports tasks of 50 ms or more only: 0 means none was that long.
const longest = (value) => (value === 0 ? 'no task of 50 ms or more' : ms(value));
lines.push(`   response → timeline painted     ${longest(longTasks.load)}  (${longTasks.rows} rows shown)`);
lines.push(`   "Show earlier" → painted        ${longest(longTasks.showEarlier)}  (${longTasks.added} rows added)`);
lines.push('');
lines.push(
  `4. ${CYCLES} mount → 200 → map drawn → unmount cycles of <ocean-tracker map="eager"> (${cycleMs.toFixed(0)} ms per cycle), after GC`,
);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
lines.push(
  `   heap growth (linear fit of ${heapPoints.length} snapshots, compiled code excluded)   ${(heapFit.slope / 1024).toFixed(2)} KB per cycle (R² ${heapFit.r2.toFixed(2)}; ${mb(heapPoints[0].y)} → ${mb(heapPoints[heapPoints.length - 1].y)})`,
);
lines.push(`   ${pad('', 15)}${pad('before', 12)}${pad(`after ${half.cycles}`, 12)}${pad(`after ${CYCLES}`, 12)}second half`);
for (const [label, key] of [
  ['DOM nodes', 'nodes'],
  ['JS listeners', 'listeners'],
  ['detached nodes', 'detached'],
]) {
  if (Number.isNaN(after[key])) lines.push(`   ${pad(label, 15)}not reported by this Chromium`);
  else
    lines.push(
      `   ${pad(label, 15)}${pad(before[key], 12)}${pad(half[key], 12)}${pad(after[key], 12)}${after[key] - half[key] >= 0 ? '+' : ''}${after[key] - half[key]}`,
    );
}
lines.push('');
const [phoneTitle, ...phoneLines] = phoneReport(phone);
lines.push(`5. ${phoneTitle}`, ...phoneLines);
lines.push('');
const [landTitle, ...landLines] = landDecodeReport(landDecode);
lines.push(`6. ${landTitle}`, ...landLines);
const report = lines.join('\n');
console.log(`\n${report}`);
if (size.status !== 0) console.log(`\nscripts/size.mjs reported:\n${sizeText}`);
if (process.env.BENCH_WRITE !== '0') {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${loadAtStart} at the start`;
  writeFigures(join(root, 'docs/performance.md'), `Figures from the last run, on ${machine}:`, report);
  console.log('\nWritten into docs/performance.md.');
}
