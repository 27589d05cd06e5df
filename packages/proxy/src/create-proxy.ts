import { BytePool, PROXY_BYTE_POOL } from './primitives/byte-pool.js';
import { clientDigester } from './primitives/client-address.js';
import { jsonLinesLogger } from './log.js';
import type { ProxyLogger } from './log.js';
import { MemoryStore } from './stores/memory.js';
import { DEFAULT_LIMITS, DEFAULT_ROUTES, DEFAULT_TIMEOUT_MS } from './options.js';
import type { ProxyLimits, TrackingProxyOptions } from './options.js';
import { resolveRoutes } from './policies/lookup-key.js';
import { buildPipeline } from './policies/pipeline.js';
import type { ProxyInput } from './policies/policy.js';
import { fetchTransport } from './upstream/fetch.js';
import type { ProxyOutput } from './answer.js';

export type { ProxyInput } from './policies/policy.js';

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

/**
 * Builds the proxy handler. Configuration is checked here, once, so that a missing key or a
 * malformed base address stops the server at start-up rather than failing every request. What
 * a request passes, and in which order, is `buildPipeline`'s (policies/pipeline.ts).
 */
export function createTrackingProxy(options: TrackingProxyOptions): TrackingProxyHandler {
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
    throw new TypeError('createTrackingProxy: apiKey is required');
  }
  const apiKey = options.apiKey;
  const limits: ProxyLimits = { ...DEFAULT_LIMITS, ...options.limits };
  let log = options.logger ?? jsonLinesLogger;
  let loggerChosen = options.logger !== undefined;
  /** Bytes held for answers in motion, upstream bodies and answers being written; the Node adapter shares it. */
  const bytePool = new BytePool(limits.maxHeldBytes);
  const core: ProxyCore = buildPipeline({
    routes: resolveRoutes({ ...DEFAULT_ROUTES, ...options.routes }),
    corsOrigins: resolveOrigins('corsOrigins', options.corsOrigins),
    publicOrigins: resolveOrigins('publicOrigin', options.publicOrigin),
    store: options.store ?? new MemoryStore(),
    cacheTimes: {
      answerMs: limits.cacheTtlMs,
      carrierListMs: limits.carrierCacheTtlMs,
      pendingMs: limits.pendingCacheTtlMs,
      errorMs: limits.errorCacheTtlMs,
      failureMs: limits.failureCacheTtlMs,
    },
    maxValueLength: limits.maxValueLength,
    maxConcurrentLookups: limits.maxConcurrentLookups,
    upstreamBudget: limits.upstreamBudget,
    callsPerClient: limits.upstreamCallsPerClient,
    newNumbersPerClientPerHour: limits.newNumbersPerClientPerHour,
    trustedHeader: options.trustedProxyHeader?.toLowerCase(),
    digestClient: clientDigester(apiKey),
    base: resolveBase(options.baseUrl),
    apiKey,
    // Late-bound so that a test or an instrumentation library replacing globalThis.fetch is honoured.
    transport: options.transport ?? fetchTransport(options.fetch ?? ((input, init) => globalThis.fetch(input, init))),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBodyBytes: limits.maxBodyBytes,
    bytePool,
    logger: () => log,
  });

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
