import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../../../../packages/core/src/map/define.js';
import { DEFAULT_GAP } from '../../../../packages/core/src/map/label-placement.js';
import { LAND_MAX_ZOOM } from '../../../../packages/core/src/map/land-levels.js';
import { landZooms } from '../../../../packages/core/src/map/land-zooms.generated.js';
import { englishMapMessages } from '../../../../packages/core/src/view/map-messages.js';
import type { TrackerRouteMap } from '../../../../packages/core/src/map/index.js';
import type { Shipment } from '../../../../packages/core/src/model/shipment.js';
import { airTransfer, airWithoutPaths, FIXTURE_NOW, HOSTILE, oceanInTransit, oceanPacific, mapView } from './fixtures.js';
import { useClock } from '@cargo-trackers/core/internal/first';
import { FakeClock } from '../../../support/fake-clock.js';
import { drawnMap, frames, isLoopback, requestedUrls, routeLines } from './map-test-helpers.js';
import { itExceptIn, until } from '../../../support/browser.js';

declare global {
  interface Window {
    __mapPwned?: number;
  }
}

async function mount(shipment: Shipment, extra: Partial<TrackerRouteMap> = {}): Promise<TrackerRouteMap> {
  const el = document.createElement('cargo-tracker-route-map');
  // The fixtures' times, and so "reported 35 minutes ago", are read against the fixtures' now.
  useClock(el, new FakeClock(FIXTURE_NOW));
  Object.assign(el, { loading: 'eager', view: mapView(shipment, { ...englishMapMessages, ...extra.messages }), ...extra });
  el.style.cssText = 'width: 640px; --tracker-map-height: 360px';
  await fixture(html`${el}`);
  await drawnMap(el);
  return el;
}

/** True when a pan of the map finishes at once rather than being animated. */
function panIsImmediate(map: NonNullable<TrackerRouteMap['leafletMap']>): boolean {
  let ended = false;
  map.once('moveend', () => {
    ended = true;
  });
  map.panBy([100, 0]);
  return ended;
}

function root(el: TrackerRouteMap): ShadowRoot {
  return el.shadowRoot!;
}

function texts(el: TrackerRouteMap, selector: string): string[] {
  return [...root(el).querySelectorAll(selector)].map((n) => n.textContent ?? '');
}

function maxLngStep(points: ReadonlyArray<{ lng: number }>): number {
  return Math.max(...points.slice(1).map((p, i) => Math.abs(p.lng - points[i]!.lng)));
}

