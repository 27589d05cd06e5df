// Issue 37: at every zoom, whatever order the finer land's tiles arrive in, the visitor sees the
// route above the land and each place's mark above the route. Each demo document's places are
// zoomed to at 5, 7 and 8 (each a finer land level) and, once that land is drawn, the map is asked
// what is painted at the mark and along the route near it: the land, route and mark paths are made
// hit-testable for the test, so the page's own hit-testing lists them top first.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import type { CircleMarker, Map as LeafletMap, Polyline } from 'leaflet';
import { executeServerCommand } from '@web/test-runner-commands';
import type { TrackerRouteMap } from '../../../../packages/core/src/map/index.js';
import { setViewport, until } from '../../../support/browser.js';
import { loaded, mapOf, demoRoutes } from './label-geometry.js';
import { frames } from './map-test-helpers.js';

const ZOOMS = [5, 7, 8];
const PAINTED = 'path.tracker-land, path.tracker-route, path.tracker-place';

const demo = demoRoutes;

/** Lets the page's hit-testing find the land, route and mark paths (Leaflet makes non-interactive paths transparent to it). */
function hitTestable(root: ShadowRoot): void {
  const style = document.createElement('style');
  style.textContent = `${PAINTED} { pointer-events: visiblePainted !important; }`;
  root.append(style);
}

/** The land, route and mark paths painted at a point of the page, top first, by kind. */
function paintedAt(root: ShadowRoot, x: number, y: number): string[] {
  return root
    .elementsFromPoint(x, y)
    .filter((node) => node.matches(PAINTED))
    .map((node) => /tracker-(land|route|place)/.exec(node.getAttribute('class') ?? '')![1]!);
}

/** Zooms to `at` and waits until the land outline for that view is drawn (the finer one: one path). */
async function zoomTo(root: ShadowRoot, map: LeafletMap, at: { lat: number; lng: number }, zoom: number): Promise<void> {
  let drawn = false;
  const observer = new MutationObserver((records) => {
    if (
      records.some(
        (r) => (r.target as Element).matches?.('path.tracker-land') || [...r.addedNodes].some((n) => n instanceof SVGPathElement),
      )
    )
      drawn = true;
  });
  map.setView([at.lat, at.lng], zoom, { animate: false });
  // The view's own redraw happened in setView(); the land for the view comes after, when its tiles have arrived.
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['d'] });
  await until(() => drawn && root.querySelectorAll('path.tracker-land').length === 1, `the finer land at zoom ${zoom}`);
  observer.disconnect();
  await frames(2);
}

/** Points every `step` px along the route's lines, `from` to `to` px from `centre`, in page coordinates. */
function routePointsNear(
  map: LeafletMap,
  origin: DOMRect,
  centre: { x: number; y: number },
  from: number,
  to: number,
): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  map.eachLayer((layer) => {
    const className = (layer as Polyline).options?.className ?? '';
    if (!className.includes('tracker-route') || typeof (layer as Polyline).getLatLngs !== 'function') return;
    const line = ((layer as Polyline).getLatLngs() as Array<{ lat: number; lng: number }>).map((p) =>
      map.latLngToContainerPoint([p.lat, p.lng]),
    );
    for (let i = 1; i < line.length; i++) {
      const [a, b] = [line[i - 1]!, line[i]!];
      const steps = Math.ceil(a.distanceTo(b) / 4);
      for (let s = 0; s <= steps; s++) {
        const x = a.x + ((b.x - a.x) * s) / steps;
        const y = a.y + ((b.y - a.y) * s) / steps;
        const d = Math.hypot(x - centre.x, y - centre.y);
        if (d >= from && d <= to) points.push([origin.left + x, origin.top + y]);
      }
    }
  });
  return points;
}

describe('the map layers in order at every zoom', () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    await setViewport({ width: 800, height: 600 });
  });

  for (const route of demo) {
    it(`${route.name}: each place's mark above the route, and the route above the land, at zooms ${ZOOMS.join(', ')}`, async () => {
      await setViewport({ width: 800, height: 900 });
      document.body.style.margin = '0';
      const el = await loaded(route, 'en');
      const host = mapOf(el) as unknown as TrackerRouteMap & { shadowRoot: ShadowRoot };
      const root = host.shadowRoot;
      const map = host.leafletMap!;
      hitTestable(root);
      const container = root.querySelector<HTMLElement>('.leaflet-container')!;
      container.scrollIntoView({ block: 'center' });
      // The visitor's map from here: no fit of the whole route when the page's layout moves.
      container.focus();
      const places: Array<{ lat: number; lng: number }> = [];
      map.eachLayer((layer) => {
        if ((layer as CircleMarker).options?.className?.includes('tracker-place')) places.push((layer as CircleMarker).getLatLng());
      });
      expect(places.length, 'the route has places').to.be.greaterThan(1);
      const hidden = new Set<string>();
      let routeSeen = 0;
      for (const [index, at] of places.entries()) {
        for (const zoom of ZOOMS) {
          await zoomTo(root, map, at, zoom);
          if (zoom === 7) {
            const shot = await executeServerCommand('screenshot', { name: `map-layers-${route.id}-${index}-z${zoom}` });
            // For docs/screenshots/ (SCREENSHOTS=1 only): where the map is in the whole-page picture, to cut it out.
            const { left, top, width, height } = container.getBoundingClientRect();
            if (shot) console.log(`map in ${String(shot)}: ${[width, height, left + scrollX, top + scrollY].map(Math.round).join(' ')}`);
          }
          const origin = container.getBoundingClientRect();
          const centre = map.latLngToContainerPoint([at.lat, at.lng]);
          const top = paintedAt(root, origin.left + centre.x, origin.top + centre.y)[0];
          if (top !== 'place') hidden.add(`place ${index} at zoom ${zoom}: ${top ?? 'nothing'} painted on top`);
          // Beyond the mark (6 px and its stroke), along every line within 40 px of it.
          for (const [x, y] of routePointsNear(map, origin, centre, 10, 40)) {
            const painted = paintedAt(root, x, y).filter((kind) => kind !== 'place');
            if (painted[0] === 'route') routeSeen++;
            else if (painted.includes('route')) hidden.add(`the route near place ${index} at zoom ${zoom}: under the ${painted[0]}`);
          }
        }
      }
      expect([...hidden]).to.deep.equal([]);
      expect(routeSeen, 'the route is found near the places').to.be.greaterThan(0);
    });
  }
});
