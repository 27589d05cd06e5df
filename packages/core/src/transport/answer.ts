/**
 * Every way a proxy call can end, classified once, here, so that the controller
 * and the elements never look at status codes or headers.
 */
export type ProxyAnswer =
  /** 200 with a JSON body (not yet validated: that is the normalizer's job). */
  | { readonly kind: 'document'; readonly body: unknown }
  /** 200 whose body is not JSON. */
  | { readonly kind: 'malformed'; readonly reason: string }
  /** 202: accepted, the carrier is slow; ask again later. */
  | { readonly kind: 'pending'; readonly message?: string }
  /** 401: the proxy's key is missing, wrong or revoked. */
  | ({ readonly kind: 'unauthorized' } & ErrorBody)
  /** 402: no credits, or the monthly cap (`code` tells which). */
  | ({ readonly kind: 'payment-required'; readonly product?: string; readonly limit?: number; readonly resetsAt?: Date } & ErrorBody)
  /** 429: wait `retryAfterMs` (as the header said, unbounded; undefined when absent). */
  | ({ readonly kind: 'rate-limited'; readonly retryAfterMs?: number } & ErrorBody)
  /** 404 and the other 4xx: this number cannot be tracked as asked. */
  | ({ readonly kind: 'rejected'; readonly status: number } & ErrorBody)
  /** 5xx, including the proxy's own 502. */
  | ({ readonly kind: 'server-error'; readonly status: number } & ErrorBody)
  /** The request never got an HTTP answer (offline, DNS, CORS, reset). */
  | { readonly kind: 'network-error'; readonly message: string }
  /** No answer within the client timeout. */
  | { readonly kind: 'timeout'; readonly afterMs: number }
  /** Aborted by the caller (a newer lookup, or the element was removed). */
  | { readonly kind: 'aborted' };

/** The service's error body: `message` always, `error` (a slug) where a client can act on it. */
export interface ErrorBody {
  readonly message?: string;
  readonly code?: string;
}

export type ProxyAnswerKind = ProxyAnswer['kind'];
