// Polling manners of both elements, in a real page: re-polls wait while the page is hidden
// and while the browser is offline, and an offline failure asks once more when the browser
// is back online. The page's visibility and connectivity are the environment, so a test
// overrides `document.visibilityState` / `navigator.onLine` and fires the browser's events.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { useClock } from '@cargo-trackers/core/internal/first';
import { fixture, mount, nextEvent, part, scenario, until } from '../support/browser.js';
import { FakeClock, TEST_NOW } from '../support/fake-clock.js';

function setVisibility(state: DocumentVisibilityState): void {
  if (state === 'visible') Reflect.deleteProperty(document, 'visibilityState');
  else Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function setOnline(online: boolean): void {
  if (online) Reflect.deleteProperty(navigator, 'onLine');
  else Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const transit = () => fixture('ocean-container-in-transit.json');

/** The connection drops mid-answer: the element sees a network error. */
const networkFailure = [{ status: 200, truncate: true }];

/** The element's clock: a poll or a retry comes due only when a test moves it. */
let clock: FakeClock;

function tracker(base: string): OceanTracker {
  const el = mount<OceanTracker>(
    `<ocean-tracker map="none" poll-interval="1" proxy-url="${base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`,
  );
  useClock(el, clock);
  return el;
}

describe('polling manners', function () {
  let restoreConsole: () => void;
  beforeEach(() => {
    clock = new FakeClock(TEST_NOW);
    const { error } = console;
    console.error = () => {};
    restoreConsole = () => (console.error = error);
  });
  afterEach(() => {
    restoreConsole();
    setVisibility('visible');
    setOnline(true);
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  it('pauses re-polls while the page is hidden and asks once when it is visible again', async () => {
    const s = await scenario({
      responses: [
        { status: 202, body: { message: 'later' } },
        { status: 200, body: await transit() },
      ],
    });
    const el = tracker(s.base);
    await nextEvent(el, 'tracker-pending');
    setVisibility('hidden');
    await clock.advance(1_800);
    expect(await s.requests(), 'no poll while hidden').to.have.length(1);
    expect(el.trackingState).to.equal('waiting');
    const loaded = nextEvent(el, 'tracker-load');
    setVisibility('visible');
    await loaded;
    expect(await s.requests()).to.have.length(2);
  });

  it('after an offline failure waits without retrying, then asks once when the browser is back online', async () => {
    const s = await scenario({ responses: [...networkFailure, { status: 200, body: await transit() }] });
    setOnline(false);
    const el = tracker(s.base);
    await until(() => el.trackingState === 'waiting', 'waiting for the network');
    const failed = (await s.requests()).length;
    expect(failed, 'one request, failed').to.equal(1);
    expect(clock.pending, 'no retry scheduled while offline').to.equal(0);
    await clock.advance(60_000);
    expect(await s.requests(), 'no automatic retry while offline').to.have.length(failed);
    const loaded = nextEvent(el, 'tracker-load');
    setOnline(true);
    await loaded;
    // An ask starts in the event's handler, so it would show in the state at once.
    window.dispatchEvent(new Event('online'));
    expect(el.trackingState, 'one retry, not one per online event').to.equal('loaded');
    expect(await s.requests()).to.have.length(failed + 1);
  });

  it('back online while the page is hidden, waits for the visitor to return before asking', async () => {
    const s = await scenario({ responses: [...networkFailure, { status: 200, body: await transit() }] });
    setOnline(false);
    const el = tracker(s.base);
    await until(() => el.trackingState === 'waiting', 'waiting for the network');
    const failed = (await s.requests()).length;
    expect(failed, 'one request, failed').to.equal(1);
    setVisibility('hidden');
    setOnline(true);
    // An ask starts in the online event's handler, so it would show in the state at once.
    expect(el.trackingState, 'nothing asked into a hidden page').to.equal('waiting');
    expect(await s.requests()).to.have.length(failed);
    const loaded = nextEvent(el, 'tracker-load');
    setVisibility('visible');
    await loaded;
    expect(await s.requests()).to.have.length(failed + 1);
  });

  it('holds a poll that comes due while the browser is offline until it is back online', async () => {
    const s = await scenario({
      responses: [
        { status: 202, body: { message: 'later' } },
        { status: 200, body: await transit() },
      ],
    });
    const el = tracker(s.base);
    await nextEvent(el, 'tracker-pending');
    setOnline(false);
    await clock.advance(1_500);
    expect(await s.requests(), 'no poll while offline').to.have.length(1);
    const loaded = nextEvent(el, 'tracker-load');
    setOnline(true);
    await loaded;
    expect(await s.requests()).to.have.length(2);
  });
});

// Live while open (issue 41): a result shown is asked for again every `refresh-interval` minutes
// (15 by default) while the page is visible and online, at once when the page comes back after an
// interval, never once delivered. The interval runs on the element's fake clock.
describe('live while open', function () {
  const MINUTE = 60_000;
  const INTERVAL = 15 * MINUTE;

  /** The in-transit container once its vessel has arrived at Rotterdam: one new actual event. */
  async function arrived(): Promise<unknown> {
    const doc = (await transit()) as { containers: { milestones: { code: string; locode: string; kind: string; time: string }[] }[] };
    const arrival = doc.containers[0]!.milestones.find((m) => m.code === 'ARRI' && m.locode === 'NLRTM')!;
    arrival.kind = 'actual';
    arrival.time = '2026-12-03T22:10:00+01:00';
    return doc;
  }

  function liveTracker(base: string, attributes = ''): OceanTracker {
    const el = mount<OceanTracker>(
      `<ocean-tracker lang="en" map="none" ${attributes} proxy-url="${base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`,
    );
    useClock(el, clock);
    return el;
  }

  /** Every text the polite live region takes from now on (its clearing left out). */
  function spoken(el: OceanTracker): string[] {
    const region = part(el, 'announcer')!.querySelector('[role="status"]')!;
    const seen: string[] = [];
    new MutationObserver(() => seen.push(region.textContent!.trim())).observe(region, {
      characterData: true,
      childList: true,
      subtree: true,
    });
    return seen;
  }

  /** A re-ask has been answered once the next one is scheduled (none is while one is out). */
  const answered = () => until(() => clock.pending > 0, 'the next re-ask scheduled');

  let restoreConsole: () => void;
  beforeEach(() => {
    clock = new FakeClock(TEST_NOW);
    const { error } = console;
    console.error = () => {};
    restoreConsole = () => (console.error = error);
  });
  afterEach(() => {
    restoreConsole();
    setVisibility('visible');
    setOnline(true);
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  it('asks once per interval while shown; the same answer changes nothing and says nothing', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
    const el = liveTracker(s.base);
    await nextEvent(el, 'tracker-load');
    await el.updateComplete;
    const shown = el.shipment;
    const said = spoken(el);
    await clock.advance(INTERVAL - 1);
    expect(await s.requests(), 'not before the interval').to.have.length(1);
    await clock.advance(1);
    await until(async () => (await s.requests()).length === 2, 'the re-ask');
    await answered();
    await el.updateComplete;
    expect(el.shipment, 'the same shipment object: nothing re-rendered, the map not redrawn').to.equal(shown);
    expect(said, 'nothing announced').to.deep.equal([]);
    await clock.advance(INTERVAL);
    await until(async () => (await s.requests()).length === 3, 'the next re-ask');
    await answered();
    expect(await s.requests(), 'one ask per interval').to.have.length(3);
  });

  it('announces a real change once, from the new event, and shows it', async () => {
    const s = await scenario({
      responses: [
        { status: 200, body: await transit() },
        { status: 200, body: await arrived() },
      ],
    });
    const el = liveTracker(s.base);
    await nextEvent(el, 'tracker-load');
    await el.updateComplete;
    const said = spoken(el);
    const changed = nextEvent(el, 'tracker-load');
    await clock.advance(INTERVAL);
    await changed;
    await el.updateComplete;
    expect(said).to.deep.equal(['New: Vessel arrived at Rotterdam, Netherlands.']);
    expect(el.trackingState).to.equal('loaded');
    // The same document again: nothing new to say.
    await clock.advance(INTERVAL);
    await until(async () => (await s.requests()).length === 3, 'the next re-ask');
    await answered();
    await el.updateComplete;
    expect(said, 'said once').to.have.length(1);
  });

  it('does not ask while the page is hidden, and asks on return only after a whole interval', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
    const el = liveTracker(s.base);
    await nextEvent(el, 'tracker-load');
    setVisibility('hidden');
    await clock.advance(10 * MINUTE);
    setVisibility('visible');
    // Back before an interval had passed: the re-ask is scheduled, not made.
    expect(clock.nextIn, 'the re-ask waits for the interval').to.be.a('number');
    setVisibility('hidden');
    await clock.advance(3 * INTERVAL);
    expect(await s.requests(), 'nothing asked while hidden').to.have.length(1);
    expect(clock.pending, 'no timer while hidden').to.equal(0);
    setVisibility('visible');
    await until(async () => (await s.requests()).length === 2, 'the re-ask on return');
    await answered();
    expect(await s.requests(), 'one re-ask for all the hidden intervals').to.have.length(2);
  });

  it('does not ask while offline, and asks when the browser is back online', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
    const el = liveTracker(s.base);
    await nextEvent(el, 'tracker-load');
    setOnline(false);
    await clock.advance(2 * INTERVAL);
    expect(await s.requests(), 'nothing asked while offline').to.have.length(1);
    setOnline(true);
    await until(async () => (await s.requests()).length === 2, 'the re-ask once online');
    await answered();
    expect(await s.requests()).to.have.length(2);
  });

  it('keeps the result when a re-ask fails, says so quietly, and retries', async () => {
    const s = await scenario({
      responses: [
        { status: 200, body: await transit() },
        { status: 503, body: { message: 'down' } },
        { status: 200, body: await transit() },
      ],
    });
    const el = liveTracker(s.base);
    await nextEvent(el, 'tracker-load');
    await el.updateComplete;
    const shown = el.shipment;
    const said = spoken(el);
    await clock.advance(INTERVAL);
    await until(() => part(el, 'notice') !== null, 'the quiet notice');
    expect(el.trackingState).to.equal('loaded');
    expect(el.shipment, 'the result kept').to.equal(shown);
    expect(part(el, 'shipment'), 'still shown').to.exist;
    const notice = part(el, 'notice')!.textContent!.replace(/\s+/g, ' ');
    expect(notice)
      .to.contain('Could not update; this is the last result we received.')
      .and.to.match(/Retrying in 0:[0-3]\d\./);
    await expect(el, 'the quiet notice over the kept result').to.be.accessible();
    // A first retry comes within 30 s (backoffDelay's jitter), then the notice goes.
    await clock.advance(30_000);
    await until(() => part(el, 'notice') === null, 'the notice gone after a good answer');
    expect(await s.requests()).to.have.length(3);
    expect(said, 'nothing announced').to.deep.equal([]);
  });

  it('asks no more once delivered', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-delivered.json') }] });
    const el = liveTracker(s.base);
    await nextEvent(el, 'tracker-load');
    await clock.advance(4 * INTERVAL);
    expect(await s.requests()).to.have.length(1);
  });

  it('asks no more with refresh-interval="off"', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
    const el = liveTracker(s.base, 'refresh-interval="off"');
    await nextEvent(el, 'tracker-load');
    expect(clock.pending, 'nothing scheduled').to.equal(0);
    await clock.advance(4 * INTERVAL);
    expect(await s.requests()).to.have.length(1);
  });
});
