import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { TrackerErrorEvent, TrackerLoadEvent, TrackerPendingEvent } from './events.js';
import type { Normalizer, Shipment } from './model/shipment.js';
import type { ProxyAnswer } from './transport/answer.js';
import { backoffDelay, MAX_AUTOMATIC_RETRIES } from './transport/backoff.js';
import { askProxy } from './transport/proxy-client.js';
import { isCrossOrigin } from './transport/usable-url.js';
import { boundedWait } from './transport/retry-after.js';
import { yieldToMain } from './yield-to-main.js';

/** One lookup: the proxy URL with its query, and the number as the visitor typed it. */
export interface TrackRequest {
  readonly url: string;
  readonly number: string;
}

export type FailureKind =
  /** 401: the proxy's key. The visitor can do nothing. */
  | 'unauthorized'
  /** 402 insufficient_credits (or a 402 without a known slug). */
  | 'no-credits'
  /** 402 usage_limit_reached. */
  | 'usage-limit'
  /** 404. */
  | 'not-found'
  /** Another 4xx. */
  | 'rejected'
  /** 5xx, network errors and timeouts after the automatic retries. */
  | 'unavailable'
  /** Still 202 after the last poll. */
  | 'gave-up'
  /** Still 429 after many waits. */
  | 'rate-limited'
  /** A 200 that is not a shipment document. */
  | 'unexpected'
  /** The 200 arrived, but the code that reads and shows it could not be downloaded. */
  | 'display-unavailable';

/**
 * The `code` of `tracker-error` when the service sent no slug: one spelling (the service's,
 * snake_case) for one condition, whether the element is still retrying or has given up.
 */
const FAILURE_CODES: Readonly<Record<FailureKind, string>> = {
  unauthorized: 'unauthorized',
  'no-credits': 'insufficient_credits',
  'usage-limit': 'usage_limit_reached',
  'not-found': 'not_found',
  rejected: 'rejected',
  unavailable: 'server_error',
  'gave-up': 'still_pending',
  'rate-limited': 'rate_limited',
  unexpected: 'unexpected_response',
  'display-unavailable': 'display_unavailable',
};

export interface TrackerFailure {
  readonly kind: FailureKind;
  /** HTTP status; 0 when there was none. */
  readonly status: number;
  /** The service's error slug, when it sent one. */
  readonly code?: string;
  /** The service's own message, or the reason a document was refused. */
  readonly message?: string;
  /** Whether a "try again" can help. */
  readonly retryable: boolean;
  /** For usage-limit: when the cap resets. */
  readonly resetsAt?: Date;
}

/** Why the controller is waiting before it asks again. */
export interface Wait {
  readonly reason: 'pending' | 'rate-limited' | 'retry' | 'offline';
  /** 1-based count of answers of this reason so far. */
  readonly attempt: number;
  /** Epoch ms of the next ask; absent for `offline` (it asks when the browser is back online). */
  readonly retryAt?: number;
}

export type TrackingState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'loading'; readonly request: TrackRequest; readonly after?: Wait }
  | { readonly phase: 'waiting'; readonly request: TrackRequest; readonly wait: Wait }
  | { readonly phase: 'loaded'; readonly request: TrackRequest; readonly shipment: Shipment }
  | { readonly phase: 'failed'; readonly request: TrackRequest; readonly failure: TrackerFailure };

/** The clock and timers the controller uses; tests of the scheduler may pass their own. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalClock: Clock = {
  // Looked up at each call so that a fake clock installed by a test after import is used.
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface TrackingControllerOptions {
  /** The element's tag, for console messages to the site owner. */
  readonly tag: string;
  /** The normalizer, or a promise of it (the built-in ones load with the shipment view). */
  readonly normalizer: () => Normalizer | Promise<Normalizer>;
  /** Seconds between asks after a 202. */
  readonly pollIntervalSeconds: () => number;
  readonly clock?: Clock;
  readonly ask?: typeof askProxy;
}

/** After this many 202 answers the element stops asking and offers "try again". */
export const MAX_PENDING_POLLS = 15;
/** After this many 429 answers in a row the element stops and offers "try again". */
export const MAX_RATE_LIMITED_WAITS = 10;
const RATE_LIMIT_DEFAULT_MS = 30_000;
const RATE_LIMIT_MIN_MS = 1_000;
const RATE_LIMIT_MAX_MS = 15 * 60_000;

