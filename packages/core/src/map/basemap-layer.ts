/**
 * The map's basemap, as a Leaflet layer: the built-in land (land-layer.ts), or a page's tiles
 * when it gives a usable `tile-url`, and the closest zoom the visitor may reach over each.
 */
import type { Map as LeafletMap } from 'leaflet';
import { LandLayer } from './land-layer.js';
import { LAND_MAX_ZOOM } from './land-levels.js';
import { LayerGroup } from './leaflet-parts.js';

export class BasemapLayer extends LayerGroup {
  readonly #onFinerLand: () => void;
  /** The tile template drawn (undefined: the built-in land), null before anything is drawn. */
  #tileUrl: string | undefined | null = null;
  #land: LandLayer | undefined;
  /** Counts basemap changes (and the layer's removal), so tiles that arrive after the next change are not added. */
  #generation = 0;

  /** `onFinerLand`: the built-in basemap drew its finer land, OpenStreetMap's, whose credit is then due. */
  constructor(onFinerLand: () => void) {
    super();
    this.#onFinerLand = onFinerLand;
  }

  override onRemove(map: LeafletMap): this {
    this.#clear();
    this.#tileUrl = null;
    return super.onRemove(map);
  }

  /** Draws the tiles of `tileUrl`, or the built-in land when there is none; the basemap already drawn stays. */
  show(tileUrl: string | undefined): void {
    // Leaflet's own reference to the map the layer is on (null once removed).
    const map = this._map as LeafletMap | null;
    if (!map || tileUrl === this.#tileUrl) return;
    this.#clear();
    const generation = this.#generation;
    this.#tileUrl = tileUrl;
    // Tiles bring their own closest zoom (Leaflet reads it from the tile layer); the land outline
    // has none, and without a limit the zoom buttons, keys and wheel would zoom on for ever. Its
    // limit is the closest zoom its finest level keeps ports on their coast (land-layer.ts).
    limitZoom(map, tileUrl ? undefined : LAND_MAX_ZOOM);
    if (tileUrl) {
      // Leaflet's tile layer and its CSS load only for a map that shows tiles (leaflet-tiles.ts).
      import('./leaflet-tiles.js').then(
        ({ tiles }) => {
          if (generation === this.#generation) tiles(tileUrl, map.getContainer()).addTo(this);
        },
        (error: unknown) => console.warn('cargo-tracker-route-map: the tiles could not be loaded', error),
      );
      return;
    }
    this.#land = new LandLayer(map, this, this.#onFinerLand);
  }

  #clear(): void {
    this.#generation++;
    this.clearLayers();
    this.#land?.remove();
    this.#land = undefined;
  }
}

/** Sets the closest zoom the visitor may reach (undefined: the tile layer's), and zooms out to it if past. */
function limitZoom(map: LeafletMap, max: number | undefined): void {
  if (map.options.maxZoom === max) return;
  map.options.maxZoom = max;
  // What Leaflet fires when a layer changes the zoom range: the zoom buttons update their disabled state.
  map.fire('zoomlevelschange');
  if (max !== undefined && map.getZoom() > max) map.setZoom(max, { animate: false });
}
