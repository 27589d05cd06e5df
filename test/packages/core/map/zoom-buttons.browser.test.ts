// The map's zoom buttons speak the element's language: their names (what a screen reader says)
// and their tooltips, from the element's catalogue and its `messages`, and again after the
// language changes on a drawn map.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import type { TrackerRouteMap } from '../../../../packages/core/src/map/index.js';
import { engine, fixture, mount, nextEvent, scenario, until } from '../../../support/browser.js';
import { drawnMap } from './map-test-helpers.js';

interface AxNode {
  readonly role: string;
  readonly name: string;
}

/** A loaded <ocean-tracker lang=…> with its map drawn, and that map. */
async function shown(lang: string): Promise<{ el: OceanTracker; map: TrackerRouteMap }> {
  const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
  const el = mount<OceanTracker>(
    `<ocean-tracker lang="${lang}" map="eager" proxy-url="${s.base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`,
  );
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  const map = el.shadowRoot!.querySelector<TrackerRouteMap>('cargo-tracker-route-map')!;
  await drawnMap(map);
  return { el, map };
}

/** Each zoom button's name and tooltip, in (in, out) order. */
function buttons(map: TrackerRouteMap): Array<{ label: string | null; title: string | null }> {
  return ['.leaflet-control-zoom-in', '.leaflet-control-zoom-out'].map((selector) => {
    const button = map.shadowRoot!.querySelector(selector)!;
    return { label: button.getAttribute('aria-label'), title: button.getAttribute('title') };
  });
}

const both = (zoomIn: string, zoomOut: string) => [
  { label: zoomIn, title: zoomIn },
  { label: zoomOut, title: zoomOut },
];

/** The names of the page's buttons as Chromium gives them to assistive technology (its tree is read over CDP). */
async function buttonNames(): Promise<string[]> {
  const nodes = (await executeServerCommand('ax-tree')) as AxNode[];
  return nodes.filter((n) => n.role === 'button').map((n) => n.name);
}

/** In Chromium, the accessibility tree names the zoom buttons so, and holds no English ones besides. */
async function expectAccessibleNames(zoomIn: string, zoomOut: string): Promise<void> {
  if (engine !== 'chromium') return;
  const names = await buttonNames();
  expect(names).to.include.members([zoomIn, zoomOut]);
  if (zoomIn !== 'Zoom in') expect(names).to.not.include.members(['Zoom in']).and.not.include.members(['Zoom out']);
}

describe("the map's zoom buttons in the element's language", () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  for (const [lang, zoomIn, zoomOut] of [
    ['en', 'Zoom in', 'Zoom out'],
    ['de', 'Vergrößern', 'Verkleinern'],
    ['ar', 'تكبير', 'تصغير'],
  ] as const) {
    it(`${lang}: names and tooltips "${zoomIn}" and "${zoomOut}"`, async () => {
      const { map } = await shown(lang);
      expect(buttons(map)).to.deep.equal(both(zoomIn, zoomOut));
      await expectAccessibleNames(zoomIn, zoomOut);
    });
  }

  it('follows a change of lang on a drawn map, and the integrator’s messages', async () => {
    const { el, map } = await shown('en');
    const leaflet = map.leafletMap;
    el.lang = 'ar';
    await until(() => buttons(map)[0]!.label === 'تكبير', `the buttons still say ${JSON.stringify(buttons(map))}`);
    expect(buttons(map)).to.deep.equal(both('تكبير', 'تصغير'));
    el.lang = 'de';
    await until(() => buttons(map)[0]!.label === 'Vergrößern', `the buttons still say ${JSON.stringify(buttons(map))}`);
    el.messages = { 'map.zoomOut': 'Herauszoomen' };
    await until(() => buttons(map)[1]!.label === 'Herauszoomen', `the buttons still say ${JSON.stringify(buttons(map))}`);
    expect(buttons(map)).to.deep.equal([
      { label: 'Vergrößern', title: 'Vergrößern' },
      { label: 'Herauszoomen', title: 'Herauszoomen' },
    ]);
    await expectAccessibleNames('Vergrößern', 'Herauszoomen');
    // The same map, its words changed in place.
    expect(map.leafletMap).to.equal(leaflet);
  });

  it('keeps the focus on a zoom button whose words change', async () => {
    const { el, map } = await shown('en');
    map.shadowRoot!.querySelector<HTMLElement>('.leaflet-control-zoom-out')!.focus();
    el.lang = 'de';
    await until(() => buttons(map)[1]!.label === 'Verkleinern', `the buttons still say ${JSON.stringify(buttons(map))}`);
    expect(map.shadowRoot!.activeElement?.getAttribute('aria-label')).to.equal('Verkleinern');
  });
});
