import type { FlightLease, SharedFlights } from './flights.js';
import { MemoryStore } from './memory.js';
import type { ProxyStore, WithinLimit } from './store.js';

/**
 * `@cargo-trackers/proxy/durable-object`: a store shared by every isolate of a Cloudflare Worker.
 * A Worker runs as many isolates, each with its own memory; one Durable Object is a single
 * instance worldwide that handles one event at a time, so a `MemoryStore` inside it gives every
 * isolate one cache, one quota per visitor and one upstream budget, with atomic counters and no
 * script. It also joins identical lookups (`flights`), in one isolate as across isolates: a Worker's
 * request may not await another request's I/O, so each waiter waits by its own requests to the
 * object (`isolatedRequests`).
 *
 * ```ts
 * export { TrackingStoreObject } from '@cargo-trackers/proxy/durable-object';
 * // wrangler: durable_objects.bindings = [{ name = "TRACKING_STORE", class_name = "TrackingStoreObject" }]
 * store: new DurableObjectStore(env.TRACKING_STORE),
 * ```
 */

/** The part of a Durable Object stub this store uses. */
export interface DurableObjectStub {
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

/** The part of a Durable Object namespace binding this store uses. */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): DurableObjectStub;
}

const ORIGIN = 'https://tracking-store.internal';

/** How long a lease outlives a leader that stops renewing it (its isolate died); renewed every third of it. */
const LEASE_MS = 3_000;
/** Longest one wait request is held in the object: a few per waiter, far below a Worker's subrequest limit. */
const LONG_POLL_MS = 4_000;
/** Wait requests one waiter makes before it is told to ask again (about 8 s): a lookup may last minutes. */
const LONG_POLLS_PER_WAIT = 2;

interface Flight {
  readonly token: string;
  expiresAt: number;
  /** Wakes the wait requests held on this flight. */
  readonly wake: Array<() => void>;
}

/** The Durable Object class. Export it from the Worker's entry module and bind it. */
export class TrackingStoreObject {
  readonly #store = new MemoryStore();
  /** Leases on lookups being called, by lookup key. */
  readonly #flights = new Map<string, Flight>();
  /** Published answers, by lookup key and leader's token, for the waiters still asking. */
  readonly #results = new Map<string, { readonly bytes: Uint8Array; readonly expiresAt: number }>();

  // Every method of MemoryStore finishes without real I/O, so each call runs whole before the
  // object takes the next event: the counters are atomic.
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const key = url.searchParams.get('key') ?? '';
    const ttl = Number(url.searchParams.get('ttl') ?? 0);
    switch (url.pathname) {
      case '/getCached': {
        const value = await this.#store.getCached(key);
        return value === undefined ? new Response(null, { status: 204 }) : new Response(value.slice());
      }
      case '/setCached':
        await this.#store.setCached(key, new Uint8Array(await request.arrayBuffer()), ttl);
        return new Response(null, { status: 204 });
      case '/increment':
        return Response.json(await this.#store.increment(key, Number(url.searchParams.get('by') ?? 0), ttl));
      case '/counts':
        return Response.json(await this.#store.counts((await request.json()) as string[]));
      case '/incrementWithin': {
        const { others, limit } = (await request.json()) as { others: string[]; limit: number };
        return Response.json(await this.#store.incrementWithin(key, Number(url.searchParams.get('by') ?? 0), ttl, others, limit));
      }
      case '/addIfAbsent':
        return Response.json(await this.#store.addIfAbsent(key, ttl));
      case '/lead':
        return Response.json(this.#lead(key, url.searchParams.get('token') ?? ''));
      case '/renew':
        return Response.json(this.#renew(key, url.searchParams.get('token') ?? ''));
      case '/finish':
        this.#finish(
          key,
          url.searchParams.get('token') ?? '',
          url.searchParams.has('publish') ? new Uint8Array(await request.arrayBuffer()) : undefined,
          ttl,
        );
        return new Response(null, { status: 204 });
      case '/wait':
        return this.#wait(key, url.searchParams.get('token') ?? '');
      default:
        return new Response(null, { status: 404 });
    }
  }

  /** The holder of a live lease on `key`, after sweeping what has expired. */
  #holder(key: string, now = Date.now()): Flight | undefined {
    for (const [k, result] of this.#results) if (result.expiresAt <= now) this.#results.delete(k);
    const flight = this.#flights.get(key);
    if (flight === undefined || flight.expiresAt > now) return flight;
    // A leader that stopped renewing: its waiters learn the lease is gone, and one of them leads.
    this.#flights.delete(key);
    for (const wake of flight.wake.splice(0)) wake();
    return undefined;
  }

  #lead(key: string, token: string): string {
    // Leases of leaders that died and that nobody asked about since.
    const now = Date.now();
    for (const [k, flight] of this.#flights) if (flight.expiresAt <= now && flight.wake.length === 0) this.#flights.delete(k);
    const holder = this.#holder(key, now);
    if (holder !== undefined) return holder.token;
    this.#flights.set(key, { token, expiresAt: Date.now() + LEASE_MS, wake: [] });
    return token;
  }

  #renew(key: string, token: string): boolean {
    const holder = this.#holder(key);
    if (holder?.token !== token) return false;
    holder.expiresAt = Date.now() + LEASE_MS;
    return true;
  }

  #finish(key: string, token: string, result: Uint8Array | undefined, ttlMs: number): void {
    if (result !== undefined) this.#results.set(`${key}\n${token}`, { bytes: result, expiresAt: Date.now() + Math.max(1, ttlMs) });
    const holder = this.#flights.get(key);
    if (holder?.token !== token) return;
    this.#flights.delete(key);
    for (const wake of holder.wake.splice(0)) wake();
  }

  /**
   * Holds a waiter's request until the leader finishes, its lease lapses, or LONG_POLL_MS pass:
   * 200 with the answer, 204 when the lease went without one, 202 while the call goes on. The
   * object's own timer is pending all along, so the wait is never taken for a hung request.
   */
  async #wait(key: string, token: string): Promise<Response> {
    const deadline = Date.now() + LONG_POLL_MS;
    for (;;) {
      const result = this.#results.get(`${key}\n${token}`);
      if (result !== undefined) return new Response(result.bytes.slice());
      const holder = this.#holder(key);
      if (holder?.token !== token) return new Response(null, { status: 204 });
      const now = Date.now();
      if (now >= deadline) return new Response(null, { status: 202 });
      // Wake at the deadline, or when the lease would lapse unrenewed, whichever comes first.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(1, Math.min(deadline, holder.expiresAt) - now));
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        holder.wake.push(done);
      });
    }
  }
}

