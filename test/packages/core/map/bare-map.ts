// A bare Leaflet map for the map's layers tested alone: in a shadow root with Leaflet's CSS, as the
// element draws it (markers are placed by that CSS), with the element's panes.
import type { Map as LeafletMap, MapOptions } from 'leaflet';
import { LeafletMapClass } from '../../../../packages/core/src/map/leaflet-parts.js';
import { adoptLeafletCss } from '../../../../packages/core/src/map/leaflet-route-map.js';
import { createPanes } from '../../../../packages/core/src/map/panes.js';

export interface BareMap {
  readonly map: LeafletMap;
  readonly container: HTMLDivElement;
  remove(): void;
}

export function bareMap(size: { width: number; height: number }, options: MapOptions): BareMap {
  const host = document.createElement('div');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptLeafletCss(shadow);
  const container = document.createElement('div');
  container.style.cssText = `width: ${size.width}px; height: ${size.height}px`;
  shadow.append(container);
  document.body.append(host);
  const map = new LeafletMapClass(container, options);
  createPanes(map);
  return {
    map,
    container,
    remove: () => {
      map.remove();
      host.remove();
    },
  };
}
