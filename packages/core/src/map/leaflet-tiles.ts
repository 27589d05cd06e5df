/**
 * The tile layer, a chunk of its own: tiles are drawn only when a page sets a usable `tile-url`
 * (the default basemap is the land outline), so Leaflet's grid and tile layers and their CSS
 * are fetched only then (leaflet-route-map.ts imports this module when it needs it).
 */
import type { TileLayer } from 'leaflet';
import { tileLayer } from 'leaflet/src/layer/tile/TileLayer.js';
import { adoptCss } from './adopt-css.js';
import { leafletTileCss } from './leaflet-tile-css.generated.js';

/** A tile layer for `url`, its stylesheet adopted in the shadow root that holds `container`. */
export function tiles(url: string, container: HTMLElement): TileLayer {
  const root = container.getRootNode();
  if (root instanceof ShadowRoot) adoptCss(root, 'tiles', leafletTileCss);
  return tileLayer(url, {
    // Cross-origin tile servers learn our origin, never the page URL (which may hold the tracking number).
    referrerPolicy: 'strict-origin-when-cross-origin',
    className: 'tracker-tiles',
  });
}
