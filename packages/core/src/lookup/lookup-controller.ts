import type { ReactiveController, ReactiveControllerHost } from 'lit';
// First-load code through first/shared.ts, as every later phase takes it; the events directly, so
// that a bundler that drops unused re-exports (Rollup) leaves them out of the first load.
import { systemClock, trackerProperties, type Clock } from '../first/shared.js';
import type { PendingLookup } from '../first/early-lookup/early-request.js';
import type { LookupRequest, TrackingSession, TrackingState, Wait, WaitCause } from '../contracts/tracking.js';
import type { ConfigurationProblem } from '../first/urls/usable-url.js';
import { isCrossOrigin } from './cross-origin.js';
import { ListController, type ListParser } from './carrier-list-controller.js';
import { writeSyncedNumber } from './url-sync.js';
import { TrackerErrorEvent, TrackerLoadEvent, TrackerPendingEvent } from '../model/events.js';
import type { Normalizer, Product } from '../model/shipment.js';
import { isRetryable, publicCode, type Failure, type Outcome } from '../contracts/outcome.js';
import { backoffDelay, MAX_AUTOMATIC_RETRIES } from './backoff.js';
import { askProxy } from './proxy-client.js';
import { boundedWait } from './retry-after-header.js';
import { yieldToMain } from './yield-to-main.js';
import { newsOf, refreshMs, RefreshTimer } from './refresh.js';

export type { Clock };

/**
 * One lookup: the proxy URL with its query, and the number as the visitor typed it. A lookup whose
 * request left before this code arrived is a `PendingLookup`, whose answer the first ask takes over.
 */
export type TrackRequest = LookupRequest | PendingLookup;

export type { LookupRequest, TrackingState, Wait, WaitCause };

/** How long a request may be in flight before the notice says the service is still looking. */
export const STILL_LOOKING_MS = 2000;

/** The carrier or airline list a lookup may need, as the product element describes it. */
export interface ListOptions<L> {
  /** Where the list is (`carriers-url`, or beside the proxy path); undefined when it cannot be asked for. */
  readonly url: () => string | undefined;
  /** Whether what is on screen needs the list now; once it has, the list stays loaded. */
  readonly needed: () => boolean;
  /** The list's reader, imported when the list is first asked for. */
  readonly parser: () => Promise<ListParser<L>>;
}

/**
 * What the element passes in when the lookup's code arrives: the controller reads the element
 * through these and nothing else.
 */
export interface LookupControllerOptions<L = unknown> {
  /** The normalizer, or a promise of it (the built-in ones load with the shipment view). */
  readonly normalizer: () => Normalizer | Promise<Normalizer>;
  /** `poll-interval`: seconds between asks after a 202 (anything but a whole number from 1 to a day means the default). */
  readonly pollIntervalSeconds: () => number;
  /** `refresh-interval`: minutes between re-asks while a result is shown, 0 for none (see refresh.ts); none when absent. */
  readonly refreshMinutes?: () => number;
  /** Whether the result shown is final (delivered, as the view decides it): then it is not asked again. */
  readonly finished?: () => boolean;
  /** The query parameter `sync-url` keeps the number in; undefined without `sync-url`. */
  readonly syncParam?: () => string | undefined;
  /** What stops any request, written to the console once each for the site owner. */
  readonly problem?: () => ConfigurationProblem | undefined;
  /** Told each new state's phase as it is set (the element announces a change of it). */
  readonly stateChanged?: (phase: TrackingState['phase']) => void;
  /** For the console's example of a `proxy-url`. */
  readonly product: Product;
  readonly list?: ListOptions<L>;
  /** The element's clock (`model/clock.ts`); the system's by default. */
  readonly clock?: Clock;
  /** The transport; by default the proxy client, taking over a request sent before this code arrived. */
  readonly ask?: typeof askProxy;
}

/** The README section on 401 and 402, which the console advice points the site owner to; readme.test.ts checks the anchor. */
export const UNAVAILABLE_HELP = 'https://github.com/cargo-trackers/cargo-trackers#when-tracking-is-unavailable-401-and-402';

