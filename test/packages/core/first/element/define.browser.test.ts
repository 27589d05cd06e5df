// The guarded define: a second copy of this library on the page yields quietly; a tag that another
// library took is left to it, and the console says so once.
import { expect } from '@open-wc/testing';
import { defineElement } from '@cargo-trackers/core/internal/first';

function captureWarnings(): { messages: string[]; restore: () => void } {
  const original = console.warn;
  const messages: string[] = [];
  console.warn = (...args: unknown[]) => messages.push(args.map(String).join(' '));
  return { messages, restore: () => (console.warn = original) };
}

describe('defineElement', () => {
  it("yields to another library's element of the same tag, and says so once", () => {
    class Theirs extends HTMLElement {}
    class Ours extends HTMLElement {}
    customElements.define('taken-tracker', Theirs);
    const warnings = captureWarnings();
    try {
      defineElement('taken-tracker', Ours);
      defineElement('taken-tracker', Ours);
    } finally {
      warnings.restore();
    }
    expect(customElements.get('taken-tracker')).to.equal(Theirs);
    expect(warnings.messages).to.have.length(1);
    expect(warnings.messages[0]).to.contain('<taken-tracker>').and.to.contain('another script');
  });

  it('says nothing when another copy of this library registered the tag first', () => {
    class FirstCopy extends HTMLElement {}
    class SecondCopy extends HTMLElement {}
    const warnings = captureWarnings();
    try {
      defineElement('copied-tracker', FirstCopy);
      defineElement('copied-tracker', SecondCopy);
    } finally {
      warnings.restore();
    }
    expect(customElements.get('copied-tracker')).to.equal(FirstCopy);
    expect(warnings.messages).to.deep.equal([]);
  });
});