/**
 * Runs lookups for one element: at most one request in flight, a newer lookup aborts
 * the older one and a stale answer is dropped, 202s are polled, 429s wait for
 * Retry-After, 5xx and network failures back off, and nothing runs while the element
 * is disconnected (it resumes on reconnect) or while the page is hidden or the browser offline.
 */
export class TrackingController implements ReactiveController {
  state: TrackingState = { phase: 'idle' };

  private readonly host: ReactiveControllerHost & HTMLElement;
  private readonly options: TrackingControllerOptions;
  private readonly clock: Clock;
  private abort?: AbortController;
  private timer?: unknown;
  private tick?: unknown;
  /** Bumped by every new lookup; an answer from an older generation is dropped. */
  private generation = 0;
  private counts = { pending: 0, rateLimited: 0, retry: 0 };
  private connected = false;
  /** A scheduled ask that came due while the page was hidden or the element was away. */
  private due = false;
  /** Whether the cross-origin hint has been written: once per element, not once per retry. */
  private hintedCors = false;

  constructor(host: ReactiveControllerHost & HTMLElement, options: TrackingControllerOptions) {
    this.host = host;
    this.options = options;
    this.clock = options.clock ?? globalClock;
    host.addController(this);
  }

  /** The clock's current time, for countdowns in `render()`. */
  get now(): number {
    return this.clock.now();
  }

  /** Starts a new lookup, abandoning whatever was under way. */
  track(request: TrackRequest): void {
    this.stop();
    this.counts = { pending: 0, rateLimited: 0, retry: 0 };
    this.ask(request);
  }

  /** Asks again for the last request, from a fresh start ("try again"). */
  retry(): void {
    if (this.state.phase === 'idle') return;
    this.track(this.state.request);
  }

  /** Back to idle: nothing in flight, nothing scheduled. */
  reset(): void {
    this.stop();
    this.setState({ phase: 'idle' });
  }

  hostConnected(): void {
    this.connected = true;
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    globalThis.addEventListener('online', this.onOnline);
    const state = this.state;
    if (state.phase === 'loading' && !state.after) this.ask(state.request); // the visitor's own lookup, interrupted
    else if (state.phase === 'loading' && state.after) this.resume(state.request, state.after);
    else if (state.phase === 'waiting') this.resume(state.request, state.wait);
  }

  /** Picks a wait up again after reconnection: a re-poll still waits for a visible, online page. */
  private resume(request: TrackRequest, wait: Wait): void {
    if (wait.retryAt !== undefined) {
      this.schedule(request, wait);
      return;
    }
    this.setState({ phase: 'waiting', request, wait });
    this.due = true;
    this.askIfDue();
  }

  hostDisconnected(): void {
    this.connected = false;
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    globalThis.removeEventListener('online', this.onOnline);
    // Keep the state: hostConnected resumes from it.
    this.clearTimers();
    this.abortInFlight();
  }

  private stop(): void {
    this.generation++;
    this.clearTimers();
    this.abortInFlight();
  }

  private abortInFlight(): void {
    this.abort?.abort();
    this.abort = undefined;
  }

  private clearTimers(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    if (this.tick !== undefined) this.clock.clearTimeout(this.tick);
    this.timer = undefined;
    this.tick = undefined;
    this.due = false;
  }

  private setState(state: TrackingState): void {
    this.state = state;
    this.host.requestUpdate();
  }

  private async ask(request: TrackRequest, after?: Wait): Promise<void> {
    this.setState({ phase: 'loading', request, after });
    if (!this.connected) return; // hostConnected will ask.
    this.abortInFlight();
    const generation = ++this.generation;
    const abort = new AbortController();
    this.abort = abort;
    const ask = this.options.ask ?? askProxy;
    const answer = await ask(request.url, { signal: abort.signal });
    if (generation !== this.generation || answer.kind === 'aborted') return;
    this.abort = undefined;
    let normalize: Normalizer | undefined;
    if (answer.kind === 'document') {
      try {
        normalize = await this.options.normalizer();
      } catch (error) {
        if (generation !== this.generation) return;
        console.error(`[${this.options.tag}] The code that reads and shows the answer could not be downloaded.`, error);
        this.fail(request, { kind: 'display-unavailable', status: 200, message: error instanceof Error ? error.message : String(error), retryable: true });
        return;
      }
      // Parsing the body, reading it and rendering it each take a task of their own (see yield-to-main.ts).
      await yieldToMain();
      if (generation !== this.generation) return;
    }
    this.handle(request, answer, normalize, generation);
  }

