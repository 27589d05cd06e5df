/**
 * The finer land outline's drawing, a chunk of its own with the tiles' index: imported the first
 * time a map is zoomed past the coarse outline's zooms (land-layer.ts), so the map chunk holds
 * none of it. Each tile is a chunk too, imported for the part of the world in view.
 */
import type { Map as LeafletMap, Polygon } from 'leaflet';
import type { LandLevel } from './land-levels.js';
import { landLevels } from './land-tiles.generated.js';
import { decodeLand, landLatLngs, landPolygon, type LandRings } from './land-paths.js';

/** Decoded tiles by level and key, shared by every map on the page. */
const tiles = new Map<string, LandRings>();

/** One map's finer land: a single path, so that the tiles' shared edges leave no seam. */
export class FineLand {
  private readonly polygon = landPolygon([]);

  constructor(private readonly map: LeafletMap) {}

  /**
   * The outline of level `index` for the view, once its tiles have arrived; undefined when
   * `current()` says the view has moved on meanwhile (its own call draws it), or for a view that
   * is not a place (the outline drawn before stays).
   */
  async draw(index: number, current: () => boolean): Promise<Polygon | undefined> {
    // A map removed while this chunk loaded has no view to ask for.
    if (!current()) return undefined;
    const level = landLevels[index]!;
    const wanted = this.tilesInView(level);
    if (!wanted) return undefined;
    await Promise.all(
      wanted.map(async ({ key }) => {
        const id = `${index}/${key}`;
        if (!tiles.has(id)) tiles.set(id, decodeLand((await level.tiles[key]!()).packedLand, level.grid));
      }),
    );
    if (!current()) return undefined;
    this.polygon.setLatLngs(wanted.flatMap(({ key, offset }) => landLatLngs(tiles.get(`${index}/${key}`)!, offset)));
    return this.polygon;
  }

  /** The level's tiles with land that the view touches, with half a view round it, and the world copy each is drawn on. */
  private tilesInView(level: LandLevel): Array<{ key: string; offset: number }> | undefined {
    const bounds = this.map.getPixelBounds();
    const size = bounds.getSize();
    const tile = 256 * 2 ** (this.map.getZoom() - level.tileZoom);
    const count = 2 ** level.tileZoom;
    const [x0, x1] = [bounds.min!.x - size.x / 2, bounds.max!.x + size.x / 2].map((x) => Math.floor(x / tile));
    const [y0, y1] = [bounds.min!.y - size.y / 2, bounds.max!.y + size.y / 2].map((y) =>
      Math.max(0, Math.min(count - 1, Math.floor(y / tile))),
    );
    // A view Leaflet could not place (a size or centre that is not a number) has no tiles, and no
    // view needs more than the world and a copy either side of its middle.
    if (![x0, x1, y0, y1].every(Number.isFinite)) return undefined;
    const middle = Math.floor((x0! + x1!) / 2);
    const [from, to] = [Math.max(x0!, middle - Math.ceil(1.5 * count)), Math.min(x1!, middle + Math.ceil(1.5 * count))];
    const wanted: Array<{ key: string; offset: number }> = [];
    for (let x = from; x <= to; x++) {
      for (let y = y0!; y <= y1!; y++) {
        const key = `${((x % count) + count) % count}-${y}`;
        if (level.tiles[key]) wanted.push({ key, offset: Math.floor(x / count) * 360 });
      }
    }
    return wanted;
  }
}
