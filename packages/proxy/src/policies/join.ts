import { flyOnce } from '../stores/flights.js';
import { retryAfterSeconds } from '../primitives/retry-after.js';
import { SharedCalls } from '../primitives/single-flight.js';
import type { ProxyStore } from '../stores/store.js';
import { AnswerCache } from './cache.js';
import { Refusal, lookupOf, routeOf } from './policy.js';
import type { CallContext, CallResult, RequestContext } from './policy.js';
import type { ProxyOutput } from '../answer.js';
import { refuse, refusalOutput } from './refuse.js';
import { renderResult } from './render.js';

/** How long a client is told to wait when every lookup slot is taken: lookups last seconds to minutes. */
const BUSY_RETRY_MS = 10_000;

/** How long a waiter told to ask again (a store with `isolatedRequests`) is told to wait. */
const IN_FLIGHT_RETRY_MS = 5_000;

export interface JoinOptions {
  readonly store: ProxyStore;
  readonly cache: AnswerCache;
  /** Upstream shipment calls held open at once in this process; more are refused with 429. */
  readonly maxConcurrentLookups: number;
  /** The network a request is counted under, to tell whether a refusal inside a call was meant for it. */
  readonly networkOf: (ctx: RequestContext) => string;
  /** The call stage: charges the visitor who starts the call, makes it, guards and keeps its answer. */
  readonly call: (call: CallContext) => Promise<CallResult>;
}

/**
 * Join: a request for a lookup that is already being made waits for that call's answer, in this
 * process and (through the store's `flights`) across instances, and is charged nothing. Only
 * the visitor who starts a call runs the call stage, where the charges are. When that visitor is
 * refused (its own rate or quota), the others who joined start again, one of them leading.
 *
 * On a store with `isolatedRequests` (Workers), no request awaits another's promise: every
 * request joins through the store's `flights` alone, waiting by its own requests to the store.
 */
