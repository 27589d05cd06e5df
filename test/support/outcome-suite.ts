// Every answer of the service that both elements handle through the same base element,
// controller and transport, specified once and run against each element: the tests of
// <ocean-tracker> and <air-tracker> call describeOutcomes() with what differs.
import { expect } from '@open-wc/testing';
import type { TrackerErrorEvent, TrackerLoadEvent, TrackerPendingEvent } from '@cargo-trackers/core';
import { useClock, type TrackerElement } from '@cargo-trackers/core/internal/first';
import { captureConsoleErrors, mount, nextEvent, part, scenario, until } from './browser.js';
import { FakeClock, TEST_NOW } from './fake-clock.js';

/** The time the elements of this suite read: every wait, countdown and retry is asserted on it, exactly. */
const NOW = TEST_NOW;

export interface OutcomeSpec {
  readonly tag: 'ocean-tracker' | 'air-tracker';
  /** The proxy path under the scenario: `ocean` or `air`. */
  readonly path: string;
  readonly numberAttribute: string;
  setNumber(el: TrackerElement, number: string): void;
  /** A number and the document the proxy answers for it. */
  readonly number: string;
  document(): Promise<Record<string, unknown>>;
  /** Another number and its document, for the stale-answer test. */
  readonly secondNumber: string;
  secondDocument(): Promise<Record<string, unknown>>;
  /** The reference a document echoes (referenceNumber, awbNumber). */
  referenceOf(document: Record<string, unknown>): unknown;
  /** A JSON document with its reference but without the other required fields. */
  readonly incompleteDocument: string;
  /** A valid document of the other product, which this element must refuse. */
  readonly otherProductDocument: string;
  /** The product for the 402 bodies. */
  readonly product: 'ocean' | 'air';
}

