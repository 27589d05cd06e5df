// A file of its own: each test file runs in a fresh page, so no earlier test has loaded the module asked about.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { fixture, mount, nextEvent, scenario } from '../../support/browser.js';

const loadedModules = () => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);

describe('<ocean-tracker> lookup', () => {
  it('shows a container without downloading the carrier list reader, which only the picker and a number that needs the list use', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    const el = mount<OceanTracker>(`<ocean-tracker lang="en" proxy-url="${s.base}/ocean" map="none"></ocean-tracker>`);
    el.referenceNumber = 'MEDU9091004';
    await nextEvent(el, 'tracker-load');
    await el.updateComplete;
    const modules = loadedModules();
    expect(
      modules.some((path) => path.endsWith('/ocean-tracker/src/lookup/ocean-normalizer.ts')),
      'the normalizer was loaded',
    ).to.equal(true);
    expect(modules.filter((path) => path.endsWith('/carrier-list.ts'))).to.deep.equal([]);
  });
});
