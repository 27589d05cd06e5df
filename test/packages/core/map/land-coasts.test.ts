// Issue 28: at every zoom the map allows over its own land, every port and airport of the demo
// and the fixtures lies on land or within 2 px of the coast of the outline drawn at that zoom
// (the 1:110m outline at first, then the finer levels' tiles: land-levels.ts says which).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { airports, ports } from '../../../../demo/mock-service/places.js';
import { loadFixture } from '../../../fixtures/load-fixture.js';
import { unpackLand } from '../../../../packages/core/src/map/packed-land.js';
import { landDigits, landGrid, packedLand } from '../../../../packages/core/src/map/land-110m.generated.js';
import { landLevels } from '../../../../packages/core/src/map/land-tiles.generated.js';
import { LAND_MAX_ZOOM, landLevelAt } from '../../../../packages/core/src/map/land-levels.js';

type Point = [number, number];
interface Place {
  /** The UN/LOCODE or IATA code. */
  readonly code: string;
  readonly name: string;
  readonly from: string;
  readonly lng: number;
  readonly lat: number;
}

/** The closest a port may lie off the drawn coast, in pixels. */
const REACH_PX = 2;
/** The zoom steps the map snaps to (leaflet-route-map.ts's zoomSnap). */
const ZOOM_STEP = 0.25;

/** The closest zoom the map allowed before the outline work: the outline must hold there too. */
const MAP_MAX_ZOOM = 8;

function places(): Place[] {
  const found: Place[] = [
    ...Object.values(ports).map((p) => ({ code: p.locode, name: p.name, from: 'demo ports', lng: p.lon, lat: p.lat })),
    ...Object.values(airports).map((a) => ({ code: a.iata, name: a.name, from: 'demo airports', lng: a.lon, lat: a.lat })),
  ];
  const dir = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const document = loadFixture(file) as { locations?: unknown; airports?: unknown };
    const listed = [document.locations, document.airports].flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []));
    for (const entry of listed) {
      const { name, iata, locode, lat, lon } = (entry ?? {}) as Record<string, unknown>;
      // What the map would draw: a place with a usable position (the out-of-range fixture's others are dropped).
      if (typeof lat !== 'number' || typeof lon !== 'number' || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) continue;
      found.push({ code: String(locode ?? iata), name: String(name), from: file, lng: lon, lat });
    }
  }
  return found;
}

/** Web Mercator on a grid `grid` steps across the world, origin top left (as the outlines are stored). */
function project(lng: number, lat: number, grid: number): Point {
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return [((lng + 180) / 360) * grid, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * grid];
}

function insideEvenOdd(rings: readonly Point[][], [x, y]: Point): boolean {
  let odd = false;
  for (const ring of rings) {
    ring.forEach(([ax, ay], i) => {
      const [bx, by] = ring[(i + 1) % ring.length]!;
      if (ay > y !== by > y && x < ax + ((y - ay) * (bx - ax)) / (by - ay)) odd = !odd;
    });
  }
  return odd;
}

