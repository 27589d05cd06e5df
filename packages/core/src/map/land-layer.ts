/**
 * The built-in basemap's land: Natural Earth's 1:110m outline, in the map chunk, for the zooms
 * where it keeps ports on their coast (landZooms[0] and out), and a finer outline in tiles past
 * that, each tile a chunk of its own imported for the part of the world in view
 * (scripts/generate-map-assets.mjs writes both; land-levels.ts says which is drawn when). Until
 * every tile of a view has arrived, the outline drawn before stays (the coarse one at first), so
 * a coast is never half one outline and half another.
 */
import type { LatLng, LayerGroup, Map as LeafletMap, Polygon } from 'leaflet';
import { latLng, polygon } from './leaflet-parts.js';
import { landDigits, landGrid, packedLand } from './land-110m.generated.js';
import { landLevelAt, type LandLevel } from './land-levels.js';
import { gridLngLat, unpackLand } from './packed-land.js';

type Rings = Array<Array<Array<[number, number]>>>;

const decode = (packed: string, grid: number): Rings =>
  unpackLand(packed, landDigits).map((rings) => rings.map((ring) => ring.map((point) => gridLngLat(point, grid))));

const toLatLngs = (rings: Rings, offset: number): LatLng[][][] =>
  rings.map((shape) => shape.map((ring) => ring.map(([lng, lat]) => latLng(lat, lng + offset))));

let coarse: Rings | undefined;
let levels: Promise<readonly LandLevel[]> | undefined;
/** Decoded tiles by level and key, shared by every map on the page. */
const tiles = new Map<string, Rings>();

const landPolygon = (latLngs: LatLng[][][]): Polygon => polygon(latLngs, { interactive: false, className: 'tracker-land', stroke: false });

/** Draws the land into `group` for `map`'s view until `remove()`. */
export class LandLayer {
  /** The coarse outline on the world and its neighbouring copies: an unwrapped route may run past ±180°. */
  private readonly coarse: Polygon[];
  private readonly fine = landPolygon([]);
  private readonly update = (): void => void this.follow();
  /** Counts calls of follow() (and remove()), so that tiles arriving for a view already left are not drawn. */
  private calls = 0;

  constructor(
    private readonly map: LeafletMap,
    private readonly group: LayerGroup,
  ) {
    coarse ??= decode(packedLand, landGrid);
    this.coarse = [-360, 0, 360].map((offset) => landPolygon(toLatLngs(coarse!, offset)));
    map.on('zoomend moveend', this.update);
    this.show(this.coarse);
    void this.follow();
  }

  remove(): void {
    this.calls++;
    this.map.off('zoomend moveend', this.update);
  }

  private show(layers: Polygon[]): void {
    for (const layer of [...this.coarse, this.fine]) if (!layers.includes(layer)) this.group.removeLayer(layer);
    for (const layer of layers) this.group.addLayer(layer);
  }

  /** Draws the outline for the current view, importing the tiles it lacks first. */
  private async follow(): Promise<void> {
    const call = ++this.calls;
    const zoom = this.map.getZoom();
    const index = landLevelAt(zoom);
    if (index < 0) return this.show(this.coarse);
    try {
      levels ??= import('./land-tiles.generated.js').then((module) => module.landLevels);
      const level = (await levels)[index]!;
      if (call !== this.calls) return;
      const wanted = this.tilesInView(level, zoom);
      await Promise.all(
        wanted.map(async ({ key }) => {
          const id = `${index}/${key}`;
          if (!tiles.has(id)) tiles.set(id, decode((await level.tiles[key]!()).packedLand, level.grid));
        }),
      );
      // The view may have moved on while the tiles came; its own call draws it.
      if (call !== this.calls) return;
      this.fine.setLatLngs(wanted.flatMap(({ key, offset }) => toLatLngs(tiles.get(`${index}/${key}`)!, offset)));
      this.show([this.fine]);
    } catch (error) {
      // The coarse outline stays; the next move asks again.
      levels = undefined;
      console.warn('tracker-route-map: the detailed coastline could not be loaded', error);
    }
  }

  /** The level's tiles with land that the view touches, with half a view round it, and the world copy each is drawn on. */
  private tilesInView(level: LandLevel, zoom: number): Array<{ key: string; offset: number }> {
    const bounds = this.map.getPixelBounds();
    const size = bounds.getSize();
    const tile = 256 * 2 ** (zoom - level.tileZoom);
    const count = 2 ** level.tileZoom;
    const [x0, x1] = [bounds.min!.x - size.x / 2, bounds.max!.x + size.x / 2].map((x) => Math.floor(x / tile));
    const [y0, y1] = [bounds.min!.y - size.y / 2, bounds.max!.y + size.y / 2].map((y) =>
      Math.max(0, Math.min(count - 1, Math.floor(y / tile))),
    );
    const wanted: Array<{ key: string; offset: number }> = [];
    for (let x = x0!; x <= x1!; x++) {
      for (let y = y0!; y <= y1!; y++) {
        const key = `${((x % count) + count) % count}-${y}`;
        if (level.tiles[key]) wanted.push({ key, offset: Math.floor(x / count) * 360 });
      }
    }
    return wanted;
  }
}
