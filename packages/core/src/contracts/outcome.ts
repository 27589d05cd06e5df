/**
 * Every way a lookup can end, named once. The transport produces it from the proxy's
 * answer; the controller adds the three endings only it can see (`still_pending`,
 * `display_unavailable`, and `unexpected_response` for a document the normalizer refused);
 * the `tracker-error` event, the notices and the live region read it. A failure's `kind`
 * is its public `code` (README, "Events") whenever the service sent no slug of its own.
 */
export type Outcome =
  /** 200 with a JSON body (not yet validated: that is the normalizer's job). */
  | { readonly kind: 'document'; readonly status: 200; readonly body: unknown }
  /** 202: accepted, the carrier is slow; ask again later. */
  | { readonly kind: 'pending'; readonly status: 202; readonly message?: string }
  /** Aborted by the caller (a newer lookup, or the element was removed): not an ending anyone sees. */
  | { readonly kind: 'aborted'; readonly status: 0 }
  | Failure;

/**
 * The failures, by public code, and whether asking again can help. The service's own
 * slug (`code`), when it sent one, still wins in the event: it may be more precise.
 */
const RETRYABLE = {
  /** 200 whose body is not JSON, or not a shipment document. */
  unexpected_response: true,
  /** 401: the proxy's key is missing, wrong or revoked. The visitor can do nothing. */
  unauthorized: false,
  /** 402 `insufficient_credits`, or a 402 without a slug we know. */
  insufficient_credits: false,
  /** 402 `usage_limit_reached`: the monthly cap. */
  usage_limit_reached: false,
  /** 404. */
  not_found: false,
  /** Another 4xx: this number cannot be tracked as asked. */
  rejected: false,
  /** 429: wait `retryAfterMs` (as the header said, unbounded; undefined when absent). */
  rate_limited: true,
  /** 5xx, including the proxy's own 502, and statuses outside the contract (1xx, 3xx). */
  server_error: true,
  /** The request never got an HTTP answer (DNS, CORS, reset) while the browser thinks it is online. */
  network_error: true,
  /** No HTTP answer, and the browser knows it is offline. */
  offline: true,
  /** No answer within the client timeout. */
  timeout: true,
  /** Still 202 after the last poll (the controller's). */
  still_pending: true,
  /** The 200 arrived, but the code that reads and shows it could not be downloaded (the controller's). */
  display_unavailable: true,
} as const satisfies Record<string, boolean>;

export type FailureKind = keyof typeof RETRYABLE;

/** What the failures carry beyond kind, status, slug and message. */
interface FailureExtras {
  readonly rate_limited: { readonly retryAfterMs?: number };
  readonly insufficient_credits: { readonly product?: string };
  readonly usage_limit_reached: { readonly product?: string; readonly limit?: number; readonly resetsAt?: Date };
}

export type Failure = {
  [K in FailureKind]: {
    readonly kind: K;
    /** HTTP status; 0 when there was none. */
    readonly status: number;
    /** The service's error slug, when it sent one. */
    readonly code?: string;
    /** The service's own message, or why the answer could not be used. */
    readonly message?: string;
  } & (K extends keyof FailureExtras ? FailureExtras[K] : unknown);
}[FailureKind];

export type OutcomeKind = Outcome['kind'];

/** Whether a "try again" (automatic or the visitor's) can help. */
export function isRetryable(kind: FailureKind): boolean {
  return RETRYABLE[kind];
}

/** The `code` of `tracker-error`: the service's slug when it sent one, else the outcome's own name. */
export function publicCode(failure: Failure): string {
  return failure.code ?? failure.kind;
}

/** Every failure kind, for documentation checks. */
export const FAILURE_KINDS = Object.keys(RETRYABLE) as readonly FailureKind[];
