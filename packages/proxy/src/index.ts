export { createTrackingProxy } from './create-proxy.js';
export type { ProxyRequestInfo, TrackingProxyHandler } from './create-proxy.js';
export type { ProxyLimits, TrackingProxyOptions, TrackingRoutes } from './options.js';
export { DEFAULT_LIMITS, DEFAULT_ROUTES, DEFAULT_TIMEOUT_MS } from './options.js';
export { MemoryStore } from './stores/memory.js';
export type { MemoryStoreOptions } from './stores/memory.js';
export { CounterSpaceFull } from './stores/store.js';
export type { ProxyStore, WithinLimit } from './stores/store.js';
export { jsonLinesLogger } from './log.js';
export type { CacheOutcome, ProxyLogEntry, ProxyLogger } from './log.js';
export type { BudgetLimit } from './upstream/call-window.js';
export type {
  UpstreamAnswer,
  UpstreamErrorCode,
  UpstreamFailure,
  UpstreamRequest,
  UpstreamResult,
  UpstreamTransport,
} from './upstream/transport.js';
export type { FlightLease, SharedFlights } from './stores/flights.js';
export { bytePoolOf } from './primitives/byte-pool.js';
export type { BytePoolStats, CallByteShare, UpstreamBytes } from './primitives/byte-pool.js';
