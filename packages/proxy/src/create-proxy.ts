import { BytePool, PROXY_BYTE_POOL } from './byte-pool.js';
import { fingerprint } from './bytes.js';
import { admitNumber } from './client-quota.js';
import { clientDigester, clientKey } from './client-address.js';
import { corsHeaders, preflightHeaders } from './cors.js';
import { allowedSite } from './cross-site.js';
import { JSON_HEADERS, decodeCached, encodeCached, errorOutput, etagOf, matchesEtag } from './answer.js';
import type { CachedAnswer, ProxyOutput } from './answer.js';
import { flyOnce } from './flights.js';
import { checkUpstreamBody } from './json-guard.js';
import { isoTime, jsonLinesLogger } from './log.js';
import type { CacheOutcome, ProxyLogEntry, ProxyLogger } from './log.js';
import { MemoryStore } from './memory-store.js';
import type { ProxyStore } from './store.js';
import { DEFAULT_LIMITS, DEFAULT_ROUTES, DEFAULT_TIMEOUT_MS } from './options.js';
import type { ProxyLimits, TrackingProxyOptions, TrackingRoutes } from './options.js';
import { encodeUpstreamQuery, parseQuery } from './query.js';
import { retryAfterSeconds } from './retry-after.js';
import { SharedCalls, VisitorGone } from './shared-calls.js';
import { fetchTransport, upstreamFailure } from './upstream.js';
import type { UpstreamResult } from './upstream.js';
import { returnUpstreamCall, takeUpstreamCall } from './upstream-budget.js';
import type { Admission } from './upstream-budget.js';

/** What a platform adapter knows about the request beyond the Request itself. */
export interface ProxyRequestInfo {
  /** The peer address of the socket; the Node adapter fills it in. */
  readonly clientAddress?: string;
  /**
   * The Host the request was sent to, when the Request's URL does not carry it (the Node adapter
   * fixes its URL to localhost). Only ever compared with `Origin`; see `publicOrigin`.
   */
  readonly host?: string;
}

/** A request as the proxy reads it, whatever runtime it came from. */
export interface ProxyInput {
  readonly method: string;
  /** The path, without the query. */
  readonly path: string;
  /** The query with its `?`, or empty. */
  readonly search: string;
  header(name: string): string | null;
  readonly host: string | null;
  readonly clientAddress: string | undefined;
  /** Aborts when the visitor goes away. */
  readonly signal: AbortSignal;
}

/**
 * The runtime-free proxy: the Fetch-API handler and the Node adapter both call it. A cache hit
 * from a store in the same process is answered at once, without a promise; everything else
 * returns one.
 */
export type ProxyCore = (input: ProxyInput) => ProxyOutput | Promise<ProxyOutput>;

/** Where the Node adapter finds the core behind a handler, to skip building Fetch objects per request. */
export const PROXY_CORE: unique symbol = Symbol.for('cargo-trackers.proxy.core');

/**
 * Where a platform adapter offers a better default logger than `console.log` (on Node, one that
 * never blocks). It is taken only when the proxy was built without a `logger`.
 */
export const PROXY_DEFAULT_LOGGER: unique symbol = Symbol.for('cargo-trackers.proxy.default-logger');

/** The whole proxy: one Fetch-API function, so it runs unchanged on Node, Workers, Next.js and Deno. */
export interface TrackingProxyHandler {
  (request: Request, info?: ProxyRequestInfo): Promise<Response>;
  readonly [PROXY_CORE]: ProxyCore;
  readonly [PROXY_DEFAULT_LOGGER]: (make: () => ProxyLogger) => void;
}

type RouteName = keyof TrackingRoutes;

interface RouteSpec {
  readonly name: RouteName;
  readonly upstreamPath: string;
  /** The parameter that names the shipment; absent on the open carrier lists. */
  readonly numberParam?: string;
  /** The boolean that asks for route data. */
  readonly flagParam?: string;
  readonly carrierParam?: string;
}

const SPECS: readonly RouteSpec[] = [
  {
    name: 'ocean',
    upstreamPath: '/v1/shipments/ocean',
    numberParam: 'referenceNumber',
    carrierParam: 'carrierCode',
    flagParam: 'routeDetails',
  },
  { name: 'air', upstreamPath: '/v1/shipments/air', numberParam: 'number', flagParam: 'routePath' },
  { name: 'oceanCarriers', upstreamPath: '/v1/carriers/ocean' },
  { name: 'airCarriers', upstreamPath: '/v1/carriers/air' },
];

