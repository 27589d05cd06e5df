// Polling manners of both elements, in a real page: re-polls wait while the page is hidden
// and while the browser is offline, and an offline failure asks once more when the browser
// is back online. The page's visibility and connectivity are the environment, so a test
// overrides `document.visibilityState` / `navigator.onLine` and fires the browser's events.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { useClock } from '@cargo-trackers/core/internal/first';
import { fixture, mount, nextEvent, scenario, until } from '../support/browser.js';
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
