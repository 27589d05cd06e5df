import { CounterSpaceFull, sumOf } from './store.js';
import type { ProxyStore, WithinLimit } from './store.js';

export interface MemoryStoreOptions {
  /** Most bytes the cache holds, keys, values and a fixed per-entry overhead all counted. Default 64 MiB. */
  readonly maxCacheBytes?: number;
  /** Most cached answers held at once. Default 10 000. */
  readonly maxCacheEntries?: number;
  /** Most counters and marks held at once; when full, new ones are refused (never evicted). Default 100 000. */
  readonly maxCounters?: number;
  /** @deprecated Old name of `maxCacheEntries`. */
  readonly maxEntries?: number;
  /** @deprecated Old name of `maxCacheBytes`. */
  readonly maxChars?: number;
  readonly now?: () => number;
}

/** What one entry costs beyond its key and value bytes (the Map slot, the entry object, the array header). */
export const ENTRY_OVERHEAD_BYTES = 128;

interface CacheEntry {
  readonly value: Uint8Array;
  readonly expiresAt: number;
  readonly bytes: number;
  /** Read since it was last passed over for eviction: it gets a second chance (CLOCK). */
  used: boolean;
}

interface Counter {
  value: number;
  readonly expiresAt: number;
}

/** Sweeping every counter on each refused write would turn a full store into a CPU sink. */
const SWEEP_INTERVAL_MS = 1_000;

/** UTF-8 length without allocating (TextEncoder would copy the key). */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * The default store: one process. The cache is bounded in entries and bytes and drops the
 * least recently used answers first; the counters are bounded separately and are never dropped
 * before they expire. Expired entries are dropped when read and swept on writes, so it needs no
 * timer (a timer would keep a process or a Worker isolate alive).
 */
export class MemoryStore implements ProxyStore {
  readonly #cache = new Map<string, CacheEntry>();
  readonly #counters = new Map<string, Counter>();
  readonly #maxCacheBytes: number;
  readonly #maxCacheEntries: number;
  readonly #maxCounters: number;
  readonly #now: () => number;
  #cacheBytes = 0;
  #cacheWritesSinceSweep = 0;
  #counterSweptAt = -Infinity;

  constructor(options: MemoryStoreOptions = {}) {
    this.#maxCacheBytes = options.maxCacheBytes ?? options.maxChars ?? 64 * 1024 * 1024;
    this.#maxCacheEntries = options.maxCacheEntries ?? options.maxEntries ?? 10_000;
    this.#maxCounters = options.maxCounters ?? 100_000;
    this.#now = options.now ?? Date.now;
  }

  /** Cached answers held (live or not yet swept). */
  get cacheEntries(): number {
    return this.#cache.size;
  }

  /** Bytes the cache accounts for: keys, values and per-entry overhead. */
  get cacheBytes(): number {
    return this.#cacheBytes;
  }

  /** Counters and marks held (live or not yet swept). */
  get counterEntries(): number {
    return this.#counters.size;
  }

  /** Nine tenths of the counter room used: the last tenth is left for clients counted by wider networks. */
  counterPressure(): boolean {
    return this.#counters.size >= this.#maxCounters * 0.9;
  }

  async getCached(key: string): Promise<Uint8Array | undefined> {
    return this.peekCached(key);
  }

  peekCached(key: string): Uint8Array | undefined {
    const entry = this.#cache.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#cache.delete(key);
      this.#cacheBytes -= entry.bytes;
      return undefined;
    }
    // A flag rather than a move to the end of the Map: a hit stays two property accesses.
    entry.used = true;
    return entry.value;
  }

  async setCached(key: string, value: Uint8Array, ttlMs: number): Promise<void> {
    const old = this.#cache.get(key);
    if (old !== undefined) {
      this.#cache.delete(key);
      this.#cacheBytes -= old.bytes;
    }
    const bytes = utf8Length(key) + value.byteLength + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.#maxCacheBytes || ttlMs <= 0) return;
    this.#cache.set(key, { value, expiresAt: this.#now() + ttlMs, bytes, used: false });
    this.#cacheBytes += bytes;
    if (++this.#cacheWritesSinceSweep >= 1000) this.#sweepCache();
    // Oldest first; an answer read since it was last passed over moves to the back once (CLOCK).
    while (this.#cache.size > this.#maxCacheEntries || this.#cacheBytes > this.#maxCacheBytes) {
      const [k, e] = this.#cache.entries().next().value as [string, CacheEntry];
      this.#cache.delete(k);
      if (e.used && k !== key) {
        e.used = false;
        this.#cache.set(k, e);
      } else {
        this.#cacheBytes -= e.bytes;
      }
    }
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    return this.#add(key, by, ttlMs);
  }

  // Read and written in one synchronous run: no other call comes between.
  async incrementWithin(key: string, by: number, ttlMs: number, others: readonly string[], limit: number): Promise<WithinLimit> {
    const counts = others.map((k) => this.#liveCounter(k)?.value ?? 0);
    const current = this.#liveCounter(key)?.value ?? 0;
    if (sumOf(counts) + current + by > limit) return { added: false, counts: [...counts, current] };
    return { added: true, counts: [...counts, this.#add(key, by, ttlMs)] };
  }

  #add(key: string, by: number, ttlMs: number): number {
    const counter = this.#liveCounter(key);
    if (counter !== undefined) {
      counter.value += by;
      return counter.value;
    }
    this.#makeRoom();
    this.#counters.set(key, { value: by, expiresAt: this.#now() + ttlMs });
    return by;
  }

  async counts(keys: readonly string[]): Promise<number[]> {
    return keys.map((key) => this.#liveCounter(key)?.value ?? 0);
  }

  async addIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    if (this.#liveCounter(key) !== undefined) return false;
    this.#makeRoom();
    this.#counters.set(key, { value: 1, expiresAt: this.#now() + ttlMs });
    return true;
  }

  #liveCounter(key: string): Counter | undefined {
    const counter = this.#counters.get(key);
    if (counter === undefined) return undefined;
    if (counter.expiresAt <= this.#now()) {
      this.#counters.delete(key);
      return undefined;
    }
    return counter;
  }

  /** Frees expired counters if the room is full, and refuses when nothing has expired. */
  #makeRoom(): void {
    if (this.#counters.size < this.#maxCounters) return;
    const now = this.#now();
    if (now - this.#counterSweptAt >= SWEEP_INTERVAL_MS) {
      this.#counterSweptAt = now;
      for (const [k, c] of this.#counters) if (c.expiresAt <= now) this.#counters.delete(k);
    }
    if (this.#counters.size >= this.#maxCounters) throw new CounterSpaceFull();
  }

  #sweepCache(): void {
    this.#cacheWritesSinceSweep = 0;
    const now = this.#now();
    for (const [k, e] of this.#cache) {
      if (e.expiresAt > now) continue;
      this.#cache.delete(k);
      this.#cacheBytes -= e.bytes;
    }
  }
}
