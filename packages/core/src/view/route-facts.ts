/**
 * What the shipment view needs of the route without drawing it: whether there is a map to show,
 * and where the vehicle is in the route's own places (the progress summary and the map's
 * description say it in words). The map's drawing (../map/route-scene.ts) loads with the map.
 */
import type { LatLng, Place, Shipment } from '../model/shipment.js';

export const toRadians = (deg: number): number => (deg * Math.PI) / 180;

/** Central angle between two points, in radians (haversine, stable for short distances). */
export function centralAngle(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * Math.atan2(Math.sqrt(h), Math.sqrt(Math.max(0, 1 - h)));
}

/** Where the vehicle is, in the route's own places: near one, or on the leg between two. */
export type Whereabouts = { readonly near: Place } | { readonly from: Place; readonly to: Place };

/** Closer than this to a stop (about 50 km) is "near" it. */
const NEAR_RADIANS = 50 / 6371;

/** The vehicle's whereabouts in the route's own place names, never coordinates; undefined without a position. */
export function whereabouts(shipment: Shipment): Whereabouts | undefined {
  const position = shipment.position;
  if (!position) return undefined;
  let near: Place | undefined;
  let closest = NEAR_RADIANS;
  for (const { place } of shipment.route) {
    const angle = place.position ? centralAngle(place.position, position) : Infinity;
    if (angle < closest) [near, closest] = [place, angle];
  }
  if (near) return { near };
  // The leg under way, else the first still to come (an aircraft between a landing and the next leg's data).
  const leg = shipment.legs.find((l) => l.state === 'current') ?? shipment.legs.find((l) => l.state === 'planned');
  return leg?.from && leg.to ? { from: leg.from, to: leg.to } : undefined;
}

/** True when the shipment carries route data, i.e. when the elements should show a map. */
export function hasMapData(shipment: Shipment | undefined): boolean {
  if (!shipment) return false;
  // Every document lists its ports with coordinates; only route data (legs) or a live
  // position make the map worth its download.
  return shipment.legs.length > 0 || shipment.position !== undefined;
}