/** After this many 202 answers the element stops asking and offers "try again". */
export const MAX_PENDING_POLLS = 15;
/** After this many 429 answers in a row the element stops and offers "try again". */
export const MAX_RATE_LIMITED_WAITS = 10;
const RATE_LIMIT_DEFAULT_MS = 30_000;
const RATE_LIMIT_MIN_MS = 1_000;
const RATE_LIMIT_MAX_MS = 15 * 60_000;
/** A failed re-ask is retried after about 30 s, then backs off (up to the interval). */
const REFRESH_RETRY_BASE_MS = 30_000;
/** The outcomes retried automatically with a growing delay, counted together. */
const BACKED_OFF: ReadonlySet<Outcome['kind']> = new Set(['server_error', 'network_error', 'timeout']);

/**
 * The one owner of an element's lookups, from the request the element sent before this code
 * arrived to the shipment shown: it takes that request over, asks the proxy, polls, keeps the
 * number in the query string (`sync-url`), loads the carrier or airline list the lookup needs, and
 * holds the state the element renders (`state`, and `callId` for each new lookup). At most one
 * request is in flight: a newer lookup aborts the older one and a stale answer is dropped, 202s
 * are polled, 429s wait for Retry-After, 5xx and network failures back off, and nothing runs while
 * the element is disconnected (it resumes on reconnect) or while the page is hidden or the browser
 * offline. A result shown is asked for again while the page is open (`refresh-interval`, refresh.ts). The element only reads it, and passes in what it needs (`LookupControllerOptions`).
 *
 * `@lit/task`'s `Task` is the model (status, value, error, abort and call id in one place, the host
 * only reading), and the list is one (`ListController`). A lookup is not: a 202 or a 429 is neither
 * a value nor an error but a wait with a countdown, paused while the page is hidden or offline and
 * resumed after a reconnection, which a Task's four statuses and single promise per run cannot show.
 */
export class LookupController<L = unknown> implements ReactiveController, TrackingSession<L> {
  state: TrackingState<TrackRequest> = { phase: 'idle' };
  /** Bumped by each new lookup (not by a retry or a poll of the same one): what the visitor opened of an answer is kept per lookup. */
  callId = 0;

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: LookupControllerOptions<L>;
  readonly #clock: Clock;
  readonly #list?: ListController<L>;
  /** Whether the list was needed once; it stays loaded from then on. */
  #listWanted = false;
  /** The last configuration problem written to the console, so each is written once. */
  #reportedProblem?: string;
  #abort?: AbortController;
  #timer?: unknown;
  #tick?: unknown;
  /** Marks the request in flight as slow after `STILL_LOOKING_MS`. */
  #slowTimer?: unknown;
  /** Bumped by every new lookup; an answer from an older generation is dropped. */
  #generation = 0;
  #counts = { pending: 0, rateLimited: 0, retry: 0 };
  #connected = false;
  /** A scheduled ask that came due while the page was hidden or the element was away. */
  #due = false;
  /** Whether the cross-origin hint has been written: once per element, not once per retry. */
  #hintedCors = false;
  /** The re-asks of a result shown (live while open). */
  readonly #refresh: RefreshTimer;
  /** The body of the document shown, as JSON: a re-ask that brings the same changes nothing. */
  #shownBody?: string;

