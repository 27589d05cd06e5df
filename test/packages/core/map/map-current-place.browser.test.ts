// Issue 37: where the shipment is now when no vessel or aircraft is live. The demo's transfer at
// Dubai, customs hold at Le Havre and delivery at Duisburg each get one filled pin, distinct from
// the other stops' rings, with the state in its label; a live vessel is the mark itself, and no stop
// gets a pin then.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import { setViewport } from '../../../support/browser.js';
import { loaded, mapOf, demoRoutes } from './label-geometry.js';

const demo = (number: string) => demoRoutes.find((r) => r.id === `demo-${number}`)!;

/** The pins and rings as painted: each mark's fill, and the label text beside the pin. */
function marks(root: ShadowRoot): { pins: number; pinFill: string[]; ringFill: string[]; labels: string[] } {
  const all = [...root.querySelectorAll<SVGPathElement>('path.tracker-place')];
  const pins = all.filter((p) => p.classList.contains('tracker-place--current'));
  const fill = (p: Element) => getComputedStyle(p).fill;
  return {
    pins: pins.length,
    pinFill: pins.map(fill),
    ringFill: all.filter((p) => !pins.includes(p)).map(fill),
    labels: [...root.querySelectorAll('.tracker-place-label:not(.tracker-label-measure)')].map((n) => n.textContent ?? ''),
  };
}

describe("the map's current place, when no vehicle is live", () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    await setViewport({ width: 800, height: 600 });
  });

  for (const [number, place, state] of [
    ['176-22817340', 'Dubai', 'Manifested Jun 1, 2026'],
    ['CMAU4719208', 'Le Havre', 'On hold'],
    ['HLXU8123446', 'Duisburg', 'Delivered May'],
  ] as const) {
    it(`demo ${number}: a filled pin at ${place}, its label saying "${state}"`, async () => {
      await setViewport({ width: 1280, height: 900 });
      const el = await loaded(demo(number), 'en');
      const found = marks(mapOf(el).shadowRoot);
      expect(found.pins).to.equal(1);
      expect(found.ringFill.length).to.be.greaterThan(0);
      expect(found.ringFill).to.not.include(found.pinFill[0]);
      const label = found.labels.find((t) => t.includes(place));
      expect(label, found.labels.join(' | ')).to.contain(state);
    });
  }

  it('demo MEDU9091004: the live vessel, and no pin', async () => {
    await setViewport({ width: 1280, height: 900 });
    const el = await loaded(demo('MEDU9091004'), 'en');
    const root = mapOf(el).shadowRoot;
    expect(root.querySelector('.tracker-vehicle')).to.not.equal(null);
    expect(marks(root).pins).to.equal(0);
  });
});
