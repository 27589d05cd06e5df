// The host sizes like a block in every layout a page may put it in: where its container asks its
// content how wide it is (a flex row, a grid auto track, inline-block, a table cell, a float), it
// takes the room on offer, never less than its form needs, and its form fits inside it.
import { expect } from '@open-wc/testing';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { elementsUnderTest } from './elements.js';
import { mount, setViewport } from '../support/browser.js';

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
