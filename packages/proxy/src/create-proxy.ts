import { fingerprint, fromBase64, includesBytes, toBase64 } from './bytes.js';
import { admitNumber } from './client-quota.js';
import { clientKey } from './client-address.js';
import { corsHeaders, preflightHeaders } from './cors.js';
import { jsonLinesLogger } from './log.js';
import type { CacheOutcome, ProxyLogEntry } from './log.js';
import { MemoryStore } from './memory-store.js';
import { DEFAULT_LIMITS, DEFAULT_ROUTES, DEFAULT_TIMEOUT_MS } from './options.js';
import type { ProxyLimits, TrackingProxyOptions, TrackingRoutes } from './options.js';
import { encodeUpstreamQuery, parseQuery } from './query.js';
import { retryAfterSeconds } from './retry-after.js';
import { SharedCalls, VisitorGone } from './shared-calls.js';
import { callUpstream, upstreamFailure } from './upstream.js';
import type { UpstreamAnswer, UpstreamResult } from './upstream.js';
import { returnUpstreamCall, takeUpstreamCall } from './upstream-budget.js';

/** What a platform adapter knows about the request beyond the Request itself. */
export interface ProxyRequestInfo {
  /** The peer address of the socket; the Node adapter fills it in. */
  readonly clientAddress?: string;
}

/** The whole proxy: one Fetch-API function, so it runs unchanged on Node, Workers, Next.js and Deno. */
export type TrackingProxyHandler = (request: Request, info?: ProxyRequestInfo) => Promise<Response>;

type RouteName = keyof TrackingRoutes;

interface RouteSpec {
  readonly name: RouteName;
  readonly upstreamPath: string;
  /** The query parameters forwarded, in this order; nothing else is. */
  readonly params: readonly string[];
  /** The parameter that names the shipment; absent on the open carrier lists. */
  readonly numberParam?: string;
}

const SPECS: readonly RouteSpec[] = [
  { name: 'ocean', upstreamPath: '/v1/shipments/ocean', params: ['referenceNumber', 'carrierCode', 'routeDetails'], numberParam: 'referenceNumber' },
  { name: 'air', upstreamPath: '/v1/shipments/air', params: ['number', 'routePath'], numberParam: 'number' },
  { name: 'oceanCarriers', upstreamPath: '/v1/carriers/ocean', params: [] },
  { name: 'airCarriers', upstreamPath: '/v1/carriers/air', params: [] },
];

/** How long a client is told to wait when every lookup slot is taken: lookups last seconds to minutes. */
const BUSY_RETRY_MS = 10_000;

/** The proxy's own refusals and failures, in the service's error body shape. */
function errorResponse(status: number, error: string, message: string, headers: Record<string, string> = {}): Response {
  const body = new TextEncoder().encode(JSON.stringify({ message, error }));
  return new Response(body, {
    status,
    headers: {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.byteLength),
      'cache-control': 'no-store',
    },
  });
}

function answerResponse(answer: UpstreamAnswer, headers: Record<string, string>): Response {
  const out = new Headers(headers);
  if (answer.contentType !== null) out.set('content-type', answer.contentType);
  if (answer.retryAfter !== null) out.set('retry-after', answer.retryAfter);
  const nullBody = answer.status === 204 || answer.status === 205;
  if (!nullBody) out.set('content-length', String(answer.body.byteLength));
  // A fresh copy per visitor: answers shared between waiters must not share a buffer that a runtime may transfer.
  return new Response(nullBody ? null : answer.body.slice(), { status: answer.status, headers: out });
}

interface CachedAnswer {
  readonly contentType: string | null;
  readonly body: string;
}

function encodeCached(answer: UpstreamAnswer): string {
  return JSON.stringify({ contentType: answer.contentType, body: toBase64(answer.body) } satisfies CachedAnswer);
}

function decodeCached(text: string): UpstreamAnswer | undefined {
  try {
    const cached = JSON.parse(text) as CachedAnswer;
    return { kind: 'answer', status: 200, contentType: cached.contentType, retryAfter: null, body: fromBase64(cached.body) };
  } catch {
    return undefined;
  }
}

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

/**
 * Builds the proxy handler. Configuration is checked here, once, so that a missing key or a
 * malformed base address stops the server at start-up rather than failing every request.
 */