export function describeOutcomes(spec: OutcomeSpec): void {
  const { tag } = spec;
  let clock: FakeClock;
  beforeEach(() => (clock = new FakeClock(NOW)));
  /** Mounts the element on this test's clock (set before its first update, which is a microtask away). */
  const element = (base: string, attrs = ''): TrackerElement => {
    const el = mount<TrackerElement>(`<${tag} lang="en" proxy-url="${base}/${spec.path}" ${attrs}></${tag}>`);
    useClock(el, clock);
    return el;
  };
  const withNumber = (base: string, number: string, attrs = ''): TrackerElement =>
    element(base, `${spec.numberAttribute}="${number}" ${attrs}`);

  let errors: ReturnType<typeof captureConsoleErrors>;

  describe('every other answer', () => {
    beforeEach(() => (errors = captureConsoleErrors()));
    afterEach(() => errors.restore());

    it('polls after a 202 every poll-interval seconds: 202 → 202 → 200 makes exactly three requests, each when its wait is over', async () => {
      const s = await scenario({
        responses: [
          { status: 202, body: { message: 'Accepted, processing' } },
          { status: 202, body: { message: 'Accepted, processing' } },
          { status: 200, body: await spec.document() },
        ],
      });
      const pending: TrackerPendingEvent[] = [];
      // Live refresh off: its minute tick would be the one timer left after the 200 (the live-while-open
      // tests in polling-manners.browser.test.ts drive it); this test counts the polls alone.
      const el = element(s.base, 'poll-interval="1" refresh-interval="off"');
      el.addEventListener('tracker-pending', (e) => pending.push(e));
      const loaded = nextEvent(el, 'tracker-load');
      spec.setNumber(el, spec.number);
      await until(() => pending.length === 1, 'first pending');
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain('carrier is slow');
      expect(part(el, 'notice')!.textContent).to.contain('Checking again in 0:01');
      // Spoken by the element's standing live region, not by the notice (see test/a11y).
      expect(part(el, 'announcer')!.querySelector('[role="status"]')!.textContent).to.contain('carrier is slow');
      expect(pending[0]!.attempt).to.equal(1);
      expect(pending[0]!.retryAt.getTime()).to.equal(NOW + 1000);
      await clock.advance(999);
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent, 'a millisecond left').to.contain('Checking again in 0:01');
      expect(await s.requests(), 'no poll before its time').to.have.length(1);
      await clock.advance(1);
      await until(() => pending.length === 2, 'second pending');
      expect(pending[1]!.retryAt.getTime()).to.equal(NOW + 2000);
      await clock.advance(1000);
      await loaded;
      expect(await s.requests()).to.have.length(3);
      expect(pending.map((p) => p.attempt)).to.deep.equal([1, 2]);
      expect(clock.pending, 'nothing more scheduled once the document is here').to.equal(0);
    });

    it('stops after 15 answers of 202 and offers to try again', async () => {
      const s = await scenario({ responses: [{ status: 202, body: { message: 'Accepted' } }] });
      const el = withNumber(s.base, spec.number, 'poll-interval="1"');
      let pending = 0;
      el.addEventListener('tracker-pending', () => pending++);
      const error = nextEvent<TrackerErrorEvent>(el, 'tracker-error');
      for (let answer = 1; answer < 15; answer++) {
        await until(() => pending === answer, `202 number ${answer}`);
        expect(clock.nextIn, 'a poll a second later').to.equal(1000);
        await clock.advance(1000);
      }
      expect((await error).detail).to.include({ status: 202, code: 'still_pending', retryable: true });
      expect(pending).to.equal(14);
      expect(await s.requests()).to.have.length(15);
      expect(clock.pending).to.equal(0);
      await el.updateComplete;
      expect(part(el, 'retry-button')).to.exist;
    });

    it('waits Retry-After after a 429, shows the countdown, then asks again by itself', async () => {
      const s = await scenario({
        responses: [
          { status: 429, headers: { 'Retry-After': '2' }, body: { message: 'Too many' } },
          { status: 200, body: await spec.document() },
        ],
      });
      const el = withNumber(s.base, spec.number);
      const error = await nextEvent<TrackerErrorEvent>(el, 'tracker-error');
      expect(error.detail).to.include({ status: 429, code: 'rate_limited', retryable: true });
      expect(error.detail.retryAt!.getTime()).to.equal(NOW + 2000);
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain('Trying again in 0:02');
      await clock.advance(1000);
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent, 'the countdown moves with the clock').to.contain('Trying again in 0:01');
      await clock.advance(999);
      expect(await s.requests(), 'not asked before Retry-After').to.have.length(1);
      const loaded = nextEvent(el, 'tracker-load');
      await clock.advance(1);
      await loaded;
      expect(await s.requests()).to.have.length(2);
    });

    it('after a 401 tells the visitor tracking is unavailable, tells the site owner about the key, and never asks again', async () => {
      const s = await scenario({ responses: [{ status: 401, body: { message: 'Invalid API key' } }] });
      const el = withNumber(s.base, spec.number, 'poll-interval="1"');
      const error = await nextEvent<TrackerErrorEvent>(el, 'tracker-error');
      expect(error.detail).to.include({ status: 401, code: 'unauthorized', retryable: false });
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain('Tracking is not set up correctly on this site');
      expect(part(el, 'notice')!.textContent).to.contain('there is nothing you need to do: please try again later, or contact the site');
      expect(part(el, 'notice')!.textContent).not.to.contain('Invalid API key');
      expect(part(el, 'retry-button')).to.equal(null);
      const advice = errors.messages.filter((m) => m.includes('401'));
      expect(advice).to.have.length(1);
      expect(advice[0]).to.contain('API key the proxy sends').and.to.contain('TRACKING_API_KEY');
      expect(advice[0]).to.contain('#when-tracking-is-unavailable-401-and-402');
      expect(clock.pending, 'no ask scheduled').to.equal(0);
      await clock.advance(60_000);
      expect(await s.requests()).to.have.length(1);
    });

    it('tells the public only that tracking is unavailable for now on a 402, shows when a cap resets, tells the site owner which 402 it is, and never asks again', async () => {
      const credits = await scenario({
        responses: [{ status: 402, body: { message: 'No credits', error: 'insufficient_credits', product: spec.product } }],
      });
      const a = withNumber(credits.base, spec.number, 'poll-interval="1"');
      const e1 = await nextEvent<TrackerErrorEvent>(a, 'tracker-error');
      await a.updateComplete;
      const creditsText = part(a, 'notice')!.textContent!;
      expect(e1.detail).to.include({ status: 402, code: 'insufficient_credits', retryable: false });
      // The site's account is the site owner's business (the console and the proxy's log say it), not the public's.
      expect(creditsText)
        .to.contain('Tracking is unavailable on this site for now')
        .and.not.to.match(/credit|used up/i);
      expect(creditsText).to.contain('contact the site');
      const creditAdvice = errors.messages.filter((m) => m.includes('402 insufficient_credits'));
      expect(creditAdvice).to.have.length(1);
      expect(creditAdvice[0]).to.contain(`no ${spec.product} tracking credits left`).and.to.contain('Top up credits');
      expect(creditAdvice[0]).to.contain('#when-tracking-is-unavailable-401-and-402');

      const cap = await scenario({
        responses: [
          {
            status: 402,
            body: { message: 'Cap', error: 'usage_limit_reached', product: spec.product, limit: 1000, resets_at: '2026-12-01T00:00:00Z' },
          },
        ],
      });
      const b = withNumber(cap.base, spec.number, 'poll-interval="1"');
      const e2 = await nextEvent<TrackerErrorEvent>(b, 'tracker-error');
      await b.updateComplete;
      expect(e2.detail).to.include({ status: 402, code: 'usage_limit_reached' });
      const capText = part(b, 'notice')!.textContent!;
      expect(capText).not.to.equal(creditsText);
      expect(capText)
        .to.contain('Tracking is unavailable on this site for now')
        .and.not.to.match(/limit|credit/i);
      expect(capText).to.match(/available again .*Dec 1, 2026/);
      // As with the credits: the visitor's number is fine, and the site is whom to ask.
      expect(capText).to.contain('contact the site');
      const capAdvice = errors.messages.filter((m) => m.includes('402 usage_limit_reached'));
      expect(capAdvice).to.have.length(1);
      expect(capAdvice[0]).to.contain('Raise the cap').and.to.contain('2026-12-01T00:00:00.000Z');
      expect(clock.pending, 'no ask scheduled').to.equal(0);
      await clock.advance(60_000);
      expect(await credits.requests()).to.have.length(1);
      expect(await cap.requests()).to.have.length(1);
    });

    it('shows a 404 with what to check, not the service message that says the same, and does not retry', async () => {
      const s = await scenario({ responses: [{ status: 404, body: { message: `No shipment found for ${spec.number}` } }] });
      const el = withNumber(s.base, spec.number, 'poll-interval="1"');
      const e = await nextEvent<TrackerErrorEvent>(el, 'tracker-error');
      expect(e.detail).to.include({ status: 404, code: 'not_found', retryable: false });
      // The same fields on the event itself, as on tracker-load and tracker-pending.
      expect({ status: e.status, code: e.code, retryable: e.retryable, retryAt: e.retryAt }).to.deep.equal({
        status: 404,
        code: 'not_found',
        retryable: false,
        retryAt: undefined,
      });
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain(`could not find ${spec.number}`);
      expect(part(el, 'notice')!.textContent).to.contain('Check it against your').and.not.to.contain('No shipment found');
      expect(e.detail.message, 'the service message stays on the event').to.equal(`No shipment found for ${spec.number}`);
      expect(part(el, 'announcer')!.querySelector('[role="alert"]')!.textContent).to.contain(`could not find ${spec.number}`);
      expect(clock.pending, 'no ask scheduled').to.equal(0);
      await clock.advance(60_000);
      expect(await s.requests()).to.have.length(1);
    });

    it('retries a 5xx three times with growing waits, then offers "try again", which asks afresh', async () => {
      const s = await scenario({ responses: [{ status: 503, body: { message: 'Down' } }] });
      const el = withNumber(s.base, spec.number);
      const retries: TrackerErrorEvent[] = [];
      el.addEventListener('tracker-error', (e) => retries.push(e));
      // Equal jitter: each wait in the upper half of a ceiling that doubles (1, 2 and 4 s), and
      // each retry goes out when its wait is over, not a millisecond before.
      for (const [i, ceiling] of [1000, 2000, 4000].entries()) {
        await until(() => retries.length === i + 1, `answer ${i + 1}`);
        const wait = retries[i]!.detail.retryAt!.getTime() - clock.now();
        expect(wait, `wait ${i + 1}`).to.be.within(ceiling / 2, ceiling);
        await clock.advance(wait - 1);
        expect(await s.requests(), `retry ${i + 1} not before its wait`).to.have.length(i + 1);
        await clock.advance(1);
      }
      await until(() => retries.length === 4, 'final error');
      expect(retries[3]!.detail.retryAt, 'no fourth retry').to.equal(undefined);
      expect(await s.requests()).to.have.length(4);
      expect(retries.slice(0, 3).every((e) => e.detail.retryable && e.detail.retryAt)).to.equal(true);
      expect(retries.map((e) => e.code)).to.deep.equal(['server_error', 'server_error', 'server_error', 'server_error']);
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain('not answering');
      part(el, 'retry-button')!.click();
      await until(async () => (await s.requests()).length === 5, 'asked again after try again');
    });

    it('treats a network failure like a 5xx: retries with a wait', async () => {
      // Nothing listens on loopback port 9: the connection is refused.
      const el = mount<TrackerElement>(
        `<${tag} lang="en" proxy-url="http://127.0.0.1:9/${spec.path}" ${spec.numberAttribute}="${spec.number}"></${tag}>`,
      );
      useClock(el, clock);
      const e = await nextEvent<TrackerErrorEvent>(el, 'tracker-error');
      expect(e.detail).to.include({ status: 0, code: 'network_error', retryable: true });
      expect(e.detail.retryAt!.getTime() - NOW, 'the first backoff').to.be.within(500, 1000);
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain('Retrying automatically (attempt 1 of 3)');
    });

    for (const [name, body] of [
      ['a body that is not JSON', '<html>oops</html>'],
      ['JSON that is not an object', '[1,2,3]'],
      ['a document without its required fields', spec.incompleteDocument],
      ['a document of the other product', spec.otherProductDocument],
    ] as const) {
      it(`says "unexpected response" for ${name}`, async () => {
        const s = await scenario({ responses: [{ status: 200, body }] });
        const el = withNumber(s.base, spec.number);
        const e = await nextEvent<TrackerErrorEvent>(el, 'tracker-error');
        expect(e.detail).to.include({ status: 200, code: 'unexpected_response' });
        await el.updateComplete;
        expect(part(el, 'notice')!.textContent).to.contain('could not read');
        expect(el.shipment).to.equal(undefined);
      });
    }
  });

  describe('one lookup at a time', () => {
    it('aborts the old request for a new number and never shows the stale answer', async () => {
      const first = await spec.document();
      const second = await spec.secondDocument();
      const s = await scenario({
        responses: [
          { status: 200, body: first, delayMs: 1500 },
          { status: 200, body: second },
        ],
      });
      const el = withNumber(s.base, spec.number);
      const loads: TrackerLoadEvent[] = [];
      el.addEventListener('tracker-load', (e) => loads.push(e));
      await until(async () => (await s.requests()).length === 1, 'first request sent');
      spec.setNumber(el, spec.secondNumber);
      await until(() => loads.length === 1, 'second loaded');
      // Once the first request is over (aborted, its answer never read), nothing can bring it back.
      await until(async () => (await s.requests())[0]!.aborted, 'first request aborted');
      expect(loads).to.have.length(1);
      expect(loads[0]!.shipment.reference).to.equal(spec.referenceOf(second));
      expect(el.shipment!.reference).to.equal(spec.referenceOf(second));
      await el.updateComplete;
      expect(part(el, 'status')!.textContent).to.contain(String(spec.referenceOf(second)));
      const requests = await s.requests();
      expect(requests[0]!.aborted).to.equal(true);
    });

    it('aborts the request when removed, asks nothing while away, and resumes when added back', async () => {
      const s = await scenario({
        responses: [
          { status: 200, body: await spec.document(), delayMs: 2000 },
          { status: 200, body: await spec.document() },
        ],
      });
      const el = withNumber(s.base, spec.number);
      await until(async () => (await s.requests()).length === 1, 'request sent');
      const parent = el.parentElement!;
      el.remove();
      await until(async () => (await s.requests())[0]!.aborted, 'request aborted');
      expect(clock.pending, 'nothing scheduled while away').to.equal(0);
      await clock.advance(60_000);
      expect(await s.requests()).to.have.length(1);
      const loaded = nextEvent(el, 'tracker-load');
      parent.append(el);
      await loaded;
      expect(await s.requests()).to.have.length(2);
    });

    it('clears its timers when removed while waiting, and resumes the wait when added back', async () => {
      const s = await scenario({
        responses: [
          { status: 202, body: { message: 'later' } },
          { status: 200, body: await spec.document() },
        ],
      });
      const el = withNumber(s.base, spec.number, 'poll-interval="1"');
      await nextEvent(el, 'tracker-pending');
      const parent = el.parentElement!;
      el.remove();
      expect(clock.pending, 'its timers cleared').to.equal(0);
      await clock.advance(1600);
      expect(await s.requests(), 'no poll while removed').to.have.length(1);
      const loaded = nextEvent(el, 'tracker-load');
      parent.append(el);
      // The wait was over while it was away: it asks as soon as it is back.
      expect(clock.nextIn).to.equal(0);
      await clock.advance(0);
      await loaded;
      expect(await s.requests()).to.have.length(2);
    });
  });
}