describe('<cargo-tracker-route-map>', () => {
  describe('the container in transit (Ningbo → Singapore → Rotterdam, AIS)', () => {
    it('draws the completed leg solid, the current leg solid behind the vessel and dashed ahead of it, in different colours', async () => {
      const el = await mount(oceanInTransit());
      const lines = routeLines(el.leafletMap!);
      expect(lines.map((l) => l.className)).to.deep.equal([
        'tracker-route tracker-route--completed',
        'tracker-route tracker-route--current tracker-route--travelled',
        'tracker-route tracker-route--current tracker-route--ahead',
      ]);
      expect(lines.map((l) => l.latLngs.length)).to.deep.equal([8, 7, 18]);
      const [completed, travelled, ahead] = [...root(el).querySelectorAll<SVGPathElement>('path.tracker-route')].map((p) =>
        getComputedStyle(p),
      );
      expect(completed!.strokeDasharray).to.equal('none');
      expect(travelled!.strokeDasharray).to.equal('none');
      expect(ahead!.strokeDasharray).to.not.equal('none');
      expect(completed!.stroke).to.not.equal(ahead!.stroke);
      expect(travelled!.stroke).to.equal(ahead!.stroke);
      expect(parseFloat(travelled!.strokeWidth)).to.be.above(parseFloat(ahead!.strokeWidth));
    });

    it('marks and names every port with its role', async () => {
      const el = await mount(oceanInTransit());
      expect(root(el).querySelectorAll('path.tracker-place')).to.have.length(3);
      expect(root(el).querySelectorAll('path.tracker-place--transshipment')).to.have.length(1);
      expect(texts(el, '.tracker-place-label .tracker-label-name')).to.deep.equal(['Ningbo, China', 'Singapore', 'Rotterdam, Netherlands']);
      // Singapore's label drops its role line where, whole, it would cross the route on every side
      // with room (the engine's fonts decide); its role is still said in the map's description.
      const details = texts(el, '.tracker-place-label .tracker-label-detail');
      expect(details.filter((d) => d !== 'Transshipment')).to.deep.equal(['Origin, Port of loading', 'Port of discharge, Destination']);
      expect(details.length).to.be.within(2, 3);
    });

    it('draws the labels above the markers, beside their anchor, and replaces them at once after a zoom', async () => {
      const el = await mount(oceanInTransit());
      const map = el.leafletMap!;
      const labels = () => [...root(el).querySelectorAll<HTMLElement>('.tracker-label:not(.tracker-label-measure)')];
      expect(labels()).to.have.length(4);
      for (const label of labels()) {
        // Leaflet's tooltip pane (z-index 650) is above the markers' (600) and the route's (400).
        expect(label.parentElement!.classList.contains('leaflet-tooltip-pane'), label.className).to.equal(true);
        // Said once, in the map's description: no tooltip role, inside a pane hidden from assistive technology.
        expect(label.hasAttribute('role')).to.equal(false);
        expect(label.closest('[aria-hidden="true"]')).to.not.equal(null);
        expect(label.style.opacity).to.equal('0.9');
      }
      // A label on the right of Rotterdam: its left edge past the marker (radius 6, 1 of stroke) and the gap, its middle level
      // with the port. (Ningbo, at the map's edge since the first fit is tight, has its label elsewhere.)
      const rotterdam = labels().find((l) => l.textContent?.startsWith('Rotterdam'))!;
      expect(rotterdam.classList.contains('leaflet-tooltip-right')).to.equal(true);
      const anchor = map.latLngToContainerPoint([51.955, 4.05]);
      const box = rotterdam.getBoundingClientRect();
      const origin = root(el).querySelector('.leaflet-container')!.getBoundingClientRect();
      expect(box.left - origin.left - anchor.x).to.be.closeTo(7 + DEFAULT_GAP, 1);
      expect((box.top + box.bottom) / 2 - origin.top - anchor.y).to.be.within(-2, 2);
      const before = labels();
      map.setZoom(map.getZoom() + 1, { animate: false });
      // Placed again for the new view, the old ones gone in the same task (a tooltip would fade for 200 ms).
      expect(labels().some((l) => before.includes(l))).to.equal(false);
      expect(labels().length).to.be.within(1, 4);
    });

    it('shows the vessel at least 24 px, rotated by its course, labelled with name, speed, course and age', async () => {
      const el = await mount(oceanInTransit());
      const vessel = root(el).querySelector<HTMLElement>('.tracker-vehicle--vessel')!;
      expect(vessel).to.exist;
      const size = vessel.querySelector('svg')!.getBoundingClientRect();
      expect(size.width).to.be.at.least(24);
      expect(size.height).to.be.at.least(24);
      expect(vessel.querySelector('.tracker-vehicle-glyph')!.getAttribute('transform')).to.equal('rotate(268)');
      expect(texts(el, '.tracker-vehicle-label span, .tracker-vehicle-label strong')).to.deep.equal([
        'MSC GULSUN',
        '16.4 knots · course 268°',
        '35 minutes ago',
      ]);
      const box = vessel.getBoundingClientRect();
      const position = el.leafletMap!.containerPointToLatLng([
        box.left + box.width / 2 - el.getBoundingClientRect().left,
        box.top + box.height / 2 - el.getBoundingClientRect().top,
      ]);
      expect(position.lat).to.be.closeTo(12.31, 0.5);
      expect(position.lng).to.be.closeTo(58.42, 0.5);
    });

    it('points the vessel along its route when the document gives no course', async () => {
      const shipment = oceanInTransit();
      const { headingDeg: _, ...position } = shipment.position!;
      const el = await mount({ ...shipment, position });
      const glyph = root(el).querySelector('.tracker-vehicle-glyph')!;
      expect(glyph.localName).to.equal('path');
      const degrees = Number(/rotate\((\d+)\)/.exec(glyph.getAttribute('transform') ?? '')?.[1]);
      expect(degrees).to.be.within(260, 275);
    });

    it('describes the route and the vessel in words for screen readers, as the focusable map’s one name and description', async () => {
      const el = await mount(oceanInTransit());
      const description = root(el).getElementById('description')!;
      expect(description.textContent!.trim()).to.equal(
        'Route from Ningbo, China via Singapore to Rotterdam, Netherlands. Vessel MSC GULSUN is between Singapore and Rotterdam, 16.4 knots, course 268°, reported 35 minutes ago.',
      );
      const container = root(el).querySelector('.leaflet-container')!;
      expect(container.getAttribute('role')).to.equal('application');
      expect(container.getAttribute('aria-roledescription')).to.equal('map');
      expect(container.getAttribute('aria-describedby')).to.equal('description map-notes');
      expect(root(el).getElementById('map-notes')!.textContent).to.equal(
        'Arrow keys move the map; plus and minus zoom in and out; the Fit route button shows the whole route again. Map data: Natural Earth.',
      );
      expect(container.getAttribute('aria-label')).to.equal('Route map');
      expect(container.getAttribute('tabindex')).to.equal('0');
      // Read through the map's description only, not again as paragraphs of their own.
      expect(description.hidden).to.equal(true);
      expect(root(el).querySelector('.attribution')!.getAttribute('aria-hidden')).to.equal('true');
    });

    it('credits OpenStreetMap, shown and in the map’s description, from when it draws its land zoomed in', async () => {
      const el = await mount(oceanInTransit());
      const map = el.leafletMap!;
      expect(map.getZoom()).to.be.at.most(landZooms[0]!);
      expect(texts(el, '[part=attribution]')).to.deep.equal(['Natural Earth']);
      const credit = 'Natural Earth, © OpenStreetMap contributors';
      // Rotterdam, close in, as a visitor zooms: after taking the map (a click or Tab), which ends the refits.
      await frames();
      root(el).querySelector<HTMLElement>('.leaflet-container')!.focus();
      map.setView([51.95, 4.1], LAND_MAX_ZOOM, { animate: false });
      await until(() => texts(el, '[part=attribution]')[0] === credit, 'OpenStreetMap is not credited');
      expect(root(el).getElementById('map-notes')!.textContent).to.equal(
        `Arrow keys move the map; plus and minus zoom in and out; the Fit route button shows the whole route again. Map data: ${credit}.`,
      );
      // The view the page set stays, and zoomed out again the credit stays: this map drew that land.
      expect(map.getZoom()).to.equal(LAND_MAX_ZOOM);
      map.setZoom(1, { animate: false });
      await frames();
      expect(texts(el, '[part=attribution]')).to.deep.equal([credit]);
    });

    it('fits the whole route in the first view', async () => {
      const el = await mount(oceanInTransit());
      const view = el.leafletMap!.getBounds();
      for (const line of routeLines(el.leafletMap!)) for (const p of line.latLngs) expect(view.contains(p), JSON.stringify(p)).to.be.true;
      expect(view.getEast() - view.getWest()).to.be.lessThan(250);
    });
  });

  describe('the bill of lading crossing the Pacific (Shanghai → Los Angeles)', () => {
    it('draws one continuous line across the antimeridian', async () => {
      const el = await mount(oceanPacific());
      // The leg under way, behind the vessel and ahead of it, joined where the vessel is.
      const [travelled, ahead] = routeLines(el.leafletMap!);
      expect(travelled!.latLngs.at(-1)).to.deep.equal(ahead!.latLngs[0]);
      const line = { latLngs: [...travelled!.latLngs, ...ahead!.latLngs.slice(1)] };
      expect(line.latLngs).to.have.length(12);
      expect(maxLngStep(line.latLngs)).to.be.lessThan(25);
      expect(line.latLngs.at(-1)!.lng - line.latLngs[0]!.lng).to.be.closeTo(360 - 122.065 - 118.27, 1e-9);
      // On screen too: the drawn path runs left to right without jumping back across the map.
      const map = el.leafletMap!;
      const xs = line.latLngs.map((p) => map.latLngToContainerPoint(p).x);
      for (let i = 1; i < xs.length; i++) expect(xs[i]!, `point ${i}`).to.be.greaterThan(xs[i - 1]!);
      for (const path of root(el).querySelectorAll('path.tracker-route')) {
        expect(path.getBoundingClientRect().width).to.be.lessThan(el.getBoundingClientRect().width);
      }
    });

    it('puts Los Angeles and the vessel on the same side as the line, and fits the Pacific, not the world twice', async () => {
      const el = await mount(oceanPacific());
      const map = el.leafletMap!;
      const line = { latLngs: routeLines(map).flatMap((l) => l.latLngs) };
      const view = map.getBounds();
      // The Pacific, not the whole world or the world twice (how far it zooms in depends on the labels' widths, so on the engine's fonts).
      expect(view.getEast() - view.getWest()).to.be.lessThan(270);
      for (const p of line.latLngs) expect(view.contains(p)).to.be.true;
      const elBox = el.getBoundingClientRect();
      for (const marker of root(el).querySelectorAll('path.tracker-place, .tracker-vehicle')) {
        const box = marker.getBoundingClientRect();
        expect(box.left, marker.getAttribute('class')!).to.be.within(elBox.left, elBox.right);
      }
      expect(texts(el, '.tracker-vehicle-label strong')).to.deep.equal(['OOCL HONG KONG']);
      expect(root(el).querySelector('.tracker-vehicle-glyph')!.getAttribute('transform')).to.equal('rotate(96)');
    });
  });

  describe('the air waybill with a transfer (HKG → DXB → FRA)', () => {
    it('draws each flight from its document path, marks the airports, and shows no aircraft without a position', async () => {
      const el = await mount(airTransfer());
      const lines = routeLines(el.leafletMap!);
      expect(lines.map((l) => [l.className, l.latLngs.length])).to.deep.equal([
        ['tracker-route tracker-route--completed', 25],
        ['tracker-route tracker-route--planned', 25],
      ]);
      const airports = texts(el, '.tracker-place-label .tracker-label-name');
      expect(airports).to.have.length(3);
      expect(airports[0]).to.equal('Hong Kong\u00a0(HKG)');
      expect(airports.slice(1)).to.deep.equal(['Dubai\u00a0(DXB), United Arab Emirates', 'Frankfurt am Main\u00a0(FRA), Germany']);
      expect(root(el).querySelector('.tracker-vehicle')).to.equal(null);
    });

    it('draws great-circle arcs between the airports when there is no path, and the aircraft', async () => {
      const el = await mount(airWithoutPaths());
      const lines = routeLines(el.leafletMap!);
      expect(lines).to.have.length(2);
      const first = lines[0]!.latLngs;
      expect(first.length).to.be.greaterThan(10);
      // North of the straight line between HKG and DXB halfway, as a great circle is.
      expect(first[Math.floor(first.length / 2)]!.lat).to.be.greaterThan((22.308 + 25.253) / 2 + 1);
      const aircraft = root(el).querySelector<HTMLElement>('.tracker-vehicle--aircraft')!;
      expect(aircraft.querySelector('.tracker-vehicle-glyph')!.getAttribute('transform')).to.equal('rotate(312)');
      // The name always; the detail lines when the label has room for them (the engine's fonts decide).
      const [name, ...details] = texts(el, '.tracker-vehicle-label strong, .tracker-vehicle-label span');
      expect(name).to.equal('EK9905');
      for (const line of details) expect(['480 knots · course 312° · 36,000 ft', '4 minutes ago']).to.include(line);
    });
  });

  describe('hostile strings', () => {
    it('keeps names and attribution as inert text', async () => {
      window.__mapPwned = undefined;
      const el = await mount(oceanInTransit(FIXTURE_NOW, { vessel: HOSTILE.vessel, port: HOSTILE.port }), {
        tileUrl: `${location.origin}/test/packages/core/map/tile.png?z={z}&x={x}&y={y}`,
        tileAttribution: HOSTILE.attribution,
      });
      await until(() => root(el).querySelector('img.leaflet-tile') !== null, 'no tiles were drawn');
      await frames(10);
      // Whole, as text, or left to the description when the map has no room for the whole name
      // (the engine's fonts decide); a port may show its name without the country.
      const vessels = texts(el, '.tracker-vehicle-label strong');
      expect(vessels.every((v) => v === HOSTILE.vessel)).to.equal(true, vessels.join(' | '));
      expect(vessels.length).to.be.at.most(1);
      const portLabel = `${HOSTILE.port}, Singapore`;
      const ports = texts(el, '.tracker-place-label .tracker-label-name').filter((t) => t.includes(HOSTILE.port.slice(0, 8)));
      expect(ports.every((t) => t === portLabel || t === HOSTILE.port)).to.equal(true, ports.join(' | '));
      expect(ports.length).to.be.at.most(1);
      expect(texts(el, '[part=attribution]')).to.deep.equal([HOSTILE.attribution]);
      expect(root(el).getElementById('description')!.textContent).to.contain(HOSTILE.port).and.contain(HOSTILE.vessel);
      expect(
        root(el).querySelectorAll(
          'script, b, iframe, img:not(.leaflet-tile), [onerror], [onload], a:not(.leaflet-control-zoom-in, .leaflet-control-zoom-out)',
        ),
      ).to.have.length(0);
      expect(window.__mapPwned).to.equal(undefined);
    });
  });

  describe('tiles', () => {
    it('uses the tile template with a strict referrer policy and never sends the tracking number', async () => {
      const template = `${location.origin}/test/packages/core/map/tile.png?z={z}&x={x}&y={y}`;
      const el = await mount(oceanInTransit(), { tileUrl: template, tileAttribution: '© Test Tiles' });
      // The tile layer is a chunk of its own, imported when a map first shows tiles.
      await until(() => root(el).querySelector('img.leaflet-tile') !== null, 'no tiles were drawn');
      const tiles = [...root(el).querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
      expect(tiles.length).to.be.greaterThan(0);
      // Leaflet's tile rules came with the tile layer (leaflet-tiles.ts).
      expect(getComputedStyle(tiles[0]!).position).to.equal('absolute');
      for (const tile of tiles) {
        expect(tile.referrerPolicy).to.equal('strict-origin-when-cross-origin');
        expect(new URL(tile.src).host).to.equal(location.host);
        expect(tile.src).to.not.contain('MEDU9091004');
      }
      expect(root(el).querySelectorAll('.tracker-land')).to.have.length(0);
      expect(texts(el, '[part=attribution]')).to.deep.equal(['© Test Tiles']);
    });

    it('names the tile host when no attribution is given, and ignores a template it cannot fill', async () => {
      const el = await mount(oceanInTransit(), { tileUrl: `${location.origin}/test/packages/core/map/tile.png?{z}/{x}/{y}` });
      expect(texts(el, '[part=attribution]')).to.deep.equal([location.host]);
      await until(() => root(el).querySelector('img.leaflet-tile') !== null, 'no tiles were drawn');
      el.tileUrl = `${location.origin}/test/packages/core/map/tile.png?{z}/{x}/{y}&key={apiKey}`;
      await el.updateComplete;
      expect(root(el).querySelectorAll('img.leaflet-tile')).to.have.length(0);
      expect(root(el).querySelectorAll('.tracker-land').length).to.be.greaterThan(0);
      expect(texts(el, '[part=attribution]')).to.deep.equal(['Natural Earth']);
    });

    it('never draws the tiles of a template replaced before they loaded', async () => {
      const { LeafletRouteMap, adoptLeafletCss } = await import('../../../../packages/core/src/map/leaflet-route-map.js');
      const host = document.createElement('div');
      host.style.cssText = 'width: 640px; height: 360px; position: relative';
      const shadow = host.attachShadow({ mode: 'open' });
      adoptLeafletCss(shadow);
      const parent = document.createElement('div');
      parent.style.cssText = 'position: absolute; inset: 0';
      shadow.append(parent);
      document.body.append(host);
      const renderer = new LeafletRouteMap(parent, { onHint: () => {} });
      try {
        const view = mapView(oceanInTransit(), englishMapMessages);
        const show = (tileUrl?: string) =>
          renderer.show(view, { messages: englishMapMessages, now: FIXTURE_NOW, ...(tileUrl ? { tileUrl } : {}) });
        const a = `${location.origin}/test/packages/core/map/tile.png?a={z}/{x}/{y}`;
        const b = `${location.origin}/test/packages/core/map/tile.png?b={z}/{x}/{y}`;
        // All in one task: no import of the tile layer has settled in between.
        show(a);
        show();
        show(a);
        await until(() => shadow.querySelector('img.leaflet-tile') !== null, 'no tiles were drawn');
        await frames(5);
        expect(shadow.querySelectorAll('.tracker-tiles')).to.have.length(1);
        show(b);
        await until(() => shadow.querySelector('.tracker-tiles img[src*="?b="]') !== null, 'the new tiles were not drawn');
        await frames(5);
        expect(shadow.querySelectorAll('.tracker-tiles')).to.have.length(1);
        expect(shadow.querySelectorAll('img.leaflet-tile[src*="?a="]')).to.have.length(0);
      } finally {
        renderer.destroy();
        host.remove();
      }
    });
  });

  describe('inside the shadow root', () => {
    it("adopts Leaflet's CSS in its shadow root, not in the page", async () => {
      const el = await mount(oceanInTransit());
      const pageRules = [...document.styleSheets].flatMap((s) => [...s.cssRules].map((r) => r.cssText));
      expect(pageRules.some((r) => r.includes('.leaflet-pane'))).to.be.false;
      expect(document.querySelectorAll('link[rel=stylesheet]')).to.have.length(0);
      const shadowRules = root(el).adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText));
      expect(shadowRules.some((r) => r.includes('.leaflet-pane'))).to.be.true;
      expect(getComputedStyle(root(el).querySelector('.leaflet-pane')!).position).to.equal('absolute');
    });

    it('draws the built-in land outline and requests no marker images', async () => {
      const el = await mount(oceanPacific());
      // Three world copies, so land shows east of 180° where the Pacific route ends.
      expect(root(el).querySelectorAll('path.tracker-land')).to.have.length(3);
      expect(requestedUrls().filter((u) => /marker-icon|marker-shadow|layers\.png/.test(u))).to.deep.equal([]);
      expect(root(el).querySelectorAll('img:not(.leaflet-tile)')).to.have.length(0);
    });

    it('follows the size of its host', async () => {
      const el = await mount(oceanInTransit());
      expect(el.leafletMap!.getSize().y).to.equal(360);
      el.style.setProperty('--tracker-map-height', '220px');
      el.style.width = '400px';
      await frames(4);
      expect(el.leafletMap!.getSize().x).to.equal(400);
      expect(el.leafletMap!.getSize().y).to.equal(220);
    });

    it('removes the map on disconnect and builds a new one on reconnect', async () => {
      const el = await mount(oceanInTransit());
      const first = el.leafletMap!;
      const parent = el.parentNode!;
      el.remove();
      expect(el.leafletMap === undefined, 'no Leaflet map').to.be.true;
      // map.remove() ran: Leaflet forgets its panes only then.
      expect(first.getPane('mapPane') === undefined, 'the old map was removed').to.be.true;
      expect(root(el).querySelectorAll('.leaflet-pane')).to.have.length(0);
      parent.appendChild(el);
      const second = await drawnMap(el);
      expect(second !== first, 'a new Leaflet map').to.be.true;
      expect(routeLines(second)).to.have.length(3);
    });

    it('keeps the visitor’s view when the same shipment is refreshed, and refits for another one', async () => {
      const el = await mount(oceanInTransit());
      const map = el.leafletMap!;
      map.setView([0, 0], 5, { animate: false });
      el.view = mapView(oceanInTransit());
      await el.updateComplete;
      expect(map.getZoom()).to.equal(5);
      el.view = mapView(oceanPacific());
      await el.updateComplete;
      expect(map.getZoom()).to.not.equal(5);
      expect(map.getBounds().contains(routeLines(map)[0]!.latLngs.at(-1)!)).to.be.true;
    });

    it('keeps a view the page sets before the first frame, but fits the route again when the host is resized', async () => {
      await mount(oceanInTransit()); // the map's code is here, so the next map is drawn without a task in between
      document.querySelectorAll('cargo-tracker-route-map').forEach((n) => n.remove());
      const el = document.createElement('cargo-tracker-route-map');
      Object.assign(el, { loading: 'eager', view: mapView(oceanInTransit()) });
      el.style.cssText = 'width: 640px; --tracker-map-height: 360px';
      document.body.append(el);
      // Microtasks only: no frame, so the map's ResizeObserver has not yet given its first notice.
      for (let i = 0; i < 1000 && !el.leafletMap; i++) await Promise.resolve();
      const map = el.leafletMap!;
      expect(map, 'the map was drawn within microtasks').to.not.equal(undefined);
      await el.updateComplete;
      try {
        map.setView([22.61, 120.28], 6, { animate: false });
        await frames(3);
        // That notice is of the size already fitted: nothing to fit again, the page's view stays.
        expect(map.getZoom()).to.equal(6);
        el.style.width = '400px';
        await frames(3);
        expect(map.getSize().x).to.equal(400);
        const route = routeLines(map).flatMap((line) => line.latLngs);
        expect(
          route.every((at) => map.getBounds().contains(at)),
          'the whole route in view',
        ).to.be.true;
      } finally {
        el.remove();
      }
    });
  });

  describe('manners on a host page', () => {
    it('does not zoom on the wheel until the map is focused, and says how', async () => {
      const el = await mount(oceanInTransit());
      const map = el.leafletMap!;
      const container = root(el).querySelector<HTMLElement>('.leaflet-container')!;
      const hint = root(el).querySelector<HTMLElement>('[part=hint]')!;
      expect(hint.hasAttribute('data-visible')).to.be.false;
      expect(map.scrollWheelZoom.enabled()).to.be.false;
      expect(map.dragging.enabled()).to.be.false;
      container.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true, composed: true }));
      await el.updateComplete;
      expect(hint.hasAttribute('data-visible')).to.be.true;
      expect(hint.textContent).to.equal('Click or focus the map to zoom and pan');
      container.focus();
      await el.updateComplete;
      expect(map.scrollWheelZoom.enabled()).to.be.true;
      expect(map.dragging.enabled()).to.be.true;
      expect(hint.hasAttribute('data-visible')).to.be.false;
      container.blur();
      expect(map.scrollWheelZoom.enabled()).to.be.false;
    });

    it('zooms with the wheel around the pointer once focused, in and out', async () => {
      const el = await mount(oceanInTransit());
      const map = el.leafletMap!;
      const container = root(el).querySelector<HTMLElement>('.leaflet-container')!;
      container.focus();
      const box = container.getBoundingClientRect();
      const pointer = { clientX: box.left + 200, clientY: box.top + 120 };
      const under = map.containerPointToLatLng([200, 120]);
      const wheel = async (deltaY: number) => {
        const ended = new Promise((resolve) => map.once('zoomend', resolve));
        const event = new WheelEvent('wheel', { deltaY, ...pointer, bubbles: true, cancelable: true, composed: true });
        container.dispatchEvent(event);
        // The map takes the wheel, so the page does not scroll.
        expect(event.defaultPrevented).to.be.true;
        await ended;
      };
      const zoom = map.getZoom();
      await wheel(-100);
      expect(map.getZoom()).to.be.greaterThan(zoom);
      // The place under the pointer stays under it.
      const moved = map.latLngToContainerPoint(under);
      expect(Math.abs(moved.x - 200)).to.be.lessThan(1);
      expect(Math.abs(moved.y - 120)).to.be.lessThan(1);
      await wheel(100);
      expect(map.getZoom()).to.equal(zoom);
    });

    it('keeps labels and the vehicle where the zoom animation takes them, after a pan', async () => {
      const el = await mount(oceanInTransit());
      const map = el.leafletMap!;
      // A pan moves the map pane, whose offset the animation's target positions must include.
      map.panBy([37, -21], { animate: false });
      const pinned = [...root(el).querySelectorAll<HTMLElement>('.leaflet-tooltip-pane > *, .leaflet-marker-pane > *')];
      expect(pinned.map((p) => p.classList.contains('tracker-vehicle'))).to.include.members([true, false]);
      const transforms = () => pinned.map((p) => p.style.transform);
      const before = transforms();
      let during: string[] = [];
      let after: string[] = [];
      map.once('zoomanim', () => {
        during = transforms();
        // Fired as the animation ends, when each element is placed for the new zoom.
        map.once('zoom', () => (after = transforms()));
      });
      const ended = new Promise((resolve) => map.once('zoomend', resolve));
      map.setZoomAround([123, 87], map.getZoom() + 1, { animate: true });
      await ended;
      expect(during).to.not.deep.equal(before);
      // Placed for the end of the animation when it starts: its end moves nothing.
      expect(after).to.deep.equal(during);
    });

    it('shows the hint for one finger, and lets a tap activate the map', async () => {
      const el = await mount(oceanInTransit());
      const container = root(el).querySelector<HTMLElement>('.leaflet-container')!;
      container.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true, composed: true }));
      await el.updateComplete;
      expect(root(el).querySelector('[part=hint]')!.hasAttribute('data-visible')).to.be.true;
      expect(el.leafletMap!.dragging.enabled()).to.be.false;
      container.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
      expect(el.leafletMap!.dragging.enabled()).to.be.true;
    });

    it('pans with the arrow keys and zooms with + and -', async () => {
      const el = await mount(oceanInTransit());
      const map = el.leafletMap!;
      root(el).querySelector<HTMLElement>('.leaflet-container')!.focus();
      // Each listener is in place before its key: under load the driver's key press can return
      // after the 250 ms animation has already ended.
      const press = async (key: string, event: 'zoomend' | 'moveend') => {
        const ended = new Promise((resolve) => map.once(event, resolve));
        await sendKeys({ press: key });
        await ended;
      };
      const zoom = map.getZoom();
      await press('+', 'zoomend');
      expect(map.getZoom()).to.be.greaterThan(zoom);
      const centre = map.getCenter();
      await press('ArrowRight', 'moveend');
      expect(map.getCenter().lng).to.be.greaterThan(centre.lng);
      await press('-', 'zoomend');
      expect(map.getZoom()).to.equal(zoom);
    });

    it('stops zooming in where the finest land outline still holds, and not over tiles', async () => {
      const el = await mount(oceanInTransit());
      const map = el.leafletMap!;
      const zoomIn = root(el).querySelector<HTMLElement>('.leaflet-control-zoom-in')!;
      expect(map.getMaxZoom()).to.equal(LAND_MAX_ZOOM);
      map.setZoom(20, { animate: false });
      expect(map.getZoom()).to.equal(LAND_MAX_ZOOM);
      await until(() => zoomIn.classList.contains('leaflet-disabled'), 'the zoom-in button stays enabled at the closest zoom');
      expect(zoomIn.getAttribute('aria-disabled')).to.equal('true');
      // Tiles bring their own limit (Leaflet's tile layer: 18), which the map then follows.
      el.tileUrl = `${location.origin}/test/packages/core/map/tile.png?z={z}&x={x}&y={y}`;
      await el.updateComplete;
      await until(() => map.getMaxZoom() === 18, `the tiles' limit was not taken: ${map.getMaxZoom()}`);
      await until(() => !zoomIn.classList.contains('leaflet-disabled'), 'the zoom-in button stays disabled over tiles');
      map.setZoom(12, { animate: false });
      expect(map.getZoom()).to.equal(12);
      // Back to the land outline: the map zooms out to its limit.
      el.tileUrl = undefined;
      await el.updateComplete;
      expect(map.getMaxZoom()).to.equal(LAND_MAX_ZOOM);
      expect(map.getZoom()).to.equal(LAND_MAX_ZOOM);
    });

    // Neither driver outside Chromium can emulate prefers-reduced-motion.
    const noReducedMotion = {
      firefox: "Puppeteer emulates prefers-reduced-motion over CDP only, and Firefox's WebDriver BiDi has no such command",
      webkit: 'WebDriver classic has no command to emulate prefers-reduced-motion',
    };
    itExceptIn(noReducedMotion, 'turns off animated zoom and pan when the visitor prefers reduced motion', async () => {
      const animated = await mount(oceanInTransit());
      expect(animated.leafletMap!.options.zoomAnimation).to.be.true;
      expect(panIsImmediate(animated.leafletMap!)).to.be.false;
      await emulateMedia({ reducedMotion: 'reduce' });
      try {
        const still = await mount(oceanInTransit());
        const map = still.leafletMap!;
        expect(map.options.zoomAnimation).to.be.false;
        expect(map.options.fadeAnimation).to.be.false;
        expect(map.options.inertia).to.be.false;
        // Keyboard panning goes through panBy.
        expect(panIsImmediate(map)).to.be.true;
      } finally {
        await emulateMedia({ reducedMotion: 'no-preference' });
      }
    });
  });

  describe('the dark theme', () => {
    it('changes the basemap colours, and integrator colours still win', async () => {
      const el = await mount(oceanInTransit());
      const water = (): string => getComputedStyle(root(el).querySelector('.leaflet-container')!).backgroundColor;
      const light = water();
      el.theme = 'dark';
      await el.updateComplete;
      expect(el.getAttribute('theme')).to.equal('dark');
      expect(water()).to.not.equal(light);
      el.style.setProperty('--tracker-map-water-color', 'rgb(1, 2, 3)');
      expect(water()).to.equal('rgb(1, 2, 3)');
    });
  });

  it('never requested anything beyond loopback', () => {
    const urls = requestedUrls();
    expect(urls.length).to.be.greaterThan(0);
    expect(urls.filter((u) => !isLoopback(u))).to.deep.equal([]);
  });
});

describe('<tracker-route-map> label layout cost', () => {
  itExceptIn(
    { firefox: 'layouts are counted over the Chrome DevTools Protocol', webkit: 'layouts are counted over the Chrome DevTools Protocol' },
    'measures the labels in one layout and places them without one per label',
    async () => {
      const el = await mount(oceanInTransit());
      const map = el.leafletMap!;
      await frames(3);
      const layouts = async () => (await executeServerCommand('layout-count')) as number;
      const before = await layouts();
      // A zoom places the four labels again: texts not measured before are measured together.
      map.setZoom(map.getZoom() + 0.25, { animate: false });
      const labels = root(el).querySelectorAll('.tracker-label:not(.tracker-label-measure)').length;
      expect(labels).to.be.at.least(3);
      const forced = (await layouts()) - before;
      // Leaflet's own size reads and the one measuring pass, not one layout per label.
      expect(forced, `${forced} layouts for ${labels} labels`).to.be.at.most(3);
    },
  );
});
