/** The land outlines as Leaflet draws them, for the coarse outline (land-layer.ts) and the finer one (land-fine.ts). */
import type { LatLng, Polygon } from 'leaflet';
import { landDigits } from './land-110m.generated.js';
import { latLng, polygon } from './leaflet-parts.js';
import { gridLngLat, unpackLand } from './packed-land.js';
import { PANES } from './panes.js';

/** Polygons of rings of `[lng, lat]`. */
export type LandRings = Array<Array<Array<[number, number]>>>;

/** Packed land on a grid `grid` steps across, as longitudes and latitudes (a millisecond or two for the coarse outline). */
export const decodeLand = (packed: string, grid: number): LandRings =>
  unpackLand(packed, landDigits).map((rings) => rings.map((ring) => ring.map((point) => gridLngLat(point, grid))));

/** The rings as Leaflet's points, `offset` degrees east (a world copy). */
export const landLatLngs = (rings: LandRings, offset: number): LatLng[][][] =>
  rings.map((shape) => shape.map((ring) => ring.map(([lng, lat]) => latLng(lat, lng + offset))));

/** A land path: one even-odd path of every ring. */
export const landPolygon = (latLngs: LatLng[][][]): Polygon =>
  polygon(latLngs, { interactive: false, className: 'tracker-land', stroke: false, pane: PANES.land });
