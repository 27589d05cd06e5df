// Writes the map's static assets as TypeScript modules in packages/core/src/map/:
//   leaflet-css.generated.ts  Leaflet's stylesheet as a string, adopted into the map's shadow root
//   leaflet-tile-css.generated.ts  its rules for tiles, adopted only with a tile layer
//   land-110m.generated.ts    the Natural Earth 1:110m land outline (from world-atlas's TopoJSON:
//                             rings simplified, on a Web Mercator grid, packed as text)
//   land-zooms.generated.ts   the zooms each outline is drawn at
//   land-tiles.generated.ts   the finer outlines' tiles, each a module of its own in land/,
//                             imported when the map is zoomed in over them
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
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

// The land outline. world-atlas's land-110m is one MultiPolygon whose 130 arcs are each used by
// one ring only, so the topology buys nothing: the generator ships rings, simplified for the
// zooms the map showed it at before the finer outlines (0 to 7; now 0 to 2.75, see FINE_LAND) and
// quantised on a Web Mercator grid, as delta-encoded text.
//
// Why these numbers (gzip -9 of the packed text, and the map looked at in Chromium at zooms 1,
// 3, 5 and 7 over the North Sea, Malacca, Panama, the Pacific and Antarctica):
// - The grid is Web Mercator, so a step is the same distance on screen at every latitude (a grid
//   in degrees wastes bits near the equator or is too coarse near the poles). 2^11 steps across
//   the world: a step is 16 px at zoom 7, 4 at zoom 5, 1 at zoom 3. The 1:110m outline's own
//   points are 10 px and more apart at zoom 7, its accuracy a few km (a step is 20 km at the
//   equator, less towards the poles).
// - Douglas–Peucker drops the points that move the outline by less than 24 px at zoom 7: 1.3 px
//   at 2.75, the closest zoom it is drawn at since the finer outlines, under one at 2 and below,
//   where a route across an ocean is first shown. It was 12 px while the outline served zooms up
//   to 7; at the zooms it serves now the two look the same (screenshots at 1, 2 and 2.75 over
//   Europe, Asia and the Caribbean), with a fifth fewer points. At 32 px a ring stays tangled
//   however often it is simplified again.
// - For zooms to 7 it was weighed against 16 px (visibly coarser) or 8 px (no better to look at),
//   a grid of 2^12 with 24 px (small islands become triangles) and a grid of 2^10 (the coast a
//   staircase at zoom 7). The previous TopoJSON on a degree grid was more
//   than twice the size.
// - A ring that simplification or the grid makes cross itself or a larger ring, or fall inside
//   another, would paint a hole (the basemap is one even-odd path): it is simplified again at
//   half its tolerance until it does not. An island that the grid leaves without area goes.
const LAND_GRID_BITS = 11;
const LAND_TOLERANCE = 24;
const LAND_ZOOM = 7;

/**
 * Web Mercator at a zoom where the world is `size` units wide, clamped to Leaflet's latitude
 * limit; a pole (a corner Antarctica closes through) goes a zoom-0 pixel past the map's edge, so
 * coast that the clamp puts on the edge does not overlap the closing edge.
 */
