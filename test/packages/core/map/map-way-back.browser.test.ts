// Issue 37: a way back to the route. Beside the zoom buttons, "Fit route" brings the whole route
// back in one press, and "Show vessel" (or "Show aircraft") centres a live position; both are
// native buttons the Tab key reaches, in the map's words, and the map's description of its keys
// names the first.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../../packages/core/src/map/define.js';
import type { MapMessages } from '../../../../packages/core/src/view/map-messages.js';
import type { TrackerRouteMap } from '../../../../packages/core/src/map/index.js';
import type { Shipment } from '../../../../packages/core/src/model/shipment.js';
import { useClock } from '@cargo-trackers/core/internal/first';
import { FakeClock } from '../../../support/fake-clock.js';
import { until } from '../../../support/browser.js';
import { airTransfer, FIXTURE_NOW, mapView, oceanInTransit } from './fixtures.js';
import { drawnMap, frames } from './map-test-helpers.js';

async function mount(shipment: Shipment, size = 'width: 640px; --tracker-map-height: 360px'): Promise<TrackerRouteMap> {
  const el = document.createElement('cargo-tracker-route-map');
  useClock(el, new FakeClock(FIXTURE_NOW));
  Object.assign(el, { loading: 'eager', view: mapView(shipment) });
  el.style.cssText = size;
  await fixture(html`${el}`);
  await drawnMap(el);
  await frames();
  return el;
}

const root = (el: TrackerRouteMap): ShadowRoot => el.shadowRoot!;
const buttons = (el: TrackerRouteMap): HTMLButtonElement[] => [...root(el).querySelectorAll<HTMLButtonElement>('.tracker-way-back button')];
const canvas = (el: TrackerRouteMap): DOMRect => root(el).querySelector('.leaflet-container')!.getBoundingClientRect();

/** The place marks a visitor sees: painted and inside the map. */
function marksInView(el: TrackerRouteMap): number {
  const box = canvas(el);
  return [...root(el).querySelectorAll('path.tracker-place')].filter((mark) => {
    const r = mark.getBoundingClientRect();
    return r.width > 0 && r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
  }).length;
}

/** Presses Tab until the focus is on the button saying `text`, at most `presses` times. */
async function tabTo(el: TrackerRouteMap, text: string, presses = 6): Promise<HTMLElement> {
  for (let i = 0; i < presses; i++) {
    await sendKeys({ press: 'Tab' });
    const active = root(el).activeElement as HTMLElement | null;
    if (active?.textContent === text) return active;
  }
  throw new Error(`Tab never reached "${text}"`);
}

describe("the map's way back to the route", () => {
  it('offers "Fit route" and "Show vessel" beside the zoom buttons, as buttons', async () => {
    const el = await mount(oceanInTransit());
    expect(buttons(el).map((b) => b.textContent)).to.deep.equal(['Fit route', 'Show vessel']);
    const zoom = root(el).querySelector('.leaflet-control-zoom')!.getBoundingClientRect();
    const wayBack = root(el).querySelector('.tracker-way-back')!.getBoundingClientRect();
    expect(wayBack.top, 'at the height of the zoom buttons').to.be.within(zoom.top - 1, zoom.bottom);
    expect(wayBack.left - zoom.right, 'right after them').to.be.within(0, 12);
    expect(wayBack.right).to.be.at.most(canvas(el).right);
  });

  it('brings the whole route back from zoom 8 over empty sea with one press of Enter', async () => {
    const el = await mount(oceanInTransit());
    const map = el.leafletMap!;
    const fitted = { zoom: map.getZoom(), marks: marksInView(el) };
    expect(fitted.marks, 'every place is in the first view').to.equal(root(el).querySelectorAll('path.tracker-place').length);
    root(el).querySelector<HTMLElement>('.leaflet-container')!.focus();
    map.setView([-30, -20], 8, { animate: false });
    await frames(2);
    expect(marksInView(el), 'no place in the South Atlantic').to.equal(0);
    root(el).querySelector<HTMLElement>('.leaflet-container')!.focus();
    await tabTo(el, 'Fit route');
    await sendKeys({ press: 'Enter' });
    await until(() => marksInView(el) === fitted.marks, 'the route did not come back');
    expect(map.getZoom()).to.equal(fitted.zoom);
  });

  it('centres the vessel with "Show vessel", zoomed in to at least 5', async () => {
    const el = await mount(oceanInTransit());
    const map = el.leafletMap!;
    buttons(el)[1]!.click();
    await frames(2);
    const vehicle = root(el).querySelector('.tracker-vehicle')!.getBoundingClientRect();
    const box = canvas(el);
    expect(vehicle.left + vehicle.width / 2).to.be.closeTo(box.left + box.width / 2, 2);
    expect(vehicle.top + vehicle.height / 2).to.be.closeTo(box.top + box.height / 2, 2);
    expect(map.getZoom()).to.be.at.least(5);
  });

  it('offers "Fit route" alone when no vehicle is live', async () => {
    const el = await mount(airTransfer());
    expect(buttons(el).map((b) => b.textContent)).to.deep.equal(['Fit route']);
  });

  it("says the map's words, and names the button in the description of its keys", async () => {
    const el = await mount(oceanInTransit());
    expect(root(el).querySelector('#map-notes')!.textContent).to.contain('the Fit route button shows the whole route again');
    const words: Partial<MapMessages> = { fitRoute: 'Route einpassen', showVehicle: (kind) => `${kind} zeigen` };
    el.messages = words;
    await until(() => buttons(el)[0]?.textContent === 'Route einpassen', 'the buttons kept their words');
    expect(buttons(el).map((b) => b.textContent)).to.deep.equal(['Route einpassen', 'vessel zeigen']);
  });
});

/** How much of the map the route's places take, across and down, as shares of its width and height. */
function routeShare(el: TrackerRouteMap): { across: number; down: number } {
  const box = canvas(el);
  const rects = [...root(el).querySelectorAll('path.tracker-route, path.tracker-place')].map((n) => n.getBoundingClientRect());
  const left = Math.max(box.left, Math.min(...rects.map((r) => r.left)));
  const right = Math.min(box.right, Math.max(...rects.map((r) => r.right)));
  const top = Math.max(box.top, Math.min(...rects.map((r) => r.top)));
  const bottom = Math.min(box.bottom, Math.max(...rects.map((r) => r.bottom)));
  return { across: (right - left) / box.width, down: (bottom - top) / box.height };
}

describe('the first view', () => {
  afterEach(() => document.querySelectorAll('cargo-tracker-route-map').forEach((n) => n.remove()));
  for (const width of [320, 390, 640, 1024]) {
    for (const [name, shipment] of [
      ['Ningbo to Rotterdam', oceanInTransit],
      ['Hong Kong to Frankfurt via Dubai', airTransfer],
    ] as const) {
      it(`${name}, ${width} px wide: the route fills the map, with a margin`, async () => {
        const el = await mount(shipment(), `width: ${width}px; --tracker-map-height: 320px`);
        const share = routeShare(el);
        // Before issue 37 a phone's map showed Ningbo to Rotterdam across 43% of its width and 22% of its height.
        expect(Math.max(share.across, share.down), JSON.stringify(share)).to.be.at.least(0.65);
        const box = canvas(el);
        for (const mark of root(el).querySelectorAll('path.tracker-place')) {
          const r = mark.getBoundingClientRect();
          expect(
            [r.left - box.left, box.right - r.right, r.top - box.top, box.bottom - r.bottom].every((gap) => gap >= 8),
            'a margin',
          ).to.be.true;
        }
      });
    }
  }
});
