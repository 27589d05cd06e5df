import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { itExceptIn, mount } from '../../../support/browser.js';

// WebKitGTK under WebDriver does not match :focus-visible after a scripted focus(), so the ring is not drawn there.
const noScriptedFocusVisible = { webkit: 'WebKitGTK does not match :focus-visible after a scripted focus() under WebDriver' };

describe('--tracker-focus-ring', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  // An empty carrier list inline, so the element asks no server for one.
  const carriers = `data:application/json,${encodeURIComponent('{"carriers":[]}')}`;

  async function focusedInputOutline(style: string): Promise<CSSStyleDeclaration> {
    const el = mount<OceanTracker>(
      `<ocean-tracker proxy-url="/api/tracking/ocean" carriers-url="${carriers}" map="none" style="${style}"></ocean-tracker>`,
    );
    await el.updateComplete;
    const input = el.shadowRoot!.querySelector('input')!;
    input.focus();
    expect(input.matches(':focus-visible')).to.equal(true);
    return getComputedStyle(input);
  }

  itExceptIn(noScriptedFocusVisible, 'draws the outline of a focused control', async () => {
    const outline = await focusedInputOutline('--tracker-focus-ring: 3px dashed rgb(255, 0, 0)');
    expect(outline.outlineStyle).to.equal('dashed');
    expect(outline.outlineWidth).to.equal('3px');
    expect(outline.outlineColor).to.equal('rgb(255, 0, 0)');
  });

  itExceptIn(noScriptedFocusVisible, 'defaults to a 2px solid outline in the accent colour', async () => {
    const outline = await focusedInputOutline('--tracker-accent-color: rgb(0, 0, 255)');
    expect(outline.outlineStyle).to.equal('solid');
    expect(outline.outlineWidth).to.equal('2px');
    expect(outline.outlineColor).to.equal('rgb(0, 0, 255)');
  });
});
