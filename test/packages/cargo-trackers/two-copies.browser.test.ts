// A page that loads the script-tag bundle and also an npm copy (here the workspace modules,
// as an app bundle would carry them) must not throw "already been defined", and the
// elements must work. Needs the bundle: `npm run test:browser` builds it first.
import { expect } from '@open-wc/testing';
import { fixture, scenario, until } from '../../support/browser.js';

const BUNDLE = '/packages/cargo-trackers/dist/cdn/cargo-trackers.js';

describe('two copies on one page (the CDN bundle and an npm copy)', () => {
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => errors.push(event.reason);

  before(() => {
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  });
  after(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  });

  it('registers each tag once, throws nothing, and the elements work', async () => {
    const cdn = (await import(/* @vite-ignore */ BUNDLE)) as { loadElement(tag: string): Promise<void> };
    const holder = document.createElement('div');
    holder.innerHTML = '<ocean-tracker map="none"></ocean-tracker><air-tracker map="none"></air-tracker>';
    document.body.append(holder);
    // The CDN copy sees the tags and registers them from its own chunks...
    await until(
      () => customElements.get('ocean-tracker') !== undefined && customElements.get('air-tracker') !== undefined,
      'the bundle registered both tags',
    );
    const fromCdn = customElements.get('ocean-tracker');
    // ...then the npm copy is imported: its guarded define must leave the registration alone.
    const npm = await import('cargo-trackers');
    await cdn.loadElement('ocean-tracker');
    expect(customElements.get('ocean-tracker')).to.equal(fromCdn);
    expect(fromCdn, 'two distinct copies were loaded').to.not.equal(npm.OceanTracker);
    expect(errors).to.deep.equal([]);

    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    const el = holder.querySelector('ocean-tracker')!;
    const loaded = new Promise((resolve) => el.addEventListener('tracker-load', resolve, { once: true }));
    el.setAttribute('proxy-url', `${s.base}/ocean`);
    el.setAttribute('reference-number', 'MSCU1234565');
    await loaded;
    expect(el.shadowRoot?.querySelector('[part~="shipment"]'), 'the shipment is shown').to.not.equal(null);
    expect(errors).to.deep.equal([]);
    holder.remove();
  });
});
