// Prints the gzip size of what a page downloads from the script-tag bundle, and fails when a
// figure is over its budget (the budgets are in docs/embedding.md and the README), or when one of
// those two documents copies a figure that this build no longer measures (DOCUMENTED, at the end).
//
// What is counted, each file gzipped on its own at level 9 (as a CDN would serve it) and the
// sizes added up, following the build manifest (dist/cdn/.vite/manifest.json):
//   entry            cargo-trackers.js alone (what a page with no tracker on it downloads): it
//                    registers both tags and, for a tag whose number is in the HTML, sends the
//                    first lookup and starts the lookup's and map's chunks (early-chunks.ts);
//   first load       a page with one tracker: the entry, that element's chunk and every chunk
//                    it imports statically (Lit, the shared core); the worse of the two
//                    elements is held to the budget;
//   both elements    a page with both trackers (printed, no budget);
//   first lookup     what the first lookup adds: the lookup's code, then in parallel with the
//                    request the shipment view and the element's normalizer and details (printed,
//                    no budget);
//   map              what showing a map adds: the map element's and map's chunks and anything
//                    they import that neither the first loads nor the first lookups brought
//                    (printed, no budget of its own). The tile layer's chunk, loaded only with
//                    `tile-url`, is not counted: the default map draws the built-in land;
//   finer land       the finer land outline's drawing and index, and its tiles, imported when a map
//                    is zoomed past the coarse outline's zooms (map/land-layer.ts): their sum, each
//                    level's largest tile and median (printed, no budget; a view loads a few
//                    tiles of one level). `--land` lists every tile;
//   lookup with      per element, everything a lookup that shows a map adds to that element's
//   its map          first load: the first lookup and the map together. The worse of the two
//                    elements is held to the budget. Source maps are never counted.
// Usage: npm run build:bundle && node scripts/size.mjs [--land]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ELEMENT_DEFINES, ENTRY, MAP, MAP_ELEMENT, VIEWS } from './bundle-modules.mjs';

