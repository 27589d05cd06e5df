import { decodeCached, encodeCached, etagOf, matchesEtag } from '../answer.js';
import type { CachedAnswer, ProxyOutput } from '../answer.js';
import { retryAfterSeconds } from '../primitives/retry-after.js';
import type { ProxyStore } from '../stores/store.js';
import type { RouteName, RouteSpec } from './lookup-key.js';
import { renderResult } from './render.js';
import { lookupOf, routeOf } from './policy.js';
import type { CallPolicy, CallResult, Policy, RequestContext } from './policy.js';

/** How long each kind of answer is kept. */
export interface CacheTimes {
  /** A shipment's 200. */
  readonly answerMs: number;
  /** A carrier list's 200, also the `max-age` browsers get for it. */
  readonly carrierListMs: number;
  /** A 202: nobody gains from asking again before the element's next poll. */
  readonly pendingMs: number;
  /** A 4xx (404, 401, 402), and the floor for a 429's `Retry-After`. */
  readonly errorMs: number;
  /** A 5xx or the proxy's own 502: short, since the service says to retry them. */
  readonly failureMs: number;
}

/** The longest a 429's `Retry-After` keeps its answer cached. */
const MAX_RATE_LIMITED_MS = 60_000;

/**
 * The answers the cache policy reads and the cache-write policy writes, and the last good
 * carrier list per route, kept in the process so that no cache flood can make it fetched again.
 */
export class AnswerCache {
  readonly #carrierCopies = new Map<RouteName, { readonly answer: CachedAnswer; readonly until: number }>();
  /** The answer a cached 200 goes out as, per visitor case (200 or 304, CORS origin): one object for every visitor of it. */
  readonly #hitOutputs = new WeakMap<CachedAnswer, Map<string, ProxyOutput>>();

  constructor(
    readonly store: ProxyStore,
    readonly times: CacheTimes,
  ) {}

  /** How long browsers may keep a 200: carrier lists only, for their TTL. */
  publicMaxAge(spec: RouteSpec): number | undefined {
    // An upstream error on an open list (a 429 for the proxy's shared address) must not be kept for minutes.
    return spec.numberParam !== undefined ? undefined : Math.floor(this.times.carrierListMs / 1000);
  }

  /** The cached answer for a lookup: from the store, or for a carrier list the copy kept in the process. */
  answerOf(spec: RouteSpec, bytes: Uint8Array | undefined, now: number): CachedAnswer | undefined {
    const cached = bytes === undefined ? undefined : decodeCached(bytes);
    if (cached !== undefined && (cached.etag !== undefined || cached.expiresAt > now)) return cached;
    if (spec.numberParam !== undefined) return undefined;
    const copy = this.#carrierCopies.get(spec.name);
    return copy !== undefined && copy.until > now ? copy.answer : undefined;
  }

  /** A cached answer as a call result; a short-lived one says, in `Retry-After`, when it expires. */
  static resultOf(hit: CachedAnswer, now: number): CallResult {
    if (hit.etag !== undefined) return { kind: 'answer', status: 200, retryAfter: null, body: hit.body, etag: hit.etag };
    const left = 'expiresAt' in hit ? hit.expiresAt - now : 0;
    return { kind: 'answer', status: hit.status, retryAfter: retryAfterSeconds(left), body: hit.body };
  }

  hitOutput(ctx: RequestContext, spec: RouteSpec, hit: CachedAnswer): ProxyOutput {
    if (hit.etag === undefined) return renderResult(ctx, AnswerCache.resultOf(hit, Date.now()), 'hit', undefined);
    ctx.trace.cache = 'hit';
    const notModified = matchesEtag(ctx.input.header('if-none-match'), hit.etag);
    const variant = `${notModified ? 304 : 200}${ctx.cors['access-control-allow-origin'] ?? ''}`;
    let outputs = this.#hitOutputs.get(hit);
    if (outputs === undefined) {
      outputs = new Map();
      this.#hitOutputs.set(hit, outputs);
    }
    let output = outputs.get(variant);
    if (output === undefined) {
      output = renderResult(ctx, AnswerCache.resultOf(hit, 0), 'hit', this.publicMaxAge(spec));
      outputs.set(variant, output);
    }
    return output;
  }

  /** Keeps a call's result for as long as its kind is worth keeping. */
  async keep(spec: RouteSpec, cacheKey: string, result: CallResult, now: number): Promise<CallResult> {
    const { times } = this;
    if (result.kind === 'answer' && result.status === 200) {
      const answer = { status: 200, etag: etagOf(result.body), body: result.body } as const;
      const ttl = spec.numberParam === undefined ? times.carrierListMs : times.answerMs;
      if (ttl > 0) {
        if (spec.numberParam === undefined) this.#carrierCopies.set(spec.name, { answer, until: now + ttl });
        await this.store.setCached(cacheKey, encodeCached(answer), ttl).catch(() => {});
      }
      return { ...result, etag: answer.etag };
    }
    // An open list's error is not kept: the carrier gate already spaces its calls.
    if (spec.numberParam === undefined) return result;
    const ttl = result.kind === 'failure' ? times.failureMs : shortTtl(result.status, result.retryAfter, times);
    if (ttl <= 0) return result;
    const status = result.kind === 'failure' ? 502 : result.status;
    const body =
      result.kind === 'failure' ? new TextEncoder().encode(JSON.stringify({ message: result.message, error: result.error })) : result.body;
    await this.store.setCached(cacheKey, encodeCached({ status, expiresAt: now + ttl, body }), ttl).catch(() => {});
    return result;
  }
}

function shortTtl(status: number, retryAfter: string | null, times: CacheTimes): number {
  if (status === 202) return times.pendingMs;
  if (status === 429) {
    const seconds = retryAfter === null ? Number.NaN : Number(retryAfter.trim());
    const wait = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
    return Math.min(MAX_RATE_LIMITED_MS, Math.max(times.errorMs, wait));
  }
  return status >= 500 ? times.failureMs : times.errorMs;
}

/**
 * Cache: answers a lookup from the cache (a 200, or a short-lived 202, 404 or 5xx), at once when
 * the store is in the process. Every repeat it answers costs nothing upstream.
 */
export function cacheRead(cache: AnswerCache): Policy {
  const { store } = cache;
  return (ctx, next) => {
    const spec = routeOf(ctx);
    const { cacheKey } = lookupOf(ctx);
    if (store.peekCached !== undefined) {
      const hit = cache.answerOf(spec, store.peekCached(cacheKey), Date.now());
      return hit === undefined ? next() : cache.hitOutput(ctx, spec, hit);
    }
    return store
      .getCached(cacheKey)
      .catch(() => undefined)
      .then((bytes) => {
        const hit = cache.answerOf(spec, bytes, Date.now());
        return hit === undefined ? next() : cache.hitOutput(ctx, spec, hit);
      });
  };
}

/** Cache write: keeps what the upstream call brought back, unless the call was abandoned. */
export function cacheWrite(cache: AnswerCache): CallPolicy {
  return async (call, next) => {
    const result = await next();
    if (call.signal.aborted) return result;
    return cache.keep(call.spec, call.cacheKey, result, Date.now());
  };
}
