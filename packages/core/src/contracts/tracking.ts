/**
 * A lookup's state, as its one owner keeps it (lookup/lookup-controller.ts), and what the element
 * asks of that owner: the element (first/element/tracker-element.ts) renders from these before and
 * after the controller's class arrives with the lookup's code, which the first load does not hold.
 */
import type { Milestone, Shipment } from '../model/shipment.js';
import type { Failure, Outcome } from './outcome.js';

/** One lookup: the proxy URL with its query, and the number as the visitor typed it. */
export interface LookupRequest {
  readonly url: string;
  readonly number: string;
}

/** The outcomes the controller waits out rather than ends on. */
export type WaitCause = Extract<Outcome, { kind: 'pending' | 'rate_limited' | 'server_error' | 'network_error' | 'timeout' | 'offline' }>;

/** Why the controller is waiting before it asks again. */
export interface Wait {
  /** The outcome being waited out. */
  readonly cause: WaitCause;
  /** 1-based count of answers of this kind so far (5xx, network errors and timeouts count together). */
  readonly attempt: number;
  /** Epoch ms of the next ask; absent for `offline` (it asks when the browser is back online). */
  readonly retryAt?: number;
}

/** What a re-ask brought that the visitor did not see before (../lookup/refresh.ts): said once by the live region. */
export interface News {
  /** The latest event that has happened (`actual`) and was not in the result shown before. */
  readonly event?: { readonly unit: string; readonly milestone: Milestone };
  /** The shipment's status changed. */
  readonly status: boolean;
}

/** Where a lookup is: `R` is what the controller keeps of the request (its own type holds the pending request's answer). */
export type TrackingState<R extends LookupRequest = LookupRequest> =
  | { readonly phase: 'idle' }
  | {
      readonly phase: 'loading';
      readonly request: R;
      readonly after?: Wait;
      /** In flight for `STILL_LOOKING_MS` or more: the visitor is told the service is still looking. */
      readonly slow?: boolean;
    }
  | { readonly phase: 'waiting'; readonly request: R; readonly wait: Wait }
  | {
      readonly phase: 'loaded';
      readonly request: R;
      readonly shipment: Shipment;
      /** What the latest re-ask that brought news brought: said once, kept until newer news. */
      readonly news?: News;
      /** The last re-ask failed: the result shown is the one before, and it is asked again at `retryAt`. */
      readonly stale?: { readonly attempt: number; readonly retryAt: number };
    }
  | { readonly phase: 'failed'; readonly request: R; readonly failure: Failure };

/** What the element asks of its lookup controller, the one owner of its lookups. */
export interface TrackingSession<L> {
  readonly state: TrackingState;
  /** The carrier or airline list, once wanted and loaded. */
  readonly list: L | undefined;
  /** Bumped by each new lookup (not by a retry or a poll of the same one). */
  readonly callId: number;
  /** Starts a new lookup; with `force` false, not when it is the current one. */
  track(request: LookupRequest, force?: boolean): void;
  /** Asks again for the last lookup, from a fresh start. */
  retry(): void;
  /** The visitor is about to choose from the list: it is needed now. */
  wantList(): void;
}

/** A product's reader of its carrier or airline list: undefined for a body that is not one. */
export type ListParser<T> = (body: unknown) => T | undefined;
