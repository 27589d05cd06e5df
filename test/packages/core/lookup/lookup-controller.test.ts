// A model-based specification of the request scheduler. It runs in Node rather than in
// Chromium because fast-check explores a few hundred command sequences of thousands of
// steps, and the controller touches only a handful of browser globals: the test owns the
// clock (the controller's `Clock` option), the transport seam (its `ask` option), and stubs
// for the environment it reads (`document.visibilityState`, `visibilitychange`, `online`,
// `navigator.onLine`). The real browser wiring of the same rules is proven in
// test/robustness/polling-manners.browser.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { STILL_LOOKING_MS, LookupController } from '../../../../packages/core/src/lookup/lookup-controller.js';
import { FakeClock } from '../../../support/fake-clock.js';
import type { Outcome } from '../../../../packages/core/src/contracts/outcome.js';
import type { Normalizer, Shipment } from '../../../../packages/core/src/model/shipment.js';

const POLL_SECONDS = 5;
const RATE_LIMIT = { fallback: 30_000, min: 1_000, max: 15 * 60_000 };

/**
 * Lets every pending continuation run: the controller awaits its `ask`, and reads and shows a
 * document in tasks of their own (yield-to-main.ts), each a message on a channel.
 */
const flush = async (): Promise<void> => {
  for (let i = 0; i < 4; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/** The element as far as the controller can tell: controllers, updates and events. */
class FakeHost extends EventTarget {
  readonly localName = 'ocean-tracker';
  readonly controllers: ReactiveController[] = [];
  readonly events: Event[] = [];
  readonly updateComplete = Promise.resolve(true);
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {}
  override dispatchEvent(event: Event): boolean {
    this.events.push(event);
    return super.dispatchEvent(event);
  }
}

/** The page around the element: visibility, connectivity and the two global events. */
class FakePage {
  readonly document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  readonly window = new EventTarget();
  readonly navigator = { onLine: true };
  private saved: PropertyDescriptor[] = [];
  private readonly names = ['document', 'navigator', 'addEventListener', 'removeEventListener'] as const;

  install(): void {
    this.saved = this.names.map(
      (name) => Object.getOwnPropertyDescriptor(globalThis, name) ?? { value: undefined, configurable: true, writable: true },
    );
    const values = [
      this.document,
      this.navigator,
      this.window.addEventListener.bind(this.window),
      this.window.removeEventListener.bind(this.window),
    ];
    this.names.forEach((name, i) => Object.defineProperty(globalThis, name, { value: values[i], configurable: true, writable: true }));
  }
  uninstall(): void {
    this.names.forEach((name, i) => Object.defineProperty(globalThis, name, this.saved[i]!));
  }
}

interface Call {
  readonly id: number;
  readonly url: string;
  readonly signal: AbortSignal;
  /** The user epoch when it was asked: a Track, Retry or Reset since then supersedes it. */
  readonly epoch: number;
  readonly resolve: (answer: Outcome) => void;
  settled: boolean;
}

/** What the test knows independently of the controller, and what it expects of it. */
interface Model {
  visible: boolean;
  online: boolean;
  connected: boolean;
  /** Bumped by every Track, Retry and Reset. */
  epoch: number;
  /** Whether the controller has a lookup at all (after Track, until Reset). */
  tracking: boolean;
  /** A 401 or 402 ended the lookup: nothing may be asked until the visitor starts another. */
  stopped: boolean;
  /** No ask on the controller's own initiative before this time (Retry-After, poll interval). */
  notBefore: number;
  /** Set while a command that is a visitor's action runs: only those may ask while paused. */
  byVisitor: boolean;
  /** Whether the current lookup has had an answer; before that, reconnecting re-asks the visitor's own request. */
  answered: boolean;
}

interface Real {
  readonly clock: FakeClock;
  readonly host: FakeHost;
  readonly page: FakePage;
  readonly controller: LookupController;
  readonly calls: Call[];
  readonly violations: string[];
}

const inFlight = (real: Real) => real.calls.filter((c) => !c.settled && !c.signal.aborted);

function checkAlways(model: Model, real: Real): void {
  assert.deepEqual(real.violations, []);
  assert.ok(inFlight(real).length <= 1, 'at most one request in flight');
  if (!model.connected) {
    assert.equal(inFlight(real).length, 0, 'nothing in flight while disconnected');
    assert.equal(real.clock.pending, 0, 'no timer left running while disconnected');
  }
  if (model.stopped) assert.equal(real.clock.pending, 0, 'no timer after a 401 or 402');
}

function documentFor(call: Call): unknown {
  return { marker: `${call.url}#${call.id}` };
}

const normalizer: Normalizer = (body) => ({
  ok: true,
  shipment: { reference: (body as { marker: string }).marker } as unknown as Shipment,
});

function setUp(model: Model): Real {
  const clock = new FakeClock(Date.UTC(2026, 5, 1), flush);
  const host = new FakeHost();
  const page = new FakePage();
  page.install();
  const calls: Call[] = [];
  const violations: string[] = [];
  let nextCall = 1;
  const controller = new LookupController(host as unknown as ReactiveControllerHost & HTMLElement, {
    product: 'ocean',
    normalizer: () => normalizer,
    pollIntervalSeconds: () => POLL_SECONDS,
    clock,
    ask: (url, options) =>
      new Promise<Outcome>((resolve) => {
        const why = (rule: string) => violations.push(`ask #${nextCall} at ${clock.now()}: ${rule}`);
        if (inFlight(real).length > 0) why('another request is in flight');
        if (!model.connected) why('the element is disconnected');
        if (!model.byVisitor) {
          if (!model.visible) why('the page is hidden');
          if (!model.online) why('the browser is offline');
          if (model.stopped) why('after a 401 or 402');
          if (clock.now() < model.notBefore) why(`before ${model.notBefore} (Retry-After or poll interval)`);
          if (!model.tracking) why('no lookup was started');
        }
        calls.push({ id: nextCall++, url, signal: options!.signal!, epoch: model.epoch, resolve, settled: false });
      }),
  });
  const real: Real = { clock, host, page, controller, calls, violations };
  return real;
}

type Cmd = fc.AsyncCommand<Model, Real>;

/** Runs a visitor's action: the one kind of step that may ask while the page is hidden or offline. */
function asVisitor(model: Model, action: () => void): void {
  model.byVisitor = true;
  try {
    action();
  } finally {
    model.byVisitor = false;
  }
}

function asVisitorIf(model: Model, visitor: boolean, action: () => void): void {
  if (visitor) asVisitor(model, action);
  else action();
}

class Track implements Cmd {
  constructor(readonly n: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    model.epoch++;
    Object.assign(model, { tracking: true, stopped: false, notBefore: 0, answered: false });
    asVisitor(model, () => real.controller.track({ url: `/ocean?n=${this.n}`, number: String(this.n) }));
    await flush();
    checkAlways(model, real);
  }
  toString = () => `track(${this.n})`;
}

class Retry implements Cmd {
  check = (model: Readonly<Model>) => model.tracking;
  async run(model: Model, real: Real): Promise<void> {
    model.epoch++;
    Object.assign(model, { stopped: false, notBefore: 0, answered: false });
    asVisitor(model, () => real.controller.retry());
    await flush();
    checkAlways(model, real);
  }
  toString = () => 'retry';
}

class Reset implements Cmd {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    model.epoch++;
    Object.assign(model, { tracking: false, stopped: false, notBefore: 0 });
    real.controller.reset();
    await flush();
    assert.equal(real.controller.state.phase, 'idle');
    assert.equal(real.clock.pending, 0, 'reset leaves no timer');
    checkAlways(model, real);
  }
  toString = () => 'reset';
}

/** An answer arrives for one of the outstanding requests, possibly one already superseded. */
class Respond implements Cmd {
  constructor(
    readonly pick: number,
    readonly answer: Outcome | 'document',
    /** Whether an aborted request says so, as the real transport does, or races its abort with a real answer. */
    readonly honourAbort: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const open = real.calls.filter((c) => !c.settled);
    if (open.length === 0) return;
    const call = open[this.pick % open.length]!;
    const latest = real.calls[real.calls.length - 1] === call && call.epoch === model.epoch;
    const answer: Outcome =
      this.honourAbort && call.signal.aborted
        ? { kind: 'aborted', status: 0 }
        : this.answer === 'document'
          ? { kind: 'document', status: 200, body: documentFor(call) }
          : this.answer;
    const stateBefore = real.controller.state;
    const eventsBefore = real.host.events.length;
    call.settled = true;
    call.resolve(answer);
    await flush();
    if (!latest || answer.kind === 'aborted') {
      assert.equal(real.controller.state, stateBefore, `a superseded answer (${answer.kind}) changed nothing`);
      assert.equal(real.host.events.length, eventsBefore, 'a superseded answer fires no event');
    } else {
      this.expect(model, real, call, answer);
    }
    checkAlways(model, real);
  }

  private expect(model: Model, real: Real, call: Call, answer: Outcome): void {
    model.answered = true;
    const state = real.controller.state;
    const now = real.clock.now();
    switch (answer.kind) {
      case 'document':
        assert.equal(state.phase, 'loaded');
        assert.equal(state.phase === 'loaded' && state.shipment.reference, `${call.url}#${call.id}`, 'the current answer is the one shown');
        break;
      case 'unauthorized':
      case 'insufficient_credits':
      case 'usage_limit_reached':
        assert.equal(state.phase, 'failed');
        model.stopped = true;
        break;
      case 'pending':
        if (state.phase === 'waiting') model.notBefore = now + POLL_SECONDS * 1000;
        else assert.equal(state.phase, 'failed', 'a 202 either waits or gives up');
        break;
      case 'rate_limited': {
        const wait = Math.min(RATE_LIMIT.max, Math.max(RATE_LIMIT.min, answer.retryAfterMs ?? RATE_LIMIT.fallback));
        if (state.phase === 'waiting') model.notBefore = now + wait;
        else assert.equal(state.phase, 'failed', 'a 429 either waits or gives up');
        break;
      }
      case 'not_found':
      case 'rejected':
      case 'unexpected_response':
        assert.equal(state.phase, 'failed');
        break;
      default:
        // 5xx, network error, timeout: a backoff wait of at least half a second, or failed;
        // offline: a wait for the browser to be back online.
        if (state.phase === 'waiting' && answer.kind === 'offline') assert.equal(state.wait.cause.kind, 'offline');
        else if (state.phase === 'waiting') model.notBefore = now + 500;
        else assert.equal(state.phase, 'failed');
    }
  }
  toString = () => `respond(#${this.pick}, ${JSON.stringify(this.answer)}, honourAbort=${this.honourAbort})`;
}

class Advance implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    await real.clock.advance(this.ms);
    checkAlways(model, real);
  }
  toString = () => `advance(${this.ms})`;
}

