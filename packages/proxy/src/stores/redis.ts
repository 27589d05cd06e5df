import { createClient, ErrorReply, RESP_TYPES } from 'redis';
import { MemoryStore } from './memory.js';
import type { FlightLease, SharedFlights } from './flights.js';
import { incrementWithinInSteps, sumOf } from './store.js';
import type { ProxyStore, WithinLimit } from './store.js';

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
 * Redis is a dependency only of this entry point, kept out of the main entry so that the handler
 * stays dependency-free and a Worker or browser build never sees node-redis.
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
  /**
   * The local store used while Redis is unreachable, made once and kept across outages (a fresh
   * one per outage would forget what was spent). Default a `MemoryStore`.
   */
  readonly fallback?: () => ProxyStore;
  /**
   * How many instances share this Redis. While Redis is away each instance counts every unit as
   * this many, so that together they stay within the quotas and the upstream budget. Default 4:
   * guessing too many only refuses sooner during an outage; too few could overspend.
   */
  readonly expectedInstances?: number;
  /**
   * Largest answer cached in Redis; a larger one is cached in this instance only. With the
   * upstream budget this bounds the room cached answers take in Redis (see the README). Default 512 KiB.
   */
  readonly maxSharedAnswerBytes?: number;
  /**
   * Share counters with a Redis whose `maxmemory-policy` can evict them (any but `noeviction`).
   * Default false: such a Redis is not used, and the instance counts alone, saying so in an error line.
   */
  readonly allowEvictingPolicy?: boolean;
}

export interface RedisStoreLogEntry {
  readonly time: string;
  readonly level: 'error' | 'warn' | 'info';
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

/**
 * `incrementWithin`: reads the others (KEYS[2…]) and the counter (KEYS[1]), and adds ARGV[1] with
 * the expiry ARGV[3] when the total stays within ARGV[2]. Replies whether it added, the others'
 * counts, then the counter's.
 */
const INCREMENT_WITHIN = `
local counts, total = {}, 0
for i = 2, #KEYS do
  local n = tonumber(redis.call('GET', KEYS[i])) or 0
  counts[#counts + 1] = n
  total = total + n
end
local own = tonumber(redis.call('GET', KEYS[1])) or 0
local added = 0
if total + own + tonumber(ARGV[1]) <= tonumber(ARGV[2]) then
  own = redis.call('INCRBY', KEYS[1], ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[3], 'NX')
  added = 1
end
counts[#counts + 1] = own
table.insert(counts, 1, added)
return counts`;

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

/** Most keys noted per map; past it expired ones are swept, and if none were, the oldest go. */
const NOTED_MAX = 100_000;

/** Before a new entry in a full map: the expired entries go, and if none were, the oldest. */
function makeRoom(entries: Map<string, { readonly expiresAt: number }>, now: number): void {
  if (entries.size < NOTED_MAX) return;
  for (const [k, v] of entries) if (v.expiresAt <= now) entries.delete(k);
  for (const k of entries.keys()) {
    if (entries.size < NOTED_MAX) break;
    entries.delete(k);
  }
}

/** Adds `by` to the count noted at `key` (a counter's expiry is set by its first write, as in Redis). */
function note(counts: Map<string, OutageCount>, key: string, by: number, mark: boolean, ttlMs: number): void {
  const now = Date.now();
  const known = counts.get(key);
  if (known !== undefined && known.expiresAt > now) {
    known.delta += by;
    return;
  }
  makeRoom(counts, now);
  counts.set(key, { delta: by, mark, expiresAt: now + ttlMs });
}

/** How long a shared count learned from a read (whose expiry the store is not told) is kept. */
const LEARNED_TTL_MS = 3_600_000;

/**
 * What the shared counters held beyond this instance's own part when Redis last said: other
 * instances' spending. During an outage an instance adds it to its own counts, so that a window
 * the others had nearly spent is not a fresh one.
 */
interface OthersCount {
  value: number;
  expiresAt: number;
}

function learn(others: Map<string, OthersCount>, key: string, shared: number, own: number, ttlMs: number | undefined): void {
  const now = Date.now();
  const value = shared - own;
  const known = others.get(key);
  if (value <= 0) {
    others.delete(key);
    return;
  }
  if (known !== undefined && known.expiresAt > now) {
    known.value = value;
    return;
  }
  makeRoom(others, now);
  others.set(key, { value, expiresAt: now + (ttlMs ?? LEARNED_TTL_MS) });
}

/** Timeouts in a row that count as an outage (a paused or swamped Redis). */
const SLOW_CALLS_FOR_OUTAGE = 3;

/** The one eviction policy under which Redis never drops a key to make room: a full Redis refuses writes instead. */
const SAFE_POLICY = 'noeviction';

/** What was counted locally during an outage, in real units, to be added to Redis's counters when it is back. */
interface OutageCount {
  delta: number;
  /** A mark (`addIfAbsent`) rather than a counter. */
  readonly mark: boolean;
  readonly expiresAt: number;
}

class StoreTimeout extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
    this.name = 'StoreTimeout';
  }
}

