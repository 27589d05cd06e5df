// The land outline ships as packed text: the generator packs it, the map unpacks it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { gridLngLat, unpackLand } from '../../../../packages/core/src/map/packed-land.js';
// @ts-expect-error: a plain ES module script without declarations
import * as generator from '../../../../scripts/generate-map-assets.mjs';
import { landDigits, landGrid, packedLand } from '../../../../packages/core/src/map/land-110m.generated.js';

type Point = [number, number];
const { landPolygons, mercator, packLand, tangledRings } = generator as {
  landPolygons: (topology: unknown) => Point[][][];
  mercator: (lngLat: Point, size: number) => Point;
  packLand: (polygons: Point[][][]) => string;
  tangledRings: (rings: Point[][], holeOf: (ring: number) => number) => Set<number>;
};

const source = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('world-atlas/land-110m.json'), 'utf8')) as {
  objects: { land: { geometries: Array<{ arcs: number[][][] }> } };
};
const shipped = unpackLand(packedLand, landDigits);
const lngLat = shipped.map((rings) => rings.map((ring) => ring.map((point) => gridLngLat(point, landGrid))));

/** Whether a point is land as the basemap paints it: one even-odd path of every ring. */
function isLand([lng, lat]: Point): boolean {
  let odd = false;
  for (const ring of lngLat.flat()) {
    ring.forEach(([ax, ay], i) => {
      const [bx, by] = ring[(i + 1) % ring.length]!;
      if (ay > lat !== by > lat && lng < ax + ((lat - ay) * (bx - ax)) / (by - ay)) odd = !odd;
    });
  }
  return odd;
}

describe('packed land', () => {
  it('reads back any polygons the generator packs, negative and large steps included', () => {
    const coordinate = fc.integer({ min: -(2 ** 20), max: 2 ** 20 });
    const ring = fc.array(fc.tuple(coordinate, coordinate), { minLength: 1, maxLength: 30 });
    const polygons = fc.array(fc.array(ring, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(polygons, (value) => {
        assert.deepEqual(unpackLand(packLand(value), landDigits), value);
      }),
    );
  });

  it('turns grid points back into the longitudes and latitudes the generator projected', () => {
    const lng = fc.double({ min: -180, max: 180, noNaN: true });
    const lat = fc.double({ min: -85, max: 85, noNaN: true });
    fc.assert(
      fc.property(lng, lat, (x, y) => {
        const [back, up] = gridLngLat(mercator([x, y], landGrid), landGrid);
        assert.ok(Math.abs(back - x) < 1e-9 && Math.abs(up - y) < 1e-9, `${x},${y} came back as ${back},${up}`);
      }),
    );
  });

  it('is the shipped module the generator writes today', () => {
    assert.equal(packedLand, packLand(landPolygons(source)));
  });

  it("keeps every one of the source's polygons, those cut at the antimeridian as two", () => {
    const sourcePolygons = source.objects.land.geometries.flatMap((geometry) => geometry.arcs);
    assert.equal(sourcePolygons.length, 125);
    // Chukotka with Eurasia, and Vanua Levu, cross ±180°: each ships as two polygons.
    assert.equal(shipped.length, 127);
    assert.equal(shipped.flat().length, 128, 'the Caspian Sea stays a hole in Eurasia');
    for (const ring of shipped.flat()) assert.ok(ring.length >= 3, `a ring of ${ring.length} points`);
  });

  it('keeps the islands a route passes, small but there', () => {
    const islands: Record<string, Point> = {
      'Great Britain': [-1.5, 52.5],
      Ireland: [-8, 53.3],
      Iceland: [-18.5, 64.9],
      Honshu: [138.5, 36.3],
      Hokkaido: [142.8, 43.4],
      Kyushu: [131, 32.6],
      Taiwan: [121, 23.7],
      'Sri Lanka': [80.7, 7.8],
      Sumatra: [102, -1],
      Java: [110, -7.3],
      Madagascar: [46.8, -19],
      Cuba: [-79.5, 22],
      "Hawai'i": [-155.5, 19.6],
      'North Island': [175.5, -38.5],
      'South Island': [170.5, -44],
      Antarctica: [0, -80],
      // Closed along the map's bottom edge, no longer along its own coast's ends at 84.5°S.
      'Antarctica at the map’s edge': [60, -85],
    };
    const lost = Object.entries(islands).filter(([, point]) => !isLand(point));
    assert.deepEqual(
      lost.map(([name]) => name),
      [],
    );
  });

  it('leaves the seas open, the band of land round the world at 65–69°N gone', () => {
    const seas: Record<string, Point> = {
      'North Sea': [3, 56],
      'Strait of Malacca': [99.5, 4.5],
      'Gulf of Panama': [-79.5, 8.3],
      'Caspian Sea': [50.5, 42],
      // Drawn as it was, the ring of Eurasia with Chukotka jumped 360° at the antimeridian and
      // painted 65–69°N land all round the world, the Denmark Strait and Bering Strait included.
      'Denmark Strait': [-27, 67],
      'Norwegian Sea': [2, 67],
      'Bering Strait': [-169, 66],
      // And Fiji's ring did the same at 16°S.
      'South Pacific': [-140, -16.3],
    };
    const filled = Object.entries(seas).filter(([, point]) => isLand(point));
    assert.deepEqual(
      filled.map(([name]) => name),
      [],
    );
  });

  it('finds the rings that would paint holes: a bow tie, an island over a coast, one inside another', () => {
    const square: Point[] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    const bowTie: Point[] = [
      [20, 0],
      [30, 10],
      [30, 0],
      [20, 10],
    ];
    const overCoast: Point[] = [
      [8, 4],
      [14, 4],
      [14, 6],
    ];
    const inside: Point[] = [
      [2, 2],
      [4, 2],
      [3, 4],
    ];
    const apart: Point[] = [
      [40, 0],
      [44, 0],
      [42, 3],
    ];
    assert.deepEqual([...tangledRings([square, bowTie, apart], () => -1)], [1]);
    assert.deepEqual([...tangledRings([square, overCoast], () => -1)], [1], 'the smaller of two crossing rings');
    assert.deepEqual([...tangledRings([square, inside], () => -1)], [1]);
    assert.deepEqual([...tangledRings([square, inside], (r) => (r === 1 ? 0 : -1))], [], 'a hole of its outer ring');
  });

  it('has no ring that crosses itself or another, nor one inside another but its hole', () => {
    const rings = shipped.flat();
    const outer = shipped.flatMap((polygon, p) => polygon.map(() => shipped.slice(0, p).flat().length));
    const tangled = tangledRings(rings, (r) => (outer[r] === r ? -1 : outer[r]!));
    assert.deepEqual([...tangled], []);
  });
});
