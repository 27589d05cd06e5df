import { MemoryStore } from './memory-store.js';
import type { ProxyStore } from './store.js';

/**
 * `@cargo-trackers/proxy/durable-object`: a store shared by every isolate of a Cloudflare Worker.
 * A Worker runs as many isolates, each with its own memory; one Durable Object is a single
 * instance worldwide that handles one event at a time, so a `MemoryStore` inside it gives every
 * isolate one cache, one quota per visitor and one upstream budget, with atomic counters and no
 * script. (Single-flight stays per isolate; the cache makes repeats free.)
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

/** The Durable Object class. Export it from the Worker's entry module and bind it. */
export class TrackingStoreObject {
  readonly #store = new MemoryStore();

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
      case '/addIfAbsent':
        return Response.json(await this.#store.addIfAbsent(key, ttl));
      default:
        return new Response(null, { status: 404 });
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

  constructor(namespace: DurableObjectNamespaceLike, name = 'tracking-proxy') {
    this.#namespace = namespace;
    this.#name = name;
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

  async addIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    return (await (await this.#ask('addIfAbsent', { key, ttl: String(ttlMs) })).json()) as boolean;
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