export function createTrackingProxy(options: TrackingProxyOptions): TrackingProxyHandler {
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
    throw new TypeError('createTrackingProxy: apiKey is required');
  }
  const apiKey = options.apiKey;
  const keyBytes = new TextEncoder().encode(apiKey);
  const base = resolveBase(options.baseUrl);
  const routes = resolveRoutes(options.routes);
  const limits: ProxyLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowedOrigins = new Set(options.corsOrigins ?? []);
  const corsOn = allowedOrigins.size > 0;
  const allow = corsOn ? 'GET, OPTIONS' : 'GET';
  const trustedHeader = options.trustedProxyHeader?.toLowerCase();
  const log = options.logger ?? jsonLinesLogger;
  const store = options.store ?? new MemoryStore();
  // Late-bound so that a test or an instrumentation library replacing globalThis.fetch is honoured.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const lookups = new SharedCalls<UpstreamResult>();
  const carrierLists = new SharedCalls<UpstreamResult>();

  /** Everything the log line needs that only the route handling learns. */
  interface Trace {
    route: string;
    cache: CacheOutcome;
    upstreamStatus?: number;
    error?: string;
    numberHash?: string;
  }

  function keyEchoed(answer: UpstreamAnswer): boolean {
    return (
      includesBytes(answer.body, keyBytes) ||
      (answer.contentType?.includes(apiKey) ?? false) ||
      (answer.retryAfter?.includes(apiKey) ?? false)
    );
  }

  /** The upstream call behind one shared lookup; caches a 200 before the call stops being shared. */
  async function fetchAndCache(
    spec: RouteSpec,
    query: string,
    headers: Headers,
    cacheKey: string,
    signal: AbortSignal,
  ): Promise<UpstreamResult> {
    const url = `${base}${spec.upstreamPath}${query === '' ? '' : `?${query}`}`;
    let result = await callUpstream({ url, headers, fetch: doFetch, timeoutMs, maxBodyBytes: limits.maxBodyBytes, signal });
    if (result.kind === 'answer' && (result.status < 200 || result.status > 599)) result = upstreamFailure('upstream_incomplete');
    if (result.kind === 'answer' && keyEchoed(result)) result = upstreamFailure('upstream_key_echo');
    const ttl = spec.numberParam === undefined ? limits.carrierCacheTtlMs : limits.cacheTtlMs;
    // Only a finished 200 is worth keeping: a 202 means "ask again", and errors are not billed, so a retry is free.
    if (result.kind === 'answer' && result.status === 200 && ttl > 0) {
      await store.set(cacheKey, encodeCached(result), ttl).catch(() => {});
    }
    return result;
  }

  /** `publicMaxAgeS`: how long browsers and CDNs may keep a 200 (the open carrier lists); nothing else is kept. */
  function respond(result: UpstreamResult, trace: Trace, headers: Record<string, string>, publicMaxAgeS?: number): Response {
    if (result.kind === 'failure') {
      trace.error = result.error;
      return errorResponse(502, result.error, result.message, headers);
    }
    if (trace.cache !== 'hit') trace.upstreamStatus = result.status;
    const cacheControl = publicMaxAgeS !== undefined && result.status === 200 ? `public, max-age=${publicMaxAgeS}` : 'no-store';
    return answerResponse(result, { ...headers, 'cache-control': cacheControl });
  }

  async function forward(request: Request, url: URL, spec: RouteSpec, info: ProxyRequestInfo | undefined, trace: Trace, cors: Record<string, string>): Promise<Response> {
    const { values, duplicated } = parseQuery(url.search);
    const pairs: Array<[string, string]> = [];
    for (const name of spec.params) {
      if (duplicated.has(name)) {
        trace.error = 'duplicate_parameter';
        return errorResponse(400, 'duplicate_parameter', `The query parameter ${name} appears more than once.`, cors);
      }
      const value = values.get(name);
      if (value === undefined) continue;
      if (value.length > limits.maxValueLength) {
        trace.error = 'value_too_long';
        return errorResponse(400, 'value_too_long', `The query parameter ${name} is longer than ${limits.maxValueLength} characters.`, cors);
      }
      pairs.push([name, value]);
    }
    const number = spec.numberParam === undefined ? undefined : values.get(spec.numberParam);
    if (spec.numberParam !== undefined && (number === undefined || number === '')) {
      trace.error = 'missing_number';
      return errorResponse(400, 'missing_number', `The query parameter ${spec.numberParam} is required.`, cors);
    }
    const query = encodeUpstreamQuery(pairs);
    const headers = new Headers({ accept: request.headers.get('accept') ?? 'application/json' });
    const language = request.headers.get('accept-language');
    if (language !== null) headers.set('accept-language', language);
    // The key is the upstream request itself, not a hash of it: a crafted number must not be able to collide with another.
    const cacheKey = `answer:${spec.name}\n${query}\n${headers.get('accept')}\n${language ?? ''}`;
    // An upstream error on an open list (a 429 for the proxy's shared address) must not be kept for minutes.
    const publicMaxAgeS = spec.numberParam === undefined ? Math.floor(limits.carrierCacheTtlMs / 1000) : undefined;
    const out = (cache: CacheOutcome) => ({ ...cors, 'x-proxy-cache': cache });

    if (number !== undefined) trace.numberHash = fingerprint(number);
    const cachedText = await store.get(cacheKey).catch(() => undefined);
    const cached = cachedText === undefined ? undefined : decodeCached(cachedText);
    if (cached !== undefined) {
      trace.cache = 'hit';
      return respond(cached, trace, out('hit'), publicMaxAgeS);
    }

    const calls = number === undefined ? carrierLists : lookups;
    const join = async (): Promise<Response | undefined> => {
      const shared = calls.join(cacheKey, request.signal);
      if (shared === undefined) return undefined;
      trace.cache = 'shared';
      return respond(await shared, trace, out('shared'), publicMaxAgeS);
    };
    const joined = await join();
    if (joined !== undefined) return joined;

    let budgetTakenAt: number | undefined;
    if (number !== undefined && trace.numberHash !== undefined) {
      if (lookups.size >= limits.maxConcurrentLookups) {
        trace.error = 'proxy_busy';
        return errorResponse(429, 'proxy_busy', 'Too many lookups are in progress; try again shortly.', { ...cors, 'retry-after': retryAfterSeconds(BUSY_RETRY_MS) });
      }
      const client = clientKey(request, typeof info?.clientAddress === 'string' ? info.clientAddress : undefined, trustedHeader);
      const quota = await admitNumber(store, client, trace.numberHash, limits.newNumbersPerClientPerHour, Date.now());
      if (!quota.ok) {
        trace.error = 'client_quota';
        return errorResponse(429, 'client_quota', 'Too many different numbers from this address; try again later.', { ...cors, 'retry-after': retryAfterSeconds(quota.retryAfterMs) });
      }
      budgetTakenAt = Date.now();
      const budget = await takeUpstreamCall(store, limits.upstreamBudget, budgetTakenAt);
      if (!budget.ok) {
        trace.error = 'upstream_budget';
        return errorResponse(429, 'upstream_budget', 'The tracking budget for this moment is used up; try again shortly.', { ...cors, 'retry-after': retryAfterSeconds(budget.retryAfterMs) });
      }
      headers.set('authorization', `Bearer ${apiKey}`);
    }
    // The awaits above let another visitor start the same call meanwhile; joining it needs no
    // upstream call of our own, so the unit taken from the budget goes back.
    const late = await join();
    if (late !== undefined) {
      if (budgetTakenAt !== undefined) await returnUpstreamCall(store, limits.upstreamBudget, budgetTakenAt).catch(() => {});
      return late;
    }
    trace.cache = 'miss';
    const result = await calls.start(cacheKey, request.signal, (signal) => fetchAndCache(spec, query, headers, cacheKey, signal));
    return respond(result, trace, out('miss'), publicMaxAgeS);
  }

  async function route(request: Request, info: ProxyRequestInfo | undefined, trace: Trace): Promise<Response> {
    const url = new URL(request.url);
    const spec = routes.get(url.pathname);
    if (spec === undefined) {
      trace.error = 'not_found';
      return errorResponse(404, 'not_found', 'No such tracking route.');
    }
    trace.route = spec.name;
    const origin = request.headers.get('origin');
    const vary: Record<string, string> = corsOn ? { vary: 'Origin' } : {};
    if (request.method === 'OPTIONS' && corsOn) {
      return new Response(null, { status: 204, headers: { ...vary, allow, ...preflightHeaders(origin, allowedOrigins) } });
    }
    if (request.method !== 'GET') {
      trace.error = 'method_not_allowed';
      return errorResponse(405, 'method_not_allowed', `Only ${allow} is allowed here.`, { ...vary, allow });
    }
    return forward(request, url, spec, info, trace, { ...vary, ...corsHeaders(origin, allowedOrigins) });
  }

  return async function handleTrackingRequest(request: Request, info?: ProxyRequestInfo): Promise<Response> {
    const started = Date.now();
    const trace: Trace = { route: 'unknown', cache: 'none' };
    let response: Response;
    let level: ProxyLogEntry['level'] = 'info';
    try {
      response = await route(request, info, trace);
    } catch (error) {
      if (error instanceof VisitorGone || request.signal.aborted) {
        trace.error = 'client_closed';
        // Nobody reads this answer; 499 names the case in the log, as nginx does.
        response = new Response(null, { status: 499 });
      } else {
        level = 'error';
        trace.error = 'proxy_error';
        response = errorResponse(500, 'proxy_error', 'The proxy failed unexpectedly.');
      }
    }
    if (response.status === 502) level = 'warn';
    try {
      log({
        time: new Date(started).toISOString(),
        level,
        method: request.method,
        route: trace.route,
        status: response.status,
        durationMs: Date.now() - started,
        cache: trace.cache,
        ...(trace.upstreamStatus === undefined ? {} : { upstreamStatus: trace.upstreamStatus }),
        ...(trace.error === undefined ? {} : { error: trace.error }),
        ...(trace.numberHash === undefined ? {} : { numberHash: trace.numberHash }),
      });
    } catch {
      // A broken logger must not turn an answer into a failure.
    }
    return response;
  };
}