class SetVisible implements Cmd {
  constructor(readonly visible: boolean) {}
  check = (model: Readonly<Model>) => model.visible !== this.visible;
  async run(model: Model, real: Real): Promise<void> {
    model.visible = this.visible;
    real.page.document.visibilityState = this.visible ? 'visible' : 'hidden';
    real.page.document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    checkAlways(model, real);
  }
  toString = () => (this.visible ? 'show' : 'hide');
}

class SetOnline implements Cmd {
  constructor(readonly online: boolean) {}
  check = (model: Readonly<Model>) => model.online !== this.online;
  async run(model: Model, real: Real): Promise<void> {
    model.online = this.online;
    real.page.navigator.onLine = this.online;
    real.page.window.dispatchEvent(new Event(this.online ? 'online' : 'offline'));
    await flush();
    checkAlways(model, real);
  }
  toString = () => (this.online ? 'online' : 'offline');
}

class SetConnected implements Cmd {
  constructor(readonly connected: boolean) {}
  check = (model: Readonly<Model>) => model.connected !== this.connected;
  async run(model: Model, real: Real): Promise<void> {
    model.connected = this.connected;
    const resumesFirstAsk = this.connected && model.tracking && !model.answered;
    for (const c of real.host.controllers) {
      if (this.connected) asVisitorIf(model, resumesFirstAsk, () => c.hostConnected?.());
      else c.hostDisconnected?.();
    }
    await flush();
    checkAlways(model, real);
  }
  toString = () => (this.connected ? 'connect' : 'disconnect');
}

