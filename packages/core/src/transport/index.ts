export type { Outcome, OutcomeKind, Failure, FailureKind } from './outcome.js';
export { isRetryable, publicCode, FAILURE_KINDS } from './outcome.js';
export { askProxy, classify, fetchJson, DEFAULT_TIMEOUT_MS } from './proxy-client.js';
export { buildProxyUrl } from './proxy-url.js';
export type { ProxyRequestOptions } from './proxy-client.js';
export { parseRetryAfter, boundedWait } from './retry-after.js';
export { backoffDelay, MAX_AUTOMATIC_RETRIES } from './backoff.js';
export { isUsableUrl } from './usable-url.js';
export { isCrossOrigin } from './cross-origin.js';
