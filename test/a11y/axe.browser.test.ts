import { expect } from '@open-wc/testing';
import { elementsUnderTest, inState, statesOf } from './elements.js';

// axe-core (through chai-a11y-axe) on every state of both elements, in both themes: WCAG 2.x
// A and AA rules, text contrast included, inside the shadow roots and the map.
describe('accessibility (axe)', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

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
            const el = await inState(e, state, `lang="en" theme="${theme}"`);
            await expect(el).to.be.accessible();
          }).timeout(state.name.includes('final') ? 20000 : 15000);
        }
      }
    });
  }
});