  private handle(request: TrackRequest, answer: Exclude<ProxyAnswer, { kind: 'aborted' }>, normalize?: Normalizer, generation?: number): void {
    const { tag } = this.options;
    // The limits count answers in a row: any other answer starts the count again.
    if (answer.kind !== 'rate-limited') this.counts.rateLimited = 0;
    if (answer.kind !== 'server-error' && answer.kind !== 'network-error' && answer.kind !== 'timeout') this.counts.retry = 0;
    switch (answer.kind) {
      case 'document': {
        this.counts = { pending: 0, rateLimited: 0, retry: 0 };
        let result;
        try {
          if (!normalize) throw new Error('no normalizer');
          result = normalize(answer.body);
        } catch (error) {
          result = { ok: false as const, reason: error instanceof Error ? error.message : String(error) };
        }
        if (!result.ok) {
          console.error(`[${tag}] The proxy answered 200 with a body that is not a shipment document: ${result.reason}.`);
          this.fail(request, { kind: 'unexpected', status: 200, message: result.reason, retryable: true });
          return;
        }
        const { shipment } = result;
        void yieldToMain().then(() => {
          if (generation !== undefined && generation !== this.generation) return;
          this.setState({ phase: 'loaded', request, shipment });
          this.host.dispatchEvent(new TrackerLoadEvent(shipment));
        });
        return;
      }
      case 'malformed':
        console.error(`[${tag}] The proxy answered 200 with a body that is not JSON (${answer.reason}).`);
        this.fail(request, { kind: 'unexpected', status: 200, message: answer.reason, retryable: true });
        return;
      case 'pending': {
        const attempt = ++this.counts.pending;
        if (attempt >= MAX_PENDING_POLLS) {
          this.fail(request, { kind: 'gave-up', status: 202, message: answer.message, retryable: true });
          return;
        }
        const retryAt = this.clock.now() + this.options.pollIntervalSeconds() * 1000;
        this.schedule(request, { reason: 'pending', attempt, retryAt });
        this.host.dispatchEvent(new TrackerPendingEvent(attempt, new Date(retryAt)));
        return;
      }
      case 'unauthorized':
        console.error(
          `[${tag}] The tracking proxy answered 401: the API key it sends is missing, invalid or revoked. ` +
            'Check the key in the proxy\'s server configuration (TRACKING_API_KEY in the reference proxy).',
        );
        this.fail(request, { kind: 'unauthorized', status: 401, code: answer.code, message: answer.message, retryable: false });
        return;
      case 'payment-required': {
        const kind = answer.code === 'usage_limit_reached' ? 'usage-limit' : 'no-credits';
        console.error(`[${tag}] The tracking service answered 402 (${answer.code ?? 'no slug'}): ${answer.message ?? ''}`);
        this.fail(request, { kind, status: 402, code: answer.code, message: answer.message, retryable: false, resetsAt: answer.resetsAt });
        return;
      }
      case 'rate-limited': {
        const attempt = ++this.counts.rateLimited;
        const retryAt = this.clock.now() + boundedWait(answer.retryAfterMs, RATE_LIMIT_DEFAULT_MS, RATE_LIMIT_MIN_MS, RATE_LIMIT_MAX_MS);
        if (attempt >= MAX_RATE_LIMITED_WAITS) {
          this.fail(request, { kind: 'rate-limited', status: 429, code: answer.code, message: answer.message, retryable: true });
          return;
        }
        this.schedule(request, { reason: 'rate-limited', attempt, retryAt });
        this.emitError({ status: 429, code: answer.code ?? 'rate_limited', message: answer.message ?? 'Too many requests', retryable: true, retryAt: new Date(retryAt) });
        return;
      }
      case 'rejected':
        if (answer.status === 403 && answer.code === 'cross_site') this.hintCors(request, 'refused');
        this.fail(request, {
          kind: answer.status === 404 ? 'not-found' : 'rejected',
          status: answer.status,
          code: answer.code,
          message: answer.message,
          retryable: false,
        });
        return;
      case 'server-error':
      case 'network-error':
      case 'timeout': {
        const status = answer.kind === 'server-error' ? answer.status : 0;
        const code = answer.kind === 'server-error' ? answer.code ?? 'server_error' : answer.kind === 'timeout' ? 'timeout' : 'network_error';
        const message =
          answer.kind === 'server-error' ? answer.message ?? `HTTP ${answer.status}` : answer.kind === 'timeout' ? `No answer within ${answer.afterMs} ms` : answer.message;
        if (answer.kind === 'network-error' && globalThis.navigator?.onLine === false) {
          // Offline: no point spending retries; ask once when the browser is back online.
          this.setState({ phase: 'waiting', request, wait: { reason: 'offline', attempt: this.counts.retry + 1 } });
          this.emitError({ status, code: 'offline', message, retryable: true });
          return;
        }
        if (answer.kind === 'network-error') this.hintCors(request, 'unreachable');
        const attempt = ++this.counts.retry;
        if (attempt > MAX_AUTOMATIC_RETRIES) {
          this.fail(request, { kind: 'unavailable', status, code, message, retryable: true });
          return;
        }
        const retryAt = this.clock.now() + backoffDelay(attempt);
        this.schedule(request, { reason: 'retry', attempt, retryAt });
        this.emitError({ status, code, message, retryable: true, retryAt: new Date(retryAt) });
        return;
      }
    }
  }

