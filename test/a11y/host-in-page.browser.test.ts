// The host in the page around it. It sizes like a block in every layout a page may put it in:
// where its container asks its content how wide it is (a flex row, a grid auto track, inline-block,
// a table cell, a float), it takes the room on offer, never less than its form needs, and its form
// fits inside it. It takes the page's type: font family, size and text colour, while its own
// palette paints its background, surfaces and badges; --tracker-* properties override both. The
// page's alignment, letter case, spacing and wrapping stay outside: its layout is its own.
import { expect } from '@open-wc/testing';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { elementsUnderTest } from './elements.js';
import { fixture, mount, scenario, setViewport, until } from '../support/browser.js';

const SIDEBAR = 200;

interface Layout {
  readonly name: string;
  /** Markup around the element, which goes where `%` is. */
  readonly around: (width: number) => string;
  /** The border-box width the element should take in a container `width` px wide. */
  readonly expected: (width: number) => number;
}

const beside = (width: number) => width - SIDEBAR;
const LAYOUTS: readonly Layout[] = [
  {
    name: 'a flex row beside a sidebar',
    around: (w) => `<div style="display:flex;width:${w}px"><aside style="flex:none;width:${SIDEBAR}px">Menu</aside>%</div>`,
    expected: beside,
  },
  {
    name: 'a grid auto track beside a sidebar',
    around: (w) => `<div style="display:grid;grid-template-columns:${SIDEBAR}px auto;width:${w}px"><aside>Menu</aside>%</div>`,
    expected: beside,
  },
  {
    name: 'an inline-block',
    around: (w) => `<div style="width:${w}px"><div style="display:inline-block">%</div></div>`,
    expected: (w) => w,
  },
  {
    name: 'a table cell beside a sidebar cell',
    around: (w) =>
      `<table style="width:${w}px;border-spacing:0"><tr><td style="width:${SIDEBAR}px;padding:0">Menu</td><td style="padding:0">%</td></tr></table>`,
    expected: beside,
  },
  {
    name: 'a floated column',
    around: (w) => `<div style="width:${w}px;display:flow-root"><div style="float:inline-start">%</div></div>`,
    expected: (w) => w,
  },
];

describe('the host’s size', () => {
  before(() => setViewport({ width: 1000, height: 800 }));
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));
  after(() => setViewport({ width: 800, height: 600 }));

  for (const e of elementsUnderTest) {
    for (const layout of LAYOUTS) {
      // 900: the wide form in one row; 480: beside the sidebar, less room than the stacked form needs.
      for (const width of [900, 480]) {
        it(`<${e.tag}> in ${layout.name}, ${width} px: takes the room on offer and its form fits`, async () => {
          const root = mount<HTMLElement>(
            layout.around(width).replace('%', `<${e.tag} lang="en" proxy-url="/__nowhere/${e.path}"></${e.tag}>`),
          );
          const el = root.querySelector<TrackerElement>(e.tag)!;
          await el.updateComplete;
          const host = el.getBoundingClientRect();
          // Never below its form: 16em inside its padding and border, the room the stacked form needs.
          const style = getComputedStyle(el);
          const edges = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
          const least = 16 * parseFloat(style.fontSize) + edges.reduce((sum, edge) => sum + parseFloat(style[edge]), 0);
          expect(host.width, 'host width').to.be.at.least(least);
          expect(host.width, 'host width').to.be.closeTo(Math.max(layout.expected(width), least), 1);
          expect(el.scrollWidth, 'host scrollWidth').to.be.at.most(el.clientWidth);
          const form = el.shadowRoot!.querySelector('form')!;
          for (const control of form.querySelectorAll('input, select, button')) {
            const box = control.getBoundingClientRect();
            expect(box.width, `${control.localName} width`).to.be.greaterThan(40);
            expect(box.left, `${control.localName} left`).to.be.at.least(host.left);
            expect(box.right, `${control.localName} right`).to.be.at.most(host.right);
          }
        });
      }
    }
  }
});

/** A loaded `<ocean-tracker>` with `attrs`, inside `<div style="${page}">`. */
async function loadedIn(page: string, attrs = ''): Promise<TrackerElement> {
  const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
  const root = mount<HTMLElement>(
    `<div style="${page}"><ocean-tracker lang="en" map="none" ${attrs} proxy-url="${s.base}/ocean" reference-number="MEDU9091004"></ocean-tracker></div>`,
  );
  const el = root.querySelector<TrackerElement>('ocean-tracker')!;
  await until(() => el.trackingState === 'loaded', 'loaded');
  await el.updateComplete;
  return el;
}

