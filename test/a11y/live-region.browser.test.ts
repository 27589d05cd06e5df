import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { fixture, mount, nextEvent, part, scenario, until } from '../support/browser.js';

function regions(el: Element): { polite: HTMLElement; urgent: HTMLElement } {
  const announcer = part(el as HTMLElement, 'announcer')!;
  return {
    polite: announcer.querySelector<HTMLElement>('[role="status"]')!,
    urgent: announcer.querySelector<HTMLElement>('[role="alert"]')!,
  };
}

/** Every text a region has shown, in order, as mutations report it. */
function record(region: HTMLElement): string[] {
  const seen: string[] = [];
  new MutationObserver(() => seen.push(region.textContent!.trim())).observe(region, {
    characterData: true,
    childList: true,
    subtree: true,
  });
  return seen;
}

describe('live regions', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('exist, empty, before anything happens, and are the same nodes once a shipment is shown', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    const el = mount<OceanTracker>(`<ocean-tracker lang="en" proxy-url="${s.base}/ocean"></ocean-tracker>`);
    await el.updateComplete;
    const before = regions(el);
    expect(before.polite.textContent!.trim()).to.equal('');
    expect(before.urgent.textContent!.trim()).to.equal('');
    expect(before.polite.getAttribute('aria-live')).to.equal('polite');
    el.referenceNumber = 'MEDU9091004';
    await nextEvent(el, 'tracker-load');
    await el.updateComplete;
    const after = regions(el);
    expect(after.polite).to.equal(before.polite);
    expect(after.urgent).to.equal(before.urgent);
    expect(after.polite.textContent).to.contain('Found MEDU9091004').and.to.contain('In transit');
  });

  it('announces each state of a 202 wait once, never a countdown tick', async () => {
    const s = await scenario({
      responses: [
        { status: 202, body: { message: 'Accepted' } },
        { status: 202, body: { message: 'Accepted' } },
        { status: 200, body: await fixture('ocean-container-in-transit.json') },
      ],
    });
    const el = mount<OceanTracker>(`<ocean-tracker lang="en" proxy-url="${s.base}/ocean" poll-interval="3"></ocean-tracker>`);
    await el.updateComplete;
    const { polite, urgent } = regions(el);
    const spoken = record(polite);
    const shouted = record(urgent);
    const countdowns = new Set<string>();
    const ticks = setInterval(() => {
      const c = el.shadowRoot!.querySelector('.countdown')?.textContent;
      if (c) countdowns.add(c);
    }, 100);
    el.referenceNumber = 'MEDU9091004';
    await nextEvent(el, 'tracker-load', 15000);
    await el.updateComplete;
    clearInterval(ticks);
    // The visible countdown did tick (several distinct values) while the region kept still.
    expect(countdowns.size).to.be.at.least(3);
    expect(spoken).to.deep.equal([
      'Looking up MEDU9091004…',
      'The carrier is slow to answer. We will check again automatically.',
      'Checking again now…',
      'The carrier is slow to answer. We will check again automatically.',
      'Checking again now…',
      'Found MEDU9091004. Status: In transit. Arrival is now expected 2 days 18 hours later than first promised. Affected: Rotterdam, Netherlands',
    ]);
    expect(shouted).to.deep.equal([]);
  }).timeout(20000);

  it('says a failure through the alert region, and clears it when a new lookup starts', async () => {
    const s = await scenario({
      responses: [
        { status: 404, body: { message: 'nope' } },
        { status: 200, body: await fixture('ocean-container-in-transit.json'), delayMs: 300 },
      ],
    });
    const el = mount<OceanTracker>(`<ocean-tracker lang="en" proxy-url="${s.base}/ocean" reference-number="ABC"></ocean-tracker>`);
    await nextEvent(el, 'tracker-error');
    await el.updateComplete;
    const { polite, urgent } = regions(el);
    expect(urgent.textContent).to.contain('We could not find ABC.');
    expect(polite.textContent!.trim()).to.equal('');
    el.referenceNumber = 'MEDU9091004';
    await until(() => el.trackingState === 'loading', 'loading');
    await el.updateComplete;
    expect(urgent.textContent!.trim()).to.equal('');
    expect(polite.textContent).to.contain('Looking up MEDU9091004');
  });

  it('leaves the visible notice out of the accessibility tree as a live region, so nothing is said twice', async () => {
    const s = await scenario({ responses: [{ status: 202, body: { message: 'Accepted' } }] });
    const el = mount<OceanTracker>(
      `<ocean-tracker lang="en" proxy-url="${s.base}/ocean" poll-interval="60" reference-number="X"></ocean-tracker>`,
    );
    await until(() => el.trackingState === 'waiting', 'waiting');
    await el.updateComplete;
    const notice = part(el, 'notice')!;
    expect(notice.querySelector('[role="status"], [role="alert"], [aria-live]')).to.equal(null);
  });
});