/**
 * A `ProxyStore` whose state lives in one `TrackingStoreObject` (the one named `name`). A stub is
 * made per call: the proxy outlives the request that built it, and a stub belongs to a request.
 */
export class DurableObjectStore implements ProxyStore {
  readonly #namespace: DurableObjectNamespaceLike;
  readonly #name: string;
  /** A Worker's request may not await another's I/O: identical lookups join through `flights` alone. */
  readonly isolatedRequests = true;
  /** Leases and published answers in the object; each waiter waits by a few long polls of its own. */
  readonly flights: SharedFlights;

  constructor(namespace: DurableObjectNamespaceLike, name = 'tracking-proxy') {
    this.#namespace = namespace;
    this.#name = name;
    this.flights = {
      lead: (key) => this.#lead(key),
      wait: (key, lease, signal) => this.#wait(key, lease, signal),
    };
  }

  async getCached(key: string): Promise<Uint8Array | undefined> {
    const response = await this.#ask('getCached', { key });
    return response.status === 204 ? undefined : new Uint8Array(await response.arrayBuffer());
  }

  async setCached(key: string, value: Uint8Array, ttlMs: number): Promise<void> {
    await (await this.#ask('setCached', { key, ttl: String(ttlMs) }, value.slice())).arrayBuffer();
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    return (await (await this.#ask('increment', { key, by: String(by), ttl: String(ttlMs) })).json()) as number;
  }

  async counts(keys: readonly string[]): Promise<number[]> {
    return (await (await this.#ask('counts', {}, JSON.stringify(keys))).json()) as number[];
  }

  async incrementWithin(key: string, by: number, ttlMs: number, others: readonly string[], limit: number): Promise<WithinLimit> {
    const body = JSON.stringify({ others, limit });
    return (await (await this.#ask('incrementWithin', { key, by: String(by), ttl: String(ttlMs) }, body)).json()) as WithinLimit;
  }

  async addIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    return (await (await this.#ask('addIfAbsent', { key, ttl: String(ttlMs) })).json()) as boolean;
  }

  async #lead(key: string): Promise<FlightLease> {
    const token = crypto.randomUUID();
    const holder = (await (await this.#ask('lead', { key, token })).json()) as string;
    if (holder !== token) return { leader: false, token: holder };
    // The renewals run in the leader's own request, as its call does, and end with it.
    const renewal = setInterval(() => {
      this.#ask('renew', { key, token }).then(
        (response) => response.body?.cancel(),
        () => {},
      );
    }, LEASE_MS / 3);
    return {
      leader: true,
      token,
      finish: async (result, ttlMs) => {
        clearInterval(renewal);
        const publish: Record<string, string> = result === undefined ? {} : { publish: '1' };
        await (await this.#ask('finish', { key, token, ttl: String(ttlMs), ...publish }, result?.slice())).arrayBuffer();
      },
    };
  }

  /** A few long polls, each this waiter's own request to the object; then the visitor is told to ask again. */
  async #wait(key: string, lease: FlightLease, signal: AbortSignal): Promise<Uint8Array | undefined | 'in-flight'> {
    for (let poll = 0; poll < LONG_POLLS_PER_WAIT; poll++) {
      if (signal.aborted) return undefined;
      const response = await this.#ask('wait', { key, token: lease.token });
      if (response.status === 200) return new Uint8Array(await response.arrayBuffer());
      await response.body?.cancel();
      if (response.status === 204) return undefined;
    }
    return 'in-flight';
  }

  async #ask(method: string, params: Record<string, string>, body?: BodyInit): Promise<Response> {
    const stub = this.#namespace.get(this.#namespace.idFromName(this.#name));
    const response = await stub.fetch(`${ORIGIN}/${method}?${new URLSearchParams(params)}`, {
      method: 'POST',
      ...(body === undefined ? {} : { body }),
    });
    if (!response.ok) throw new Error(`TrackingStoreObject ${method}: ${response.status}`);
    return response;
  }
}
