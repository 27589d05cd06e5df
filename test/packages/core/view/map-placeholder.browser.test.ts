import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { TrackerRouteMap } from '../../../../packages/core/src/map/index.js';
import { fixture, holdRequests, mount, nextEvent, part, scenario, until } from '../../../support/browser.js';

type Tracker = HTMLElement & { updateComplete: Promise<boolean> };

/** Drawn: it has a box of its own (an unslotted child of a shadow host has none). */
function shown(node: Element): boolean {
  return node.getClientRects().length > 0 && node.getBoundingClientRect().height > 0;
}

// One page for this file: once the map's modules have arrived they stay, so the one test
// holds both the map element and the Leaflet chunk and lets them through one after the other.
describe('the map placeholder', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('shows "Loading map…" in the map’s room while the map element and then Leaflet load, then gives way to the map', async () => {
    const element = await holdRequests('/src/map/define.');
    const leaflet = await holdRequests('/src/map/leaflet-route-map.');
    try {
      const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
      const el = mount<Tracker>(
        `<ocean-tracker lang="en" map="eager" proxy-url="${s.base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`,
      );
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      await until(async () => (await element.held()) > 0, 'the map element was requested');

      const map = part(el, 'map') as TrackerRouteMap;
      const placeholder = part(el, 'map-placeholder')!;
      expect(customElements.get('cargo-tracker-route-map'), 'the map element is still on its way').to.equal(undefined);
      expect(placeholder.getAttribute('role')).to.equal('status');
      expect(placeholder.textContent).to.equal('Loading map…');
      expect(shown(placeholder), 'visible before the map element is defined').to.be.true;
      const room = map.getBoundingClientRect();
      const box = placeholder.getBoundingClientRect();
      expect(box.height).to.be.at.least(300);
      expect([box.top, box.left, box.right]).to.deep.equal([room.top, room.left, room.right]);

      await element.release();
      await until(() => customElements.get('cargo-tracker-route-map') !== undefined, 'the map element was defined');
      await map.updateComplete;
      await until(async () => (await leaflet.held()) > 0, 'the Leaflet chunk was requested');
      expect(placeholder.assignedSlot, 'slotted into the map').to.not.equal(null);
      expect(shown(placeholder), 'visible while Leaflet loads').to.be.true;
      expect(placeholder.getBoundingClientRect().height).to.equal(box.height);
      expect(map.leafletMap).to.equal(undefined);

      await leaflet.release();
      await until(() => map.leafletMap !== undefined, 'the map was drawn');
      await map.updateComplete;
      expect(shown(placeholder), 'gone once the map is drawn').to.be.false;
      // And its spinner stopped: an unslotted placeholder kept spinning unseen in Firefox, a
      // restyle every frame for as long as the page stayed open.
      const spinning = placeholder.getAnimations({ subtree: true }).filter((a) => a.playState === 'running');
      expect(spinning.map((a) => (a as CSSAnimation).animationName)).to.deep.equal([]);
    } finally {
      await element.release();
      await leaflet.release();
    }
  });
});