// Budgets with headroom (issue 26): a limit the code sits right under makes every feature a
// byte hunt. What each build measures is in docs/performance.md, written by npm run bench.
// The lookup with its map went from 60 to 64 KB in wave 3, for what a visitor sees on it: the
// progress summary and a date at every stop, a vehicle drawn to be seen, labels kept whole, the
// map described in words, and the loader of the finer coast (its tiles are counted apart). All of
// it downloads while the proxy answers, after the first load. The first load went from 14.5 to
// 15.5 KB for what must run before any lookup: the state and number events a framework binding
// follows, direction from the page's dir, the warning when another script took the tag, and the
// cleaning of a number typed with spaces or hyphens (the form sends it before any lookup code).
// Issue 36 took it from 64 to 68 KB: the lookup's code grew by 3.8 KB (23.7 to 27.5 KB) so that
// the result says only what the document says: the current journey told apart from a container's
// earlier use, each stop dated from an event of its kind, one arrival and the delivery (1.7 KB);
// the progress line, drawn from the route's own labels (1.15 KB); exceptions with their tone and
// next step, and date-only estimates (0.9 KB). Still all after the first load, during the lookup.
// Issue 41 took it from 68 to 70.5 KB (it allows 3): live while open (lookup/refresh.ts: the
// re-asks' schedule, what a new answer brought, its words and the quiet notice of a failed one,
// 0.92 KB) and the result's "Copy link", "Share" and "Add to calendar" buttons, its printed line and
// whole history on paper, the map printed as drawn, and their words (1.14 KB). The calendar file's
// builder and the numbers kept on the device (`remember`) are chunks of their own (core's use/),
// downloaded when used, and counted in no figure here.
const BUDGET_FIRST_LOAD = 15.5 * 1024;
const BUDGET_LOOKUP_WITH_MAP = 70.5 * 1024;
const dir = new URL('../packages/cargo-trackers/dist/cdn/', import.meta.url).pathname;
const manifestPath = join(dir, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run npm run build:bundle first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// A module grouped into a chunk with others (vite.config.ts's advancedChunks) is no manifest key
// of its own: its chunk is the one whose source map lists it.
const sourcesOf = (file) => JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')).sources;
const moduleKeys = new Map();
for (const [key, chunk] of Object.entries(manifest)) {
  if (!existsSync(join(dir, `${chunk.file}.map`))) continue;
  for (const source of sourcesOf(chunk.file)) moduleKeys.set(source.replace(/^(\.\.\/)+/, ''), key);
}
/** The manifest key of the chunk that holds a module (a workspace path). */
const keyOf = (module) => (manifest[module] ? module : moduleKeys.get(module.replace(/^packages\//, '')));

/** A manifest key's (or a module's) file and the files of everything it imports statically. */
function closure(module, into = new Set()) {
  const key = keyOf(module);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${module} is not in the bundle manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dir, file)), { level: 9 }).length);
  return gzipped.get(file);
}
const total = (files) => [...files].reduce((sum, f) => sum + gzipSize(f), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const list = (files) => [...files].map((f) => `${f} ${kb(gzipSize(f))}`).join(' + ');

const entry = closure(ENTRY);
const failures = [];
/** What this build measured, by name, for the documents' copies (checked at the end). */
const figures = { entry: total(entry) };
console.log('Script-tag bundle, gzip -9, each file on its own:');
console.log(`  ${'entry only'.padEnd(37)}${kb(total(entry)).padStart(9)}  (${list(entry)})`);

let worst = 0;
const firstLoads = {};
for (const [tag, key] of Object.entries(ELEMENT_DEFINES)) {
  if (!keyOf(key)) {
    failures.push(`<${tag}> has no chunk in the bundle`);
    continue;
  }
  const files = closure(key, new Set(entry));
  firstLoads[tag] = files;
  const size = total(files);
  worst = Math.max(worst, size);
  figures[`first load ${tag}`] = size;
  console.log(`  first load, <${tag}>`.padEnd(39) + `${kb(size).padStart(9)}  (${list(files)})`);
}
const both = new Set(Object.values(firstLoads).flatMap((s) => [...s]));
figures['both elements'] = total(both);
console.log(`  ${'both elements'.padEnd(37)}${kb(figures['both elements']).padStart(9)}`);

// A shipment shown: what the first lookup adds (no budget; it downloads while the proxy answers).
const afterLookup = new Set(both);
for (const [tag, keys] of Object.entries(VIEWS)) {
  const files = new Set();
  for (const key of keys) {
    if (!keyOf(key)) {
      failures.push(`${key} has no chunk in the bundle`);
      continue;
    }
    for (const f of closure(key)) if (!firstLoads[tag]?.has(f)) files.add(f);
  }
  for (const f of files) afterLookup.add(f);
  figures[`first lookup ${tag}`] = total(files);
  console.log(`  + first lookup, <${tag}>`.padEnd(39) + `${kb(figures[`first lookup ${tag}`]).padStart(9)}  (${list(files)})`);
}

let mapFiles = [];
if (keyOf(MAP) && keyOf(MAP_ELEMENT)) {
  mapFiles = [...closure(MAP, closure(MAP_ELEMENT))];
  const added = mapFiles.filter((f) => !afterLookup.has(f));
  figures.map = total(added);
  console.log(`  ${'map, added when shown'.padEnd(37)}${kb(figures.map).padStart(9)}  (${list(added)})`);
} else {
  failures.push('the map chunk is missing from the bundle (nothing imports the Leaflet adapter)');
}

// The finer land, by level (the tiles' modules are map/land/<level>-<x>-<y>.generated.ts).
const landChunks = Object.values(manifest).filter((chunk) => /map\/land\/|map\/land-fine\.ts/.test(chunk.src ?? ''));
if (landChunks.length > 0) {
  const tiles = landChunks.filter((chunk) => /map\/land\//.test(chunk.src));
  console.log(
    `  ${'finer land, every tile'.padEnd(37)}${kb(total(landChunks.map((c) => c.file))).padStart(9)}  (${tiles.length} tiles, and their drawing and index ${list(landChunks.filter((c) => !tiles.includes(c)).map((c) => c.file))})`,
  );
  const levels = new Map();
  for (const chunk of tiles) {
    const level = /map\/land\/([a-z]+)-/.exec(chunk.src)[1];
    levels.set(level, [...(levels.get(level) ?? []), chunk]);
  }
  for (const [level, chunks] of levels) {
    const sizes = chunks.map((c) => [gzipSize(c.file), c.file]).sort(([a], [b]) => a - b);
    const [largest, file] = sizes.at(-1);
    console.log(
      `    ${`level ${level}`.padEnd(35)}${kb(sizes.reduce((sum, [size]) => sum + size, 0)).padStart(9)}  (${chunks.length} tiles, median ${kb(sizes[sizes.length >> 1][0])}, largest ${file} ${kb(largest)})`,
    );
    if (process.argv.includes('--land')) for (const [size, f] of sizes) console.log(`      ${f.padEnd(33)}${kb(size).padStart(9)}`);
  }
} else {
  failures.push('the finer land outline has no chunks in the bundle (nothing imports map/land-fine.ts)');
}

// Issue 17's second goal: everything a lookup with its map adds to an element's first load (the
// lookup's code, the shipment view, the normalizer, the map element, Leaflet, the land, the CSS).
let worstLookupWithMap = 0;
for (const [tag, keys] of Object.entries(VIEWS)) {
  if (!firstLoads[tag]) continue;
  const files = new Set();
  for (const key of [...keys.filter((k) => keyOf(k)), ...(mapFiles.length ? [MAP_ELEMENT, MAP] : [])])
    for (const f of closure(key)) if (!firstLoads[tag].has(f)) files.add(f);
  const size = total(files);
  worstLookupWithMap = Math.max(worstLookupWithMap, size);
  figures[`lookup with its map ${tag}`] = size;
  console.log(`  lookup with its map, <${tag}>`.padEnd(39) + `${kb(size).padStart(9)}`);
}

console.log(`Budgets: first load ≤ ${kb(BUDGET_FIRST_LOAD)}, a lookup with its map ≤ ${kb(BUDGET_LOOKUP_WITH_MAP)}.`);
if (worst > BUDGET_FIRST_LOAD)
  failures.push(`first load is ${kb(worst)}, over the ${kb(BUDGET_FIRST_LOAD)} budget by ${kb(worst - BUDGET_FIRST_LOAD)}`);
if (worstLookupWithMap > BUDGET_LOOKUP_WITH_MAP)
  failures.push(
    `a lookup with its map adds ${kb(worstLookupWithMap)}, over the ${kb(BUDGET_LOOKUP_WITH_MAP)} budget by ${kb(worstLookupWithMap - BUDGET_LOOKUP_WITH_MAP)}`,
  );

// The README and docs/embedding.md copy these figures by hand: a copy more than DRIFT_KB away
// from what this build measures fails, so that the front page cannot keep an old figure.
const DRIFT_KB = 0.1;
const DOCUMENTED = [
  ['README.md', /^- \*\*Small and lazy\*\*: ([\d.]+) KB gzip first load/m, ['first load ocean-tracker']],
  ['README.md', /load during the first lookup, ([\d.]+) KB together/, ['lookup with its map air-tracker']],
  ['README.md', /^\| Entry only .*?\| ([\d.]+) KB \|/m, ['entry']],
  ['README.md', /^\| First load with `<ocean-tracker>`.*?\| ([\d.]+) KB \|/m, ['first load ocean-tracker']],
  ['README.md', /^\| First load with `<air-tracker>`.*?\| ([\d.]+) KB \|/m, ['first load air-tracker']],
  ['README.md', /^\| Both elements \| ([\d.]+) KB \|/m, ['both elements']],
  [
    'README.md',
    /^\| \+ the first lookup .*?\| ([\d.]+) KB \(air ([\d.]+)\) \|/m,
    ['first lookup ocean-tracker', 'first lookup air-tracker'],
  ],
  ['README.md', /^\| \+ a map .*?\| ([\d.]+) KB \|/m, ['map']],
  [
    'README.md',
    /^\| A lookup with its map.*?\| ([\d.]+) KB \(air ([\d.]+)\) \|/m,
    ['lookup with its map ocean-tracker', 'lookup with its map air-tracker'],
  ],
  ['docs/embedding.md', /^\| entry +\| ([\d.]+) KB/m, ['entry']],
  ['docs/embedding.md', /^\| first load, `<ocean-tracker>` +\| ([\d.]+) KB/m, ['first load ocean-tracker']],
  ['docs/embedding.md', /^\| first load, `<air-tracker>` +\| ([\d.]+) KB/m, ['first load air-tracker']],
  ['docs/embedding.md', /^\| both elements +\| ([\d.]+) KB/m, ['both elements']],
  ['docs/embedding.md', /^\| \+ first lookup, .*?\| ([\d.]+) \/ ([\d.]+) KB/m, ['first lookup ocean-tracker', 'first lookup air-tracker']],
  ['docs/embedding.md', /^\| map, added when shown +\| ([\d.]+) KB/m, ['map']],
  [
    'docs/embedding.md',
    /^\| lookup with its map, .*?\| ([\d.]+) \/ ([\d.]+) KB/m,
    ['lookup with its map ocean-tracker', 'lookup with its map air-tracker'],
  ],
];
const drift = [];
const texts = new Map();
const textOf = (doc) => texts.get(doc) ?? texts.set(doc, readFileSync(new URL(`../${doc}`, import.meta.url), 'utf8')).get(doc);
for (const [doc, pattern, names] of DOCUMENTED) {
  const match = pattern.exec(textOf(doc));
  if (!match) {
    drift.push(`${doc} no longer has the figure ${names.join(' and ')} where ${pattern} looks for it`);
    continue;
  }
  names.forEach((name, i) => {
    const written = Number(match[i + 1]);
    const measured = figures[name] / 1024;
    if (!Number.isFinite(measured) || Math.abs(written - measured) > DRIFT_KB)
      drift.push(`${doc} says ${written} KB for ${name}; this build measures ${measured.toFixed(2)} KB`);
  });
}
for (const f of failures) console.error(`OVER BUDGET: ${f}`);
for (const d of drift) console.error(`DOCUMENTS DRIFTED: ${d}`);
process.exit(failures.length > 0 || drift.length > 0 ? 1 : 0);