describe('the host’s type', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  const inside = (el: TrackerElement, selector: string) => getComputedStyle(el.shadowRoot!.querySelector(selector)!);

  it('takes the font family, size and text colour of the page, and keeps its own palette for its surfaces', async () => {
    const el = await loadedIn('font-family: Georgia, serif; font-size: 22px; color: #333');
    for (const selector of ['input', 'button[type="submit"]', '.milestone-title', '.status-badge', '[part~="eta"]']) {
      const style = inside(el, selector);
      expect(style.fontFamily, `${selector} font`).to.match(/^Georgia/);
      expect(style.color, `${selector} colour`).to.equal(selector.startsWith('button') ? 'rgb(255, 255, 255)' : 'rgb(51, 51, 51)');
    }
    expect(getComputedStyle(el).fontSize).to.equal('22px');
    expect(parseFloat(inside(el, 'input').fontSize)).to.be.closeTo(22, 0.5);
    // Its own palette: the background, the surfaces, the badge's tint, the secondary text.
    expect(getComputedStyle(el).backgroundColor).to.equal('rgb(255, 255, 255)');
    expect(inside(el, '[part~="eta"]').backgroundColor).to.equal('rgb(244, 246, 249)');
    expect(inside(el, '.status-badge').backgroundColor).not.to.equal('rgba(0, 0, 0, 0)');
    expect(inside(el, '.milestone-meta').color).to.equal('rgb(82, 91, 107)');
  });

  it('keeps its own alignment, letter case, spacing and wrapping in a centred, uppercase, spaced, unwrapped page', async () => {
    const page =
      'text-align: center; text-transform: uppercase; letter-spacing: 3px; word-spacing: 9px; white-space: nowrap; line-height: 3; text-indent: 40px; font-family: Georgia, serif';
    const el = await loadedIn(page);
    for (const selector of [
      '[part~="status"] .title',
      '[part~="status"]',
      '.summary',
      '[part~="eta"]',
      '[part~="route"]',
      '.milestone-title',
    ]) {
      const style = inside(el, selector);
      // Firefox and WebKitGTK compute some of them as "left", the same as "start" in a left-to-right page.
      expect(['start', 'left'], `${selector} text-align`).to.include(style.textAlign);
      expect(style.textTransform, `${selector} text-transform`).to.equal('none');
      expect(style.letterSpacing, `${selector} letter-spacing`).to.equal('normal');
      expect(style.wordSpacing, `${selector} word-spacing`).to.equal('0px');
      expect(style.whiteSpace, `${selector} white-space`).to.equal('normal');
      expect(style.textIndent, `${selector} text-indent`).to.equal('0px');
      expect(parseFloat(style.lineHeight) / parseFloat(style.fontSize), `${selector} line-height`).to.be.below(2);
    }
    // The page's type still comes in.
    expect(inside(el, '.milestone-title').fontFamily).to.match(/^Georgia/);
  });

  // The dark palette brings its own text colour: its surfaces are dark on any page, and a light
  // page's dark text would not be read on them.
  for (const page of ['background: #0d1117; color: #eeeeee', 'background: #ffffff; color: #1a1f29']) {
    it(`keeps the dark palette's text on its dark background in the dark theme (${page})`, async () => {
      const el = await loadedIn(page, 'theme="dark"');
      expect(getComputedStyle(el).color).to.equal('rgb(232, 235, 240)');
      expect(inside(el, '.milestone-title').color).to.equal('rgb(232, 235, 240)');
      expect(getComputedStyle(el).backgroundColor).to.equal('rgb(20, 25, 34)');
    });
  }

  it('lets --tracker-* properties override the page’s type and colour', async () => {
    const el = await loadedIn(
      'font-family: Georgia, serif; font-size: 22px; color: #333',
      'style="--tracker-font-family: monospace; --tracker-font-size: 13px; --tracker-text-color: rgb(1, 2, 3)"',
    );
    const title = inside(el, '.milestone-title');
    expect(title.fontFamily).to.equal('monospace');
    expect(title.color).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(el).fontSize).to.equal('13px');
    el.style.setProperty('--ocean-tracker-text-color', 'rgb(4, 5, 6)');
    expect(inside(el, '.milestone-title').color).to.equal('rgb(4, 5, 6)');
  });
});