function segmentDistance([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const [dx, dy] = [bx - ax, by - ay];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(ax + t * dx - px, ay + t * dy - py);
}

/** How far off an outline's coast a point lies, in grid steps: 0 on land. `skip` leaves out edges that are no coast. */
function offCoast(rings: readonly Point[][], point: Point, skip: (a: Point, b: Point) => boolean = () => false): number {
  if (insideEvenOdd(rings, point)) return 0;
  let best = Infinity;
  for (const ring of rings) {
    ring.forEach((a, i) => {
      const b = ring[(i + 1) % ring.length]!;
      if (!skip(a, b)) best = Math.min(best, segmentDistance(point, a, b));
    });
  }
  return best;
}

const coarse = unpackLand(packedLand, landDigits).flat();
const tileRings = new Map<string, Point[][]>();

/** How far off the coast of the outline drawn at `level` a place lies, in that outline's grid steps, and the grid. */
async function distance(place: Place, level: number): Promise<{ steps: number; grid: number }> {
  if (level < 0) return { steps: offCoast(coarse, project(place.lng, place.lat, landGrid)), grid: landGrid };
  const { grid, tileZoom, tiles } = landLevels[level]!;
  const count = 2 ** tileZoom;
  const step = grid / count;
  const point = project(place.lng, place.lat, grid);
  const [tx, ty] = [Math.min(count - 1, Math.floor(point[0] / step)), Math.min(count - 1, Math.floor(point[1] / step))];
  // The tile holding the place decides land or sea (the tiles do not overlap); its neighbours
  // hold coast that may be nearer. Edges along a tile's border are where it was cut, not coast.
  const around: Point[][] = [];
  let own: Point[][] = [];
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      const [x, y] = [(((tx + dx) % count) + count) % count, ty + dy];
      const key = `${x}-${y}`;
      if (y < 0 || y >= count || !tiles[key]) continue;
      const id = `${level}/${key}`;
      if (!tileRings.has(id)) tileRings.set(id, unpackLand((await tiles[key]()).packedLand, landDigits).flat());
      const shift = (tx + dx - x) * grid;
      const rings = tileRings.get(id)!.map((ring) => ring.map(([px, py]): Point => [px + shift, py]));
      around.push(...rings);
      if (dx === 0 && dy === 0) own = rings;
    }
  }
  const onBorder = (a: Point, b: Point): boolean => (a[0] === b[0] && a[0] % step === 0) || (a[1] === b[1] && a[1] % step === 0);
  if (insideEvenOdd(own, point)) return { steps: 0, grid };
  return { steps: offCoast(around, point, onBorder), grid };
}

/** Every zoom the map allows over its own land, by its snap, and every zoom to MAP_MAX_ZOOM. */
const zooms = Array.from({ length: Math.max(LAND_MAX_ZOOM, MAP_MAX_ZOOM) / ZOOM_STEP + 1 }, (_, i) => i * ZOOM_STEP);

/** The level drawn at `zoom`; past LAND_MAX_ZOOM, the finest, as the map would draw it were it allowed closer. */
const levelAt = (zoom: number): number => (zoom > LAND_MAX_ZOOM ? landLevels.length - 1 : landLevelAt(zoom));

/** Each place's distance off the drawn coast, in pixels, at every zoom. */
async function offCoastAtEveryZoom(): Promise<Array<{ place: Place; zoom: number; px: number }>> {
  const found: Array<{ place: Place; zoom: number; px: number }> = [];
  for (const place of places()) {
    const byLevel = new Map<number, { steps: number; grid: number }>();
    for (const zoom of zooms) {
      const level = levelAt(zoom);
      if (!byLevel.has(level)) byLevel.set(level, await distance(place, level));
      const { steps, grid } = byLevel.get(level)!;
      found.push({ place, zoom, px: (steps * 256 * 2 ** zoom) / grid });
    }
  }
  return found;
}

describe('the land outline at every zoom the map allows', () => {
  it(`lets the map zoom to ${MAP_MAX_ZOOM} over its own land, as before the finer outlines`, () => {
    assert.equal(LAND_MAX_ZOOM, MAP_MAX_ZOOM);
  });

  it('keeps every port and airport of the demo and the fixtures on land or within 2 px of the coast', async () => {
    const all = await offCoastAtEveryZoom();
    assert.ok(new Set(all.map(({ place }) => place.from)).size > 15, 'the demo and most fixtures have places');
    assert.ok(
      all.some(({ place }) => place.code === 'CNSHA'),
      'Shanghai, whose port is on islands offshore, is among them',
    );
    const off = all.filter(({ px }) => px > REACH_PX);
    assert.deepEqual(
      off.map(({ place, zoom, px }) => `${place.name} (${place.code}, ${place.from}) at zoom ${zoom}: ${px.toFixed(1)} px off the coast`),
      [],
    );
  });

  it('measures a place in the sea as off the coast, and one inland as on land', async () => {
    const [sea, inland] = [
      { code: '', name: 'mid-Atlantic', from: 'test', lng: -35, lat: 30 },
      { code: '', name: 'Madrid', from: 'test', lng: -3.7, lat: 40.4 },
    ];
    for (const zoom of [0, 3, 4, 6, LAND_MAX_ZOOM]) {
      const level = levelAt(zoom);
      const far = await distance(sea, level);
      assert.ok((far.steps * 256 * 2 ** zoom) / far.grid > 4 * REACH_PX, `the Atlantic at zoom ${zoom}`);
      assert.equal((await distance(inland, level)).steps, 0, `Madrid at zoom ${zoom}`);
    }
  });
});
