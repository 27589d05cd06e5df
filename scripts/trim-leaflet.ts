/**
 * Removes Leaflet's VML renderer, the map methods this map never calls and old-browser detection.
 *
 * A build plugin for the script-tag bundle: takes out of Leaflet's ES sources (the modules
 * packages/core/src/map/leaflet-parts.ts imports) what this map, in a browser that runs an
 * ES2022 bundle, can never use. All of it is in the map chunk; a bundler cannot drop it by
 * itself, because the modules run code at load or keep it reachable through an option.
 *
 * - The VML renderer (Internet Explorer 8), which `SVG.js` imports and mixes in when `Browser.vml`.
 * - The map's methods nothing here calls: geolocation (`locate`), the animated flights
 *   (`flyTo`, `flyToBounds`), the bounds and zoom limits set after creation (`setMaxBounds`,
 *   `panInsideBounds`, `setMinZoom`, `setMaxZoom`; the `maxBounds` option no longer restricts
 *   panning, and this map sets none), `fitWorld`, `distance`, `mouseEventToLatLng`.
 * - `Browser.js`'s detection of browsers that cannot run this bundle (Internet Explorer, old
 *   Edge, Opera 12, PhantomJS, Android 2–3, MS pointer events, no SVG, no passive listeners):
 *   the module is replaced by the few checks that still differ between browsers, and each
 *   flag that is now the same everywhere is written into the modules that read it as a constant,
 *   so the minifier drops the branches it guarded.
 *
 * Each edit must apply exactly once to its module, each constant flag be read somewhere, and no
 * module read a flag the replacement lacks, or the build fails: a Leaflet release that changes
 * these lines is noticed, not shipped half edited. The browser tests compile the sources
 * without this plugin; test/demo/e2e/bundled-map.test.ts drives a map of the built bundle.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { editOnce, type SourceEdit } from './edit-once.js';

/** A top-level method of a Leaflet class body (one tab in, like every method in Leaflet 1.9), with its comma. */
function method(name: string): RegExp {
  return new RegExp(`^\\t${name}: function \\([^)]*\\) \\{[^\\n]*\\n[\\s\\S]*?^\\t\\},\\r?\\n`, 'm');
}

const MAP = '/leaflet/src/map/Map.js';
const UNUSED_MAP_METHODS = [
  'flyTo',
  'flyToBounds',
  'setMaxBounds',
  'setMinZoom',
  'setMaxZoom',
  'panInsideBounds',
  'locate',
  'stopLocate',
  '_handleGeolocationError',
  '_handleGeolocationResponse',
  '_panInsideMaxBounds',
  'fitWorld',
  'distance',
  'mouseEventToLatLng',
];

export const LEAFLET_EDITS: readonly SourceEdit[] = [
  { module: '/leaflet/src/layer/vector/SVG.js', find: /^import \{vmlMixin, vmlCreate\} from '\.\/SVG\.VML';\r?$/m, replace: '' },
  { module: '/leaflet/src/layer/vector/SVG.js', find: /\bBrowser\.vml \? vmlCreate : svgCreate\b/, replace: 'svgCreate' },
  { module: '/leaflet/src/layer/vector/SVG.js', find: /^if \(Browser\.vml\) \{\r?\n\tSVG\.include\(vmlMixin\);\r?\n\}/m, replace: '' },
  { module: MAP, find: /^\t\tif \(options\.maxBounds\) \{\r?\n\t\t\tthis\.setMaxBounds\(options\.maxBounds\);\r?\n\t\t\}/m, replace: '' },
  { module: MAP, find: /^\t\tif \(this\.options\.maxBounds\) \{ this\.off\('moveend', this\._panInsideMaxBounds\); \}/m, replace: '' },
  { module: MAP, find: /^\t\tif \(this\._locationWatchId !== undefined\) \{\r?\n\t\t\tthis\.stopLocate\(\);\r?\n\t\t\}/m, replace: '' },
  { module: MAP, find: /^\t\tUtil\.cancelAnimFrame\(this\._flyToFrame\);/m, replace: '' },
  ...UNUSED_MAP_METHODS.map((name) => ({ module: MAP, find: method(name), replace: '' })),
];

const BROWSER = '/leaflet/src/core/Browser.js';

/**
 * `Browser.js` for the browsers that run this bundle: the flags that still differ between them,
 * computed as Leaflet 1.9 does (`touch` and `any3d` keep Leaflet's page switches).
 */
