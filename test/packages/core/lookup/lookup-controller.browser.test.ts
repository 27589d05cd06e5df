// One lookup followed from the number to the shipment through its one owner, the lookup controller,
// as the element's public surface shows it: `trackingState`, `shipment`, the events, and what the
// proxy (a real server on loopback) was asked. The first test holds the lookup's code on the server,
// so it runs in a page that has not loaded that code yet: keep it first in its own file.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import type { TrackingState } from '../../../../packages/core/src/lookup/lookup-controller.js';
import { useClock } from '@cargo-trackers/core/internal/first';
import { fixture, holdRequests, mount, nextEvent, scenario, until } from '../../../support/browser.js';
import { FakeClock, TEST_NOW } from '../../../support/fake-clock.js';
import { PendingLookup } from '../../../../packages/core/src/first/early-lookup/early-request.js';
import { HANDED_OVER } from '../../../../packages/core/src/first/early-lookup/early-lookup.js';
import { buildProxyUrl } from '../../../../packages/core/src/first/urls/proxy-url.js';
import { oceanQuery } from '../../../../packages/ocean-tracker/src/first/ocean-early-lookup.js';

const transit = () => fixture<Record<string, unknown>>('ocean-container-in-transit.json');

/** Each `trackingState` the element shows, in order, sampled at every change of its shadow DOM. */
function watchStates(el: OceanTracker): { readonly states: Array<TrackingState['phase']>; stop(): void } {
  const states: Array<TrackingState['phase']> = [el.trackingState];
  const note = () => {
    if (states.at(-1) !== el.trackingState) states.push(el.trackingState);
  };
  const observer = new MutationObserver(note);
  observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
  return { states, stop: () => observer.disconnect() };
}

/** The element's clock: a poll comes due only when a test moves it. */
let clock: FakeClock;

function tracker(base: string, number?: string): OceanTracker {
  const el = mount<OceanTracker>(
    `<ocean-tracker lang="en" map="none" poll-interval="1" proxy-url="${base}/ocean"${number ? ` reference-number="${number}"` : ''}></ocean-tracker>`,
  );
  useClock(el, clock);
  return el;
}

const numberOf = (search: string) => new URLSearchParams(search).get('referenceNumber');

