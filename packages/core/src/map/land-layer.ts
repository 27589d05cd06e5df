/**
 * The built-in basemap's land: Natural Earth's 1:110m outline, in the map chunk, for the zooms
 * where it keeps ports on their coast, and past them a finer outline in tiles that land-fine.ts
 * (a chunk of its own, with the tiles' index) draws for the part of the world in view
 * (scripts/generate-map-assets.mjs writes both outlines; land-levels.ts says which is drawn when).
 * Until every tile of a view has arrived, the outline drawn before stays (the coarse one at
 * first), so a coast is never half one outline and half another.
 */
import type { LayerGroup, Map as LeafletMap, Polygon } from 'leaflet';
import { landGrid, packedLand } from './land-110m.generated.js';
import { landLevelAt } from './land-levels.js';
import { decodeLand, landLatLngs, landPolygon, type LandRings } from './land-paths.js';
import type { FineLand } from './land-fine.js';

let coarse: LandRings | undefined;

/** Draws the land into `group` for `map`'s view until `remove()`. */
export class LandLayer {
  /** The coarse outline on the world and its neighbouring copies: an unwrapped route may run past ±180°. */
  private readonly coarse: Polygon[];
  private fine: Promise<FineLand> | undefined;
  /** Counts updates (and remove()), so that tiles arriving for a view already left are not drawn. */
  private calls = 0;

  constructor(
    private readonly map: LeafletMap,
    private readonly group: LayerGroup,
    /** Called each time a finer level is drawn (OpenStreetMap's land: the map's credit follows). */
    private readonly onFiner: () => void = () => {},
  ) {
    coarse ??= decodeLand(packedLand, landGrid);
    this.coarse = [-360, 0, 360].map((offset) => landPolygon(landLatLngs(coarse!, offset)));
    map.on('zoomend moveend', this.update);
    this.show(this.coarse);
    this.update();
  }

  remove(): void {
    this.calls++;
    this.map.off('zoomend moveend', this.update);
  }

  private show(layers: Polygon[]): void {
    for (const layer of this.group.getLayers() as Polygon[]) if (!layers.includes(layer)) this.group.removeLayer(layer);
    for (const layer of layers) this.group.addLayer(layer);
  }

  private readonly update = (): void => {
    const call = ++this.calls;
    const level = landLevelAt(this.map.getZoom());
    if (level < 0) return this.show(this.coarse);
    this.fine ??= import('./land-fine.js').then(({ FineLand }) => new FineLand(this.map));
    this.fine
      .then((fine) => fine.draw(level, () => call === this.calls))
      .then(
        (drawn) => {
          if (!drawn) return;
          this.show([drawn]);
          this.onFiner();
        },
        (error: unknown) => {
          // The coarse outline stays; the next move asks again.
          this.fine = undefined;
          console.warn('cargo-tracker-route-map: the detailed coastline could not be loaded', error);
        },
      );
  };
}