export function joinInFlight(options: JoinOptions): (ctx: RequestContext) => Promise<ProxyOutput> {
  const lookups = new SharedCalls<CallResult>();
  const carrierLists = new SharedCalls<CallResult>();
  const { store, cache } = options;
  /** Under `isolatedRequests`: this process's requests on each shipment lookup. */
  const requestsOn = new Map<string, number>();
  if (store.isolatedRequests) {
    if (store.flights === undefined) throw new Error('A store with isolatedRequests must have flights.');
    return joinThroughStore;
  }
  return async (ctx) => {
    const spec = routeOf(ctx);
    const known = lookupOf(ctx);
    const isShipment = spec.numberParam !== undefined;
    const calls = isShipment ? lookups : carrierLists;
    const publicMaxAgeS = cache.publicMaxAge(spec);
    const { signal } = ctx.input;
    for (;;) {
      const shared = calls.join(known.cacheKey, signal);
      if (shared !== undefined) {
        try {
          return renderResult(ctx, await shared, 'shared', publicMaxAgeS);
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          if (error.network !== undefined && error.network !== options.networkOf(ctx)) continue;
          return refusalOutput(ctx, error);
        }
      }
      if (isShipment && lookups.size >= options.maxConcurrentLookups) {
        return refuse(ctx, 429, 'proxy_busy', 'Too many lookups are in progress; try again shortly.', {
          ...ctx.cors,
          'retry-after': retryAfterSeconds(BUSY_RETRY_MS),
        });
      }
      ctx.trace.cache = 'miss';
      try {
        const result = await calls.start(known.cacheKey, signal, (callSignal) => {
          const call: CallContext = { request: ctx, spec, lookup: known.lookup, cacheKey: known.cacheKey, signal: callSignal };
          return isShipment && store.flights !== undefined ? acrossInstances(call) : options.call(call);
        });
        return renderResult(ctx, result, ctx.trace.cache, publicMaxAgeS);
      } catch (error) {
        if (error instanceof Refusal) return refusalOutput(ctx, error);
        throw error;
      }
    }
  };

  /**
   * Each request on its own: the store's `flights` make one of them call and the others wait,
   * each by its own requests to the store. `maxConcurrentLookups` still counts the distinct
   * lookups this process has requests on, and a lookup already among them is never refused.
   */
  async function joinThroughStore(ctx: RequestContext): Promise<ProxyOutput> {
    const spec = routeOf(ctx);
    const known = lookupOf(ctx);
    const isShipment = spec.numberParam !== undefined;
    const publicMaxAgeS = cache.publicMaxAge(spec);
    const { cacheKey } = known;
    if (isShipment && !requestsOn.has(cacheKey) && requestsOn.size >= options.maxConcurrentLookups) {
      return refuse(ctx, 429, 'proxy_busy', 'Too many lookups are in progress; try again shortly.', {
        ...ctx.cors,
        'retry-after': retryAfterSeconds(BUSY_RETRY_MS),
      });
    }
    if (isShipment) requestsOn.set(cacheKey, (requestsOn.get(cacheKey) ?? 0) + 1);
    ctx.trace.cache = 'miss';
    try {
      const result = await acrossInstances({ request: ctx, spec, lookup: known.lookup, cacheKey, signal: ctx.input.signal }, true);
      return renderResult(ctx, result, ctx.trace.cache, publicMaxAgeS);
    } catch (error) {
      if (error instanceof Refusal) return refusalOutput(ctx, error);
      throw error;
    } finally {
      if (isShipment) {
        const left = (requestsOn.get(cacheKey) ?? 1) - 1;
        if (left > 0) requestsOn.set(cacheKey, left);
        else requestsOn.delete(cacheKey);
      }
    }
  }

  /**
   * One instance calls, the others wait for its answer in the store. A refusal is thrown through
   * `flyOnce`, which lets the lease go unpublished: another instance's visitor then leads.
   */
  async function acrossInstances(call: CallContext, ownSignal = false): Promise<CallResult> {
    const flights = store.flights as NonNullable<ProxyStore['flights']>;
    let called = false;
    const flight = await flyOnce(
      flights,
      call.cacheKey,
      call.signal,
      async () => {
        // Another instance may have finished this lookup, and let its lease go, while this one
        // was reading the cache: its cached answer then saves the call.
        const since = await store.getCached(call.cacheKey).catch(() => undefined);
        const now = Date.now();
        const hit = cache.answerOf(call.spec, since, now);
        if (hit !== undefined) return AnswerCache.resultOf(hit, now);
        called = true;
        const result = await options.call(call);
        // A call cut short because its own visitor went is nobody else's answer: the lease goes
        // unpublished and a waiter leads.
        if (ownSignal && call.signal.aborted) throw call.signal.reason;
        return result;
      },
      CALL_RESULT_CODEC,
    );
    if ('inFlight' in flight) {
      call.request.trace.cache = 'shared';
      return {
        kind: 'failure',
        status: 202,
        error: 'lookup_in_progress',
        message: 'This lookup is in progress; ask again shortly.',
        retryAfter: retryAfterSeconds(IN_FLIGHT_RETRY_MS),
      };
    }
    if (!called) call.request.trace.cache = flight.led ? 'hit' : 'shared';
    return flight.value;
  }
}

/**
 * A call result as bytes, for the instances waiting on another's call: one JSON line of
 * everything but the body, then the body as it came (an answer may be megabytes; no base64).
 */
export const CALL_RESULT_CODEC = {
  encode(result: CallResult): Uint8Array {
    const { body, ...meta } = result.kind === 'answer' ? result : { ...result, body: new Uint8Array(0) };
    const head = new TextEncoder().encode(`${JSON.stringify(meta)}\n`);
    const bytes = new Uint8Array(head.byteLength + body.byteLength);
    bytes.set(head);
    bytes.set(body, head.byteLength);
    return bytes;
  },
  decode(bytes: Uint8Array): CallResult | undefined {
    const newline = bytes.indexOf(10);
    if (newline < 0) return undefined;
    try {
      const meta = JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline))) as Record<string, unknown>;
      if (meta.kind === 'failure' && typeof meta.error === 'string' && typeof meta.message === 'string') {
        const failure = { kind: 'failure' as const, error: meta.error, message: meta.message };
        return {
          ...failure,
          ...(typeof meta.status === 'number' ? { status: meta.status } : {}),
          ...(typeof meta.retryAfter === 'string' ? { retryAfter: meta.retryAfter } : {}),
        };
      }
      if (meta.kind !== 'answer' || typeof meta.status !== 'number') return undefined;
      const retryAfter = typeof meta.retryAfter === 'string' ? meta.retryAfter : null;
      const body = bytes.slice(newline + 1);
      return typeof meta.etag === 'string'
        ? { kind: 'answer', status: meta.status, retryAfter, body, etag: meta.etag }
        : { kind: 'answer', status: meta.status, retryAfter, body };
    } catch {
      return undefined;
    }
  },
};