export function mercator([lng, lat], size) {
  if (Math.abs(lat) === 90) return [((lng + 180) / 360) * size, lat < 0 ? size * (1 + 1 / 256) : -size / 256];
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return [((lng + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

function distanceToSegment([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(ax + t * dx - px, ay + t * dy - py);
}

/** Marks in `keep` the points between `from` and `to` that Douglas–Peucker keeps at `tolerance`. */
function douglasPeucker(points, from, to, tolerance, keep) {
  let farthest = -1;
  let distance = tolerance;
  for (let i = from + 1; i < to; i++) {
    const d = distanceToSegment(points[i], points[from], points[to]);
    if (d > distance) [farthest, distance] = [i, d];
  }
  if (farthest < 0) return;
  keep[farthest] = true;
  douglasPeucker(points, from, farthest, tolerance, keep);
  douglasPeucker(points, farthest, to, tolerance, keep);
}

/**
 * A ring (no closing point) simplified at `tolerance`, at least a triangle. A ring cut at the
 * antimeridian (`open`) keeps both ends, which lie on it; a whole island is split at the point
 * farthest from its first.
 */
function simplifyRing(points, tolerance, open) {
  const last = points.length - 1;
  const keep = points.map((_, i) => i === 0 || (open && i === last));
  if (open) {
    douglasPeucker(points, 0, last, tolerance, keep);
  } else {
    const closed = [...points, points[0]];
    let far = 1;
    for (let i = 1; i <= last; i++) {
      if (Math.hypot(...points[i].map((v, k) => v - points[0][k])) > Math.hypot(...points[far].map((v, k) => v - points[0][k]))) far = i;
    }
    keep[far] = true;
    douglasPeucker(closed, 0, far, tolerance, keep);
    douglasPeucker(closed, far, last + 1, tolerance, keep);
  }
  while (keep.filter(Boolean).length < Math.min(3, points.length)) {
    // The point farthest from what is kept, until the ring has an area.
    const kept = points.filter((_, i) => keep[i]);
    let best = -1;
    let bestDistance = -1;
    points.forEach((p, i) => {
      const d = keep[i] ? -1 : distanceToSegment(p, kept[0], kept[kept.length - 1]);
      if (d > bestDistance) [best, bestDistance] = [i, d];
    });
    keep[best] = true;
  }
  return points.filter((_, i) => keep[i]);
}

/** A TopoJSON land object's polygons as rings in degrees, outer ring first, each without its closing point. */
function topologyShapes(topology) {
  const { scale, translate } = topology.transform;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => [(x += dx) * scale[0] + translate[0], (y += dy) * scale[1] + translate[1]]);
  });
  const ring = (indexes) =>
    indexes.flatMap((index, n) => {
      const arc = index < 0 ? [...arcs[~index]].reverse() : arcs[index];
      return n === 0 ? arc : arc.slice(1);
    });
  return topology.objects.land.geometries.flatMap((geometry) =>
    (geometry.type === 'Polygon' ? [geometry.arcs] : geometry.type === 'MultiPolygon' ? geometry.arcs : []).map((rings) =>
      rings.map((indexes) => ring(indexes).slice(0, -1)),
    ),
  );
}

/** A GeoJSON's polygons as rings in degrees, outer ring first, each without its closing point. */
export function geoJsonShapes(geoJson) {
  const geometries = geoJson.type === 'GeometryCollection' ? geoJson.geometries : [geoJson];
  return geometries.flatMap((geometry) =>
    (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : []).map((rings) =>
      rings.map((ring) => ring.slice(0, -1)),
    ),
  );
}

/**
 * The source's polygons (`shapes`, as topologyShapes gives them). A ring that crosses the
 * antimeridian (Chukotka with Eurasia, Vanua Levu) is cut there into rings that each close
 * along ±180°: drawn as it is, its 360° jumps paint a band round the world.
 */
function sourcePolygons(shapes) {
  const polygons = [];
  for (const [outer, ...holes] of shapes) {
    // A copy: a source read once is cut again for each level.
    const points = [...outer];
    const jumps = points.flatMap((p, i) => (Math.abs(points[(i + 1) % points.length][0] - p[0]) > 180 ? [i + 1] : []));
    if (jumps.length > 2) throw new Error('A land ring crosses the antimeridian more than twice; update the generator.');
    if (jumps.length === 1) {
      // Antarctica goes round the pole: in the plane it closes along the map's bottom edge (its
      // 360° jump alone would cut across its own coast), via the corners at ±180°.
      const [j] = jumps;
      const [from, to] = [points[j - 1], points[j % points.length]];
      const pole = from[1] < 0 ? -90 : 90;
      points.splice(
        j,
        0,
        [Math.sign(from[0]) * 180, from[1]],
        [Math.sign(from[0]) * 180, pole],
        [Math.sign(to[0]) * 180, pole],
        [Math.sign(to[0]) * 180, to[1]],
      );
    }
    if (jumps.length < 2) {
      polygons.push({ rings: [points, ...holes], open: false });
      continue;
    }
    // Pieces between jumps; pieces on the same side of the antimeridian join into one ring.
    const rotated = [...points.slice(jumps[0]), ...points.slice(0, jumps[0])];
    const cuts = jumps.map((j) => (j - jumps[0] + points.length) % points.length);
    const runs = cuts.map((from, n) => rotated.slice(from, cuts[n + 1] ?? rotated.length));
    // Each piece begins and ends on the meridian, where its jumps cross it.
    const crossing = ([plng, plat], [qlng, qlat], side) => {
      const [dp, dq] = [180 - Math.abs(plng), 180 - Math.abs(qlng)];
      return [side * 180, dp + dq === 0 ? plat : plat + ((qlat - plat) * dp) / (dp + dq)];
    };
    const pieces = runs.map((run, n) => {
      const [before, after] = [runs.at(n - 1), runs[(n + 1) % runs.length]];
      const side = Math.sign(run[0][0]) || 1;
      return [crossing(before.at(-1), run[0], side), ...run, crossing(run.at(-1), after[0], side)];
    });
    const west = pieces.filter((piece) => piece[0][0] < 0).flat();
    const east = pieces.filter((piece) => piece[0][0] >= 0).flat();
    for (const outline of [west, east]) {
      const inside = holes.filter((hole) => contains(outline, hole[0]));
      polygons.push({ rings: [outline, ...inside], open: true });
    }
  }
  return polygons;
}

/** Whether a point is inside a ring (even-odd). */
function contains(ring, [x, y]) {
  let odd = false;
  ring.forEach(([ax, ay], i) => {
    const [bx, by] = ring[(i + 1) % ring.length];
    if (ay > y !== by > y && x < ax + ((y - ay) * (bx - ax)) / (by - ay)) odd = !odd;
  });
  return odd;
}

/** Whether segments ab and cd cross (touching ends excepted). */
function crosses([ax, ay], [bx, by], [cx, cy], [dx, dy]) {
  const side = (px, py, qx, qy, rx, ry) => Math.sign((qx - px) * (ry - py) - (qy - py) * (rx - px));
  const d1 = side(cx, cy, dx, dy, ax, ay);
  const d2 = side(cx, cy, dx, dy, bx, by);
  const d3 = side(ax, ay, bx, by, cx, cy);
  const d4 = side(ax, ay, bx, by, dx, dy);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  // Collinear overlap of more than a point.
  if (d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0) {
    const [k, l] = ax === bx ? [1, 1] : [0, 0];
    const lo = Math.max(Math.min([ax, ay][k], [bx, by][k]), Math.min([cx, cy][l], [dx, dy][l]));
    const hi = Math.min(Math.max([ax, ay][k], [bx, by][k]), Math.max([cx, cy][l], [dx, dy][l]));
    return hi > lo;
  }
  return false;
}

/**
 * Indexes of the rings (in `rings`, each a list of grid points without its closing point) that
 * cross themselves or a larger ring, or lie inside a ring that is not their outer ring.
 */
export function tangledRings(rings, holeOf = () => -1) {
  const segments = rings.flatMap((ring, r) =>
    ring.map((a, i) => {
      const b = ring[(i + 1) % ring.length];
      return { r, i, a, b, x0: Math.min(a[0], b[0]), x1: Math.max(a[0], b[0]), y0: Math.min(a[1], b[1]), y1: Math.max(a[1], b[1]) };
    }),
  );
  segments.sort((s, t) => s.x0 - t.x0);
  const tangled = new Set();
  for (let m = 0; m < segments.length; m++) {
    const s = segments[m];
    for (let n = m + 1; n < segments.length && segments[n].x0 <= s.x1; n++) {
      const t = segments[n];
      if (t.y0 > s.y1 || t.y1 < s.y0) continue;
      if (s.r === t.r) {
        const length = rings[s.r].length;
        if (Math.abs(s.i - t.i) === 1 || Math.abs(s.i - t.i) === length - 1) continue;
      }
      // Of two rings that cross, the smaller is simplified again: halving the tolerance of a
      // continent for an island's sake would cost far more points.
      if (crosses(s.a, s.b, t.a, t.b)) tangled.add(rings[s.r].length <= rings[t.r].length ? s.r : t.r);
    }
  }
  // A ring wholly inside another's outline (no crossing) that is neither its hole nor an island
  // in one of that outline's holes (the finer outlines have islands in the Caspian Sea).
  const boxes = rings.map((ring) =>
    ring.reduce(
      ([x0, y0, x1, y1], [x, y]) => [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)],
      [Infinity, Infinity, -Infinity, -Infinity],
    ),
  );
  const inRing = (o, point) =>
    point[0] >= boxes[o][0] && point[0] <= boxes[o][2] && point[1] >= boxes[o][1] && point[1] <= boxes[o][3] && contains(rings[o], point);
  const holes = rings.map(() => []);
  rings.forEach((_, r) => holeOf(r) >= 0 && holes[holeOf(r)].push(r));
  rings.forEach((ring, r) => {
    if (ring.length === 0) return;
    const inside = rings.some(
      (outline, o) => o !== r && holeOf(o) < 0 && holeOf(r) !== o && inRing(o, ring[0]) && !holes[o].some((h) => inRing(h, ring[0])),
    );
    if (inside) tangled.add(r);
  });
  return tangled;
}

/**
 * The land as polygons of rings of grid points (the world 2^gridBits steps wide, Web Mercator,
 * origin top left), without closing points, simplified at `tolerance` pixels at `zoom`.
 */
export function landPolygons(
  source,
  { gridBits = LAND_GRID_BITS, tolerance = LAND_TOLERANCE, zoom = LAND_ZOOM, untangle = true, smallest = 0 } = {},
) {
  const size = 2 ** gridBits;
  const scale = 2 ** (zoom + 8) / size; // zoom pixels per grid step
  const shapes = Array.isArray(source) ? source : topologyShapes(source);
  const flat = sourcePolygons(shapes).flatMap(({ rings, open }, p) =>
    rings.map((ring, k) => ({ p, k, open: open && k === 0, projected: ring.map((point) => mercator(point, size)) })),
  );
  const tolerances = flat.map(() => tolerance / scale);
  let rings;
  for (let round = 0; ; round++) {
    rings = flat.map(({ projected, open }, r) => {
      const quantised = simplifyRing(projected, tolerances[r], open).map(([x, y]) => [Math.round(x), Math.round(y)]);
      const ring = quantised.filter((q, i) => q[0] !== quantised.at(i - 1)[0] || q[1] !== quantised.at(i - 1)[1]);
      // An island smaller than a grid step has no area left: it goes, and so does one (or a
      // lake) smaller than `smallest` square pixels at `zoom`.
      const steps = Math.abs(area(ring)) / 2;
      return steps === 0 || steps * scale * scale < smallest ? [] : ring;
    });
    const tangled = untangle ? tangledRings(rings, (r) => (flat[r].k > 0 ? r - flat[r].k : -1)) : new Set();
    if (tangled.size === 0) break;
    if (round > 12) throw new Error(`Land rings ${[...tangled]} stay tangled; use a finer grid.`);
    for (const r of tangled) tolerances[r] /= 2;
  }
  const polygons = [];
  flat.forEach(({ p }, r) => (polygons[p] ??= []).push(rings[r]));
  return polygons.filter((polygon) => polygon[0].length > 0).map((polygon) => polygon.filter((ring) => ring.length > 0));
}

/** Twice a ring's signed area (shoelace). */
function area(ring) {
  return ring.reduce((sum, [x, y], i) => {
    const [nx, ny] = ring[(i + 1) % ring.length];
    return sum + x * ny - nx * y;
  }, 0);
}

// Numbers are written base 16 with the last digit below 48 (so a step of less than 24 grid
// steps, two thirds of them, is one character) in LAND_DIGITS: the 64 characters minified
// JavaScript uses most, most used first, without quotes, backslash, space and `!`. The map
// chunk is gzipped whole and deflate's blocks give Leaflet's code and the outline one Huffman
// code, so digits that are the code's common characters compress better in the chunk than
// characters 63 to 126, though alone both compress the same. Tried too: the five-bit groups of
// encoded polylines (one character only for steps below 16), larger; 91 characters, no better;
// steps predicted from the step before, a higher entropy.
const LAND_DIGITS = 'teino.rsa,()hlcu=dmf_p:gv{}&;y-b0xw|[]TPL+z1M?kZCAESBOI2/ND<R*j>';
const LAST_DIGITS = 48;
const DIGIT_BASE = 16;

/** Integers as text: each zigzag-encoded (0, -1, 1, -2 … as 0, 1, 2, 3 …), low digits first. */
export function packNumbers(numbers) {
  let text = '';
  for (const number of numbers) {
    let value = number < 0 ? -2 * number - 1 : 2 * number;
    while (value >= LAST_DIGITS) {
      text += LAND_DIGITS[LAST_DIGITS + (value % DIGIT_BASE)];
      value = Math.floor(value / DIGIT_BASE);
    }
    text += LAND_DIGITS[value];
  }
  return text;
}

/**
 * Polygons of rings of grid points as text: polygons separated by spaces, a polygon's holes
 * after a `!`; every point is its step from the point before (the previous ring's last point
 * for a ring's first); packages/core/src/map/packed-land.ts reads it back with `landDigits`.
 */
export function packLand(polygons) {
  let x = 0;
  let y = 0;
  return polygons
    .map((rings) =>
      rings
        .map((ring) =>
          packNumbers(
            ring.flatMap(([px, py]) => {
              const step = [px - x, py - y];
              [x, y] = [px, py];
              return step;
            }),
          ),
        )
        .join('!'),
    )
    .join(' ');
}

function landModule() {
  const source = JSON.parse(readFileSync(require.resolve('world-atlas/land-110m.json'), 'utf8'));
  if (source.type !== 'Topology' || !source.transform || !source.objects?.land)
    throw new Error('world-atlas land-110m.json changed shape.');
  return [
    `// Generated by scripts/generate-map-assets.mjs from world-atlas ${versionOf('world-atlas')} land-110m.json`,
    '// (Natural Earth, public domain; packaging ISC, © Michael Bostock). Do not edit; rerun the script after upgrading.',
    '',
    `/** Steps of the Web Mercator grid the land is quantised on, across the world. */`,
    `export const landGrid = ${2 ** LAND_GRID_BITS};`,
    '/** The characters the packed land writes its digits in, digit 0 first. */',
    `export const landDigits = ${JSON.stringify(LAND_DIGITS)};`,
    '/** The land outline packed as text (see packed-land.ts). */',
    `export const packedLand = ${JSON.stringify(packLand(landPolygons(source)))};`,
    '',
  ].join('\n');
}

// The finer outlines, drawn instead of the 1:110m one when the map is zoomed in: OpenStreetMap's
// land (from @geo-maps/earth-lands-1km, its coast kept to within a kilometre), simplified for
// the closest zoom of each level, cut into tiles (a zoom `tileZoom` tile of the world each) that
// the map imports for the part of the world in view (land-layer.ts). Why these numbers:
// - The 1:110m outline keeps every port of the demo and the fixtures on land or within 2 px of
//   its coast up to zoom 2.75 (Shanghai's port is 2.3 px off at 3, Hamad, Doha's airport, 2.1 at
//   4); test/packages/core/map/land-coasts.test.ts checks each outline at each zoom it is drawn at.
// - Natural Earth was not enough. 1:50m leaves Le Havre, Incheon's airport (reclaimed land), Laem
//   Chabang and Nhava Sheva 5 to 35 px off its coast at zoom 8; 1:10m held to zoom 7 but not 8
//   (Hong Kong's airport, Le Havre and Yantian 2.2 to 3.9 px off), and no Natural Earth outline
//   has Yangshan's islands, where Shanghai's port is, 30 km offshore (50 px off at zoom 8).
//   OpenStreetMap's land has them all, so the map goes to zoom 8 over its own land, as before
//   the outline was drawn from data. Its attribution is then due (tracker-route-map.ts).
// - At 1 km the source is too coarse to simplify much at zooms 6 to 8, so one level, simplified
//   at 0.75 px at zoom 8, serves 5.25 to 8; a second one, at 1.5 px at zoom 5 (zoom-2 tiles, a
//   quarter of the world each way), spares a view at zoom 3 or 4, a third of the world across,
//   that detail. Yangshan is a square pixel at zoom 5: islands of less than a quarter of one go
//   at that level, of less than one at zoom 8 at the finer.
// - The finer level is cut in zoom-4 tiles, a sixteenth of the world each way: the view and the
//   half view round it that land-fine.ts loads span three or four each way at 5.25, one or two
//   at 8. In zoom-3 tiles a view of a demo port at 8 loaded three times the bytes at the median
//   (the tile of China's coast down to the Philippines alone holds a tenth of the level).
// - Rings are not untangled (see tangledRings) at these tolerances: what simplification moves is
//   under a pixel or two, and the source's own rings touch, which no halving undoes.
// - Grids of half a pixel at each level's closest zoom (2^14 at 5, 2^17 at 8).
const FINE_LAND = [
  { name: 'mid', source: 'openStreetMap', above: 2.75, upTo: 5, gridBits: 14, tolerance: 1.5, tileZoom: 2, smallest: 0.25 },
  { name: 'fine', source: 'openStreetMap', above: 5, upTo: 8, gridBits: 17, tolerance: 0.75, tileZoom: 4, smallest: 1 },
];

/** Where segment pq crosses the line where coordinate `axis` is `bound`, the same whichever way it is walked. */
function crossing(p, q, axis, bound) {
  const [a, b] = p[axis] < q[axis] ? [p, q] : [q, p];
  const other = a[1 - axis] + ((bound - a[axis]) * (b[1 - axis] - a[1 - axis])) / (b[axis] - a[axis]);
  return axis === 0 ? [bound, Math.round(other)] : [Math.round(other), bound];
}

/**
 * A ring clipped to a box `[x0, y0, x1, y1]` (Sutherland–Hodgman): the parts outside are
 * replaced by the box's edges, which tiles beside it share, so the tiles drawn together fill
 * the same land as the ring.
 */
export function clipRing(ring, [x0, y0, x1, y1]) {
  let points = ring;
  for (const [axis, bound, below] of [
    [0, x0, false],
    [0, x1, true],
    [1, y0, false],
    [1, y1, true],
  ]) {
    const inside = (p) => (below ? p[axis] <= bound : p[axis] >= bound);
    const clipped = [];
    points.forEach((p, i) => {
      const q = points[(i + 1) % points.length];
      if (inside(p)) clipped.push(p);
      if (inside(p) !== inside(q)) clipped.push(crossing(p, q, axis, bound));
    });
    points = clipped;
  }
  const ring2 = points.filter((p, i) => p[0] !== points.at(i - 1)[0] || p[1] !== points.at(i - 1)[1]);
  return ring2.length >= 3 && area(ring2) !== 0 ? ring2 : [];
}

/** A level's tiles: `x-y` of each zoom-`tileZoom` tile with land, and the polygons clipped to it. */
export function landTiles(source, { gridBits, tolerance, upTo, tileZoom, smallest }) {
  const size = 2 ** gridBits;
  const count = 2 ** tileZoom;
  const step = size / count;
  const tiles = new Map();
  for (const polygon of landPolygons(source, { gridBits, tolerance, zoom: upTo, untangle: false, smallest })) {
    const [x0, y0, x1, y1] = boxOf(polygon[0]);
    const [tx0, tx1] = [x0, x1].map((x) => Math.max(0, Math.min(count - 1, Math.floor(x / step))));
    const [ty0, ty1] = [y0, y1].map((y) => Math.max(0, Math.min(count - 1, Math.floor(y / step))));
    for (let tx = tx0; tx <= tx1; tx++) {
      for (let ty = ty0; ty <= ty1; ty++) {
        // The outer tiles reach past the grid: Antarctica closes a little beyond the map's edge.
        const box = [tx * step, ty === 0 ? -size : ty * step, (tx + 1) * step, ty === count - 1 ? 2 * size : (ty + 1) * step];
        const rings = polygon.map((ring) => clipRing(ring, box));
        if (rings[0].length === 0) continue;
        const key = `${tx}-${ty}`;
        if (!tiles.has(key)) tiles.set(key, []);
        tiles.get(key).push(rings.filter((ring) => ring.length > 0));
      }
    }
  }
  return new Map([...tiles].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
}

// OpenStreetMap's land has its lakes as holes, Natural Earth's only the Caspian Sea: the
// outline keeps the holes of at least SEA_AREA square degrees (the Caspian is 44; Lakes Michigan
// and Huron, the largest lake, 14), so that the zoomed-in outline does not show lakes the coarser
// ones have as land. The lakes are most of the source's points. Then the shapes that lie on land
// the others paint go: the islands in the lakes filled (and theirs in turn), and specks of the
// source over land (lakes too small for its resolution with their islands left); the even-odd
// basemap would paint each as a hole in the land.
const SEA_AREA = 20;
// The latitude bands, in degrees, that ringIndex files edges by: narrow, so that a test reads few
// of a continent's edges (with bands of a quarter of a degree the tests took most of the
// generator's time).
const BAND = 0.05;

/** A ring's bounding box `[x0, y0, x1, y1]`. */
function boxOf(ring) {
  return ring.reduce(
    ([x0, y0, x1, y1], [x, y]) => [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
}

/**
 * The rings of `rings` (in degrees) that hold a point, by index: the rings filed by the whole
 * degrees their boxes cover, their edges by latitude band, so that each test reads only the
 * edges that can cross the point's parallel.
 */
function ringIndex(rings) {
  const file = (map, key, value) => (map.get(key) ?? map.set(key, []).get(key)).push(value);
  const cells = new Map();
  const bands = rings.map((ring, r) => {
    const [x0, y0, x1, y1] = boxOf(ring);
    for (let x = Math.floor(x0); x <= Math.floor(x1); x++)
      for (let y = Math.floor(y0); y <= Math.floor(y1); y++) file(cells, `${x},${y}`, r);
    const byBand = new Map();
    ring.forEach(([, ay], i) => {
      const by = ring[(i + 1) % ring.length][1];
      for (let band = Math.floor(Math.min(ay, by) / BAND); band <= Math.floor(Math.max(ay, by) / BAND); band++) file(byBand, band, i);
    });
    return byBand;
  });
  return ([x, y]) =>
    (cells.get(`${Math.floor(x)},${Math.floor(y)}`) ?? []).filter((r) => {
      const ring = rings[r];
      let odd = false;
      for (const i of bands[r].get(Math.floor(y / BAND)) ?? []) {
        const [ax, ay] = ring[i];
        const [bx, by] = ring[(i + 1) % ring.length];
        if (ay > y !== by > y && x < ax + ((y - ay) * (bx - ax)) / (by - ay)) odd = !odd;
      }
      return odd;
    });
}

/** Shapes without their holes smaller than SEA_AREA, nor the shapes then on land the others paint. */
export function withoutLakes(shapes) {
  const kept = shapes.map(([outer, ...holes]) => [outer, ...holes.filter((hole) => Math.abs(area(hole)) / 2 >= SEA_AREA)]);
  const owner = kept.flatMap((shape, s) => shape.map(() => s));
  const holders = ringIndex(kept.flat());
  // The other shapes' rings under each shape's first three points: a shape that touches another's
  // coast (cut at the antimeridian, or an island at a river mouth) has points that are not.
  const under = kept.map(([outer], s) => outer.slice(0, 3).map((point) => holders(point).filter((r) => owner[r] !== s)));
  // A shape goes when the others left paint land under all three; once it has gone, the islands
  // in its lakes may be on land in turn.
  const gone = new Set();
  for (let round = new Set([0]); round.size > 0;) {
    round = new Set(
      under.flatMap((points, s) =>
        !gone.has(s) && points.every((rings) => rings.filter((r) => !gone.has(owner[r])).length % 2 === 1) ? [s] : [],
      ),
    );
    for (const s of round) gone.add(s);
  }
  return kept.filter((_, s) => !gone.has(s));
}

// The finer outlines' sources, each read once however many levels use it.
const LAND_SOURCES = {
  openStreetMap: {
    /** The file the tiles come from, and whose data it is under which licence. */
    credit: () => [
      `@geo-maps/earth-lands-1km ${versionOf('@geo-maps/earth-lands-1km')} map.geo.json`,
      '(© OpenStreetMap contributors, ODbL 1.0; code MIT, © Simone Primarosa).',
    ],
    read() {
      const geoJson = JSON.parse(readFileSync(require.resolve('@geo-maps/earth-lands-1km/map.geo.json'), 'utf8'));
      const shapes = withoutLakes(geoJsonShapes(geoJson));
      if (shapes.length === 0) throw new Error('@geo-maps/earth-lands-1km map.geo.json changed shape.');
      return shapes;
    },
  },
};
const sourceShapes = new Map();
const readSource = (name) => sourceShapes.get(name) ?? sourceShapes.set(name, LAND_SOURCES[name].read()).get(name);
const credits = new Map();
const creditOf = (name) => credits.get(name) ?? credits.set(name, LAND_SOURCES[name].credit()).get(name);
const fineHeader = (source, what) => {
  const [file, licence] = creditOf(source);
  return [
    `// Generated by scripts/generate-map-assets.mjs from ${file}`,
    `// ${licence} Do not edit; rerun the script after upgrading.`,
    `// ${what}`,
  ];
};

/** The finer outlines' modules: [name, text] of land-tiles.generated.ts and of each tile in land/. */
function fineLandModules() {
  const files = [];
  const levels = FINE_LAND.map((level) => {
    const tiles = landTiles(readSource(level.source), level);
    const loaders = [...tiles].map(([key, polygons]) => {
      const name = `land/${level.name}-${key}.generated.ts`;
      files.push([
        name,
        [
          ...fineHeader(level.source, `The land in tile ${key} of zoom ${level.tileZoom}, packed as packed-land.ts reads it.`),
          `export const packedLand = ${JSON.stringify(packLand(polygons))};`,
          '',
        ].join('\n'),
      ]);
      return `    '${key}': () => import('./${name.replace(/\.ts$/, '.js')}'),`;
    });
    return [
      '  {',
      `    grid: ${2 ** level.gridBits},`,
      `    tileZoom: ${level.tileZoom},`,
      '    tiles: {',
      ...loaders.map((line) => `  ${line}`),
      '    },',
      '  },',
    ];
  });
  const sources = [...new Set(FINE_LAND.map((level) => level.source))];
  const index = [
    '// Generated by scripts/generate-map-assets.mjs. Do not edit; change FINE_LAND there. The tiles are from',
    ...sources.flatMap((source) => creditOf(source).map((line, n) => `//${n === 0 ? ' ' : '   '}${line}`)),
    '// The finer outlines, a level for each range of zooms in landZooms, each tile a module imported when needed.',
    '',
    "import type { LandLevel } from './land-levels.js';",
    '',
    'export const landLevels: readonly LandLevel[] = [',
    ...levels.flat(),
    '];',
    '',
  ].join('\n');
  return [['land-tiles.generated.ts', index], ...files];
}

function landZoomsModule() {
  return [
    '// Generated by scripts/generate-map-assets.mjs. Do not edit; change FINE_LAND there.',
    '',
    '/** The closest zoom the coarse outline is drawn at, then the closest of each finer level (land-tiles.generated.ts). */',
    `export const landZooms: readonly number[] = [${[FINE_LAND[0].above, ...FINE_LAND.map((level) => level.upTo)].join(', ')}];`,
    '',
  ].join('\n');
}

const modules = [
  ['leaflet-css.generated.ts', leafletCssModule],
  ['leaflet-tile-css.generated.ts', leafletTileCssModule],
  ['land-110m.generated.ts', landModule],
  ['land-zooms.generated.ts', landZoomsModule],
];

/** Every generated module as [name relative to the map folder, text]. */
function generatedModules() {
  return [...modules.map(([name, build]) => [name, build()]), ...fineLandModules()];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  let stale = 0;
  const generated = generatedModules();
  const tileDir = fileURLToPath(new URL('land/', mapDir));
  mkdirSync(tileDir, { recursive: true });
  // A tile the outline no longer has would stay in the package otherwise.
  for (const file of readdirSync(tileDir)) {
    if (generated.some(([name]) => name === `land/${file}`)) continue;
    if (check) {
      console.error(`${tileDir}${file} is no longer generated; run node scripts/generate-map-assets.mjs`);
      stale++;
    } else rmSync(`${tileDir}${file}`);
  }
  for (const [name, text] of generated) {
    const path = fileURLToPath(new URL(name, mapDir));
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
