// Right to left, checked by geometry: an Arabic element is the mirror image of an English one.
// Each distance measured from the inline-start edge in English is measured from the
// inline-start edge (the right) in Arabic and must be the same.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { fixture, mount, nextEvent, part, parts, scenario, setViewport } from '../support/browser.js';

/** A loaded element with `attrs` (its `lang`, its `dir`), in the markup `around` (its place marked `%`). */
async function shown(attrs: string, around = '%'): Promise<OceanTracker> {
  const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
  const markup = `<ocean-tracker ${attrs} map="none" proxy-url="${s.base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`;
  const root = mount<HTMLElement>(around.replace('%', markup));
  const el = root.localName === 'ocean-tracker' ? (root as OceanTracker) : root.querySelector<OceanTracker>('ocean-tracker')!;
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
      const el = await shown(`lang="${lang}"`);
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
      const el = await shown(`lang="${lang}"`);
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

/** Each route stop's distance from the list's inline-start edge (the right in right to left). */
function routeOffsets(el: OceanTracker, dir: 'ltr' | 'rtl'): number[] {
  const list = el.shadowRoot!.querySelector('[part~="route"] ol')!.getBoundingClientRect();
  return [...el.shadowRoot!.querySelectorAll('[part~="route"] li')].map((li) => fromInlineStart(list, li.getBoundingClientRect(), dir));
}

// HTML's way: `dir` on the element or any ancestor decides, and `lang` only picks the language.
// Only a page that sets no `dir` anywhere leaves the direction to the element's language, so that
// lang="ar" alone still reads right to left.
describe('direction from the page', () => {
  beforeEach(() => setViewport({ width: 800, height: 900 }));
  afterEach(() => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    document.documentElement.removeAttribute('dir');
  });

  const cases = [
    { name: 'Hebrew, untranslated, under dir="rtl"', attrs: 'lang="he"', around: '<div dir="rtl">%</div>', dir: 'rtl' },
    { name: 'Persian under <html dir="rtl">', attrs: 'lang="fa"', html: 'rtl', dir: 'rtl' },
    { name: 'English with its own dir="rtl"', attrs: 'lang="en" dir="rtl"', dir: 'rtl' },
    { name: 'English under dir="rtl"', attrs: 'lang="en"', around: '<section dir="rtl">%</section>', dir: 'rtl' },
    { name: 'Arabic where the page sets no dir', attrs: 'lang="ar"', dir: 'rtl' },
    { name: 'Arabic under dir="ltr" (lang sets only the language)', attrs: 'lang="ar"', around: '<div dir="ltr">%</div>', dir: 'ltr' },
    { name: 'Arabic with its own dir="ltr"', attrs: 'lang="ar" dir="ltr"', dir: 'ltr' },
  ] as const;

  for (const c of cases) {
    it(`${c.name}: ${c.dir === 'rtl' ? 'right to left, mirrored' : 'left to right'}`, async () => {
      const reference = routeOffsets(await shown('lang="en"'), 'ltr');
      if ('html' in c) document.documentElement.dir = c.html;
      const el = await shown(c.attrs, 'around' in c ? c.around : '%');
      const frame = part(el, 'base')!;
      expect(getComputedStyle(frame).direction, 'direction').to.equal(c.dir);
      expect(frame.matches(`:dir(${c.dir})`), `:dir(${c.dir})`).to.equal(true);
      // The language is the element's own, whatever the direction.
      expect(frame.lang).to.equal(/lang="([^"]+)"/.exec(c.attrs)![1]);
      // Mirrored: the origin as far from the inline start as in English, each later stop further on
      // (or on a later line); the arrows point the way the text reads.
      const offsets = routeOffsets(el, c.dir);
      expect(offsets.length).to.equal(reference.length);
      expect(offsets[0], 'origin').to.be.closeTo(reference[0]!, 0.5);
      const stops = [...el.shadowRoot!.querySelectorAll('[part~="route"] li')].map((li) => li.getBoundingClientRect());
      for (let i = 1; i < stops.length; i++)
        expect(stops[i]!.top > stops[i - 1]!.bottom - 1 || offsets[i]! > offsets[i - 1]!, `stop ${i + 1} after stop ${i}`).to.equal(true);
      const arrows = [...el.shadowRoot!.querySelectorAll('[part~="route"] .route-arrow')].map((a) => a.textContent!.trim());
      expect(arrows.length).to.be.greaterThan(0);
      for (const arrow of arrows) expect(arrow).to.equal(c.dir === 'rtl' ? '←' : '→');
    });
  }

  it('mirrors when dir is set on the element later', async () => {
    const el = await shown('lang="en"');
    const frame = () => part(el, 'base')!;
    expect(getComputedStyle(frame()).direction).to.equal('ltr');
    el.dir = 'rtl';
    await el.updateComplete;
    expect(getComputedStyle(frame()).direction).to.equal('rtl');
    expect(el.shadowRoot!.querySelector('[part~="route"] .route-arrow')!.textContent!.trim()).to.equal('←');
  });

  it('follows dir on the host of a shadow root it is rendered in', async () => {
    // No lang anywhere: the browser's language, English here, and the shell's direction.
    const root = mount<HTMLElement>('<div dir="rtl"></div>');
    const shadow = root.attachShadow({ mode: 'open' });
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    shadow.innerHTML = `<ocean-tracker map="none" proxy-url="${s.base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`;
    const el = shadow.querySelector<OceanTracker>('ocean-tracker')!;
    await nextEvent(el, 'tracker-load');
    await el.updateComplete;
    expect(getComputedStyle(part(el, 'base')!).direction).to.equal('rtl');
  });
});