describe('LookupController, through <ocean-tracker>', function () {
  let restoreConsole: () => void;
  beforeEach(() => {
    clock = new FakeClock(TEST_NOW);
    const { error } = console;
    console.error = () => {};
    restoreConsole = () => (console.error = error);
  });
  afterEach(() => {
    restoreConsole();
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  it('takes over the request sent while its code downloaded, the newest one only, and shows each state of the lookup', async () => {
    const code = await holdRequests('/src/lookup/lookup.');
    const s = await scenario({
      responses: [
        // The first number's request, superseded before the code arrives.
        { status: 200, body: await transit(), delayMs: 5000 },
        { status: 202, body: { message: 'Looking it up' } },
        { status: 200, body: await transit() },
      ],
    });
    try {
      const el = tracker(s.base, 'MEDU9091004');
      const watch = watchStates(el);
      await until(async () => (await s.requests()).length === 1, 'the first request is out before the code');
      expect(await code.held(), 'the lookup code is still on its way').to.equal(1);
      expect(el.trackingState).to.equal('loading');
      el.referenceNumber = 'HLXU8123446';
      await until(async () => (await s.requests()).length === 2, 'the second request is out before the code');
      await until(async () => (await s.requests())[0]!.aborted, 'the superseded request was cancelled');
      const pending = nextEvent(el, 'tracker-pending');
      const loaded = nextEvent(el, 'tracker-load');
      await code.release();
      await pending;
      await until(() => watch.states.at(-1) === 'waiting', 'the wait shown');
      expect(clock.nextIn, 'the poll a second later').to.equal(1000);
      await clock.advance(1000);
      await loaded;
      await el.updateComplete;
      watch.stop();

      const requests = await s.requests();
      expect(
        requests.map((r) => numberOf(r.search)),
        'the request sent early is taken over, not sent again; then one poll',
      ).to.deep.equal(['MEDU9091004', 'HLXU8123446', 'HLXU8123446']);
      expect(requests.map((r) => r.aborted)).to.deep.equal([true, false, false]);
      expect(watch.states).to.deep.equal(['idle', 'loading', 'waiting', 'loading', 'loaded']);
      expect(el.shipment?.reference).to.be.a('string');
    } finally {
      await code.release();
    }
  });

  it('is handed the PendingLookup sent before the element ran, by reference: it awaits that one, and another element for the same lookup does not get it', async () => {
    const s = await scenario({
      responses: [
        // The handed-over request's answer, then the other element's own: told apart by their shipments.
        { status: 200, body: await transit() },
        { status: 200, body: await fixture('ocean-minimal.json') },
      ],
    });
    const pending = new PendingLookup(buildProxyUrl(`${s.base}/ocean`, oceanQuery('MEDU9091004', undefined)), 'MEDU9091004');
    await until(async () => (await s.requests()).length === 1, 'the pending lookup is out');
    let taken = 0;
    const take = pending.take.bind(pending);
    pending.take = () => (taken++, take());
    const attributes = `lang="en" map="none" proxy-url="${s.base}/ocean" reference-number="MEDU9091004"`;
    const first = mount<OceanTracker>(`<ocean-tracker ${attributes}></ocean-tracker><ocean-tracker ${attributes}></ocean-tracker>`);
    const second = first.nextElementSibling as OceanTracker;
    // As the script-tag entry hands it over: on the element, before its first update.
    (first as unknown as Record<symbol, unknown>)[HANDED_OVER] = pending;
    for (const el of [first, second]) useClock(el, clock);
    await Promise.all([nextEvent(first, 'tracker-load'), nextEvent(second, 'tracker-load')]);

    expect(taken, "the controller took the pending lookup's answer, once").to.equal(1);
    expect(first.shipment?.reference, 'the first element shows the answer of the request it was handed').to.equal('MEDU9091004');
    expect(second.shipment?.reference, 'the second element asked for itself').to.equal('TGHU8830212');
    const requests = await s.requests();
    expect(requests.map((r) => numberOf(r.search))).to.deep.equal(['MEDU9091004', 'MEDU9091004']);
    expect(requests.map((r) => r.aborted)).to.deep.equal([false, false]);
  });

  it('aborts the request in flight when the element is removed, keeps the lookup, and asks again when it is back', async () => {
    const s = await scenario({
      responses: [
        { status: 200, body: await transit(), delayMs: 3000 },
        { status: 200, body: await transit() },
      ],
    });
    const el = tracker(s.base, 'MEDU9091004');
    const parent = el.parentElement!;
    await until(async () => (await s.requests()).length === 1, 'the request is out');
    el.remove();
    await until(async () => (await s.requests())[0]!.aborted, 'the request was aborted');
    expect(el.trackingState, 'the lookup is kept while the element is away').to.equal('loading');
    expect(clock.pending, 'nothing scheduled while away').to.equal(0);
    await clock.advance(60_000);
    expect(await s.requests(), 'nothing asked while away').to.have.length(1);
    const loaded = nextEvent(el, 'tracker-load');
    parent.append(el);
    await loaded;
    expect(el.trackingState).to.equal('loaded');
    expect(await s.requests()).to.have.length(2);
  });

  it('stops polling while the element is away, and polls again when it is back', async () => {
    const s = await scenario({
      responses: [
        { status: 202, body: { message: 'Looking it up' } },
        { status: 200, body: await transit() },
      ],
    });
    const el = tracker(s.base, 'MEDU9091004');
    const parent = el.parentElement!;
    await nextEvent(el, 'tracker-pending');
    el.remove();
    await clock.advance(1_800);
    expect(await s.requests(), 'no poll while away').to.have.length(1);
    expect(el.trackingState).to.equal('waiting');
    const loaded = nextEvent(el, 'tracker-load');
    parent.append(el);
    // The poll came due while it was away: it asks as soon as it is back.
    await clock.advance(0);
    await loaded;
    expect(await s.requests()).to.have.length(2);
  });

  it('aborts the lookup in flight for a new number, and never shows the older answer', async () => {
    const s = await scenario({
      responses: [
        { status: 200, body: await transit(), delayMs: 1500 },
        { status: 404, body: { error: 'not_found', message: 'No shipment' } },
      ],
    });
    const el = tracker(s.base);
    await el.updateComplete;
    el.referenceNumber = 'MEDU9091004';
    await until(async () => (await s.requests()).length === 1, 'the first request is out');
    const watch = watchStates(el);
    el.referenceNumber = 'HLXU8123446';
    await until(() => el.trackingState === 'failed', 'the new number answered');
    // Aborted, its answer can no longer come.
    await until(async () => (await s.requests())[0]!.aborted, 'the older request was aborted');
    watch.stop();
    expect(watch.states).to.not.include('loaded');
    expect(el.trackingState).to.equal('failed');
    expect(el.shipment).to.equal(undefined);
    expect((await s.requests()).map((r) => numberOf(r.search))).to.deep.equal(['MEDU9091004', 'HLXU8123446']);
  });
});
