import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { elementsUnderTest, inState, statesOf } from './elements.js';
import { itExceptIn, nextFrame, setViewport } from '../support/browser.js';

// Screenshots for review land in test-results/screenshots/<element>-<state>-<width>-<theme>.png.
describe('layout by the element’s own width', () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    await setViewport({ width: 800, height: 600 });
  });

  for (const e of elementsUnderTest) {
    // The richest loaded state: the bill of lading with its switcher for ocean, the transfer for air.
    const state = statesOf(e)
      .filter((s) => s.name.startsWith('loaded'))
      .at(-1)!;
    for (const width of [320, 768, 1280]) {
      for (const theme of ['light', 'dark'] as const) {
        const tooNarrow = {
          webkit: 'MiniBrowser, the browser WebKitWebDriver drives, keeps its window at least as wide as its toolbar (447 px)',
        };
        itExceptIn(width < 447 ? tooNarrow : {}, `<${e.tag}> at ${width} px, ${theme}: nothing overflows sideways`, async () => {
          await setViewport({ width, height: 900 });
          document.body.style.margin = '0';
          const el = await inState(e, state, `lang="en" theme="${theme}" style="margin:0"`);
          window.scrollTo(0, 0);
          expect(el.scrollWidth, 'host scrollWidth').to.be.at.most(el.clientWidth);
          expect(document.documentElement.scrollWidth, 'page scrollWidth').to.be.at.most(width);
          await executeServerCommand('screenshot', { name: `${e.tag}-loaded-${width}-${theme}` });
        });
      }
    }

    it(`<${e.tag}> stacks its form in one column under 480 px and spreads it on wide hosts`, async () => {
      await setViewport({ width: 1280, height: 900 });
      const el = await inState(e, statesOf(e)[0]!, 'lang="en" style="width:320px"');
      const columns = (host: TrackerElement) =>
        getComputedStyle(host.shadowRoot!.querySelector('form')!).gridTemplateColumns.split(' ').length;
      expect(columns(el)).to.equal(1);
      el.style.width = '1000px';
      await nextFrame();
      expect(columns(el)).to.be.greaterThan(1);
    });
  }

  it('puts the map beside the summary above a full-width timeline on a wide host, and between them on a narrow one', async () => {
    await setViewport({ width: 1280, height: 900 });
    const e = elementsUnderTest[0]!;
    const el = await inState(
      e,
      statesOf(e).find((s) => s.name.startsWith('loaded'))!,
      'lang="en"',
    );
    const box = (sel: string) => el.shadowRoot!.querySelector(sel)!.getBoundingClientRect();
    expect(box('[part~="map"]').left).to.be.greaterThan(box('.summary').right - 1);
    expect(box('.history').top).to.be.at.least(box('[part~="map"]').bottom);
    el.style.width = '400px';
    await nextFrame();
    expect(box('[part~="map"]').left).to.be.closeTo(box('.history').left, 1);
  });

  it('shrinks gaps and controls in the compact density', async () => {
    const e = elementsUnderTest[0]!;
    const el = await inState(e, statesOf(e)[0]!, 'lang="en"');
    const height = () => el.shadowRoot!.querySelector('input')!.getBoundingClientRect().height;
    const comfortable = height();
    el.setAttribute('density', 'compact');
    await el.updateComplete;
    expect(height()).to.be.lessThan(comfortable);
    expect(height()).to.be.at.least(24); // WCAG 2.2 target size (minimum)
  });

  for (const e of elementsUnderTest) {
    it(`lets --${e.tag}-* win over --tracker-* for <${e.tag}> only`, async () => {
      const el = await inState(
        e,
        statesOf(e)[0]!,
        `lang="en" style="--tracker-accent-color: rgb(1, 2, 3); --${e.tag}-accent-color: rgb(200, 0, 0)"`,
      );
      const button = el.shadowRoot!.querySelector('button[type="submit"]')!;
      expect(getComputedStyle(button).borderTopColor).to.equal('rgb(200, 0, 0)');
      el.style.removeProperty(`--${e.tag}-accent-color`);
      expect(getComputedStyle(button).borderTopColor).to.equal('rgb(1, 2, 3)');
    });
  }
});
