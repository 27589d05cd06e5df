/**
 * Where the proxy keeps its short-lived state: cached answers, per-client quotas and the
 * upstream budget. Values are strings so that any key-value service (Redis, Workers KV,
 * Memcached) can stand behind it; a single process can use `MemoryStore`.
 *
 * Several proxy instances that share one store share the cache, the quotas and the budget.
 */
export interface ProxyStore {
  /** The value, or undefined when it is absent or expired. */
  get(key: string): Promise<string | undefined>;
  /** Stores a value that expires `ttlMs` from now. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Adds `by` (may be negative) to the integer at `key` and returns the new value. A missing
   * or expired key counts as 0 and gets `ttlMs`; an existing key keeps its expiry.
   */
  increment(key: string, by: number, ttlMs: number): Promise<number>;
}
