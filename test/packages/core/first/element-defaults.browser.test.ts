// The defaults the docs and the manifests give are what the properties read at run time, and a
// reflected default stays off the host's attributes: the page's markup is its own.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import { mount } from '../../../support/browser.js';
import { elements } from '../../../../scripts/element-api/elements.js';

describe('element defaults', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  for (const tag of ['ocean-tracker', 'air-tracker'] as const) {
    it(`<${tag}>: every declared default is the property's value, and theme and density are not written on the host`, async () => {
      const el = mount<HTMLElementTagNameMap[typeof tag]>(`<${tag} proxy-url="/api/tracking"></${tag}>`);
      await el.updateComplete;
      const declared = elements.find((e) => e.tagName === tag)!.properties.filter(([, p]) => p.default !== undefined);
      expect(declared.map(([name]) => name)).to.include.members(['theme', 'density', 'pollInterval', 'map']);
      for (const [name, p] of declared) expect((el as unknown as Record<string, unknown>)[name], name).to.equal(p.default);
      expect(el.theme).to.equal('light');
      expect(el.density).to.equal('comfortable');
      expect(el.hasAttribute('theme') || el.hasAttribute('density'), 'no attribute added').to.equal(false);

      el.theme = 'dark';
      await el.updateComplete;
      expect(el.getAttribute('theme'), 'a theme set later is reflected, for :host([theme])').to.equal('dark');
      el.removeAttribute('theme');
      await el.updateComplete;
      expect(el.theme, 'the attribute removed: the default again').to.equal('light');
    });
  }
});
