import type { ProxyLogger } from './log.js';
import type { ProxyStore } from './stores/store.js';
import type { BudgetLimit } from './upstream/call-window.js';
import type { UpstreamTransport } from './upstream/transport.js';

/** The paths the proxy answers on, one per upstream endpoint. */
export interface TrackingRoutes {
  /** Forwards to `GET {baseUrl}/v1/shipments/ocean`. Default `/api/tracking/ocean`. */
  readonly ocean: string;
  /** Forwards to `GET {baseUrl}/v1/shipments/air`. Default `/api/tracking/air`. */
  readonly air: string;
  /** Forwards to `GET {baseUrl}/v1/carriers/ocean`, without the key. Default `/api/tracking/carriers/ocean`. */
  readonly oceanCarriers: string;
  /** Forwards to `GET {baseUrl}/v1/carriers/air`, without the key. Default `/api/tracking/carriers/air`. */
  readonly airCarriers: string;
}

export interface ProxyLimits {
  /** Largest upstream body accepted, after decompression. Default 5 MiB; larger answers are a 502. */
  readonly maxBodyBytes: number;
  /**
   * How long a 200 shipment answer is served from the cache. Default 15 min, the elements' default
   * `refresh-interval`: a page left open then costs one upstream call per interval per number, for
   * all its visitors together (a test holds the two equal). 0 turns it off.
   */
  readonly cacheTtlMs: number;
  /** How long a 200 carrier list is served from the cache. Default 10 min. */
  readonly carrierCacheTtlMs: number;
  /** How long a 202 is served from the cache: the element's default `poll-interval`, 120 s. 0 turns it off. */
  readonly pendingCacheTtlMs: number;
  /** How long a shipment's 4xx (404, 401, 402; a 429 for its `Retry-After`, up to a minute) is served from the cache. Default 10 s. */
  readonly errorCacheTtlMs: number;
  /**
   * How long a shipment's 5xx, or the proxy's own 502, is served from the cache. Default 1 s: the
   * element's first automatic retry is answered from it, its later ones ask again.
   */
  readonly failureCacheTtlMs: number;
  /** Distinct numbers one client may look up per clock hour. Default 50; `Infinity` turns it off. */
  readonly newNumbersPerClientPerHour: number;
  /** Upstream shipment calls per sliding window, kept under the service's 100 per 20 s. Default 90 per 20 s. */
  readonly upstreamBudget: BudgetLimit;
  /**
   * Upstream shipment calls one client may cause per sliding window, repeats included. Default
   * 20 per 20 s: a share of the budget, so that one address cannot spend it all.
   */
  readonly upstreamCallsPerClient: BudgetLimit;
  /** Upstream shipment calls held open at once. Default 200; more are refused with 429. */
  readonly maxConcurrentLookups: number;
  /** Longest query value accepted (numbers are tens of characters). Default 256. */
  readonly maxValueLength: number;
  /**
   * Most bytes held at once for answers in motion: upstream bodies being read and answers queued
   * for visitors still reading them (a cached answer shared by many counts once). Past it a
   * visitor gets 429 `proxy_memory` with `Retry-After`. Default 64 MiB: a dozen answers of the
   * largest size (`maxBodyBytes`) at once, thousands of ordinary ones.
   */
  readonly maxHeldBytes: number;
}

export interface TrackingProxyOptions {
  /** The tracking service's origin, optionally with a path prefix, e.g. `https://api.example.com`. */
  readonly baseUrl: string;
  /** The secret key (`trk_…`). It only ever leaves in the Authorization header of shipment calls. */
  readonly apiKey: string;
  /** Whole-exchange limit per upstream call. Default 130 000 ms: the service holds a lookup up to 2 minutes. */
  readonly timeoutMs?: number;
  readonly routes?: Partial<TrackingRoutes>;
  readonly limits?: Partial<ProxyLimits>;
  /**
   * Other origins (`https://shop.example`) whose pages may use the proxy: they get CORS headers,
   * and their requests pass the cross-site check. Default none: CORS off, same-origin pages only.
   */
  readonly corsOrigins?: readonly string[];
  /**
   * The origin(s) visitors reach the proxy on (`https://shop.example`), for the cross-site check.
   * Default: an `Origin` is the proxy's own when its host equals the request's Host header. Set it
   * when a reverse proxy in front rewrites Host.
   */
  readonly publicOrigin?: string | readonly string[];
  /**
   * The header your own reverse proxy or platform sets to the client address
   * (`cf-connecting-ip`, `x-real-ip`, `x-forwarded-for`). Only name one that your edge
   * overwrites; otherwise visitors choose their own quota key.
   */
  readonly trustedProxyHeader?: string;
  /**
   * Receives one entry per request. Default: JSON lines on standard output, through
   * `createNodeJsonLogger()` (never blocking) once the proxy is given to `toNodeListener`, else
   * through `console.log`.
   */
  readonly logger?: ProxyLogger;
  /** Holds the cache apart from the quota and budget counters. Default: a `MemoryStore` per proxy. */
  readonly store?: ProxyStore;
  /** The fetch used for upstream calls. Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** What makes upstream calls; overrides `fetch`. On Node, `undiciTransport()` is faster. */
  readonly transport?: UpstreamTransport;
}

export const DEFAULT_ROUTES: TrackingRoutes = {
  ocean: '/api/tracking/ocean',
  air: '/api/tracking/air',
  oceanCarriers: '/api/tracking/carriers/ocean',
  airCarriers: '/api/tracking/carriers/air',
};

export const DEFAULT_LIMITS: ProxyLimits = {
  maxBodyBytes: 5 * 1024 * 1024,
  cacheTtlMs: 15 * 60_000,
  carrierCacheTtlMs: 600_000,
  pendingCacheTtlMs: 120_000,
  errorCacheTtlMs: 10_000,
  failureCacheTtlMs: 1_000,
  newNumbersPerClientPerHour: 50,
  upstreamBudget: { requests: 90, windowMs: 20_000 },
  upstreamCallsPerClient: { requests: 20, windowMs: 20_000 },
  maxConcurrentLookups: 200,
  maxValueLength: 256,
  maxHeldBytes: 64 * 1024 * 1024,
};

/** Slightly longer than the service's two-minute hold, as the service's own samples use. */
export const DEFAULT_TIMEOUT_MS = 130_000;
