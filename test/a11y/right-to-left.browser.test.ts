// Right to left, checked by geometry: an Arabic element is the mirror image of an English one.
// Each distance measured from the inline-start edge in English is measured from the
// inline-start edge (the right) in Arabic and must be the same.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { fixture, mount, nextEvent, parts, scenario, setViewport } from '../support/browser.js';

async function shown(lang: 'en' | 'ar'): Promise<OceanTracker> {
  const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
  const el = mount<OceanTracker>(
    `<ocean-tracker lang="${lang}" map="none" proxy-url="${s.base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`,
  );
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  return el;
}

/** The box of the text itself (not of its block), as a reader sees it. */
function textBox(node: Element): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(node);
  return range.getBoundingClientRect();
}

/** Distance of `inner` from the inline-start edge of `outer`: from the left in LTR, from the right in RTL. */
function fromInlineStart(outer: DOMRect, inner: DOMRect, dir: 'ltr' | 'rtl'): number {
  return dir === 'ltr' ? inner.left - outer.left : outer.right - inner.right;
}

describe('right to left', () => {
  beforeEach(() => setViewport({ width: 800, height: 900 }));
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('keeps each milestone title as far from the timeline’s marker line in Arabic as in English', async () => {
    const gaps: Record<string, number[]> = {};
    for (const lang of ['en', 'ar'] as const) {
      const el = await shown(lang);
      const dir = lang === 'ar' ? 'rtl' : 'ltr';
      gaps[lang] = parts(el, 'milestone').map((li) => {
        // The marker line is the item's inline-start border; the gap runs from its inner edge to the title's text.
        const line = parseFloat(getComputedStyle(li).borderInlineStartWidth);
        return fromInlineStart(li.getBoundingClientRect(), textBox(li.querySelector('.milestone-title')!), dir) - line;
      });
    }
    expect(gaps['en']!.length).to.be.greaterThan(3);
    expect(gaps['ar']!.length).to.equal(gaps['en']!.length);
    for (const [i, gap] of gaps['ar']!.entries()) expect(gap, `milestone ${i + 1}`).to.be.closeTo(gaps['en']![i]!, 0.5);
    expect(Math.min(...gaps['ar']!)).to.be.greaterThan(16);
  });

  it('runs the summary’s route from the inline start: origin on the right in Arabic', async () => {
    const offsets: Record<string, number[]> = {};
    for (const lang of ['en', 'ar'] as const) {
      const el = await shown(lang);
      const dir = lang === 'ar' ? 'rtl' : 'ltr';
      const list = el.shadowRoot!.querySelector('[part~="route"] ol')!.getBoundingClientRect();
      const stops = [...el.shadowRoot!.querySelectorAll('[part~="route"] li')].map((li) => li.getBoundingClientRect());
      offsets[lang] = stops.map((stop) => fromInlineStart(list, stop, dir));
      // Origin first, then each stop further from the inline start (or on a later line).
      for (let i = 1; i < stops.length; i++) {
        const later = stops[i]!.top > stops[i - 1]!.bottom - 1 || offsets[lang]![i]! > offsets[lang]![i - 1]!;
        expect(later, `${lang}: stop ${i + 1} after stop ${i}`).to.equal(true);
      }
      const heading = textBox(el.shadowRoot!.querySelector('[part~="route"] h3')!);
      expect(fromInlineStart(list, heading, dir), `${lang}: heading at the inline start`).to.be.closeTo(0, 0.5);
    }
    expect(offsets['ar']![0]).to.be.closeTo(offsets['en']![0]!, 0.5);
  });
});
