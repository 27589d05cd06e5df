import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { fixture, mount, nextEvent, scenario, until } from '../../../support/browser.js';

describe('sync-url', () => {
  let original: string;
  beforeEach(() => (original = location.href));
  afterEach(() => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    history.replaceState(history.state, '', original);
  });

  it('writes the tracked number to the query string without adding a history entry, keeping other parameters', async () => {
    history.replaceState({ page: 1 }, '', `${location.pathname}?keep=1#top`);
    const length = history.length;
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    const el = mount<OceanTracker>(`<ocean-tracker sync-url proxy-url="${s.base}/ocean" map="none"></ocean-tracker>`);
    el.referenceNumber = 'MEDU9091004';
    await nextEvent(el, 'tracker-load');
    const url = new URL(location.href);
    expect(url.searchParams.get('ocean')).to.equal('MEDU9091004');
    expect(url.searchParams.get('keep')).to.equal('1');
    expect(url.hash).to.equal('#top');
    expect(history.length).to.equal(length);
    expect(history.state).to.deep.equal({ page: 1 });
  });

  it('reads the number back on load when the element has none', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    history.replaceState(null, '', `${location.pathname}?ocean=MEDU9091004`);
    const el = mount<OceanTracker>(`<ocean-tracker sync-url proxy-url="${s.base}/ocean" map="none"></ocean-tracker>`);
    await nextEvent(el, 'tracker-load');
    expect(el.referenceNumber).to.equal('MEDU9091004');
    const [request] = await s.requests();
    expect(new URLSearchParams(request!.search).get('referenceNumber')).to.equal('MEDU9091004');
  });

  it('reads the number back when sync-url is set as a property, as frameworks do', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    history.replaceState(null, '', `${location.pathname}?ocean=MEDU9091004`);
    const el = document.createElement('ocean-tracker');
    el.proxyUrl = `${s.base}/ocean`;
    el.map = 'none';
    el.syncUrl = true;
    const root = document.createElement('div');
    root.dataset.testRoot = '';
    document.body.append(root);
    root.append(el);
    await nextEvent(el, 'tracker-load');
    expect(el.referenceNumber).to.equal('MEDU9091004');
  });

  it('leaves the URL alone without sync-url, and an explicit number wins over the URL', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    history.replaceState(null, '', `${location.pathname}?ocean=FROMURL`);
    const plain = mount<OceanTracker>(
      `<ocean-tracker proxy-url="${s.base}/ocean" map="none" reference-number="MEDU9091004"></ocean-tracker>`,
    );
    await nextEvent(plain, 'tracker-load');
    expect(new URL(location.href).searchParams.get('ocean')).to.equal('FROMURL');
    const explicit = mount<OceanTracker>(
      `<ocean-tracker sync-url proxy-url="${s.base}/ocean" map="none" reference-number="MEDU9091004"></ocean-tracker>`,
    );
    await nextEvent(explicit, 'tracker-load');
    expect(explicit.referenceNumber).to.equal('MEDU9091004');
  });

  it('keeps two elements on one page apart by their parameter names', async () => {
    const ocean = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    const air = await scenario({ responses: [{ status: 200, body: await fixture('air-awb-transfer.json') }] });
    history.replaceState(null, '', `${location.pathname}?box=MEDU9091004&awb=176-22817340`);
    const root = mount<HTMLElement>(
      `<div><ocean-tracker sync-url url-param="box" proxy-url="${ocean.base}/ocean" map="none"></ocean-tracker><air-tracker sync-url proxy-url="${air.base}/air" map="none"></air-tracker></div>`,
    );
    const o = root.querySelector<TrackerElement>('ocean-tracker')!;
    const a = root.querySelector<TrackerElement>('air-tracker')!;
    await until(() => o.trackingState === 'loaded' && a.trackingState === 'loaded', 'both loaded');
    expect(o.getAttribute('reference-number')).to.equal('MEDU9091004');
    expect(a.getAttribute('awb-number')).to.equal('176-22817340');
    (o as OceanTracker).referenceNumber = 'MSCU1234565';
    await until(() => new URL(location.href).searchParams.get('box') === 'MSCU1234565', 'box written');
    expect(new URL(location.href).searchParams.get('awb')).to.equal('176-22817340');
  });
});
