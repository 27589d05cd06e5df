import { expect } from '@open-wc/testing';
import { elementsUnderTest, inState, statesOf } from './elements.js';

// axe-core (through chai-a11y-axe) on every state of both elements, in both themes: WCAG 2.x
// A and AA rules, text contrast included, inside the shadow roots and the map. The text colour is
// the page's, so each theme is checked on a page of that theme, and the loaded states on pages
// of other text colours too.
const PAGES = { light: 'color:#1a1f29;background:#fff', dark: 'color:#eee;background:#0d1117' } as const;

describe('accessibility (axe)', () => {
  afterEach(() => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    document.body.removeAttribute('style');
  });

  it('catches a violation when there is one (control)', async () => {
    const el = await inState(elementsUnderTest[0]!, statesOf(elementsUnderTest[0]!)[0]!, 'lang="en"');
    // An input with neither label nor placeholder has no accessible name.
    el.shadowRoot!.querySelector('label')!.remove();
    el.shadowRoot!.querySelector('input')!.removeAttribute('placeholder');
    await expect(el).not.to.be.accessible();
  });

  for (const e of elementsUnderTest) {
    describe(`<${e.tag}>`, () => {
      for (const state of statesOf(e)) {
        for (const theme of ['light', 'dark'] as const) {
          it(`has no violation ${state.name}, ${theme} theme`, async () => {
            document.body.setAttribute('style', PAGES[theme]);
            const el = await inState(e, state, `lang="en" theme="${theme}"`);
            await expect(el).to.be.accessible();
          });
        }
      }
      for (const state of statesOf(e).filter((s) => s.name.startsWith('loaded'))) {
        for (const [theme, page] of [
          ['light', 'color:#333;background:#faf7f0'],
          ['dark', 'color:#ddd;background:#1c1c1c'],
        ] as const) {
          it(`has no violation ${state.name}, ${theme} theme, on a page with ${page}`, async () => {
            document.body.setAttribute('style', page);
            const el = await inState(e, state, `lang="en" theme="${theme}"`);
            await expect(el).to.be.accessible();
          });
        }
      }
    });
  }
});
