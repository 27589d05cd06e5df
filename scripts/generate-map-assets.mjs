// Writes the map's static assets as TypeScript modules in packages/core/src/map/:
//   leaflet-css.generated.ts  Leaflet's stylesheet as a string, adopted into the map's shadow root
//   leaflet-tile-css.generated.ts  its rules for tiles, adopted only with a tile layer
//   land-110m.generated.ts    the Natural Earth 1:110m land outline (world-atlas TopoJSON, simplified,
//                             re-quantized, its arcs packed as text)
//
// Why generated modules: they load the same way in every toolchain we use (tsc, Vite, and
// esbuild in the browser test runner, which understands neither `?inline` CSS nor JSON import
// attributes), and because only the lazily imported map module imports them, a bundler puts
// them in the map chunk. Rules of leaflet.css that load images (layer-switcher and
// default-marker icons, which the map never uses) are dropped so the stylesheet can never
// cause a request; IE-only `behavior` goes too.
//
// Usage: node scripts/generate-map-assets.mjs          (rewrites the modules)
//        node scripts/generate-map-assets.mjs --check  (exits 1 if one is out of date)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const mapDir = new URL('../packages/core/src/map/', import.meta.url);

function versionOf(pkg) {
  return JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;
}

// Parts of Leaflet this map never creates or never loads (see leaflet-parts.ts): popups (labels
// are drawn with the tooltip classes, never interactive: pinned-elements.ts), the layers, scale and
// attribution controls, box zoom, image overlays, marker shadows and dragging, the default
// div icon look (the vehicle's divIcon has a class of its own), the canvas and VML renderers,
// and IE-era fallbacks. Their rules only cost bytes in a budgeted chunk.
const UNUSED =
  /leaflet-(popup|control-layers|control-scale|control-attribution|attribution-flag|oldie|zoom-box|image-layer|marker-shadow|shadow-pane|marker-draggable|vml|crosshair|default-icon-path|div-icon|tooltip\.leaflet-interactive)|lvml|\bcanvas\b/;
// Declarations only old Firefox and Internet Explorer read: every browser the elements support
// reads the standard property beside them.
const LEGACY_DECLARATION = /^(-ms-|-moz-)|:-moz-/;

/** Removes the selectors that name only unused parts, legacy declarations, and the rules left with none. */
function dropUnusedRules(css) {
  // The lookbehind leaves the previous rule's closing brace to that rule's match, so every
  // rule is visited (consuming it skipped every second rule).
  return css
    .replace(/(?<=^|[{}])([^{}@]+)\{([^{}]*)\}/g, (whole, selectors, body) => {
      const kept = selectors.split(',').filter((sel) => !UNUSED.test(sel));
      const declarations = body.split(';').filter((d) => d !== '' && !LEGACY_DECLARATION.test(d));
      return kept.length === 0 || declarations.length === 0 ? '' : `${kept.join(',')}{${declarations.join(';')}}`;
    })
    .replace(/@media[^{}]*\{\}/g, '');
}

/** Leaflet's stylesheet minified, without the rules of unused parts and anything that could load a URL. */
function leafletCss() {
  const css = readFileSync(require.resolve('leaflet/dist/leaflet.css'), 'utf8');
  const minified = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^[ \t]*[\w-]+[ \t]*:[ \t]*url\([^)]*\)[^;\n]*;?[ \t]*$/gm, '')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line.trim() !== '')
    .join('\n')
    // Whitespace around braces, semicolons and commas, and after colons, carries no meaning
    // (a space before a colon can: `a :hover`), and the map chunk has a size budget.
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/:\s+/g, ':');
  const stripped = dropUnusedRules(minified);
  if (/url\(/.test(stripped)) throw new Error('leaflet.css still refers to a url(); update the generator.');
  return stripped;
}

// Selectors only a tile layer's elements match (tiles, their level containers, images in the tile
// pane). Tiles are drawn only when a page sets `tile-url`, and their code and rules are then loaded
// in a chunk of their own (leaflet-tiles.ts); the tile pane itself is the map's.
const TILE_SELECTOR = /leaflet-tile(?!-pane)|leaflet-tile-pane img/;

