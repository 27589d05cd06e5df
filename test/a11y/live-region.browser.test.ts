import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { useClock } from '@cargo-trackers/core/internal/first';
import { fixture, mount, nextEvent, part, scenario, until, waitOut } from '../support/browser.js';
import { FakeClock, TEST_NOW } from '../support/fake-clock.js';

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

/** What a screen reader announced: each text the region took, its clearing left out. */
/** What was said, each kind of space as one (Intl writes a narrow no-break space before "AM"). */
function said(seen: readonly string[]): string[] {
  return seen.filter((text) => text !== '').map((text) => text.replace(/\s/g, ' '));
}

/** The in-transit container's news: its status, then the delay with the new arrival. */
const FOUND_DELAYED =
  'Found MEDU9091004. Status: In transit. Arrival is now expected 2 days 18 hours later than first promised. ' +
  'Now expected Dec 4, 2026, 08:00 AM GMT+1.';

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

  it('says the 202 wait’s sentence once per lookup: polls and countdown ticks are silent', async () => {
    const s = await scenario({
      responses: [
        { status: 202, body: { message: 'Accepted' } },
        { status: 202, body: { message: 'Accepted' } },
        { status: 202, body: { message: 'Accepted' } },
        { status: 200, body: await fixture('ocean-container-in-transit.json') },
      ],
    });
    const el = mount<OceanTracker>(`<ocean-tracker lang="en" map="none" proxy-url="${s.base}/ocean" poll-interval="2"></ocean-tracker>`);
    const clock = new FakeClock(Date.now());
    useClock(el, clock);
    await el.updateComplete;
    const { polite, urgent } = regions(el);
    const spoken = record(polite);
    const shouted = record(urgent);
    // Every text the visible countdown takes, as its mutations report it.
    const countdowns = new Set<string>();
    const ticks = new MutationObserver(() => {
      const c = el.shadowRoot!.querySelector('.countdown')?.textContent;
      if (c) countdowns.add(c);
    });
    ticks.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true });
    const loadedEvent = nextEvent(el, 'tracker-load');
    el.referenceNumber = 'MEDU9091004';
    await waitOut(el, clock, () => el.trackingState === 'loaded');
    await loadedEvent;
    await el.updateComplete;
    ticks.disconnect();
    // The visible notice did change (countdowns, "Checking again now…") while the region kept still.
    expect(countdowns.size).to.be.at.least(2);
    expect(said(spoken)).to.deep.equal([
      'Looking up MEDU9091004…',
      'The carrier is slow to answer. We will check again automatically.',
      FOUND_DELAYED,
    ]);
    expect(said(shouted)).to.deep.equal([]);
  });

  it('says a 429 once, however many times Retry-After is waited out', async () => {
    const limited = { status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests' } };
    const s = await scenario({
      responses: [limited, limited, limited, { status: 200, body: await fixture('ocean-container-in-transit.json') }],
    });
    const el = mount<OceanTracker>(`<ocean-tracker lang="en" map="none" proxy-url="${s.base}/ocean"></ocean-tracker>`);
    const clock = new FakeClock(Date.now());
    useClock(el, clock);
    await el.updateComplete;
    const { polite, urgent } = regions(el);
    const spoken = record(polite);
    const shouted = record(urgent);
    const loadedEvent = nextEvent(el, 'tracker-load');
    el.referenceNumber = 'MEDU9091004';
    await waitOut(el, clock, () => el.trackingState === 'loaded');
    await loadedEvent;
    await el.updateComplete;
    expect((await s.requests()).length, 'three 429s waited out').to.equal(4);
    expect(said(spoken)).to.deep.equal([
      'Looking up MEDU9091004…',
      'Too many lookups right now. We will try again automatically.',
      FOUND_DELAYED,
    ]);
    expect(said(shouted)).to.deep.equal([]);
  });

  it('retries a 5xx silently, and says the final failure in one alert', async () => {
    const fault = { status: 500, body: { message: 'Internal error' } };
    const s = await scenario({ responses: [fault, fault, fault, fault] });
    const el = mount<OceanTracker>(`<ocean-tracker lang="en" map="none" proxy-url="${s.base}/ocean"></ocean-tracker>`);
    const clock = new FakeClock(Date.now());
    useClock(el, clock);
    await el.updateComplete;
    const { polite, urgent } = regions(el);
    const spoken = record(polite);
    const shouted = record(urgent);
    el.referenceNumber = 'MEDU9091004';
    await waitOut(el, clock, () => el.trackingState === 'failed');
    await el.updateComplete;
    expect((await s.requests()).length, 'three automatic retries').to.equal(4);
    expect(said(spoken)).to.deep.equal(['Looking up MEDU9091004…', 'The tracking service did not answer. Retrying automatically.']);
    expect(said(shouted)).to.deep.equal(['The tracking service is not answering right now.']);
    expect(polite.textContent!.trim(), 'the polite region is cleared, not left saying "retrying"').to.equal('');
  });

  it('says "offline" once, and then the shipment when the browser is back online', async () => {
    const s = await scenario({
      responses: [
        { status: 200, truncate: true },
        { status: 200, body: await fixture('ocean-container-in-transit.json') },
      ],
    });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
    try {
      const el = mount<OceanTracker>(`<ocean-tracker lang="en" map="none" proxy-url="${s.base}/ocean"></ocean-tracker>`);
      const clock = new FakeClock(TEST_NOW);
      useClock(el, clock);
      await el.updateComplete;
      const { polite, urgent } = regions(el);
      const spoken = record(polite);
      const shouted = record(urgent);
      el.referenceNumber = 'MEDU9091004';
      await until(() => el.trackingState === 'waiting', 'waiting for the network');
      await clock.advance(60_000); // far past a first backoff: nothing is retried, nothing said
      const loaded = nextEvent(el, 'tracker-load');
      Reflect.deleteProperty(navigator, 'onLine');
      window.dispatchEvent(new Event('online'));
      await loaded;
      await el.updateComplete;
      expect(said(spoken)).to.deep.equal([
        'Looking up MEDU9091004…',
        'You seem to be offline. We will try again when you are back online.',
        FOUND_DELAYED,
      ]);
      expect(said(shouted)).to.deep.equal([]);
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
    }
  });

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
