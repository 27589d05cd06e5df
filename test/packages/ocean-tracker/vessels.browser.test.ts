import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import type { Vessel } from '@cargo-trackers/core';
import { fixture, mount, nextEvent, part, scenario, until } from '../../support/browser.js';

/** Drawn for the visitor: a closed <details> keeps its content laid out but hidden (content-visibility). */
function visible(node: Element): boolean {
  return (
    node.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true } as CheckVisibilityOptions) &&
    node.getClientRects().length > 0
  );
}

async function loaded(body: unknown, setup?: (el: OceanTracker) => void): Promise<OceanTracker> {
  const s = await scenario({ responses: [{ status: 200, body }] });
  const el = mount<OceanTracker>(`<ocean-tracker lang="en" proxy-url="${s.base}/ocean" map="none"></ocean-tracker>`);
  setup?.(el);
  el.referenceNumber = 'MEDU9091004';
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  return el;
}

describe('<ocean-tracker> vessels section', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('lists a vessel that sailed many voyages once, with its latest voyage and a count, the rest folded', async () => {
    const el = await loaded(await fixture('ocean-long-history.json'));
    const section = part(el, 'vessels')!;
    const vessels = [...section.querySelectorAll(':scope > ul > li')];
    expect(vessels).to.have.length(1);
    const count = Number(vessels[0]!.getAttribute('data-voyages'));
    expect(count).to.be.greaterThan(30);
    const line = vessels[0]!.textContent!.replace(/\s+/g, ' ');
    expect(line).to.contain('KOTA GAYA').and.to.contain(`${count} voyages`);
    const shownVoyages = [...section.querySelectorAll('li, ol li')].filter((n) => visible(n) && /Voyage/.test(n.textContent!));
    expect(shownVoyages.length, 'voyage rows in view').to.equal(1);
    const details = vessels[0]!.querySelector('details')!;
    details.querySelector<HTMLElement>('summary')!.click();
    expect(details.open, 'opened by its summary').to.equal(true);
    await until(() => [...details.querySelectorAll('ol li')].filter(visible).length === count, 'every voyage in view');
  });

  it('keeps a short list as it is: each vessel with its voyages', async () => {
    const el = await loaded(await fixture('ocean-container-in-transit.json'));
    const section = part(el, 'vessels')!;
    expect(section.querySelector('details')).to.equal(null);
    expect(section.textContent).to.contain('MSC GULSUN').and.to.contain('Voyage AE2545W');
  });

  it('folds the earlier of many vessels, as a long timeline folds its earlier events', async () => {
    const vessels: Vessel[] = Array.from({ length: 8 }, (_, i) => ({ name: `VESSEL ${i + 1}`, imo: `${9000000 + i}`, voyages: [`V${i}`] }));
    const el = await loaded({}, (tracker) => {
      tracker.normalizer = () => ({
        ok: true,
        shipment: {
          product: 'ocean',
          reference: 'MEDU9091004',
          status: { code: 'IN_TRANSIT', known: true },
          route: [],
          vessels,
          flights: [],
          units: [],
          legs: [],
        },
      });
    });
    const section = part(el, 'vessels')!;
    const inView = [...section.querySelectorAll('strong')].filter(visible).map((n) => n.textContent);
    expect(inView).to.deep.equal(['VESSEL 4', 'VESSEL 5', 'VESSEL 6', 'VESSEL 7', 'VESSEL 8']);
    const summary = section.querySelector<HTMLElement>('details.vessels-earlier > summary')!;
    expect(summary.textContent!.trim()).to.equal('Show 3 earlier vessels');
    summary.click();
    await until(() => [...section.querySelectorAll('strong')].filter(visible).length === 8, 'every vessel in view');
  });
});
