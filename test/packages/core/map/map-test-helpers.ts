import type { Map as LeafletMap, Polyline } from 'leaflet';
import type { TrackerRouteMap } from '../../../../packages/core/src/map/index.js';

// Waits for rendering frames, and does not hang where the engine stops drawing.
export { frames } from '../../../support/browser.js';
import { until } from '../../../support/browser.js';

/** Waits until the element has drawn its Leaflet map, and returns that map. */
export async function drawnMap(el: TrackerRouteMap): Promise<LeafletMap> {
  await until(() => el.leafletMap !== undefined && el.shadowRoot?.querySelector('.leaflet-pane') !== null, 'the map was not drawn');
  await el.updateComplete;
  return el.leafletMap!;
}

/** The route lines Leaflet holds, with their class and drawn coordinates. */
export function routeLines(map: LeafletMap): Array<{ className: string; latLngs: Array<{ lat: number; lng: number }> }> {
  const lines: Array<{ className: string; latLngs: Array<{ lat: number; lng: number }> }> = [];
  map.eachLayer((layer) => {
    const options = (layer as Polyline).options as { className?: string } | undefined;
    if (options?.className?.includes('tracker-route') && typeof (layer as Polyline).getLatLngs === 'function') {
      const latLngs = (layer as Polyline).getLatLngs() as Array<{ lat: number; lng: number }>;
      lines.push({ className: options.className, latLngs: latLngs.map(({ lat, lng }) => ({ lat, lng })) });
    }
  });
  return lines;
}

/** Every resource URL the page has fetched so far. */
export function requestedUrls(): string[] {
  return performance.getEntriesByType('resource').map((entry) => entry.name);
}

/** True once any module of Leaflet (or the map chunk) has been fetched. */
export function mapCodeRequested(): boolean {
  return requestedUrls().some((url) => /\/leaflet[/-]|leaflet-route-map|land-110m|leaflet-css/.test(url));
}

export function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:') return true;
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}
