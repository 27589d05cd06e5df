// The finer land's source, OpenStreetMap's (scripts/generate-map-assets.mjs): read from GeoJSON,
// its lakes filled as the coarser outlines have them, and nothing left that the even-odd basemap
// would paint as water inside the land.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain ES module script without declarations
import * as generator from '../../../../scripts/generate-map-assets.mjs';

type Point = [number, number];
type Shape = Point[][];
const { geoJsonShapes, withoutLakes } = generator as {
  geoJsonShapes: (geoJson: unknown) => Shape[];
  withoutLakes: (shapes: Shape[]) => Shape[];
};

/** A square ring, counter-clockwise, without its closing point. */
const square = (x: number, y: number, size: number): Point[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
];

describe('the finer land’s source', () => {
  it('reads GeoJSON polygons and multipolygons as rings without their closing points', () => {
    const ring = [...square(0, 0, 1), [0, 0] as Point];
    const shapes = geoJsonShapes({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', coordinates: [ring] },
        { type: 'MultiPolygon', coordinates: [[ring], [ring, ring]] },
        { type: 'LineString', coordinates: ring },
      ],
    });
    assert.deepEqual(shapes, [[square(0, 0, 1)], [square(0, 0, 1)], [square(0, 0, 1), square(0, 0, 1)]]);
  });

  it('fills lakes, drops what lies on the land then, keeps seas and the islands in them', () => {
    const lake = square(2, 2, 1);
    const sea = square(20, 20, 6);
    const continent: Shape = [square(0, 0, 40), lake, sea];
    const islandInLake = [square(2.2, 2.2, 0.5)];
    // An island in a lake of the island in the lake: on land once both lakes are filled.
    const islandInLakeOfIsland: Shape = [square(2.3, 2.3, 0.3), square(2.35, 2.35, 0.2)];
    const innermost = [square(2.4, 2.4, 0.1)];
    const speck = [square(10, 10, 0.01)];
    const islandInSea = [square(22, 22, 1)];
    const offshore = [square(50, 50, 1)];
    // Touches the continent's coast at a corner: two of its first three points are in the sea.
    const touching: Shape = [
      [
        [40, 40],
        [41, 40],
        [41, 41],
        [40, 41],
      ],
    ];
    const kept = withoutLakes([continent, islandInLake, islandInLakeOfIsland, innermost, speck, islandInSea, offshore, touching]);
    assert.deepEqual(kept, [[square(0, 0, 40), sea], islandInSea, offshore, touching]);
  });
});
