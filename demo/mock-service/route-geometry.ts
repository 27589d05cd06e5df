/**
 * Just enough geometry to put a vessel or aircraft on its drawn route at the right progress,
 * so the position moves between page loads. Paths are GeoJSON `[lon, lat]` pairs and may jump
 * across the antimeridian (179.6 → -179.4); distances unwrap that jump instead of spanning the globe.
 */

export type LonLat = readonly [number, number];

export interface LineString {
  readonly type: 'LineString';
  readonly coordinates: readonly LonLat[];
}

export const lineString = (coordinates: readonly LonLat[]): LineString => ({
  type: 'LineString',
  coordinates,
});

/** Longitude difference taking the short way round, so the antimeridian jump is a small step. */
function lonDelta(from: number, to: number): number {
  let delta = to - from;
  if (delta > 180) delta -= 360;
  if (delta < -180) delta += 360;
  return delta;
}

function stepLength(a: LonLat, b: LonLat): number {
  const midLat = ((a[1] + b[1]) / 2) * (Math.PI / 180);
  const dx = lonDelta(a[0], b[0]) * Math.cos(midLat);
  const dy = b[1] - a[1];
  return Math.hypot(dx, dy);
}

const wrapLon = (lon: number): number => ((((lon + 180) % 360) + 360) % 360) - 180;
const round = (value: number, digits: number): number => Number(value.toFixed(digits));

export interface PointOnPath {
  readonly lat: number;
  readonly lon: number;
  /** Initial bearing of the step the point lies on, 0–359, clockwise from north. */
  readonly courseDeg: number;
}

/** The point `fraction` (0–1) of the way along `path`, with the heading of the leg it is on. */
export function pointAlong(path: LineString, fraction: number): PointOnPath {
  const points = path.coordinates;
  const first = points[0];
  if (!first) throw new Error('Empty path');
  const steps = points.slice(1).map((point, i) => stepLength(points[i] ?? first, point));
  const total = steps.reduce((sum, length) => sum + length, 0);
  let remaining = Math.min(Math.max(fraction, 0), 1) * total;
  for (let i = 0; i < steps.length; i++) {
    const length = steps[i] ?? 0;
    const a = points[i] ?? first;
    const b = points[i + 1] ?? a;
    if (remaining <= length || i === steps.length - 1) {
      const t = length === 0 ? 0 : Math.min(remaining / length, 1);
      const lon = wrapLon(a[0] + lonDelta(a[0], b[0]) * t);
      const lat = a[1] + (b[1] - a[1]) * t;
      return { lat: round(lat, 4), lon: round(lon, 4), courseDeg: bearing(a, b) };
    }
    remaining -= length;
  }
  return { lat: first[1], lon: first[0], courseDeg: 0 };
}

function bearing(a: LonLat, b: LonLat): number {
  const toRad = Math.PI / 180;
  const lat1 = a[1] * toRad;
  const lat2 = b[1] * toRad;
  const dLon = lonDelta(a[0], b[0]) * toRad;
  const y = Math.sin(dLon) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLon);
  return Math.round((Math.atan2(y, x) / toRad + 360) % 360);
}

/** Straight-ish line between two points, dense enough to draw as a great-circle-looking arc. */
export function arcBetween(from: LonLat, to: LonLat, steps = 24): LineString {
  const coordinates: LonLat[] = [];
  const dLon = lonDelta(from[0], to[0]);
  // A gentle bulge toward the pole mimics the great-circle look of a flight path on a Mercator map.
  const bulge = Math.min(Math.hypot(dLon, to[1] - from[1]) / 12, 6) * (from[1] + to[1] >= 0 ? 1 : -1);
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const lon = wrapLon(from[0] + dLon * t);
    const lat = from[1] + (to[1] - from[1]) * t + Math.sin(Math.PI * t) * bulge;
    coordinates.push([round(lon, 4), round(lat, 4)]);
  }
  return lineString(coordinates);
}