  /**
   * A proxy on another origin that the browser would not let the page read (no CORS headers for
   * this page), or that refused the page's origin with 403 `cross_site`: the site owner sees only
   * "not answering" in the element, so the console says where to look, once.
   */
  private hintCors(request: TrackRequest, how: 'unreachable' | 'refused'): void {
    if (this.hintedCors || !isCrossOrigin(request.url)) return;
    this.hintedCors = true;
    const proxy = new URL(request.url, document.baseURI).origin;
    const page = globalThis.location.origin;
    const what = how === 'refused' ? `refused this page (403 cross_site)` : `gave no answer this page may read`;
    console.error(`[${this.options.tag}] The proxy at ${proxy} ${what}: it is on another origin, so CORS is the likely cause. List "${page}" in the proxy's corsOrigins (CORS_ORIGINS for the demo server).`);
  }

  private fail(request: TrackRequest, failure: TrackerFailure): void {
    this.clearTimers();
    this.setState({ phase: 'failed', request, failure });
    this.emitError({
      status: failure.status,
      code: failure.code ?? FAILURE_CODES[failure.kind],
      message: failure.message ?? failure.kind,
      retryable: failure.retryable,
    });
  }

  private emitError(detail: ConstructorParameters<typeof TrackerErrorEvent>[0]): void {
    this.host.dispatchEvent(new TrackerErrorEvent(detail));
  }

  /** Waits until `wait.retryAt`, re-rendering once a second for the countdown, then asks again. */
  private schedule(request: TrackRequest, wait: Wait): void {
    this.clearTimers();
    this.setState({ phase: 'waiting', request, wait });
    if (!this.connected || wait.retryAt === undefined) return;
    const remaining = Math.max(0, wait.retryAt - this.clock.now());
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      if (this.paused()) {
        // Polling pauses with the page and with the network; onVisibilityChange or onOnline asks when both are back.
        this.due = true;
        return;
      }
      this.ask(request, wait);
    }, remaining);
    this.scheduleTick();
  }

  private scheduleTick(): void {
    // One render a second keeps the countdown honest; aligned to the second boundary of retryAt.
    const state = this.state;
    if (state.phase !== 'waiting' || state.wait.retryAt === undefined) return;
    const remaining = state.wait.retryAt - this.clock.now();
    if (remaining <= 0) return;
    const next = remaining % 1000 || 1000;
    this.tick = this.clock.setTimeout(() => {
      this.tick = undefined;
      this.host.requestUpdate();
      if (document.visibilityState !== 'hidden') this.scheduleTick();
    }, next);
  }

  /** Scheduled asks wait while the page is hidden or the browser knows it is offline. */
  private paused(): boolean {
    return document.visibilityState === 'hidden' || globalThis.navigator?.onLine === false;
  }

  private askIfDue(): void {
    const state = this.state;
    if (!this.due || state.phase !== 'waiting' || this.paused()) return;
    this.due = false;
    this.ask(state.request, state.wait);
  }

  private readonly onVisibilityChange = (): void => {
    if (document.visibilityState === 'hidden') return;
    if (this.due) this.askIfDue();
    else if (this.tick === undefined) this.scheduleTick();
  };

  private readonly onOnline = (): void => {
    const state = this.state;
    // An offline failure asks once more on the way back, but not into a hidden page.
    if (state.phase === 'waiting' && state.wait.reason === 'offline') this.due = true;
    this.askIfDue();
  };
}