/** Leaflet's stylesheet in two: the rules for everything but tiles, and those for tiles, each in source order. */
function splitTileRules(css) {
  if (/@media[^{}]*\{[^@]*leaflet-tile/.test(css)) throw new Error('leaflet.css has tile rules in @media; update the generator.');
  const tiles = [];
  const rest = css.replace(/(?<=^|[{}])([^{}@]+)\{([^{}]*)\}/g, (whole, selectors, body) => {
    const all = selectors.split(',');
    const tile = all.filter((sel) => TILE_SELECTOR.test(sel));
    if (tile.length > 0) tiles.push(`${tile.join(',')}{${body}}`);
    const kept = all.filter((sel) => !TILE_SELECTOR.test(sel));
    return kept.length === 0 ? '' : `${kept.join(',')}{${body}}`;
  });
  return [rest, tiles.join('')];
}

function cssModule(name, comment, css) {
  return [
    `// Generated by scripts/generate-map-assets.mjs from leaflet ${versionOf('leaflet')} dist/leaflet.css`,
    '// (BSD-2-Clause, © Volodymyr Agafonkin, © CloudMade). Do not edit; rerun the script after upgrading.',
    `// ${comment}`,
    `export const ${name}: string = ${JSON.stringify(css)};`,
    '',
  ].join('\n');
}

function leafletCssModule() {
  return cssModule('leafletCss', 'Every rule but those for tiles (leaflet-tile-css.generated.ts).', splitTileRules(leafletCss())[0]);
}

function leafletTileCssModule() {
  return cssModule(
    'leafletTileCss',
    'The rules for tiles, adopted with the tile layer (leaflet-tiles.ts).',
    splitTileRules(leafletCss())[1],
  );
}

// world-atlas quantizes to 1e5 steps (0.0036° of longitude). Four times coarser, 0.0144° (about
// 1.6 km), is still finer than the 1:110m outline is accurate and about one pixel at zoom 7, the
// closest the map fits a route.
const LAND_COARSENING = 4;
// Points that move the outline by less than half a pixel at zoom 7 are dropped (Douglas–Peucker
// in Web Mercator pixels); at every zoom the map fits to, the outline looks the same.
const SIMPLIFY_ZOOM = 7;
const SIMPLIFY_PIXELS = 0.5;

/** Web Mercator pixels at zoom 0 (the world 256 px wide) for a longitude and latitude. */
function mercator(lng, lat) {
  const sin = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  return [((lng + 180) / 360) * 256, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 256];
}

function distanceToSegment([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(ax + t * dx - px, ay + t * dy - py);
}

/** Marks in `keep` the points between `from` and `to` that Douglas–Peucker keeps at `tolerance`. */
function douglasPeucker(projected, from, to, tolerance, keep) {
  let farthest = -1;
  let distance = tolerance;
  for (let i = from + 1; i < to; i++) {
    const d = distanceToSegment(projected[i], projected[from], projected[to]);
    if (d > distance) [farthest, distance] = [i, d];
  }
  if (farthest < 0) return;
  keep[farthest] = true;
  douglasPeucker(projected, from, farthest, tolerance, keep);
  douglasPeucker(projected, farthest, to, tolerance, keep);
}

/**
 * An arc's points (absolute, on the grid) without those closer than `tolerance` zoom-0 pixels
 * to the simplified line. Ends are kept (arcs meet there); a closed arc (a whole island) is
 * split at its point farthest from the start and keeps at least a triangle.
 */
function simplifyArc(points, toLngLat, tolerance) {
  const projected = points.map((p) => mercator(...toLngLat(p)));
  const last = points.length - 1;
  const keep = points.map((_, i) => i === 0 || i === last);
  const closed = last > 2 && points[0][0] === points[last][0] && points[0][1] === points[last][1];
  if (!closed) {
    douglasPeucker(projected, 0, last, tolerance, keep);
  } else {
    const byDistance = projected
      .map((p, i) => [i, Math.hypot(p[0] - projected[0][0], p[1] - projected[0][1])])
      .slice(1, last)
      .sort((a, b) => b[1] - a[1]);
    const far = byDistance[0][0];
    keep[far] = true;
    douglasPeucker(projected, 0, far, tolerance, keep);
    douglasPeucker(projected, far, last, tolerance, keep);
    if (keep.filter(Boolean).length < 4) {
      const third = projected
        .map((p, i) => [i, keep[i] ? -1 : distanceToSegment(p, projected[0], projected[far])])
        .sort((a, b) => b[1] - a[1])[0][0];
      keep[third] = true;
    }
  }
  return points.filter((_, i) => keep[i]);
}

/**
 * Simplifies each arc, then re-quantizes it on a grid `factor` times coarser, dropping
 * repeated points. Returns delta-encoded arcs and the new transform.
 */
function coarsen(topology, factor) {
  if (!topology.transform) throw new Error('world-atlas land-110m.json is no longer quantized; update the generator.');
  const { scale, translate } = topology.transform;
  const toLngLat = ([x, y]) => [x * scale[0] + translate[0], y * scale[1] + translate[1]];
  const tolerance = SIMPLIFY_PIXELS / 2 ** SIMPLIFY_ZOOM;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const absolute = arc.map(([dx, dy]) => [(x += dx), (y += dy)]);
    const points = simplifyArc(absolute, toLngLat, tolerance).map(([ax, ay]) => [Math.round(ax / factor), Math.round(ay / factor)]);
    const kept = points.filter((p, i) => i === 0 || i === points.length - 1 || p[0] !== points[i - 1][0] || p[1] !== points[i - 1][1]);
    let px = 0;
    let py = 0;
    return kept.map(([qx, qy]) => {
      const delta = [qx - px, qy - py];
      [px, py] = [qx, qy];
      return delta;
    });
  });
  return { arcs, transform: { scale: scale.map((s) => s * factor), translate } };
}