  constructor(host: ReactiveControllerHost & HTMLElement, options: LookupControllerOptions<L>) {
    this.#host = host;
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#refresh = new RefreshTimer({
      clock: this.#clock,
      ask: () => void this.#reask(),
      render: () => host.requestUpdate(),
      paused: () => !this.#connected || this.#paused(),
      finished: () => options.finished?.() ?? false,
    });
    host.addController(this);
    const list = options.list;
    if (list)
      this.#list = new ListController(host, {
        url: () => {
          this.#listWanted ||= list.needed();
          return this.#listWanted ? list.url() : undefined;
        },
        parser: list.parser,
      });
  }

  /** The carrier or airline list, once wanted and loaded; undefined before, or when it could not be read. */
  get list(): L | undefined {
    return this.#list?.value;
  }

  /** The visitor is about to choose from the list (the picker's focus or pointerdown): it is needed now. */
  wantList(): void {
    if (this.#listWanted) return;
    this.#listWanted = true;
    this.#host.requestUpdate();
  }

  /** The clock's current time, for countdowns in `render()`. */
  get now(): number {
    return this.#clock.now();
  }

  /**
   * Starts a new lookup, abandoning whatever was under way; with `force` false, not when `request`
   * is already the current lookup (an attribute set again to the same number).
   */
  track(request: TrackRequest, force = true): void {
    const state = this.state;
    if (!force && state.phase !== 'idle' && state.request.url === request.url) return;
    // The list's request sent with it (the script-tag entry's), for the list controller to take over.
    if ('list' in request && request.list) this.#list?.adopt(request.list);
    this.callId++;
    this.#start(request);
    const param = this.#options.syncParam?.();
    if (param) writeSyncedNumber(param, request.number);
  }

  /** Asks again for the last request, from a fresh start ("try again"). */
  retry(): void {
    if (this.state.phase !== 'idle') this.#start(this.state.request);
  }

  #start(request: TrackRequest): void {
    this.#stop();
    this.#counts = { pending: 0, rateLimited: 0, retry: 0 };
    void this.#ask(request);
  }

  /** Runs after the element's `willUpdate`. */
  hostUpdate(): void {
    this.#reportProblem();
  }

  #reportProblem(): void {
    const problem = this.#options.problem?.();
    const key = problem && `${problem.attribute}:${problem.missing}`;
    if (key === this.#reportedProblem) return;
    this.#reportedProblem = key;
    if (!problem) return;
    const tag = this.#host.localName;
    console.error(
      problem.missing
        ? `[${tag}] The proxy-url attribute is missing, so no lookup can be made. Set it to your tracking proxy's path, e.g. proxy-url="/api/tracking/${this.#options.product}".`
        : `[${tag}] ${problem.attribute} must be a path or an http(s) address; no request is made.`,
    );
  }

  /** Back to idle: nothing in flight, nothing scheduled. */
  reset(): void {
    this.#stop();
    this.#setState({ phase: 'idle' });
  }

  hostConnected(): void {
    this.#connected = true;
    document.addEventListener('visibilitychange', this.#onVisibilityChange);
    globalThis.addEventListener('online', this.#onOnline);
    const state = this.state;
    if (state.phase === 'loading' && !state.after)
      void this.#ask(state.request); // the visitor's own lookup, interrupted
    else if (state.phase === 'loading' && state.after) this.#resume(state.request, state.after);
    else if (state.phase === 'waiting') this.#resume(state.request, state.wait);
    else this.#refresh.wake();
  }

  /** Picks a wait up again after reconnection: a re-poll still waits for a visible, online page. */
  #resume(request: TrackRequest, wait: Wait): void {
    if (wait.retryAt !== undefined) {
      this.#schedule(request, wait);
      return;
    }
    this.#setState({ phase: 'waiting', request, wait });
    this.#due = true;
    this.#askIfDue();
  }

  hostDisconnected(): void {
    this.#connected = false;
    document.removeEventListener('visibilitychange', this.#onVisibilityChange);
    globalThis.removeEventListener('online', this.#onOnline);
    // Keep the state: hostConnected resumes from it.
    this.#clearTimers();
    this.#refresh.pause();
    this.#abortInFlight();
  }

  #stop(): void {
    this.#generation++;
    this.#clearTimers();
    this.#refresh.stop();
    this.#abortInFlight();
  }

  #abortInFlight(): void {
    this.#abort?.abort();
    this.#abort = undefined;
  }

  #clearTimers(): void {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    if (this.#tick !== undefined) this.#clock.clearTimeout(this.#tick);
    this.#timer = undefined;
    this.#tick = undefined;
    this.#due = false;
    this.#clearSlowTimer();
  }

  #clearSlowTimer(): void {
    if (this.#slowTimer !== undefined) this.#clock.clearTimeout(this.#slowTimer);
    this.#slowTimer = undefined;
  }

  #setState(state: TrackingState): void {
    this.state = state;
    // An answer (or a new attempt, which starts its own count) ends the wait for one.
    this.#clearSlowTimer();
    this.#host.requestUpdate();
    this.#options.stateChanged?.(state.phase);
  }

  /** Marks the loading state slow once the request has been out for `STILL_LOOKING_MS`. */
  #watchSlow(): void {
    this.#slowTimer = this.#clock.setTimeout(() => {
      this.#slowTimer = undefined;
      const state = this.state;
      if (state.phase === 'loading') this.#setState({ ...state, slow: true });
    }, STILL_LOOKING_MS);
  }

  async #ask(request: TrackRequest, after?: Wait): Promise<void> {
    this.#setState({ phase: 'loading', request, after });
    if (!this.#connected) return; // hostConnected will ask.
    this.#watchSlow();
    this.#abortInFlight();
    const generation = ++this.#generation;
    const abort = new AbortController();
    this.#abort = abort;
    // The first ask of a lookup sent before this code arrived takes its answer over.
    const ask =
      this.#options.ask ??
      ((url, options) =>
        askProxy(url, { ...options, fetch: 'take' in request ? request.take() : undefined, now: () => this.#clock.now() }));
    const outcome = await ask(request.url, { signal: abort.signal });
    if (generation !== this.#generation || outcome.kind === 'aborted') return;
    this.#abort = undefined;
    if (outcome.kind !== 'document') {
      this.#handle(request, outcome);
      return;
    }
    let normalize: Normalizer;
    try {
      normalize = await this.#options.normalizer();
    } catch (error) {
      if (generation !== this.#generation) return;
      console.error(`[${this.#host.localName}] The code that reads and shows the answer could not be downloaded.`, error);
      this.#fail(request, { kind: 'display_unavailable', status: 200, message: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (generation !== this.#generation) return;
    // Parsing the body, reading it and rendering it each take a task of their own (see yield-to-main.ts).
    await yieldToMain();
    if (generation !== this.#generation) return;
    this.#show(request, outcome.body, normalize, generation);
  }

  /** A 200 document: shown when the normalizer accepts it, else an `unexpected_response`. */
  #show(request: TrackRequest, body: unknown, normalize: Normalizer, generation: number): void {
    this.#counts = { pending: 0, rateLimited: 0, retry: 0 };
    let result;
    try {
      result = normalize(body);
    } catch (error) {
      result = { ok: false as const, reason: error instanceof Error ? error.message : String(error) };
    }
    if (!result.ok) {
      console.error(`[${this.#host.localName}] The proxy answered 200 with a body that is not a shipment document: ${result.reason}.`);
      this.#fail(request, { kind: 'unexpected_response', status: 200, message: result.reason });
      return;
    }
    const { shipment } = result;
    void yieldToMain().then(() => {
      if (generation !== this.#generation) return;
      this.#shownBody = JSON.stringify(body);
      this.#setState({ phase: 'loaded', request, shipment });
      this.#host.dispatchEvent(new TrackerLoadEvent(shipment));
      this.#armRefresh();
    });
  }

  /** `refresh-interval` in ms; 0 when off. */
  #refreshEvery(): number {
    return refreshMs(this.#options.refreshMinutes?.() ?? 0, trackerProperties.refreshInterval.default);
  }

  /** The next re-ask of the result shown, one interval from now. */
  #armRefresh(): void {
    const every = this.#refreshEvery();
    if (every) this.#refresh.arm(this.#clock.now() + every);
  }

  /**
   * Asks again for the result shown, keeping it on screen: the same document changes nothing; a
   * new one replaces the shipment (the labels and the map redraw only what it changed) with what
   * it brought new, to be said once; a failure keeps the result and says so quietly until a retry.
   */
  async #reask(): Promise<void> {
    const shown = this.state;
    // `refresh-interval` may have been switched off since this re-ask was scheduled.
    if (shown.phase !== 'loaded' || !this.#connected || !this.#refreshEvery()) return;
    const generation = ++this.#generation;
    const abort = new AbortController();
    this.#abort = abort;
    const ask = this.#options.ask ?? ((url, options) => askProxy(url, { ...options, now: () => this.#clock.now() }));
    const outcome = await ask(shown.request.url, { signal: abort.signal });
    if (generation !== this.#generation) return;
    this.#abort = undefined;
    // Taken away from the page mid-way: asked again when it is back (hostConnected).
    if (outcome.kind === 'aborted') {
      this.#refresh.arm(this.#clock.now());
      return;
    }
    if (outcome.kind === 'document') {
      // Comparing and reading a long history each take a task of their own, as for a first answer.
      await yieldToMain();
      if (generation !== this.#generation) return;
      const body = JSON.stringify(outcome.body);
      if (body === this.#shownBody) {
        if (shown.stale) this.#setState({ ...shown, stale: undefined });
        this.#armRefresh();
        return;
      }
      const normalize = await this.#options.normalizer();
      if (generation !== this.#generation) return;
      let result;
      try {
        result = normalize(outcome.body);
      } catch {
        result = undefined;
      }
      if (result?.ok) {
        const { shipment } = result;
        this.#shownBody = body;
        // A change that brings no news (an estimate moved) keeps the last news: nothing is said again.
        this.#setState({ phase: 'loaded', request: shown.request, shipment, news: newsOf(shown.shipment, shipment) ?? shown.news });
        this.#host.dispatchEvent(new TrackerLoadEvent(shipment));
        this.#armRefresh();
        return;
      }
    }
    const attempt = (shown.stale?.attempt ?? 0) + 1;
    const waitMs = Math.min(
      this.#refreshEvery(),
      outcome.kind === 'rate_limited'
        ? boundedWait(outcome.retryAfterMs, RATE_LIMIT_DEFAULT_MS, RATE_LIMIT_MIN_MS, RATE_LIMIT_MAX_MS)
        : backoffDelay(Math.min(attempt, 6), REFRESH_RETRY_BASE_MS),
    );
    const retryAt = this.#clock.now() + waitMs;
    this.#setState({ ...shown, stale: { attempt, retryAt } });
    this.#refresh.arm(retryAt, true);
  }

  #handle(request: TrackRequest, outcome: Exclude<Outcome, { kind: 'aborted' | 'document' }>): void {
    // The limits count answers in a row: any other answer starts the count again.
    if (outcome.kind !== 'rate_limited') this.#counts.rateLimited = 0;
    if (!BACKED_OFF.has(outcome.kind) && outcome.kind !== 'offline') this.#counts.retry = 0;
    switch (outcome.kind) {
      case 'pending': {
        const attempt = ++this.#counts.pending;
        if (attempt >= MAX_PENDING_POLLS) {
          this.#fail(request, { kind: 'still_pending', status: 202, message: outcome.message });
          return;
        }
        const retryAt = this.#clock.now() + validPollSeconds(this.#options.pollIntervalSeconds()) * 1000;
        this.#schedule(request, { cause: outcome, attempt, retryAt });
        this.#host.dispatchEvent(new TrackerPendingEvent(attempt, new Date(retryAt)));
        return;
      }
      case 'rate_limited': {
        const attempt = ++this.#counts.rateLimited;
        if (attempt >= MAX_RATE_LIMITED_WAITS) {
          this.#fail(request, outcome);
          return;
        }
        const retryAt = this.#clock.now() + boundedWait(outcome.retryAfterMs, RATE_LIMIT_DEFAULT_MS, RATE_LIMIT_MIN_MS, RATE_LIMIT_MAX_MS);
        this.#schedule(request, { cause: outcome, attempt, retryAt });
        this.#emitError(outcome, retryAt);
        return;
      }
      case 'offline':
        // No point spending retries; ask once when the browser is back online.
        this.#setState({ phase: 'waiting', request, wait: { cause: outcome, attempt: this.#counts.retry + 1 } });
        this.#emitError(outcome);
        return;
      case 'server_error':
      case 'network_error':
      case 'timeout': {
        if (outcome.kind === 'network_error') this.#hintCors(request, 'unreachable');
        const attempt = ++this.#counts.retry;
        if (attempt > MAX_AUTOMATIC_RETRIES) {
          this.#fail(request, outcome);
          return;
        }
        const retryAt = this.#clock.now() + backoffDelay(attempt);
        this.#schedule(request, { cause: outcome, attempt, retryAt });
        this.#emitError(outcome, retryAt);
        return;
      }
      default:
        if (outcome.kind === 'rejected' && outcome.status === 403 && outcome.code === 'cross_site') this.#hintCors(request, 'refused');
        this.#adviseSiteOwner(outcome);
        this.#fail(request, outcome);
    }
  }

  /**
   * A proxy on another origin that the browser would not let the page read (no CORS headers for
   * this page), or that refused the page's origin with 403 `cross_site`: the site owner sees only
   * "not answering" in the element, so the console says where to look, once.
   */
  #hintCors(request: TrackRequest, how: 'unreachable' | 'refused'): void {
    if (this.#hintedCors || !isCrossOrigin(request.url)) return;
    this.#hintedCors = true;
    const proxy = new URL(request.url, document.baseURI).origin;
    const page = globalThis.location.origin;
    const what = how === 'refused' ? `refused this page (403 cross_site)` : `gave no answer this page may read`;
    console.error(
      `[${this.#host.localName}] The proxy at ${proxy} ${what}: it is on another origin, so CORS is the likely cause. List "${page}" in the proxy's corsOrigins (CORS_ORIGINS for the demo server).`,
    );
  }

  /**
   * What the site owner must fix, said in the console where they will look: the cause, the next
   * step and where the README explains it. The visitor's notice says only whose it is to fix.
   */
  #adviseSiteOwner(failure: Failure): void {
    const tag = this.#host.localName;
    if (failure.kind === 'unauthorized') {
      console.error(
        `[${tag}] The tracking proxy answered 401: the tracking service did not accept the API key the proxy sends (missing, invalid, expired or revoked). ` +
          `Check the key in the proxy's server configuration (TRACKING_API_KEY in the reference proxy). See ${UNAVAILABLE_HELP}`,
      );
    } else if (failure.kind === 'insufficient_credits') {
      console.error(
        `[${tag}] The tracking service answered 402 insufficient_credits: the account has no ${failure.product ? `${failure.product} ` : ''}tracking credits left. ` +
          `Top up credits or change the plan in your tracking service account; lookups work again at once. See ${UNAVAILABLE_HELP}`,
      );
    } else if (failure.kind === 'usage_limit_reached') {
      console.error(
        `[${tag}] The tracking service answered 402 usage_limit_reached: the account's monthly cap for ${failure.product ? `${failure.product} ` : ''}tracking is reached` +
          `${failure.resetsAt ? ` until ${failure.resetsAt.toISOString()}` : ''}. Raise the cap in your tracking service account, or wait for the reset. See ${UNAVAILABLE_HELP}`,
      );
    } else if (failure.kind === 'unexpected_response') {
      console.error(`[${tag}] The proxy answered 200 with a body that is not JSON (${failure.message ?? 'unreadable'}).`);
    }
  }

  #fail(request: TrackRequest, failure: Failure): void {
    this.#clearTimers();
    this.#setState({ phase: 'failed', request, failure });
    this.#emitError(failure);
  }

  /** `retryAt`: when the element asks again by itself; absent when it will not. */
  #emitError(failure: Failure, retryAt?: number): void {
    this.#host.dispatchEvent(
      new TrackerErrorEvent({
        status: failure.status,
        code: publicCode(failure),
        message: failure.message ?? failure.kind,
        retryable: isRetryable(failure.kind),
        ...(retryAt === undefined ? {} : { retryAt: new Date(retryAt) }),
      }),
    );
  }

  /** Waits until `wait.retryAt`, re-rendering once a second for the countdown, then asks again. */
  #schedule(request: TrackRequest, wait: Wait): void {
    this.#clearTimers();
    this.#setState({ phase: 'waiting', request, wait });
    if (!this.#connected || wait.retryAt === undefined) return;
    const remaining = Math.max(0, wait.retryAt - this.#clock.now());
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      if (this.#paused()) {
        // Polling pauses with the page and with the network; onVisibilityChange or onOnline asks when both are back.
        this.#due = true;
        return;
      }
      void this.#ask(request, wait);
    }, remaining);
    this.#scheduleTick();
  }

  #scheduleTick(): void {
    // One render a second keeps the countdown honest; aligned to the second boundary of retryAt.
    const state = this.state;
    if (state.phase !== 'waiting' || state.wait.retryAt === undefined) return;
    const remaining = state.wait.retryAt - this.#clock.now();
    if (remaining <= 0) return;
    const next = remaining % 1000 || 1000;
    this.#tick = this.#clock.setTimeout(() => {
      this.#tick = undefined;
      this.#host.requestUpdate();
      if (document.visibilityState !== 'hidden') this.#scheduleTick();
    }, next);
  }

  /** Scheduled asks wait while the page is hidden or the browser knows it is offline. */
  #paused(): boolean {
    return document.visibilityState === 'hidden' || globalThis.navigator?.onLine === false;
  }

  #askIfDue(): void {
    const state = this.state;
    if (!this.#due || state.phase !== 'waiting' || this.#paused()) return;
    this.#due = false;
    void this.#ask(state.request, state.wait);
  }

  readonly #onVisibilityChange = (): void => {
    if (document.visibilityState === 'hidden') return;
    this.#refresh.wake();
    if (this.#due) this.#askIfDue();
    else if (this.#tick === undefined) this.#scheduleTick();
  };

  readonly #onOnline = (): void => {
    const state = this.state;
    // An offline failure asks once more on the way back, but not into a hidden page.
    if (state.phase === 'waiting' && state.wait.cause.kind === 'offline') this.#due = true;
    this.#askIfDue();
    this.#refresh.wake();
  };
}

/** The longest `poll-interval` taken as given: a day (timers overflow past about 24.8 days). */
export const MAX_POLL_SECONDS = 86_400;

/** `poll-interval` as a whole number of seconds from 1 to a day; anything else is the default. */
export function validPollSeconds(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_POLL_SECONDS ? n : trackerProperties.pollInterval.default;
}
