/**
 * A build plugin for the script-tag bundle: shortens the names of Leaflet's private members
 * (`this._map`, `this._container`, `_leaflet_id` …, about 350 names written 1,700 times) in the
 * one chunk that holds Leaflet, the map chunk. A minifier shortens variables but never property
 * names, since it cannot know who else reads them; here nobody else can. Leaflet is bundled
 * from its ES sources into that chunk alone and is never exposed: the map chunk's only exports
 * are the adapter's functions, and its callers (the map element) reach Leaflet only through them.
 *
 * Only names of the form `_x…` are touched: Leaflet's convention for what is private. Names with
 * two leading underscores (`__proto__`, Leaflet's `__super__`) and Lit's `_$…` are left alone,
 * and so is every other chunk. A name Leaflet ever writes quoted (`obj['_leaflet_id']` beside
 * `obj._leaflet_id`) keeps its name everywhere (terser's `keep_quoted`), so its mixed spellings
 * stay one property (0.04 KB more than shortening those too); a name only ever held in a string
 * (`var eventsKey = '_leaflet_events'`, read as `obj[eventsKey]`) is never written as a property
 * and stays as it is.
 *
 * Measured: the map chunk 52.66 → 50.82 KB gzip. test/demo/e2e/bundled-map.test.ts drives the
 * built map (buttons, keys, drag, wheel, double click, labels, tiles), where this runs.
 *
 * If the chunk ever stops holding Leaflet (a new layout, a bundled build), the build fails
 * rather than shipping a chunk that was silently left out.
 */
import { minify } from 'terser';
import type { Plugin } from 'vite';

/** Leaflet's private members: one underscore, then a letter. */
export const LEAFLET_PRIVATE = /^_[A-Za-z]/;

const isLeafletChunk = (moduleIds: readonly string[]): boolean => moduleIds.some((id) => /[\\/]leaflet[\\/]src[\\/]/.test(id));

export function mangleLeafletPrivates(): Plugin {
  let seen = false;
  return {
    name: 'cargo-trackers:mangle-leaflet-privates',
    buildStart() {
      seen = false;
    },
    async renderChunk(code, chunk) {
      if (!isLeafletChunk(chunk.moduleIds)) return null;
      seen = true;
      const result = await minify(code, {
        module: true,
        compress: false,
        mangle: { properties: { regex: LEAFLET_PRIVATE, keep_quoted: true } },
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