const answers: fc.Arbitrary<Outcome | 'document'> = fc.oneof(
  fc.constant('document' as const),
  fc.constant<Outcome>({ kind: 'unexpected_response', status: 200, message: 'body is not JSON' }),
  fc.constant<Outcome>({ kind: 'pending', status: 202, message: 'later' }),
  fc.constant<Outcome>({ kind: 'unauthorized', status: 401, message: 'bad key' }),
  fc.constantFrom('insufficient_credits', 'usage_limit_reached').map((kind): Outcome => ({ kind, status: 402, code: kind })),
  fc.constant<Outcome>({ kind: 'insufficient_credits', status: 402 }),
  fc
    .option(fc.oneof(fc.integer({ min: -2_000, max: 3_000 }), fc.integer({ min: 0, max: 2_000_000 })), { nil: undefined })
    .map((retryAfterMs): Outcome => ({ kind: 'rate_limited', status: 429, retryAfterMs })),
  fc.constant<Outcome>({ kind: 'not_found', status: 404 }),
  fc.constantFrom(400, 422).map((status): Outcome => ({ kind: 'rejected', status })),
  fc.constantFrom(500, 502, 503).map((status): Outcome => ({ kind: 'server_error', status })),
  fc.constant<Outcome>({ kind: 'network_error', status: 0, message: 'Failed to fetch' }),
  fc.constant<Outcome>({ kind: 'offline', status: 0, message: 'Failed to fetch' }),
  fc.constant<Outcome>({ kind: 'timeout', status: 0, message: 'No answer within 140000 ms' }),
);

