import { createClient, RESP_TYPES } from 'redis';
import { MemoryStore } from './memory-store.js';
import type { FlightLease, SharedFlights } from './in-flight-calls.js';
import type { ProxyStore } from './store.js';

/**
 * `@cargo-trackers/proxy/redis`: one Redis shared by every proxy instance, so that N instances
 * send the service what one would: one shared cache, one single-flight per lookup, one quota per
 * visitor and one upstream budget.
 *
 * Built on node-redis (the `redis` package), the client Redis itself maintains and documents;
 * ioredis now points new projects to it. It is written in TypeScript, speaks RESP3, and lets the
 * offline queue be switched off, which is what makes a lost Redis fail fast instead of piling
 * commands up.
 *
 * Redis is a dependency only of this entry point; the handler itself stays dependency-free.
 */
export interface RedisStoreOptions {
  /** `redis://[:password@]host:port[/db]` or `rediss://…` (TLS): the `REDIS_URL` of hosting services. */
  readonly url: string;
  /** Every key starts with `{prefix}:v1:`. Default `cargo-trackers`; change it to run two sites on one Redis. */
  readonly prefix?: string;
  /** Longest wait for any one Redis call before the lookup goes on without it. Default 50 ms. */
  readonly callTimeoutMs?: number;
  /** How often a lost Redis is tried again. Default 1 000 ms. */
  readonly retryMs?: number;
  /** How long a single-flight lease outlives a holder that stops renewing it (a dead instance). Default 3 000 ms. */
  readonly leaseMs?: number;
  /** Where outage and recovery lines go, one per change of state. Default JSON lines through `console.warn`. */
  readonly log?: (entry: RedisStoreLogEntry) => void;
  /** The local store used while Redis is unreachable. Default a fresh `MemoryStore`. */
  readonly fallback?: () => ProxyStore;
}

export interface RedisStoreLogEntry {
  readonly time: string;
  readonly level: 'warn' | 'info';
  readonly store: 'redis';
  /** `shared` (Redis answers) or `local` (this instance alone, until Redis is back). */
  readonly mode: 'shared' | 'local';
  readonly message: string;
}

/** Keys are versioned: a change of layout moves to `v2`, and old keys simply expire. */
const LAYOUT = 'v1';

/** `INCRBY` and `PEXPIRE … NX` as one step: a counter gets its expiry on its first write and keeps it. */
const INCREMENT = `
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2], 'NX')
return n`;

/** Takes the lease, or tells who holds it. */
const LEAD = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return ARGV[1] end
return redis.call('GET', KEYS[1])`;

/** Extends the lease only while this holder still has it. */
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** Publishes the holder's answer for its waiters (when there is one), then lets the lease go. */
const FINISH = `
if ARGV[2] ~= '' then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3]) end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

/** Timeouts in a row that count as an outage (a paused or swamped Redis). */
const SLOW_CALLS_FOR_OUTAGE = 3;

class StoreTimeout extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
    this.name = 'StoreTimeout';
  }
}

function bounded<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeout(ms)), ms);
  });
  // A command that answers after its deadline is dropped, not left to reject unobserved.
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function defaultLog(entry: RedisStoreLogEntry): void {
  console.warn(JSON.stringify(entry));
}

/** The reason for an outage, without anything from the connection string (it may hold a password). */
function reason(error: unknown): string {
  if (error instanceof StoreTimeout) return error.message;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
  return text.replace(/rediss?:\/\/\S*/g, 'redis://…').slice(0, 200);
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type Client = ReturnType<typeof createBytesClient>;

function createBytesClient(url: string, connectTimeoutMs: number, retryMs: number) {
  return createClient({
    url,
    // While disconnected, commands fail at once instead of waiting in a queue for a Redis that may not return.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, retryMs),
    },
  }).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
}

/**
 * A `ProxyStore` on Redis. Every call is bounded by `callTimeoutMs`; when Redis fails or
 * is slow, this instance carries on with a local store (one warning per outage), tries Redis
 * again every `retryMs` with a write (so a Redis out of memory counts as down), and returns to
 * shared mode by itself. Lookups are answered throughout; only the sharing pauses.
 *
 * What is stored: cached upstream answers (which the proxy has checked for the key), counters,
 * single-flight leases and short-lived flight results. Client addresses arrive here already as
 * HMAC digests; the API key is never given to the store.
 */
