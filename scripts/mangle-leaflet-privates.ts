/**
 * A build plugin for the script-tag bundle: shortens the names of Leaflet's private members
 * (`this._map`, `this._container` …: about 450 names, written 1,700 times in the map chunk) in
 * the chunks that hold Leaflet. A minifier shortens variables but never property names, since
 * it cannot know who else reads them; here nobody else can. Leaflet is bundled from its ES
 * sources into the map's chunks alone and is never exposed: the map chunk's exports are the
 * adapter's functions, and the map element reaches Leaflet only through them.
 *
 * One table for every chunk, built from Leaflet's sources before the build: each private name
 * (one underscore, then a letter: Leaflet's convention) gets a short one that also starts with
 * an underscore, the most used names the shortest (`_map` → `_a`). So a private member has the
 * same name in every chunk whichever way the bundler splits Leaflet (an optional part in a
 * chunk of its own still reads the map's members), and a short name can never meet a public
 * property (`x`, `z`, `on`) on one object, as a minifier's one-letter names could across
 * chunks. Names Leaflet also writes quoted (`obj['_leaflet_id']` beside `obj._leaflet_id`, or
 * in a string read as `obj[eventsKey]`) keep theirs; names with two underscores (`__proto__`,
 * `__super__`) and Lit's `_$…` are not Leaflet's convention and are never touched; a short name
 * is never one Leaflet already uses.
 *
 * Measured: the map chunk 33.02 → 32.16 KB gzip (after scripts/trim-leaflet.ts; 52.66 → 51.06 before it). test/demo/e2e/bundled-map.test.ts drives the
 * built map (buttons, keys, drag, wheel, double click, labels, tiles), where this runs. If no
 * chunk holds Leaflet any more (a new layout, a bundled build), the build fails rather than
 * shipping it unshortened.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { minify } from 'terser';
import type { Plugin } from 'vite';

/** A Leaflet private member's name: one underscore, then a letter. */
const PRIVATE = /(?<![\w$])_[A-Za-z][\w$]*/g;
const QUOTED = /['"](_[A-Za-z][\w$]*)['"]/g;
const FIRST = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NEXT = `${FIRST}0123456789`;

/** `_a`, `_b` … `_Z`, `_aa`, `_ab` …: the n-th short name. */
function shortName(n: number): string {
  let name = FIRST[n % FIRST.length]!;
  for (n = Math.floor(n / FIRST.length); n > 0; n = Math.floor((n - 1) / NEXT.length)) name += NEXT[(n - 1) % NEXT.length];
  return `_${name}`;
}

/** Every private name in Leaflet's sources (a folder of ES modules) with its short name. */
export function leafletPrivateNames(sourceDir: string): Map<string, string> {
  const uses = new Map<string, number>();
  const quoted = new Set<string>();
  for (const entry of readdirSync(sourceDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const code = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const [name] of code.matchAll(PRIVATE)) uses.set(name, (uses.get(name) ?? 0) + 1);
    for (const [, name] of code.matchAll(QUOTED)) quoted.add(name!);
  }
  const names = [...uses].filter(([name]) => !quoted.has(name)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const table = new Map<string, string>();
  let n = 0;
  for (const [name] of names) {
    let short: string;
    do short = shortName(n++);
    while (uses.has(short));
    // A name no shorter than its short name stays (`_el`, `_on`).
    if (short.length < name.length) table.set(name, short);
  }
  return table;
}

const isLeafletChunk = (moduleIds: readonly string[]): boolean => moduleIds.some((id) => /[\\/]leaflet[\\/]src[\\/]/.test(id));

export function mangleLeafletPrivates(): Plugin {
  let table = new Map<string, string>();
  let names = /$^/;
  let seen = false;
  return {
    name: 'cargo-trackers:mangle-leaflet-privates',
    buildStart() {
      seen = false;
      const require = createRequire(import.meta.url);
      table = leafletPrivateNames(join(dirname(require.resolve('leaflet/package.json')), 'src'));
      names = new RegExp(`^(?:${[...table.keys()].join('|').replace(/\$/g, '\\$')})$`);
    },
    async renderChunk(code, chunk) {
      if (!isLeafletChunk(chunk.moduleIds)) return null;
      seen = true;
      const result = await minify(code, {
        module: true,
        compress: false,
        // Only the table's names, each to its own short name: the same in every chunk.
        mangle: { properties: { regex: names } },
        nameCache: { props: { props: Object.fromEntries([...table].map(([name, short]) => [`$${name}`, short])) } },
        format: { comments: 'all', beautify: true },
        sourceMap: { asObject: true },
      });
      if (result.code === undefined) this.error('mangle-leaflet-privates: terser returned nothing');
      return { code: result.code, map: result.map as never };
    },
    generateBundle() {
      if (!seen) this.error('mangle-leaflet-privates: no chunk holds Leaflet any more; update scripts/mangle-leaflet-privates.ts');
    },
  };
}
