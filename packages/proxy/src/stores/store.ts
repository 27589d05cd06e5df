import type { SharedFlights } from './flights.js';

/**
 * Where the proxy keeps its short-lived state, in two parts that never share room:
 *
 * - the **cache**, answers that may be dropped at any time (evicted when full, lost on restart):
 *   losing one costs an upstream call, nothing more;
 * - the **counters**, which protect money (per-client quotas, the upstream budget, the set of
 *   numbers a client has already been charged for). No amount of cached data can push a counter
 *   out: they are bounded on their own, and when their room is full a store refuses new counters
 *   (the method rejects) rather than forgetting old ones. The proxy then refuses the lookup.
 *
 * Every method maps onto one atomic Redis command, so several proxy instances can share one
 * store (and so share the cache, the quotas and the budget):
 *
 * | Method | Redis |
 * |---|---|
 * | `getCached` | `GET key` (bytes) |
 * | `setCached` | `SET key value PX ttl` (in an evicting database or key space) |
 * | `increment` | `INCRBY key by` + `PEXPIRE key ttl NX` (in one `MULTI` or script) |
 * | `incrementWithin` (optional) | `GET` of each key, then `INCRBY` + `PEXPIRE … NX` when within the limit (one script) |
 * | `counts` | `MGET key…` |
 * | `addIfAbsent` | `SET key 1 PX ttl NX` |
 *
 * Keys are strings the proxy builds; TTLs are milliseconds; every method is async.
 */
export interface ProxyStore {
  /**
   * Single-flight across the instances sharing this store (see `flights.ts`). Absent on a store
   * of one process, where the proxy's in-process sharing already makes one call per lookup.
   */
  readonly flights?: SharedFlights;
  /**
   * True for a store of a runtime where one request may not await another's I/O (Cloudflare
   * Workers cancels a request whose only pending work is another request's call as hung). The
   * proxy then never makes one visitor's request wait on another's promise: identical lookups
   * join only through `flights`, each waiter by its own requests to the store, and a waiter
   * whose wait passes the store's bound is answered 202 (ask again). Such a store must have
   * `flights`.
   */
  readonly isolatedRequests?: boolean;
  /** A cached value, or undefined when it is absent, expired or was evicted. */
  getCached(key: string): Promise<Uint8Array | undefined>;
  /**
   * `getCached` answered at once, for a store in the same process (the MemoryStore): the proxy
   * then serves a cache hit without waiting on a promise. Stores across the network leave it out.
   */
  peekCached?(key: string): Uint8Array | undefined;
  /**
   * Caches a value for `ttlMs`. The store may drop it at any time; it must never drop a counter
   * to make room for it. The proxy never changes the bytes it passed in, nor those it gets back,
   * so a store in the same process may hold and return the same array (no copy per visitor).
   */
  setCached(key: string, value: Uint8Array, ttlMs: number): Promise<void>;
  /**
   * Adds `by` (may be negative) to the counter at `key` and returns the new value. A missing or
   * expired counter counts as 0 and expires `ttlMs` after this first write; an existing one keeps
   * its expiry. Rejects when a new counter does not fit.
   */
  increment(key: string, by: number, ttlMs: number): Promise<number>;
  /**
   * Adds `by` (positive) to the counter at `key` only when the counters at `others` and `key`
   * together stay within `limit` with it, as **one atomic step**: the sliding windows of the
   * upstream budget and each visitor's rate take their units with it, so that two calls on either
   * side of a slice's edge cannot each miss the other's unit. Returns whether it added, and the
   * counters at `others` and then at `key` as the step left them. Rejects when a new counter does
   * not fit. A store without it is counted in two steps (`counts`, then `increment`, given back
   * when over), where concurrent calls can let a few more units through at a slice's edge.
   */
  incrementWithin?(key: string, by: number, ttlMs: number, others: readonly string[], limit: number): Promise<WithinLimit>;
  /** The counters at `keys`, in order; 0 for those absent or expired. */
  counts(keys: readonly string[]): Promise<number[]>;
  /**
   * Marks `key` for `ttlMs` unless it is already marked: true when this call marked it. A mark
   * reads as 1 through `counts`. Rejects when a new mark does not fit.
   */
  addIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Whether the counter room is nearly full, for a store that can tell at once (the MemoryStore).
   * The proxy then counts clients by wider networks, which needs fewer counters.
   */
  counterPressure?(): boolean;
}

/** What `ProxyStore.incrementWithin` did: whether it added, and the counters at `others` then at `key` after it. */
export interface WithinLimit {
  readonly added: boolean;
  readonly counts: readonly number[];
}

/** The total of some counters' values. */
export function sumOf(counts: readonly number[]): number {
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * `incrementWithin` on a store that lacks it, in two steps: the others are read, the unit is added,
 * and given back when the total is over. Not atomic: see `ProxyStore.incrementWithin`.
 */
export async function incrementWithinInSteps(
  store: ProxyStore,
  key: string,
  by: number,
  ttlMs: number,
  others: readonly string[],
  limit: number,
): Promise<WithinLimit> {
  const counts = others.length === 0 ? [] : await store.counts(others);
  const mine = await store.increment(key, by, ttlMs);
  if (sumOf(counts) + mine <= limit) return { added: true, counts: [...counts, mine] };
  // Given back, or a flood would keep the window full for ever.
  return { added: false, counts: [...counts, await store.increment(key, -by, ttlMs)] };
}

/** Rejection of a store whose counter room is full; the proxy refuses lookups until room frees up. */
export class CounterSpaceFull extends Error {
  constructor() {
    super('The store has no room for another counter.');
    this.name = 'CounterSpaceFull';
  }
}
