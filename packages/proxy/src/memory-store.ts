import type { ProxyStore } from './store.js';

export interface MemoryStoreOptions {
  /** Most entries held at once; the oldest go first. Default 10 000. */
  readonly maxEntries?: number;
  /** Rough cap on the characters held in values (cached bodies dominate). Default 64 MiB. */
  readonly maxChars?: number;
  readonly now?: () => number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * The default store: one process, bounded in entries and size so that a flood of distinct
 * numbers cannot grow it without limit. Expired entries are dropped when read and swept on
 * writes, so it needs no timer (a timer would keep a process or a Worker isolate alive).
 */
export class MemoryStore implements ProxyStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #maxChars: number;
  readonly #now: () => number;
  #chars = 0;
  #writesSinceSweep = 0;

  constructor(options: MemoryStoreOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#maxChars = options.maxChars ?? 64 * 1024 * 1024;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(key: string): Promise<string | undefined> {
    return this.#live(key)?.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.#write(key, value, this.#now() + ttlMs);
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    const entry = this.#live(key);
    const next = (entry === undefined ? 0 : Number(entry.value) || 0) + by;
    this.#write(key, String(next), entry?.expiresAt ?? this.#now() + ttlMs);
    return next;
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#delete(key, entry);
      return undefined;
    }
    return entry;
  }

  #write(key: string, value: string, expiresAt: number): void {
    const old = this.#entries.get(key);
    if (old !== undefined) this.#delete(key, old);
    if (value.length > this.#maxChars) return;
    this.#entries.set(key, { value, expiresAt });
    this.#chars += value.length;
    if (++this.#writesSinceSweep >= 1000) this.#sweep();
    // Map order is insertion order, so the first keys are the oldest writes.
    for (const [k, e] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#chars <= this.#maxChars) break;
      this.#delete(k, e);
    }
  }

  #sweep(): void {
    this.#writesSinceSweep = 0;
    const now = this.#now();
    for (const [k, e] of this.#entries) if (e.expiresAt <= now) this.#delete(k, e);
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#chars -= entry.value.length;
  }
}
