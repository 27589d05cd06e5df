/**
 * The map's scene of a shipment's route, free of Leaflet so it runs (and is tested) in Node. It
 * loads with the map; what the shipment view itself needs of the route is in ../view/route-facts.ts.
 *
 * The document gives longitudes in [-180, 180]. A route that crosses the antimeridian
 * jumps from 179.x to -179.x; drawn as given, Leaflet would send the line across the
 * whole world. Here every longitude is "unwrapped": shifted by a multiple of 360° so it
 * stays within 180° of the point before it. The whole route (all legs, the ports and the
 * vessel) then lives in one continuous longitude range, which may extend past ±180;
 * the basemap draws its land copies there too.
 */
import type { LatLng, LegState, Place, PlaceRole, Position, Shipment } from '../model/shipment.js';
import { centralAngle, toRadians } from '../view/route-facts.js';

/** A line as the map draws it: longitudes already unwrapped. */
export interface SceneLine {
  readonly state: LegState;
  readonly mode: string;
  readonly latLngs: readonly LatLng[];
  readonly from?: Place;
  readonly to?: Place;
  readonly vehicle?: string;
  /** Of the leg under way, split at the vehicle: the part behind it or the part still ahead. */
  readonly part?: 'travelled' | 'ahead';
}

/** A port or airport marker, at the longitude copy that sits on the drawn route. */
export interface SceneStop {
  readonly place: Place;
  readonly roles: readonly PlaceRole[];
  readonly at: LatLng;
}

/** The vessel or aircraft, at the longitude copy nearest the drawn route. */
export interface ScenePosition {
  readonly position: Position;
  readonly at: LatLng;
  /** Where it points, in degrees from north: the document's heading, else the route's bearing where it is. */
  readonly bearing?: number;
}

export interface GeoBounds {
  readonly south: number;
  readonly west: number;
  readonly north: number;
  readonly east: number;
}

/** Everything the map draws for one shipment. */
export interface RouteScene {
  readonly lines: readonly SceneLine[];
  readonly stops: readonly SceneStop[];
  readonly position?: ScenePosition;
  /** Absent when nothing has coordinates. */
  readonly bounds?: GeoBounds;
}

/** The copy of `lng` (shifted by a multiple of 360°) nearest to `reference`. */
export function alignLongitude(lng: number, reference: number): number {
  return lng + 360 * Math.round((reference - lng) / 360);
}

/**
 * Shifts each point's longitude so consecutive points are at most 180° apart. The first
 * point is aligned to `startReference` when given (to continue a previous leg).
 */
export function unwrapPath(path: readonly LatLng[], startReference?: number): LatLng[] {
  const out: LatLng[] = [];
  let previous = startReference;
  for (const point of path) {
    const lng = previous === undefined ? point.lng : alignLongitude(point.lng, previous);
    out.push({ lat: point.lat, lng });
    previous = lng;
  }
  return out;
}

const toDegrees = (rad: number): number => (rad * 180) / Math.PI;

/**
 * Points along the great circle from `a` to `b`, ends included, roughly one every
 * `stepDeg` degrees of arc. Longitudes come out in [-180, 180]; unwrap them to draw.
 * Coincident or antipodal ends have no single great circle, so they get a straight line.
 */
export function greatCirclePath(a: LatLng, b: LatLng, stepDeg = 2): LatLng[] {
  const angle = centralAngle(a, b);
  if (angle < 1e-9 || Math.PI - angle < 1e-6) return [a, b];
  const steps = Math.min(256, Math.max(2, Math.ceil(toDegrees(angle) / stepDeg)));
  const [lat1, lng1, lat2, lng2] = [toRadians(a.lat), toRadians(a.lng), toRadians(b.lat), toRadians(b.lng)];
  const sinAngle = Math.sin(angle);
  const out: LatLng[] = [a];
  for (let i = 1; i < steps; i++) {
    const f = i / steps;
    const wa = Math.sin((1 - f) * angle) / sinAngle;
    const wb = Math.sin(f * angle) / sinAngle;
    const x = wa * Math.cos(lat1) * Math.cos(lng1) + wb * Math.cos(lat2) * Math.cos(lng2);
    const y = wa * Math.cos(lat1) * Math.sin(lng1) + wb * Math.cos(lat2) * Math.sin(lng2);
    const z = wa * Math.sin(lat1) + wb * Math.sin(lat2);
    out.push({ lat: toDegrees(Math.atan2(z, Math.hypot(x, y))), lng: toDegrees(Math.atan2(y, x)) });
  }
  out.push(b);
  return out;
}

/** The smallest box holding every point, or undefined for no points. */
export function boundsOf(points: Iterable<LatLng>): GeoBounds | undefined {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const { lat, lng } of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return south <= north ? { south, west, north, east } : undefined;
}

/** Longitude difference folded into [-180, 180]. */
function wrappedDelta(a: number, b: number): number {
  return a - alignLongitude(b, a);
}