/** One arc's delta pairs as text; packages/core/src/map/packed-arcs.ts reads it back. */
export function packArc(arc) {
  let text = '';
  for (const number of arc.flat()) {
    let value = number < 0 ? ~(number << 1) : number << 1;
    while (value >= 0x20) {
      text += String.fromCharCode((0x20 | (value & 0x1f)) + 63);
      value >>= 5;
    }
    text += String.fromCharCode(value + 63);
  }
  return text;
}

function landModule() {
  const source = JSON.parse(readFileSync(require.resolve('world-atlas/land-110m.json'), 'utf8'));
  if (source.type !== 'Topology' || !source.objects?.land) throw new Error('world-atlas land-110m.json changed shape.');
  const { arcs, transform } = coarsen(source, LAND_COARSENING);
  return [
    `// Generated by scripts/generate-map-assets.mjs from world-atlas ${versionOf('world-atlas')} land-110m.json`,
    '// (Natural Earth, public domain; packaging ISC, © Michael Bostock). Do not edit; rerun the script after upgrading.',
    "import type { GeometryCollection, Transform } from 'topojson-specification';",
    '',
    '// A JSON string parses faster than the same object literal.',
    `export const landObjects: { land: GeometryCollection } = JSON.parse(${JSON.stringify(JSON.stringify(source.objects))});`,
    `export const landTransform: Transform = ${JSON.stringify(transform)};`,
    '// The arcs packed as text (see packed-arcs.ts).',
    `export const landArcs: string = ${JSON.stringify(arcs.map(packArc).join(' '))};`,
    '',
  ].join('\n');
}

const modules = [
  ['leaflet-css.generated.ts', leafletCssModule],
  ['leaflet-tile-css.generated.ts', leafletTileCssModule],
  ['land-110m.generated.ts', landModule],
];

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [name, build] of modules) {
    const path = fileURLToPath(new URL(name, mapDir));
    const text = build();
    if (check) {
      let current = '';
      try {
        current = readFileSync(path, 'utf8');
      } catch {
        // a missing module is stale too
      }
      if (current !== text) {
        console.error(`${path} is out of date; run node scripts/generate-map-assets.mjs`);
        stale++;
      }
    } else {
      writeFileSync(path, text);
      console.log(`wrote ${path}`);
    }
  }
  process.exit(stale === 0 ? 0 : 1);
}