/**
 * The promise, or a `StoreTimeout` once `ms` have passed. A deadline is checked only after the
 * event loop has read what sockets hold: when the process itself was busy (a module loading, a
 * long render), the timer and Redis's answer are due in the same turn, and timers run first; the
 * answer that already arrived is taken rather than blamed on Redis.
 */
function bounded<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => afterPendingInput(() => reject(new StoreTimeout(ms))), ms);
  });
  // A command that answers after its deadline is dropped, not left to reject unobserved.
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `then` after the event loop's next poll for input (Node's check phase), or as a task elsewhere. */
function afterPendingInput(then: () => void): void {
  if (typeof setImmediate === 'function') setImmediate(then);
  else setTimeout(then, 0);
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
  readonly #local: ProxyStore;
  readonly #share: number;
  readonly #maxSharedAnswerBytes: number;
  readonly #allowEvicting: boolean;
  /** Counted locally while Redis was away, per key, to be added to Redis's counters before sharing again. */
  #outage = new Map<string, OutageCount>();
  /**
   * What this instance counted in Redis itself, in real units, while their expiry lasts: a Redis
   * that restarts empty has lost them, and they are added to it again (see `#probe`).
   */
  #ownShared = new Map<string, OutageCount>();
  /** Other instances' part of each shared counter, as last read (see `learn`). */
  readonly #others = new Map<string, OthersCount>();
  /** The `run_id` of the Redis last shared with: it changes when Redis restarts. */
  #runId: string | undefined;
  /** Cached answers too large for Redis, which this instance keeps to itself. */
  readonly #ownAnswers = new Set<string>();
  /** The eviction policy last read from Redis; an unsafe one keeps the instance local. */
  #policyRefused = false;
  #policyUnknownSaid = false;
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
    this.#local = (options.fallback ?? (() => new MemoryStore()))();
    this.#share = Math.max(1, Math.ceil(options.expectedInstances ?? 4));
    this.#maxSharedAnswerBytes = options.maxSharedAnswerBytes ?? 512 * 1024;
    this.#allowEvicting = options.allowEvictingPolicy ?? false;
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
      async () => {
        // Counters go to Redis only once its eviction policy is known not to drop them. No answer
        // (a timeout, a dropped connection) is not a known policy: count alone and ask again.
        try {
          if (!(await this.#policyAllows())) this.#lost(new Error('unsafe maxmemory-policy'));
          else if (this.#mode === 'connecting') this.#mode = 'shared';
        } catch (error) {
          this.#lost(error);
        }
        this.#runId ??= await this.#readRunId();
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
    // An answer too large for Redis is in this instance's own cache.
    if (this.#ownAnswers.has(key)) return this.#local.getCached(key);
    return this.#call(
      async (c) => {
        const value = await c.get(this.#cacheKey(key));
        return value === null ? undefined : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      },
      (local) => local.getCached(key),
      'this instance read its own cache only, and may call the service for an answer another instance keeps',
    );
  }

  setCached(key: string, value: Uint8Array, ttlMs: number): Promise<void> {
    if (value.byteLength > this.#maxSharedAnswerBytes) {
      // Cached answers must not crowd counters out of Redis's memory: large ones stay here.
      if (this.#ownAnswers.size >= 10_000) this.#ownAnswers.clear();
      this.#ownAnswers.add(key);
      return this.#local.setCached(key, value, ttlMs);
    }
    this.#ownAnswers.delete(key);
    return this.#call(
      async (c) => {
        await c.set(this.#cacheKey(key), Buffer.from(value.buffer, value.byteOffset, value.byteLength), {
          expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) },
        });
      },
      (local) => local.setCached(key, value, ttlMs),
      'this answer may be missing from the shared cache, and another instance asked for it may call the service itself',
    );
  }

  increment(key: string, by: number, ttlMs: number): Promise<number> {
    return this.#call(
      async (c) => {
        const value = Number(
          await c.eval(INCREMENT, { keys: [this.#key(key)], arguments: [String(Math.trunc(by)), String(Math.max(1, Math.ceil(ttlMs)))] }),
        );
        // Kept locally too, so that during an outage this instance still knows what it spent,
        // and what the others had spent besides.
        const own = await this.#local.increment(key, by, ttlMs).catch(() => undefined);
        if (own !== undefined) learn(this.#others, key, value, own, ttlMs);
        note(this.#ownShared, key, by, false, ttlMs);
        return value;
      },
      async (local) => {
        this.#counted(key, by, false, ttlMs);
        // Each unit counts as a share of every instance's: together they stay within the limits.
        return (await local.increment(key, by * this.#share, ttlMs)) + this.#othersOf(key);
      },
    );
  }

  incrementWithin(key: string, by: number, ttlMs: number, others: readonly string[], limit: number): Promise<WithinLimit> {
    return this.#call(
      async (c) => {
        const reply = (await c.eval(INCREMENT_WITHIN, {
          keys: [this.#key(key), ...others.map((k) => this.#key(k))],
          arguments: [String(Math.trunc(by)), String(limit), String(Math.max(1, Math.ceil(ttlMs)))],
        })) as unknown[];
        const [added, ...counts] = reply.map((v) => Number(v) || 0);
        const value = counts.at(-1) ?? 0;
        // What this instance spent and what the others had, kept as `increment` and `counts` keep them.
        const own = await this.#local.counts(others).catch(() => undefined);
        if (own !== undefined) others.forEach((k, i) => learn(this.#others, k, counts[i] ?? 0, own[i] ?? 0, undefined));
        if (added === 1) {
          const mine = await this.#local.increment(key, by, ttlMs).catch(() => undefined);
          if (mine !== undefined) learn(this.#others, key, value, mine, ttlMs);
          note(this.#ownShared, key, by, false, ttlMs);
        }
        return { added: added === 1, counts };
      },
      async (local) => {
        // Alone: each unit counts as a share of every instance's, and the others' last known part
        // is added (as in \`increment\` and \`counts\`), in one step on the local store where it can.
        const known = [...others, key].map((k) => this.#othersOf(k));
        const within = await (local.incrementWithin?.(key, by * this.#share, ttlMs, others, limit - sumOf(known)) ??
          incrementWithinInSteps(local, key, by * this.#share, ttlMs, others, limit - sumOf(known)));
        if (within.added) this.#counted(key, by, false, ttlMs);
        return { added: within.added, counts: within.counts.map((n, i) => n + known[i]!) };
      },
    );
  }

  counts(keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.#call(
      async (c) => {
        const shared = (await c.mGet(keys.map((k) => this.#key(k)))).map((v) => (v === null ? 0 : Number(v.toString('utf8')) || 0));
        const own = await this.#local.counts(keys).catch(() => undefined);
        if (own !== undefined) keys.forEach((key, i) => learn(this.#others, key, shared[i]!, own[i] ?? 0, undefined));
        return shared;
      },
      async (local) => (await local.counts(keys)).map((count, i) => count + this.#othersOf(keys[i]!)),
    );
  }

  addIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    return this.#call(
      async (c) => {
        const marked =
          (await c.set(this.#key(key), '1', { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) }, condition: 'NX' })) !==
          null;
        this.#local.addIfAbsent(key, ttlMs).catch(() => false);
        if (marked) note(this.#ownShared, key, 1, true, ttlMs);
        return marked;
      },
      async (local) => {
        const marked = await local.addIfAbsent(key, ttlMs);
        if (marked) this.#counted(key, 1, true, ttlMs);
        return marked;
      },
    );
  }

  /** The others' part of a shared counter when Redis last said, while that is still in its window. */
  #othersOf(key: string): number {
    const known = this.#others.get(key);
    if (known === undefined) return 0;
    if (known.expiresAt > Date.now()) return known.value;
    this.#others.delete(key);
    return 0;
  }

  /** Notes what an outage counted, to add to Redis when it is back. */
  #counted(key: string, by: number, mark: boolean, ttlMs: number): void {
    note(this.#outage, key, by, mark, ttlMs);
  }

  /** Closes the connection and stops retrying; for tests and graceful shutdown. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#retry);
    for (const renewal of this.#renewals) clearInterval(renewal);
    this.#renewals.clear();
    // A Redis that never came up leaves the client reconnecting, where close() would wait for ever;
    // one that never answers a command (close() waits for the replies) is left after a bound.
    if (this.#client.isReady)
      await bounded(this.#client.close(), this.#connectTimeoutMs).catch(() => {
        // A client already closing refuses destroy(); its socket is unref'd and ends with Redis's side.
        if (this.#client.isOpen) this.#client.destroy();
      });
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

  /**
   * `slowCost`, for a call whose one slow answer may cost an upstream call (a read or write of the
   * shared cache, a lookup's lease, a wait for another's answer, its publishing): what it costs,
   * said in the log, so that a second call for one lookup is never unexplained. A slow counter
   * call costs only a moment of private counting, and says nothing.
   */
  async #call<T>(shared: (client: Client) => Promise<T>, local: (store: ProxyStore) => Promise<T>, slowCost?: string): Promise<T> {
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
        else if (slowCost !== undefined) this.#say('info', `Redis was slow (${error.message}): ${slowCost}.`);
      }
    }
    return local(this.#local);
  }

  #lost(error: unknown): void {
    if (this.#closed || this.#mode === 'local') return;
    this.#mode = 'local';
    this.#slowCalls = 0;
    if (!this.#policyRefused) {
      this.#say(
        'warn',
        `Redis is unavailable (${reason(error)}); this instance keeps its own cache and counters, at 1/${this.#share} of each limit, until it is back.`,
      );
    }
    this.#retry = setInterval(() => void this.#probe(), this.#retryMs);
    // A retry timer must not keep a process (or a test) alive on its own.
    (this.#retry as { unref?: () => void }).unref?.();
  }

  /**
   * A write, not a PING: a Redis that answers but refuses writes (out of memory) is not back.
   * Before sharing again, what this instance counted meanwhile is added to Redis's counters, so
   * that the shared window holds the outage's calls too and recovery is not a second budget.
   */
  async #probe(): Promise<void> {
    if (this.#mode !== 'local' || this.#closed || !this.#client.isReady || this.#probing) return;
    this.#probing = true;
    try {
      if (!(await this.#policyAllows())) return;
      await bounded(this.#client.set(`${this.#prefix}probe`, '1', { expiration: { type: 'PX', value: 10_000 } }), this.#timeoutMs);
      const runId = await this.#readRunId();
      if (runId !== undefined && this.#runId !== undefined && runId !== this.#runId && this.#ownShared.size > 0) {
        // A restarted Redis (a new run_id) lost what this instance had counted in it: those go back
        // first, so that the budget window and the quotas still hold them. A Redis that kept its
        // data through the restart counts them twice, which only refuses sooner.
        await this.#replay(this.#ownShared);
      }
      if (runId !== undefined) this.#runId = runId;
      // Counts made while this runs land in a fresh map, replayed in the next round; the switch
      // to shared happens in the same turn as the check that nothing is left.
      while (this.#outage.size > 0) {
        const pending = this.#outage;
        this.#outage = new Map();
        try {
          await this.#replay(pending);
        } catch (error) {
          for (const [key, count] of pending) {
            const later = this.#outage.get(key);
            if (later === undefined) this.#outage.set(key, count);
            else later.delta += count.delta;
          }
          throw error;
        }
      }
    } catch {
      return;
    } finally {
      this.#probing = false;
    }
    if (this.#mode !== 'local' || this.#closed) return;
    clearInterval(this.#retry);
    this.#retry = undefined;
    this.#mode = 'shared';
    this.#say('info', 'Redis is back; cache and counters are shared again.');
  }

  #probing = false;

  /** Redis's `run_id`, which changes with every restart; undefined if INFO is not allowed. */
  async #readRunId(): Promise<string | undefined> {
    try {
      const info = String(await bounded(this.#client.info('server'), this.#connectTimeoutMs));
      return /^run_id:(\w+)/m.exec(info)?.[1];
    } catch {
      return undefined;
    }
  }

  /** Adds an outage's counts to Redis: counters by their real units, marks unless already set, each with what is left of its expiry. */
  async #replay(pending: ReadonlyMap<string, OutageCount>): Promise<void> {
    const now = Date.now();
    const writes: Array<Promise<unknown>> = [];
    for (const [key, count] of pending) {
      const left = Math.ceil(count.expiresAt - now);
      if (left <= 0 || count.delta === 0) continue;
      writes.push(
        count.mark
          ? this.#client.set(this.#key(key), '1', { expiration: { type: 'PX', value: left }, condition: 'NX' })
          : this.#client.eval(INCREMENT, { keys: [this.#key(key)], arguments: [String(count.delta), String(left)] }),
      );
    }
    await bounded(Promise.all(writes), Math.max(this.#timeoutMs, 10 * this.#timeoutMs));
  }

  /**
   * Whether Redis's eviction policy keeps counters: only `noeviction` never drops a key to make
   * room (every other policy may drop a counter, since counters expire, for a cached answer). A
   * Redis that forbids CONFIG (managed services often do) is used, with one warning that says
   * what to check.
   */
  async #policyAllows(): Promise<boolean> {
    let policy: string | undefined;
    try {
      const reply = (await bounded(this.#client.configGet('maxmemory-policy'), this.#connectTimeoutMs)) as Record<string, unknown>;
      const value = reply['maxmemory-policy'];
      policy = value === undefined || value === null ? undefined : String(value);
    } catch (error) {
      // Only a refusal (CONFIG renamed away or not permitted: an error reply) leaves the policy
      // unknown, to share all the same with a warning. A Redis too slow to answer has told nothing:
      // the caller stays alone and asks again (a busy host once made a probe share counters with
      // an evicting Redis here).
      if (!(error instanceof ErrorReply)) throw error;
      policy = undefined;
    }
    if (policy === undefined) {
      if (!this.#policyUnknownSaid) {
        this.#policyUnknownSaid = true;
        this.#say(
          'warn',
          `Redis did not tell its maxmemory-policy (CONFIG GET is not allowed): make sure it is ${SAFE_POLICY}, or quota and budget counters may be evicted.`,
        );
      }
      return true;
    }
    if (policy === SAFE_POLICY || this.#allowEvicting) {
      if (policy !== SAFE_POLICY)
        this.#sayOnce(`Redis's maxmemory-policy is ${policy}: counters may be evicted (allowEvictingPolicy is set).`);
      if (this.#policyRefused) this.#policyRefused = false;
      return true;
    }
    if (!this.#policyRefused) {
      this.#policyRefused = true;
      this.#say(
        'error',
        `Redis's maxmemory-policy is ${policy}, which can evict quota and budget counters to make room; this instance will not share counters with it and counts alone, at 1/${this.#share} of each limit. Set maxmemory-policy ${SAFE_POLICY}.`,
      );
    }
    return false;
  }

  #evictingSaid = false;

  #sayOnce(message: string): void {
    if (this.#evictingSaid) return;
    this.#evictingSaid = true;
    this.#say('warn', message);
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
      'this lookup is called from this instance without asking whether another is calling it already',
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
          'this answer was not handed to the instances waiting for it, which will call the service themselves',
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
        "this instance stops waiting for another instance's call and calls the service itself",
      );
      if (state === 'gone') return undefined;
      if (state !== 'waiting') return state;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * The store for a `REDIS_URL` setting: a `RedisStore` when it is set, `undefined` (the proxy's
 * own `MemoryStore`) when it is unset or empty. Every example and the demo server use this, so
 * the variable means the same everywhere.
 */
export function storeFromRedisUrl(url: string | undefined, options: Omit<RedisStoreOptions, 'url'> = {}): RedisStore | undefined {
  return url === undefined || url.trim() === '' ? undefined : new RedisStore({ ...options, url: url.trim() });
}