const commands = [
  fc.integer({ min: 0, max: 2 }).map((n) => new Track(n)),
  fc.constant(new Retry()),
  fc.constant(new Reset()),
  fc.tuple(fc.nat(), answers, fc.boolean()).map(([pick, answer, honour]) => new Respond(pick, answer, honour)),
  fc.tuple(fc.nat(), answers, fc.boolean()).map(([pick, answer, honour]) => new Respond(pick, answer, honour)),
  fc.oneof(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 1_000_000 })).map((ms) => new Advance(ms)),
  fc.boolean().map((v) => new SetVisible(v)),
  fc.boolean().map((v) => new SetOnline(v)),
  fc.boolean().map((v) => new SetConnected(v)),
];

describe('LookupController (model-based)', () => {
  let page: FakePage | undefined;
  after(() => page?.uninstall());

  it('keeps its promises under any sequence of lookups, answers, time, visibility, connectivity and reconnection', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 100, size: 'max' }), async (cmds) => {
        const model: Model = {
          visible: true,
          online: true,
          connected: false,
          epoch: 0,
          tracking: false,
          stopped: false,
          notBefore: 0,
          byVisitor: false,
          answered: false,
        };
        const setup = () => {
          const real = setUp(model);
          page = real.page;
          // The element is on the page before anything happens, as in a real document.
          model.connected = true;
          for (const c of real.host.controllers) c.hostConnected?.();
          return { model, real };
        };
        try {
          await fc.asyncModelRun(setup, cmds);
        } finally {
          page?.uninstall();
          page = undefined;
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('LookupController (examples)', () => {
  let real: Real;
  let model: Model;
  before(() => {
    model = {
      visible: true,
      online: true,
      connected: true,
      epoch: 1,
      tracking: true,
      stopped: false,
      notBefore: 0,
      byVisitor: false,
      answered: false,
    };
    real = setUp(model);
    for (const c of real.host.controllers) c.hostConnected?.();
  });
  after(() => real.page.uninstall());

  it('asks once when the page shows again after a poll came due while it was hidden', async () => {
    asVisitor(model, () => real.controller.track({ url: '/ocean?n=1', number: '1' }));
    real.calls[0]!.settled = true;
    real.calls[0]!.resolve({ kind: 'pending', status: 202 });
    await flush();
    model.notBefore = real.clock.now() + POLL_SECONDS * 1000;
    real.page.document.visibilityState = 'hidden';
    model.visible = false;
    real.page.document.dispatchEvent(new Event('visibilitychange'));
    await real.clock.advance(60_000);
    assert.equal(real.calls.length, 1, 'no poll while hidden');
    real.page.document.visibilityState = 'visible';
    model.visible = true;
    real.page.document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    assert.equal(real.calls.length, 2, 'one poll on return');
    assert.deepEqual(real.violations, []);
  });

  const slow = () => real.controller.state.phase === 'loading' && real.controller.state.slow === true;

  it(`is marked slow after ${STILL_LOOKING_MS} ms, and the mark and its timer end with the answer`, async () => {
    asVisitor(model, () => real.controller.track({ url: '/ocean?n=1', number: '1' }));
    await real.clock.advance(STILL_LOOKING_MS - 1);
    assert.equal(slow(), false, 'not yet');
    await real.clock.advance(1);
    assert.equal(slow(), true);
    real.calls.at(-1)!.resolve({ kind: 'document', status: 200, body: { marker: 'x' } });
    await flush();
    await flush();
    assert.equal(real.controller.state.phase, 'loaded');
    assert.equal(real.clock.pending, 0, 'no timer left');
  });

  it('starts the count again for a new lookup, and stops it when the element is removed', async () => {
    asVisitor(model, () => real.controller.track({ url: '/ocean?n=2', number: '2' }));
    await real.clock.advance(STILL_LOOKING_MS - 500);
    asVisitor(model, () => real.controller.track({ url: '/ocean?n=3', number: '3' }));
    await real.clock.advance(STILL_LOOKING_MS - 1);
    assert.equal(slow(), false, 'the new lookup has its own two seconds');
    for (const c of real.host.controllers) c.hostDisconnected?.();
    assert.equal(real.clock.pending, 0, 'no timer while disconnected');
    for (const c of real.host.controllers) c.hostConnected?.();
    await real.clock.advance(STILL_LOOKING_MS);
    assert.equal(slow(), true, 'asked again on reconnection, and slow again after two seconds');
  });
});