/**
 * Everything that changes the upstream answer, and nothing else: no visitor header is part of
 * it. The cache key, the single-flight key, the quota's notion of "a new lookup" and the
 * upstream request itself are all built from this one value.
 */
interface Lookup {
  readonly spec: RouteSpec;
  readonly number?: string;
  readonly carrierCode?: string;
  /** Forwarded as received (the interface says so); each spelling is its own lookup, and costs quota as one. */
  readonly flag?: string;
}

/** The upstream query, parameters in a fixed order; the canonical key is derived from it. */
function upstreamQuery(lookup: Lookup): string {
  const { spec } = lookup;
  const pairs: Array<[string, string]> = [];
  if (spec.numberParam !== undefined && lookup.number !== undefined) pairs.push([spec.numberParam, lookup.number]);
  if (spec.carrierParam !== undefined && lookup.carrierCode !== undefined) pairs.push([spec.carrierParam, lookup.carrierCode]);
  if (spec.flagParam !== undefined && lookup.flag !== undefined) pairs.push([spec.flagParam, lookup.flag]);
  return encodeUpstreamQuery(pairs);
}

/** The only headers an upstream call carries besides the key: visitor headers never reach it. */
const UPSTREAM_ACCEPT = 'application/json';

/** How long a client is told to wait when every lookup slot is taken: lookups last seconds to minutes. */
const BUSY_RETRY_MS = 10_000;
/** How long a client is told to wait when the store cannot count another lookup. */
const COUNTERS_RETRY_MS = 60_000;
/** Carrier-list calls for one list go out this far apart at the closest, whatever the TTL (even 0) and whether the last failed. */
const CARRIER_RETRY_MS = 30_000;

function resolveRoutes(routes: Partial<TrackingRoutes> | undefined): Map<string, RouteSpec> {
  const paths = { ...DEFAULT_ROUTES, ...routes };
  const byPath = new Map<string, RouteSpec>();
  for (const spec of SPECS) {
    const path = paths[spec.name];
    if (!path.startsWith('/')) throw new TypeError(`routes.${spec.name} must start with "/": ${path}`);
    if (byPath.has(path)) throw new TypeError(`routes.${spec.name} repeats the path ${path}`);
    byPath.set(path, spec);
  }
  return byPath;
}

function resolveBase(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`baseUrl must be http(s): ${url.protocol}`);
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new TypeError('baseUrl must be an origin with an optional path, nothing else');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function resolveOrigins(name: string, origins: string | readonly string[] | undefined): Set<string> {
  const list = typeof origins === 'string' ? [origins] : (origins ?? []);
  const out = new Set<string>();
  for (const origin of list) {
    const parsed = new URL(origin);
    if (parsed.origin !== origin) throw new TypeError(`${name} must hold bare origins such as https://shop.example: ${origin}`);
    out.add(origin);
  }
  return out;
}

/** A short, fixed-length name for a lookup in counter keys; SHA-256 so that no crafted lookup can share another's. */
async function lookupId(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  let hex = '';
  for (let i = 0; i < 16; i++) hex += (digest[i] as number).toString(16).padStart(2, '0');
  return hex;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A query already read: its lookup, the cache key made from it, and the number's log hash. */
interface KnownLookup {
  readonly lookup: Lookup;
  readonly cacheKey: string;
  readonly numberHash?: string;
}

/** Most queries remembered as read (see `knownLookups`); each holds at most a few hundred bytes. */
const KNOWN_LOOKUPS_MAX = 4_096;

/** Everything the log line needs that only the route handling learns. */
interface Trace {
  route: string;
  cache: CacheOutcome;
  upstreamStatus?: number;
  error?: string;
  numberHash?: string;
}

/** What one upstream call produced, ready to send to every visitor who waited on it. */
type CallResult =
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly retryAfter: string | null;
      readonly body: Uint8Array;
      readonly etag?: string;
    }
  | { readonly kind: 'failure'; readonly error: string; readonly message: string; readonly status?: number; readonly retryAfter?: string };

/**
 * A call result as bytes, for the instances waiting on another's call: one JSON line of
 * everything but the body, then the body as it came (an answer may be megabytes; no base64).
 */
