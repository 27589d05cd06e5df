/**
 * Which land outline the built-in basemap draws at a zoom (land-layer.ts draws it; the coast test
 * checks the same choice): the 1:110m outline in the map chunk up to landZooms[0], then each
 * finer level of land-tiles.generated.ts up to its own closest zoom.
 */
import { landZooms } from './land-zooms.generated.js';

/** A finer outline's tiles: a zoom-`tileZoom` tile of the world each, by `x-y`, on a grid `grid` steps across. */
export interface LandLevel {
  readonly grid: number;
  readonly tileZoom: number;
  readonly tiles: Readonly<Record<string, () => Promise<{ packedLand: string }>>>;
}

/** The closest zoom the outlines keep every port on its coast; the map goes no closer over them. */
export const LAND_MAX_ZOOM = landZooms.at(-1)!;

/** -1 for the coarse outline at `zoom`, else the index of the finer level drawn. */
export function landLevelAt(zoom: number): number {
  return zoom <= landZooms[0]! ? -1 : landZooms.findIndex((upTo, i) => i > 0 && zoom <= upTo) - 1;
}
