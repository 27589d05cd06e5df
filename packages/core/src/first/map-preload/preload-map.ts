/**
 * Starts downloading the map's code (the map element, registered as shipment-view does, and Leaflet with the basemap) at the
 * moment a lookup starts, alongside the request and the shipment view, instead of after the
 * answer has been rendered: otherwise each chunk is discovered only once the one before it has
 * run, and on a phone the route appears a second or more after the milestones. Once per page;
 * a failed download is forgotten so the next lookup tries again.
 */
let started: Promise<unknown> | undefined;

export function preloadMap(): void {
  started ??= Promise.all([
    import('../../map/define.js'),
    import('../../map/lazy-map.js').then((m) => m.loadMapRenderer()),
    // The adapter too, at once: lazy-map imports it only once it has arrived itself, a round trip later.
    import('../../map/leaflet-route-map.js'),
  ]).catch(() => {
    // The map element reports a failed load itself when it is shown; here it is only early.
    started = undefined;
  });
}