const CALL_RESULT_CODEC = {
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
        return { kind: 'failure', error: meta.error, message: meta.message };
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

/**
 * Builds the proxy handler. Configuration is checked here, once, so that a missing key or a
 * malformed base address stops the server at start-up rather than failing every request.
 */
export function createTrackingProxy(options: TrackingProxyOptions): TrackingProxyHandler {
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
    throw new TypeError('createTrackingProxy: apiKey is required');
  }
  const apiKey = options.apiKey;
  const base = resolveBase(options.baseUrl);
  const routes = resolveRoutes(options.routes);
  const limits: ProxyLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowedOrigins = resolveOrigins('corsOrigins', options.corsOrigins);
  const publicOrigins = resolveOrigins('publicOrigin', options.publicOrigin);
  const corsOn = allowedOrigins.size > 0;
  const allow = corsOn ? 'GET, OPTIONS' : 'GET';
  const trustedHeader = options.trustedProxyHeader?.toLowerCase();
  let log = options.logger ?? jsonLinesLogger;
  let loggerChosen = options.logger !== undefined;
  const store: ProxyStore = options.store ?? new MemoryStore();
  // Late-bound so that a test or an instrumentation library replacing globalThis.fetch is honoured.
  const transport = options.transport ?? fetchTransport(options.fetch ?? ((input, init) => globalThis.fetch(input, init)));
  const lookups = new SharedCalls<CallResult>();
  /** Bytes held for answers in motion, upstream bodies and answers being written; the Node adapter shares it. */
  const bytePool = new BytePool(limits.maxHeldBytes);
  const digestClient = clientDigester(apiKey);
  const carrierLists = new SharedCalls<CallResult>();
  /** The last good carrier list per route, kept in the process so that no cache flood can make it fetched again. */
  const carrierCopies = new Map<RouteName, { readonly answer: CachedAnswer; readonly until: number }>();
  /**
   * What a query reads as, per route and query string, for the queries seen lately: a popular
   * number is parsed, keyed and hashed once, not on every hit. Cleared rather than grown.
   */
  const knownLookups = new Map<string, KnownLookup>();
  /**
   * The answer a cached answer goes out as, per visitor case (200 or 304, and the CORS origin):
   * one object for every visitor of it, so the Node adapter prepares its header lines once.
   */
  const hitOutputs = new WeakMap<CachedAnswer, Map<string, ProxyOutput>>();
  /** CORS headers per allowed origin, and for every other request; never changed once made. */
  const corsSets = new Map<string | null, Readonly<Record<string, string>>>();
  const corsFor = (origin: string | null): Readonly<Record<string, string>> => {
    const key = origin !== null && allowedOrigins.has(origin) ? origin : null;
    let set = corsSets.get(key);
    if (set === undefined) {
      set = { vary: 'Origin', ...corsHeaders(key, allowedOrigins) };
      corsSets.set(key, set);
    }
    return set;
  };

  /** One upstream call, its answer checked: JSON only, no key, a real status. Caches a 200. */
  async function fetchAndCache(lookup: Lookup, cacheKey: string, signal: AbortSignal): Promise<CallResult> {
    const { spec } = lookup;
    const query = upstreamQuery(lookup);
    const url = `${base}${spec.upstreamPath}${query === '' ? '' : `?${query}`}`;
    const headers: Record<string, string> =
      spec.numberParam === undefined ? { accept: UPSTREAM_ACCEPT } : { accept: UPSTREAM_ACCEPT, authorization: `Bearer ${apiKey}` };
    const result: UpstreamResult = await transport({ url, headers, timeoutMs, maxBodyBytes: limits.maxBodyBytes, signal, bytes: bytePool });
    if (result.kind === 'failure') return result;
    if (result.status < 200 || result.status > 599 || result.status === 204 || result.status === 205)
      return upstreamFailure('upstream_incomplete');
    const verdict = checkUpstreamBody(result.body, apiKey);
    if (verdict === 'not_json') return upstreamFailure('upstream_not_json');
    if (verdict === 'key_echo' || (result.retryAfter?.includes(apiKey) ?? false)) return upstreamFailure('upstream_key_echo');
    if (result.status !== 200) return { kind: 'answer', status: result.status, retryAfter: result.retryAfter, body: result.body };
    const answer: CachedAnswer = { etag: etagOf(result.body), body: result.body };
    const ttl = spec.numberParam === undefined ? limits.carrierCacheTtlMs : limits.cacheTtlMs;
    // Only a finished 200 is worth keeping: a 202 means "ask again", and errors are not billed, so a retry is free.
    if (ttl > 0) {
      if (spec.numberParam === undefined) carrierCopies.set(spec.name, { answer, until: Date.now() + ttl });
      await store.setCached(cacheKey, encodeCached(answer), ttl).catch(() => {});
    }
    return { kind: 'answer', status: 200, retryAfter: null, body: answer.body, etag: answer.etag };
  }

  function respond(
    input: ProxyInput,
    result: CallResult,
    trace: Trace,
    headers: Record<string, string>,
    publicMaxAgeS: number | undefined,
  ): ProxyOutput {
    if (result.kind === 'failure') {
      trace.error = result.error;
      const retry = result.retryAfter === undefined ? headers : { ...headers, 'retry-after': result.retryAfter };
      return errorOutput(result.status ?? 502, result.error, result.message, retry);
    }
    if (trace.cache !== 'hit') trace.upstreamStatus = result.status;
    const cacheControl = publicMaxAgeS !== undefined && result.status === 200 ? `public, max-age=${publicMaxAgeS}` : 'no-store';
    const out: Record<string, string> = { ...headers, ...JSON_HEADERS, 'cache-control': cacheControl };
    if (result.retryAfter !== null) out['retry-after'] = result.retryAfter;
    if (result.etag === undefined) return { status: result.status, headers: out, body: result.body };
    out.etag = result.etag;
    if (matchesEtag(input.header('if-none-match'), result.etag)) return { status: 304, headers: out, body: null, etag: result.etag };
    return { status: result.status, headers: out, body: result.body, etag: result.etag };
  }

  /** How long browsers may keep a 200: carrier lists only, for their TTL. */
  function publicMaxAge(spec: RouteSpec): number | undefined {
    // An upstream error on an open list (a 429 for the proxy's shared address) must not be kept for minutes.
    return spec.numberParam !== undefined ? undefined : Math.floor(limits.carrierCacheTtlMs / 1000);
  }

  /** The cached answer for a lookup: from the store, or for a carrier list the copy kept in the process. */
  function cachedAnswer(spec: RouteSpec, bytes: Uint8Array | undefined): CachedAnswer | undefined {
    const cached = bytes === undefined ? undefined : decodeCached(bytes);
    if (cached !== undefined || spec.numberParam !== undefined) return cached;
    const copy = carrierCopies.get(spec.name);
    return copy !== undefined && copy.until > Date.now() ? copy.answer : undefined;
  }

  /** A cache hit's answer: one object per cached answer and visitor case (200 or 304, CORS origin), made on first use. */
  function hitOutput(input: ProxyInput, spec: RouteSpec, hit: CachedAnswer, trace: Trace, cors: Record<string, string>): ProxyOutput {
    trace.cache = 'hit';
    const notModified = matchesEtag(input.header('if-none-match'), hit.etag);
    const origin = input.header('origin');
    const variant = `${notModified ? 304 : 200}${origin !== null && allowedOrigins.has(origin) ? origin : ''}`;
    let outputs = hitOutputs.get(hit);
    if (outputs === undefined) {
      outputs = new Map();
      hitOutputs.set(hit, outputs);
    }
    let output = outputs.get(variant);
    if (output === undefined) {
      const headers = { ...cors, 'x-proxy-cache': 'hit' };
      output = respond(input, { kind: 'answer', status: 200, retryAfter: null, ...hit }, trace, headers, publicMaxAge(spec));
      outputs.set(variant, output);
    }
    return output;
  }

  /**
   * A cache hit answered at once, when the store is in the process and the query was read
   * before; undefined sends the request the full way (`route`), which also answers every
   * refusal. The checks are route's, in its order: a known route, another site refused, GET.
   */
  function hitAtOnce(input: ProxyInput, trace: Trace): ProxyOutput | undefined {
    if (store.peekCached === undefined || input.method !== 'GET') return undefined;
    const spec = routes.get(input.path);
    if (spec === undefined) return undefined;
    const known = knownLookups.get(`${spec.name}${input.search}`);
    if (known === undefined) return undefined;
    const origin = input.header('origin');
    if (!siteAllowed(input, origin)) return undefined;
    const hit = cachedAnswer(spec, store.peekCached(known.cacheKey));
    if (hit === undefined) return undefined;
    trace.route = spec.name;
    if (known.numberHash !== undefined) trace.numberHash = known.numberHash;
    return hitOutput(input, spec, hit, trace, corsFor(origin));
  }

  /** Whether the request may spend credits (see `allowedSite`). */
  function siteAllowed(input: ProxyInput, origin: string | null): boolean {
    return allowedSite({ origin, secFetchSite: input.header('sec-fetch-site'), host: input.host }, allowedOrigins, publicOrigins);
  }

  function refuse(trace: Trace, status: number, error: string, message: string, headers: Record<string, string>): ProxyOutput {
    trace.error = error;
    return errorOutput(status, error, message, headers);
  }

  /** Reads and checks the query into a lookup, or the 400 that says what is wrong with it. */
  function readLookup(input: ProxyInput, spec: RouteSpec, trace: Trace, cors: Record<string, string>): Lookup | ProxyOutput {
    const { values, duplicated } = parseQuery(input.search);
    const read = (name: string | undefined): string | undefined | ProxyOutput => {
      if (name === undefined) return undefined;
      if (duplicated.has(name))
        return refuse(trace, 400, 'duplicate_parameter', `The query parameter ${name} appears more than once.`, cors);
      const value = values.get(name);
      if (value !== undefined && value.length > limits.maxValueLength) {
        return refuse(
          trace,
          400,
          'value_too_long',
          `The query parameter ${name} is longer than ${limits.maxValueLength} characters.`,
          cors,
        );
      }
      return value;
    };
    const number = read(spec.numberParam);
    if (typeof number === 'object') return number;
    const carrierCode = read(spec.carrierParam);
    if (typeof carrierCode === 'object') return carrierCode;
    const flag = read(spec.flagParam);
    if (typeof flag === 'object') return flag;
    if (spec.numberParam !== undefined && (number === undefined || number === '')) {
      return refuse(trace, 400, 'missing_number', `The query parameter ${spec.numberParam} is required.`, cors);
    }
    return {
      spec,
      ...(number === undefined ? {} : { number }),
      ...(carrierCode === undefined ? {} : { carrierCode }),
      ...(flag === undefined ? {} : { flag }),
    };
  }

  /** Runs `check` on the counters; a store that cannot count refuses the lookup rather than let it through. */
  async function counted(check: () => Promise<Admission>): Promise<Admission | 'unavailable'> {
    try {
      return await check();
    } catch {
      return 'unavailable';
    }
  }

  async function forward(input: ProxyInput, spec: RouteSpec, trace: Trace, cors: Record<string, string>): Promise<ProxyOutput> {
    const memoKey = `${spec.name}${input.search}`;
    let known = knownLookups.get(memoKey);
    if (known === undefined) {
      const lookup = readLookup(input, spec, trace, cors);
      if (!('spec' in lookup)) return lookup;
      known = {
        lookup,
        cacheKey: `answer:${spec.name}?${upstreamQuery(lookup)}`,
        ...(lookup.number === undefined ? {} : { numberHash: fingerprint(lookup.number) }),
      };
      if (knownLookups.size >= KNOWN_LOOKUPS_MAX) knownLookups.clear();
      knownLookups.set(memoKey, known);
    }
    const { lookup, cacheKey } = known;
    const isShipment = spec.numberParam !== undefined;
    const publicMaxAgeS = publicMaxAge(spec);
    const out = (cache: CacheOutcome) => ({ ...cors, 'x-proxy-cache': cache });
    if (known.numberHash !== undefined) trace.numberHash = known.numberHash;

    const hit = cachedAnswer(spec, await store.getCached(cacheKey).catch(() => undefined));
    if (hit !== undefined) return hitOutput(input, spec, hit, trace, cors);

    const calls = isShipment ? lookups : carrierLists;
    const join = async (): Promise<ProxyOutput | undefined> => {
      const shared = calls.join(cacheKey, input.signal);
      if (shared === undefined) return undefined;
      trace.cache = 'shared';
      return respond(input, await shared, trace, out('shared'), publicMaxAgeS);
    };
    const joined = await join();
    if (joined !== undefined) return joined;

    if (isShipment) {
      if (lookups.size >= limits.maxConcurrentLookups) {
        return refuse(trace, 429, 'proxy_busy', 'Too many lookups are in progress; try again shortly.', {
          ...cors,
          'retry-after': retryAfterSeconds(BUSY_RETRY_MS),
        });
      }
      const perHour = limits.newNumbersPerClientPerHour;
      const quota = Number.isFinite(perHour)
        ? await counted(async () =>
            admitNumber(
              store,
              await digestClient(clientKey(input.header, input.clientAddress, trustedHeader)),
              await lookupId(cacheKey),
              perHour,
              Date.now(),
            ),
          )
        : ({ ok: true } as const);
      if (quota === 'unavailable') return countersUnavailable(trace, cors);
      if (!quota.ok) {
        return refuse(trace, 429, 'client_quota', 'Too many different numbers from this address; try again later.', {
          ...cors,
          'retry-after': retryAfterSeconds(quota.retryAfterMs),
        });
      }
    } else {
      // One carrier-list call per TTL per list, whoever asks, across every instance sharing the
      // store; after a failed one, the next waits CARRIER_RETRY_MS. Between them a visitor with
      // no copy to hand gets a 429, never another upstream call.
      const gate = await counted(async () => {
        const [fresh = 0] = await store.counts([`carriers-fresh:${spec.name}`]);
        const mayCall = fresh === 0 && (await store.addIfAbsent(`carriers-try:${spec.name}`, CARRIER_RETRY_MS));
        return mayCall ? { ok: true } : { ok: false, retryAfterMs: CARRIER_RETRY_MS };
      });
      if (gate === 'unavailable') return countersUnavailable(trace, cors);
      if (!gate.ok) {
        const late = await join();
        if (late !== undefined) return late;
        return refuse(trace, 429, 'carriers_pending', 'The carrier list is being fetched; try again shortly.', {
          ...cors,
          'retry-after': retryAfterSeconds(gate.retryAfterMs),
        });
      }
    }
    const takenAt = Date.now();
    const budget = await counted(() => takeUpstreamCall(store, limits.upstreamBudget, takenAt));
    if (budget === 'unavailable') return countersUnavailable(trace, cors);
    if (!budget.ok) {
      return refuse(trace, 429, 'upstream_budget', 'The tracking budget for this moment is used up; try again shortly.', {
        ...cors,
        'retry-after': retryAfterSeconds(budget.retryAfterMs),
      });
    }
    // The awaits above let another visitor start the same call meanwhile; joining it needs no
    // upstream call of our own, so the unit taken from the budget goes back.
    const late = await join();
    if (late !== undefined) {
      await returnUpstreamCall(store, limits.upstreamBudget, takenAt).catch(() => {});
      return late;
    }
    trace.cache = 'miss';
    const result = await calls.start(cacheKey, input.signal, async (signal) => {
      const flights = isShipment ? store.flights : undefined;
      if (flights !== undefined) {
        // Across instances: one of them calls, the others wait for its answer in the store.
        let called = false;
        const flight = await flyOnce(
          flights,
          cacheKey,
          signal,
          async () => {
            // Another instance may have finished this lookup, and let its lease go, while this one
            // was counting the quota and budget: its cached answer then saves the call.
            const since = await store.getCached(cacheKey).catch(() => undefined);
            const answer = since === undefined ? undefined : decodeCached(since);
            if (answer !== undefined) return { kind: 'answer', status: 200, retryAfter: null, ...answer } as const;
            called = true;
            return fetchAndCache(lookup, cacheKey, signal);
          },
          CALL_RESULT_CODEC,
        );
        if (called) return flight.value;
        trace.cache = flight.led ? 'hit' : 'shared';
        await returnUpstreamCall(store, limits.upstreamBudget, takenAt).catch(() => {});
        return flight.value;
      }
      const called = await fetchAndCache(lookup, cacheKey, signal);
      if (!isShipment && called.kind === 'answer' && called.status === 200) {
        await store.addIfAbsent(`carriers-fresh:${spec.name}`, limits.carrierCacheTtlMs).catch(() => false);
      }
      return called;
    });
    return respond(input, result, trace, out(trace.cache), publicMaxAgeS);
  }

  function countersUnavailable(trace: Trace, cors: Record<string, string>): ProxyOutput {
    return refuse(trace, 429, 'quota_unavailable', 'The proxy cannot count lookups right now; try again later.', {
      ...cors,
      'retry-after': retryAfterSeconds(COUNTERS_RETRY_MS),
    });
  }

  async function route(input: ProxyInput, trace: Trace): Promise<ProxyOutput> {
    const spec = routes.get(input.path);
    if (spec === undefined) return refuse(trace, 404, 'not_found', 'No such tracking route.', {});
    trace.route = spec.name;
    const origin = input.header('origin');
    const vary: Record<string, string> = { vary: 'Origin' };
    // Before anything that costs: another site's page never gets an upstream call or a quota unit.
    if (!siteAllowed(input, origin)) {
      return refuse(trace, 403, 'cross_site', 'Requests from other sites are not accepted here.', vary);
    }
    if (input.method === 'OPTIONS' && corsOn) {
      return { status: 204, headers: { ...vary, allow, ...JSON_HEADERS, ...preflightHeaders(origin, allowedOrigins) }, body: null };
    }
    if (input.method !== 'GET') return refuse(trace, 405, 'method_not_allowed', `Only ${allow} is allowed here.`, { ...vary, allow });
    return forward(input, spec, trace, corsFor(origin));
  }

  const core: ProxyCore = (input) => {
    const started = Date.now();
    let output: ProxyOutput | undefined;
    try {
      const trace: Trace = { route: 'unknown', cache: 'none' };
      output = hitAtOnce(input, trace);
      if (output !== undefined) {
        logRequest(input, trace, output, 'info', started);
        return output;
      }
    } catch {
      // The full way below answers it, or says what failed.
    }
    return answerFully(input, started);
  };

  async function answerFully(input: ProxyInput, started: number): Promise<ProxyOutput> {
    const trace: Trace = { route: 'unknown', cache: 'none' };
    let output: ProxyOutput;
    let level: ProxyLogEntry['level'] = 'info';
    try {
      output = await route(input, trace);
    } catch (error) {
      if (error instanceof VisitorGone || input.signal.aborted) {
        trace.error = 'client_closed';
        // Nobody reads this answer; 499 names the case in the log, as nginx does.
        output = { status: 499, headers: {}, body: null };
      } else {
        level = 'error';
        output = refuse(trace, 500, 'proxy_error', 'The proxy failed unexpectedly.', {});
      }
    }
    if (output.status === 502) level = 'warn';
    logRequest(input, trace, output, level, started);
    return output;
  }

  function logRequest(input: ProxyInput, trace: Trace, output: ProxyOutput, level: ProxyLogEntry['level'], started: number): void {
    try {
      // Built member by member rather than with spreads, which cost a copy each on every request.
      const entry: Mutable<ProxyLogEntry> = {
        time: isoTime(started),
        level,
        method: input.method,
        route: trace.route,
        status: output.status,
        durationMs: Date.now() - started,
        cache: trace.cache,
      };
      if (trace.upstreamStatus !== undefined) entry.upstreamStatus = trace.upstreamStatus;
      if (trace.error !== undefined) entry.error = trace.error;
      if (trace.numberHash !== undefined) entry.numberHash = trace.numberHash;
      log(entry);
    } catch {
      // A broken logger must not turn an answer into a failure.
    }
  }

  const handler = async (request: Request, info?: ProxyRequestInfo): Promise<Response> => {
    const url = new URL(request.url);
    const output = await core({
      method: request.method,
      path: url.pathname,
      search: url.search,
      header: (name) => request.headers.get(name),
      // The Host the browser sent: Next.js rebuilds request.url from its own hostname setting,
      // so the URL may name another host than the one the page's Origin was compared against.
      host: info?.host ?? request.headers.get('host') ?? url.host,
      clientAddress: typeof info?.clientAddress === 'string' ? info.clientAddress : undefined,
      signal: request.signal,
    });
    const headers = new Headers(output.headers);
    if (output.body !== null) headers.set('content-length', String(output.body.byteLength));
    // A fresh copy per visitor: a runtime may transfer a Response body's buffer, and this one is shared.
    return new Response(output.body === null ? null : output.body.slice(), { status: output.status, headers });
  };
  const adoptDefaultLogger = (make: () => ProxyLogger): void => {
    if (loggerChosen) return;
    loggerChosen = true;
    log = make();
  };
  return Object.assign(handler, {
    [PROXY_CORE]: core,
    [PROXY_DEFAULT_LOGGER]: adoptDefaultLogger,
    [PROXY_BYTE_POOL]: bytePool,
  }) as TrackingProxyHandler;
}