export class RedisStore implements ProxyStore {
  readonly flights: SharedFlights;
  readonly #client: Client;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #retryMs: number;
  readonly #leaseMs: number;
  readonly #log: (entry: RedisStoreLogEntry) => void;
  readonly #newFallback: () => ProxyStore;
  #local: ProxyStore;
  #mode: 'connecting' | 'shared' | 'local' = 'connecting';
  /** Timed-out calls in a row. */
  #slowCalls = 0;
  #connecting: Promise<void>;
  #retry: ReturnType<typeof setInterval> | undefined;
  /** Lease renewals of the flights this instance leads; they end with the store. */
  readonly #renewals = new Set<ReturnType<typeof setInterval>>();
  #closed = false;

  constructor(options: RedisStoreOptions) {
    this.#prefix = `${options.prefix ?? 'cargo-trackers'}:${LAYOUT}:`;
    this.#timeoutMs = options.callTimeoutMs ?? 50;
    this.#connectTimeoutMs = Math.max(this.#timeoutMs * 10, 500);
    this.#retryMs = options.retryMs ?? 1_000;
    this.#leaseMs = options.leaseMs ?? 3_000;
    this.#log = options.log ?? defaultLog;
    this.#newFallback = options.fallback ?? (() => new MemoryStore());
    this.#local = this.#newFallback();
    this.#client = createBytesClient(options.url, this.#connectTimeoutMs, this.#retryMs);
    // node-redis reports every failed (re)connection here; the store says it once per outage.
    this.#client.on('error', (error: unknown) => {
      if (this.#mode === 'connecting') this.#lost(error);
    });
    // A reconnection after an outage is checked with a write at once rather than at the next retry tick.
    this.#client.on('ready', () => void this.#probe());
    // The server in front keeps the process alive; an idle Redis connection must not keep it from exiting.
    this.#client.unref();
    this.#connecting = this.#client.connect().then(
      () => {
        if (this.#mode === 'connecting') this.#mode = 'shared';
      },
      (error: unknown) => this.#lost(error),
    );
    this.flights = {
      lead: (key) => this.#lead(key),
      wait: (key, lease, signal) => this.#wait(key, lease, signal),
    };
  }

  /** `shared` while Redis answers, `local` during an outage. */
  get mode(): 'shared' | 'local' {
    return this.#mode === 'shared' ? 'shared' : 'local';
  }

  getCached(key: string): Promise<Uint8Array | undefined> {
    return this.#call(
      async (c) => {
        const value = await c.get(this.#cacheKey(key));
        return value === null ? undefined : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      },
      (local) => local.getCached(key),
    );
  }

  setCached(key: string, value: Uint8Array, ttlMs: number): Promise<void> {
    return this.#call(
      async (c) => {
        await c.set(this.#cacheKey(key), Buffer.from(value.buffer, value.byteOffset, value.byteLength), {
          expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) },
        });
      },
      (local) => local.setCached(key, value, ttlMs),
    );
  }

  increment(key: string, by: number, ttlMs: number): Promise<number> {
    return this.#call(
      async (c) =>
        Number(
          await c.eval(INCREMENT, { keys: [this.#key(key)], arguments: [String(Math.trunc(by)), String(Math.max(1, Math.ceil(ttlMs)))] }),
        ),
      (local) => local.increment(key, by, ttlMs),
    );
  }

  counts(keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.#call(
      async (c) => (await c.mGet(keys.map((k) => this.#key(k)))).map((v) => (v === null ? 0 : Number(v.toString('utf8')) || 0)),
      (local) => local.counts(keys),
    );
  }

  addIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    return this.#call(
      async (c) =>
        (await c.set(this.#key(key), '1', { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) }, condition: 'NX' })) !== null,
      (local) => local.addIfAbsent(key, ttlMs),
    );
  }

  /** Closes the connection and stops retrying; for tests and graceful shutdown. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#retry);
    for (const renewal of this.#renewals) clearInterval(renewal);
    this.#renewals.clear();
    // A Redis that never came up leaves the client reconnecting, where close() would wait for ever.
    if (this.#client.isReady) await this.#client.close().catch(() => this.#client.destroy());
    else if (this.#client.isOpen) this.#client.destroy();
  }

  /** Counters and marks: the part no cached answer may share a name with. */
  #key(key: string): string {
    return `${this.#prefix}count:${key}`;
  }

  /** The lease on a lookup, and (with the holder's token) the answer it publishes. */
  #flightKey(key: string, token?: string): string {
    return `${this.#prefix}flight:${key}${token === undefined ? '' : `:${token}`}`;
  }

  #cacheKey(key: string): string {
    return `${this.#prefix}cache:${key}`;
  }

  async #call<T>(shared: (client: Client) => Promise<T>, local: (store: ProxyStore) => Promise<T>): Promise<T> {
    // The first calls wait for the first connection (a refused one fails in a millisecond; a silent
    // one is bounded by the connect timeout), so a fresh instance does not start with private counters.
    if (this.#mode === 'connecting') await bounded(this.#connecting, this.#connectTimeoutMs).catch(() => {});
    if (this.#mode === 'shared') {
      try {
        const value = await bounded(shared(this.#client), this.#timeoutMs);
        this.#slowCalls = 0;
        return value;
      } catch (error) {
        // One slow answer (a busy host, a GC pause) costs only that call; a refused or dropped
        // connection, an error reply, or several slow answers in a row mean Redis is unwell.
        if (!(error instanceof StoreTimeout) || ++this.#slowCalls >= SLOW_CALLS_FOR_OUTAGE) this.#lost(error);
      }
    }
    return local(this.#local);
  }

  #lost(error: unknown): void {
    if (this.#closed || this.#mode === 'local') return;
    this.#mode = 'local';
    this.#slowCalls = 0;
    this.#local = this.#newFallback();
    this.#say('warn', `Redis is unavailable (${reason(error)}); this instance keeps its own cache and counters until it is back.`);
    this.#retry = setInterval(() => void this.#probe(), this.#retryMs);
    // A retry timer must not keep a process (or a test) alive on its own.
    (this.#retry as { unref?: () => void }).unref?.();
  }

  /** A write, not a PING: a Redis that answers but refuses writes (out of memory) is not back. */
  async #probe(): Promise<void> {
    if (this.#mode !== 'local' || this.#closed || !this.#client.isReady) return;
    try {
      await bounded(this.#client.set(`${this.#prefix}probe`, '1', { expiration: { type: 'PX', value: 10_000 } }), this.#timeoutMs);
    } catch {
      return;
    }
    if (this.#mode !== 'local') return;
    clearInterval(this.#retry);
    this.#retry = undefined;
    this.#mode = 'shared';
    this.#say('info', 'Redis is back; cache and counters are shared again.');
  }

  #say(level: RedisStoreLogEntry['level'], message: string): void {
    try {
      this.#log({ time: new Date().toISOString(), level, store: 'redis', mode: this.mode, message });
    } catch {
      // A broken logger must not break the store.
    }
  }

  async #lead(key: string): Promise<FlightLease> {
    const token = randomToken();
    const leaseKey = this.#flightKey(key);
    const holder = await this.#call(
      async (c) => {
        const value = await c.eval(LEAD, { keys: [leaseKey], arguments: [token, String(this.#leaseMs)] });
        // Never null while the script runs (Redis freezes time in a script); if it were, nobody holds it: lead again.
        return value === null ? '' : value.toString();
      },
      // Alone, every instance leads its own flights; the in-process sharing still applies.
      async () => token,
    );
    if (holder !== token) return { leader: false, token: holder };
    const renewal = setInterval(
      () => {
        void this.#call(
          (c) => c.eval(RENEW, { keys: [leaseKey], arguments: [token, String(this.#leaseMs)] }),
          async () => 0,
        );
      },
      Math.max(10, Math.floor(this.#leaseMs / 3)),
    );
    (renewal as { unref?: () => void }).unref?.();
    this.#renewals.add(renewal);
    return {
      leader: true,
      token,
      finish: async (result, ttlMs) => {
        clearInterval(renewal);
        this.#renewals.delete(renewal);
        await this.#call(
          (c) =>
            c.eval(FINISH, {
              keys: [leaseKey, this.#flightKey(key, token)],
              arguments: [token, result === undefined ? '' : Buffer.from(result), String(Math.max(1, ttlMs))],
            }),
          async () => 0,
        );
      },
    };
  }

  /**
   * Waits for the holder's result by polling, every 5 ms at first and then every 50 ms (a lookup
   * takes seconds; three round trips a second per waiting instance is nothing to Redis). Resolves
   * undefined when the lease is gone without a result, or Redis goes away: the caller then leads.
   */
  async #wait(key: string, lease: FlightLease, signal: AbortSignal): Promise<Uint8Array | undefined> {
    const leaseKey = this.#flightKey(key);
    const resultKey = this.#flightKey(key, lease.token);
    for (let delay = 5; ; delay = Math.min(delay * 2, 50)) {
      if (signal.aborted) return undefined;
      const state = await this.#call<Uint8Array | 'waiting' | 'gone'>(
        async (c) => {
          const [holder, result] = await c.mGet([leaseKey, resultKey]);
          if (result !== null && result !== undefined) return new Uint8Array(result.buffer, result.byteOffset, result.byteLength);
          return holder?.toString() === lease.token ? 'waiting' : 'gone';
        },
        async () => 'gone',
      );
      if (state === 'gone') return undefined;
      if (state !== 'waiting') return state;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
