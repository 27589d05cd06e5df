// The land outline's decoding, timed in Node: the packed text of the 1:110m outline unpacked and
// every point turned back into longitude and latitude, as the map does once when it first draws.
// A figure to read, not a test: the test of the same code (test/packages/core/map/packed-land.test.ts)
// checks only what it decodes, since a time measured on a shared machine says nothing alone.
// Needs the TypeScript sources: run with `node --conditions=cargo-trackers-source --import tsx`.
// Usage: as part of npm run bench, or alone:
//   node --conditions=cargo-trackers-source --import tsx scripts/bench/land-decode.mjs [runs]
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { gridLngLat, unpackLand } from '../../packages/core/src/map/packed-land.js';
import { landDigits, landGrid, packedLand } from '../../packages/core/src/map/land-110m.generated.js';
import { median } from './median.mjs';

/** The outline decoded once: its polygons of rings of [longitude, latitude]. */
export function decodeLand() {
  return unpackLand(packedLand, landDigits).map((rings) => rings.map((ring) => ring.map((point) => gridLngLat(point, landGrid))));
}

/** Decodes the outline `runs` times (after one warm-up run); the median time in ms, and the points decoded. */
export function landDecodeTimings(runs = 15) {
  const points = decodeLand().flat(2).length;
  const times = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    decodeLand();
    times.push(performance.now() - start);
  }
  return { median: median(times), runs, points };
}

/** The bench's lines for these timings: a title, then the figure. */
export function landDecodeReport({ median: ms, runs, points }) {
  return [
    `Land outline decoded in Node (packed text → ${points.toLocaleString('en')} longitude/latitude points), median of ${runs}`,
    `   unpackLand + gridLngLat         ${ms.toFixed(2)} ms`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [title, ...lines] = landDecodeReport(landDecodeTimings(Number(process.argv[2]) || 15));
  console.log([title, ...lines].join('\n'));
}
