// Whatever a proxy sends with a 200, the elements render it safely. This file, in every engine:
// each contract document (hostile strings, out-of-range coordinates, wrong types and unknown
// codes among them) through the real normalizer, element and map, and the check itself. The
// generated documents (damaged, hostile everywhere, arbitrary JSON) are rendering-fuzz.browser.test.ts,
// in one engine. The normalizers' own property tests (in Node) prove they never throw; these prove
// the rendered result (../support/render-safely.ts).
import { expect } from '@open-wc/testing';
import { fixture } from '../support/browser.js';
import { AIR_DOCUMENTS, OCEAN_DOCUMENTS, renderSafely, renderingSuite, unsafeNodes } from '../support/render-safely.js';

describe('rendering what a proxy sends', function () {
  renderingSuite(this);

  for (const [product, names] of [
    ['ocean', OCEAN_DOCUMENTS],
    ['air', AIR_DOCUMENTS],
  ] as const) {
    it(`<${product}-tracker> renders every contract document safely`, async () => {
      for (const name of names) await renderSafely(product, await fixture(name));
    });
  }

  it('checks what it claims to check: a planted <script>, on* attribute or javascript: link is found in a nested shadow root', () => {
    const host = document.createElement('div');
    const inner = document.createElement('div');
    host.attachShadow({ mode: 'open' }).append(inner);
    const nested = inner.attachShadow({ mode: 'open' });
    nested.append(document.createElement('script'));
    const a = document.createElement('a');
    a.setAttribute('href', 'javascript:alert(1)');
    a.setAttribute('onclick', 'x()');
    nested.append(a);
    expect(unsafeNodes(host.shadowRoot!)).to.deep.equal(['<script>', 'a[href=javascript:alert(1)]', 'a[onclick]']);
  });
});