/** Moves `point` to the longitude copy of the route point nearest to it on the globe. */
export function alignToRoute(point: LatLng, route: readonly LatLng[]): LatLng {
  let best: LatLng | undefined;
  let bestDistance = Infinity;
  for (const candidate of route) {
    const dLng = wrappedDelta(point.lng, candidate.lng) * Math.cos(toRadians((point.lat + candidate.lat) / 2));
    const distance = (point.lat - candidate.lat) ** 2 + dLng ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  return best ? { lat: point.lat, lng: alignLongitude(point.lng, best.lng) } : point;
}

/** Initial great-circle bearing from `a` to `b`, degrees clockwise from north in [0, 360). */
export function bearing(a: LatLng, b: LatLng): number {
  const [lat1, lat2, dLng] = [toRadians(a.lat), toRadians(b.lat), toRadians(b.lng - a.lng)];
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
}

/**
 * The leg under way split at the vehicle: the part behind, drawn solid like a completed leg, and
 * the part ahead, dashed like a planned one, both through the vehicle; and the way the leg runs
 * there. The vehicle is on the segment it makes the least detour from.
 */
function splitAtVehicle(line: SceneLine, at: LatLng): { lines: SceneLine[]; bearing?: number } {
  const points = line.latLngs;
  let index = -1;
  let least = Infinity;
  for (let i = 0; i + 1 < points.length; i++) {
    const detour = centralAngle(points[i]!, at) + centralAngle(at, points[i + 1]!) - centralAngle(points[i]!, points[i + 1]!);
    if (detour < least) [index, least] = [i, detour];
  }
  if (index < 0) return { lines: [line] };
  return {
    lines: [
      { ...line, latLngs: [...points.slice(0, index + 1), at], part: 'travelled' },
      { ...line, latLngs: [at, ...points.slice(index + 1)], part: 'ahead' },
    ],
    bearing: bearing(points[index]!, points[index + 1]!),
  };
}

/** The leg's line as given, or (without a path) a great circle for air and a straight line otherwise. */
function legPoints(leg: Shipment['legs'][number], product: Shipment['product']): readonly LatLng[] {
  if (leg.path.length >= 2) return leg.path;
  const from = leg.from?.position;
  const to = leg.to?.position;
  if (!from || !to) return leg.path;
  return product === 'air' || leg.mode === 'air' ? greatCirclePath(from, to) : [from, to];
}

/** Shifts every longitude of the scene by the same multiple of 360° so its middle sits in [-180, 180]. */
function recentre(scene: RouteScene): RouteScene {
  const { bounds } = scene;
  if (!bounds) return scene;
  const shift = alignLongitude((bounds.west + bounds.east) / 2, 0) - (bounds.west + bounds.east) / 2;
  if (shift === 0) return scene;
  const move = (p: LatLng): LatLng => ({ lat: p.lat, lng: p.lng + shift });
  return {
    lines: scene.lines.map((line) => ({ ...line, latLngs: line.latLngs.map(move) })),
    stops: scene.stops.map((stop) => ({ ...stop, at: move(stop.at) })),
    ...(scene.position ? { position: { ...scene.position, at: move(scene.position.at) } } : {}),
    bounds: { ...bounds, west: bounds.west + shift, east: bounds.east + shift },
  };
}

/**
 * The drawn form of a shipment's route: each leg continuous with the one before it,
 * ports and the vehicle placed on the same longitude copy as the line next to them,
 * and the bounds of all of it (for the first view).
 */
export function buildRouteScene(shipment: Shipment): RouteScene {
  const lines: SceneLine[] = [];
  let previousEnd: number | undefined;
  for (const leg of shipment.legs) {
    const points = legPoints(leg, shipment.product);
    if (points.length === 0) continue;
    const latLngs = unwrapPath(points, previousEnd);
    previousEnd = latLngs[latLngs.length - 1]?.lng;
    lines.push({
      state: leg.state,
      mode: leg.mode,
      latLngs,
      ...(leg.from ? { from: leg.from } : {}),
      ...(leg.to ? { to: leg.to } : {}),
      ...(leg.vehicle ? { vehicle: leg.vehicle } : {}),
    });
  }

  // Ports: the route's stops in order, then any leg end the route did not list.
  const places = new Map<string, { place: Place; roles: PlaceRole[] }>();
  for (const stop of shipment.route) places.set(stop.place.code, { place: stop.place, roles: [...stop.roles] });
  for (const leg of shipment.legs) {
    for (const place of [leg.from, leg.to]) {
      if (place && !places.has(place.code)) places.set(place.code, { place, roles: [] });
    }
  }

  const routePoints = lines.flatMap((line) => line.latLngs);
  const stops: SceneStop[] = [];
  // Without lines, ports chain to one another in route order.
  let chainReference: number | undefined;
  for (const { place, roles } of places.values()) {
    if (!place.position) continue;
    let at: LatLng;
    if (routePoints.length > 0) {
      at = alignToRoute(place.position, routePoints);
    } else {
      const lng = chainReference === undefined ? place.position.lng : alignLongitude(place.position.lng, chainReference);
      at = { lat: place.position.lat, lng };
      chainReference = lng;
    }
    stops.push({ place, roles, at });
  }

  const anchors = routePoints.length > 0 ? routePoints : stops.map((stop) => stop.at);
  const at = shipment.position && alignToRoute(shipment.position, anchors);
  let along: number | undefined;
  const drawn = lines.flatMap((line) => {
    if (line.state !== 'current' || !at) return [line];
    const split = splitAtVehicle(line, at);
    along ??= split.bearing;
    return split.lines;
  });
  const heading = shipment.position?.headingDeg ?? along;
  const position =
    shipment.position && at ? { position: shipment.position, at, ...(heading === undefined ? {} : { bearing: heading }) } : undefined;

  const bounds = boundsOf([...routePoints, ...stops.map((s) => s.at), ...(position ? [position.at] : [])]);
  return recentre({ lines: drawn, stops, ...(position ? { position } : {}), ...(bounds ? { bounds } : {}) });
}
