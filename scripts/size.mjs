// Prints the gzip size of what a page downloads from the script-tag bundle, and fails when a
// figure is over its budget (the budgets are in docs/embedding.md and the README).
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
//   lookup with      per element, everything a lookup that shows a map adds to that element's
//   its map          first load: the first lookup and the map together. The worse of the two
//                    elements is held to the budget. Source maps are never counted.
// Usage: npm run build:bundle && node scripts/size.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ELEMENT_DEFINES, ENTRY, MAP, MAP_ELEMENT, VIEWS } from './bundle-modules.mjs';

// 14 KB, issue 17's goal: 13.89 reached after the merges below (ocean; air 13.55), with six-character chunk
// hashes (-0.05: the entry lists chunks by name), isCrossOrigin and validPollSeconds moved to the lookup's
// code (-0.10), html templates' layout whitespace collapsed (-0.04), parallel-imports no longer starting
// the lookup's code three times over (-0.05), the print styles with the lookup's code (-0.11), and
// issue-17j's #private members, configuration notices' English in the lookup's code and a container
// check without a table (-0.23).
// Before that 14.5 KB: 14.47 reached, the script-tag entry sends a first lookup known at load itself (one round trip less,
// scripts/early-chunks.ts): about 0.6 KB of new code, and the modules it moved from the core chunk
// (URL builder, usable-URL check, EarlyRequest) compress less well in the small entry (+0.92 KB).
// Before that 13.75 KB: 13.55 reached (15.08 before issue-17h and -17i) when the lookup session below met the
// build work of issue-17i: Oxc minifying terser's output without the
// annotations library mode keeps (0.14), CSS templates minified onto one line (0.09), Lit's polyfill
// and hydration hooks, version records and long error wording dropped (scripts/trim-lit.ts, 0.24),
// and the entry leaving the element chunks' exports unread, so no namespace object and no helper
// chunk for it in the first load (0.18).
// Before that 14.25 KB: 14.19 reached (15.08 before) when what runs once a lookup is on its way left the base
// element for a lookup session in the lookup's chunk (starting and tracking a lookup, taking over the
// early request, labelling and rendering the shipment, the notices' and live regions' text, sync-url's
// writing, the configuration console messages, the list URL), the list controller came with that code
// too, and the form's texts and styles that only show with a list or a lookup moved with them.
// Before that, 15.25 KB: 15.09 reached (15.50 before) when the form's advice on a submitted number (its rendering,
// English and styles), the other styles only the lookup's code uses and the shipment's labelling glue
// (and the heading styles) moved to the lookup's and the shipment view's chunks. Before that 15.35 when the CSS minifier stopped leaving the print styles
// unminified, the 'carrier needs the container number' hint moved to the carrier list's module and the
// loaded-shipment announcement to the shipment's English. Before that, issue 17 had moved the lookup
// machinery (controller, transport, notices and their English) and the list readers out of the first
// load (it was 20.14 KB), 0.22 KB of which start chunks in parallel (scripts/parallel-imports.ts);
// its goal is 14 KB.
const BUDGET_FIRST_LOAD = 14 * 1024;
// 60 KB, issue 17's goal for a lookup with its map: 57.03 KB reached for <ocean-tracker> (57.54 air; it
// was 78.24) when the land outline shipped as packed rings on a Web Mercator grid for the zooms the map
// offers (15.6 -> 6.0 KB), the bundle's Leaflet lost what the map never calls (scripts/trim-leaflet.ts),
// its tiles went to a chunk of their own loaded only with tile-url, labels and the vehicle were drawn
// without Leaflet's Tooltip and Marker (pinned-elements.ts), Leaflet's private names were shortened
// (scripts/mangle-leaflet-privates.ts), and an ocean lookup stopped fetching the carrier list's reader.
// Before that, the map alone was held to 60 KB (55.79 reached).
const BUDGET_LOOKUP_WITH_MAP = 60 * 1024;
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
  console.log(`  first load, <${tag}>`.padEnd(39) + `${kb(size).padStart(9)}  (${list(files)})`);
}
const both = new Set(Object.values(firstLoads).flatMap((s) => [...s]));
console.log(`  ${'both elements'.padEnd(37)}${kb(total(both)).padStart(9)}`);

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
  console.log(`  + first lookup, <${tag}>`.padEnd(39) + `${kb(total(files)).padStart(9)}  (${list(files)})`);
}

let mapFiles = [];
if (keyOf(MAP) && keyOf(MAP_ELEMENT)) {
  mapFiles = [...closure(MAP, closure(MAP_ELEMENT))];
  const added = mapFiles.filter((f) => !afterLookup.has(f));
  console.log(`  ${'map, added when shown'.padEnd(37)}${kb(total(added)).padStart(9)}  (${list(added)})`);
} else {
  failures.push('the map chunk is missing from the bundle (nothing imports the Leaflet adapter)');
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
  console.log(`  lookup with its map, <${tag}>`.padEnd(39) + `${kb(size).padStart(9)}`);
}

console.log(`Budgets: first load ≤ ${kb(BUDGET_FIRST_LOAD)}, a lookup with its map ≤ ${kb(BUDGET_LOOKUP_WITH_MAP)}.`);
if (worst > BUDGET_FIRST_LOAD)
  failures.push(`first load is ${kb(worst)}, over the ${kb(BUDGET_FIRST_LOAD)} budget by ${kb(worst - BUDGET_FIRST_LOAD)}`);
if (worstLookupWithMap > BUDGET_LOOKUP_WITH_MAP)
  failures.push(
    `a lookup with its map adds ${kb(worstLookupWithMap)}, over the ${kb(BUDGET_LOOKUP_WITH_MAP)} budget by ${kb(worstLookupWithMap - BUDGET_LOOKUP_WITH_MAP)}`,
  );
for (const f of failures) console.error(`OVER BUDGET: ${f}`);
process.exit(failures.length > 0 ? 1 : 0);
