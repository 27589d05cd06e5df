// npm run bench times the land outline's decoding (a figure to read; no test asserts a time).
// Checked here: that it times the whole decode, of every point, and prints the figure.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeLand, landDecodeReport, landDecodeTimings } from '../../../scripts/bench/land-decode.mjs';
import { gridLngLat, unpackLand } from '../../../packages/core/src/map/packed-land.js';
import { landDigits, landGrid, packedLand } from '../../../packages/core/src/map/land-110m.generated.js';

describe('land-decode (bench)', () => {
  it('decodes the outline the map ships, to longitude and latitude', () => {
    const decoded = decodeLand();
    assert.deepEqual(
      decoded,
      unpackLand(packedLand, landDigits).map((rings) => rings.map((ring) => ring.map((point) => gridLngLat(point, landGrid)))),
    );
    assert.ok(
      decoded.flatMap((rings) => rings.flat()).every(([lng, lat]) => Math.abs(lng) <= 180 && Math.abs(lat) <= 90),
      'every point is a longitude and a latitude',
    );
  });

  it('reports the median of the runs asked for, over every point', () => {
    const timings = landDecodeTimings(3);
    assert.equal(timings.runs, 3);
    assert.equal(timings.points, decodeLand().flat(2).length);
    assert.ok(Number.isFinite(timings.median) && timings.median >= 0);
    const [title, figure] = landDecodeReport({ median: 1.234, runs: 15, points: 3031 });
    assert.equal(title, 'Land outline decoded in Node (packed text → 3,031 longitude/latitude points), median of 15');
    assert.match(figure!, /unpackLand \+ gridLngLat\s+1\.23 ms$/);
  });
});