export const MODERN_BROWSER = `var ua = navigator.userAgent.toLowerCase();
var chrome = ua.indexOf('chrome') >= 0;
var mobile = typeof orientation !== 'undefined' || ua.indexOf('mobile') >= 0;
export default {
	chrome: chrome,
	safari: !chrome && ua.indexOf('safari') >= 0,
	mobile: mobile,
	any3d: !window.L_DISABLE_3D,
	touch: !window.L_NO_TOUCH,
	touchNative: 'ontouchstart' in window || !!window.TouchEvent,
	retina: window.devicePixelRatio > 1,
	mac: navigator.platform.indexOf('Mac') === 0,
	linux: navigator.platform.indexOf('Linux') === 0
};
`;
const MODERN_FLAGS = new Set([...MODERN_BROWSER.matchAll(/^\t(\w+):/gm)].map((m) => m[1] as string));

/**
 * The flags that are the same in every browser running ES2022 (Chrome and Edge 94, Firefox 93,
 * Safari 15 and later): false for Internet Explorer and its 3D transforms, old Edge, VML,
 * `MSPointerEvent` without `PointerEvent`, Opera Mobile 12; true for pointer events, passive
 * listeners and SVG.
 */
export const CONSTANT_FLAGS: Readonly<Record<string, boolean>> = {
  ielt9: false,
  ie3d: false,
  edge: false,
  vml: false,
  msPointer: false,
  mobileOpera: false,
  pointer: true,
  passiveEvents: true,
  svg: true,
};

/**
 * `code` of the Leaflet module `id` with its edits made and its constant flags written in, or
 * null when `id` is not a Leaflet source module; throws when an edit does not apply once.
 */
export function trimLeaflet(code: string, id: string): { code: MagicString; flags: ReadonlySet<string> } | null {
  if (!/\/leaflet\/src\/.*\.js$/.test(id)) return null;
  const s = new MagicString(code);
  const flags = new Set<string>();
  if (id.endsWith(BROWSER)) {
    // The whole module is replaced; the flags it exports are checked where they are read.
    if (!/^export default \{\r?$/m.test(code)) throw new Error(`trim-leaflet: ${id} has changed shape; update scripts/trim-leaflet.ts`);
    return { code: s.overwrite(0, code.length, MODERN_BROWSER), flags };
  }
  const removed = LEAFLET_EDITS.filter((e) => id.endsWith(e.module)).map((edit) => editOnce(s, code, id, edit, 'trim-leaflet', 'Leaflet'));
  // Each `Browser.flag` outside the edits: a constant flag becomes its value; any other must be one the replacement computes.
  for (const match of code.matchAll(/\bBrowser\.(\w+)\b/g)) {
    if (removed.some(([from, to]) => match.index >= from && match.index < to)) continue;
    const flag = match[1] as string;
    const value = CONSTANT_FLAGS[flag];
    if (value !== undefined) {
      s.overwrite(match.index, match.index + match[0].length, `(${value})`);
      flags.add(flag);
    } else if (!MODERN_FLAGS.has(flag)) {
      throw new Error(`trim-leaflet: ${id} reads Browser.${flag}, which scripts/trim-leaflet.ts neither computes nor fixes; update it`);
    }
  }
  return { code: s, flags };
}

export function trimLeafletPlugin(): Plugin {
  const edited = new Set<string>();
  const flags = new Set<string>();
  return {
    name: 'cargo-trackers:trim-leaflet',
    enforce: 'pre',
    buildStart() {
      edited.clear();
      flags.clear();
    },
    transform(code, id) {
      const path = id.split('?')[0] as string;
      const trimmed = trimLeaflet(code, path);
      if (trimmed === null) return null;
      for (const module of [BROWSER, ...LEAFLET_EDITS.map((e) => e.module)]) if (path.endsWith(module)) edited.add(module);
      for (const flag of trimmed.flags) flags.add(flag);
      return { code: trimmed.code.toString(), map: trimmed.code.generateMap({ hires: true, source: id, includeContent: true }) };
    },
    buildEnd(error) {
      if (error) return;
      // A module never seen means the map now takes Leaflet from elsewhere (its bundled build, a new layout).
      const missing = [...new Set([BROWSER, ...LEAFLET_EDITS.map((e) => e.module)])].filter((module) => !edited.has(module));
      if (missing.length > 0) this.error(`trim-leaflet: the bundle never loaded ${missing.join(', ')}; update scripts/trim-leaflet.ts`);
      const unread = Object.keys(CONSTANT_FLAGS).filter((flag) => !flags.has(flag));
      if (unread.length > 0)
        this.error(`trim-leaflet: no module reads Browser.${unread.join(', Browser.')}; update scripts/trim-leaflet.ts`);
    },
  };
}
