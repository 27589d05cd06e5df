import type { Shipment } from './shipment.js';

// The two events the element itself fires (a change of state, of number) are in change-events.ts:
// the first load takes those, and these stay with the lookup's code.
export * from './change-events.js';

/** Fired when a shipment was looked up and normalized. */
export class TrackerLoadEvent extends Event {
  static readonly eventName = 'tracker-load';
  constructor(readonly shipment: Shipment) {
    super(TrackerLoadEvent.eventName, { bubbles: true, composed: true });
  }
  /** Mirrors the fields on `detail` for listeners written against CustomEvent. */
  get detail(): { shipment: Shipment } {
    return { shipment: this.shipment };
  }
}

/** Fired on each 202: the carrier is slow and the element will ask again at `retryAt`. */
export class TrackerPendingEvent extends Event {
  static readonly eventName = 'tracker-pending';
  constructor(
    readonly attempt: number,
    readonly retryAt: Date,
  ) {
    super(TrackerPendingEvent.eventName, { bubbles: true, composed: true });
  }
  get detail(): { attempt: number; retryAt: Date } {
    return { attempt: this.attempt, retryAt: this.retryAt };
  }
}

export interface TrackerErrorDetail {
  /** HTTP status of the proxy's answer; 0 when there was none (network error, timeout, configuration). */
  readonly status: number;
  /** The service's error slug when present (`insufficient_credits`, …), else the element's own kind. */
  readonly code: string;
  readonly message: string;
  /** Whether asking again could help. */
  readonly retryable: boolean;
  /** When the element will ask again by itself; absent when it will not. */
  readonly retryAt?: Date;
}

/** Fired on every failed answer, including those the element retries by itself. */
export class TrackerErrorEvent extends Event implements TrackerErrorDetail {
  static readonly eventName = 'tracker-error';
  constructor(readonly detail: TrackerErrorDetail) {
    super(TrackerErrorEvent.eventName, { bubbles: true, composed: true });
  }
  get status(): number {
    return this.detail.status;
  }
  get code(): string {
    return this.detail.code;
  }
  get message(): string {
    return this.detail.message;
  }
  get retryable(): boolean {
    return this.detail.retryable;
  }
  get retryAt(): Date | undefined {
    return this.detail.retryAt;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tracker-load': TrackerLoadEvent;
    'tracker-pending': TrackerPendingEvent;
    'tracker-error': TrackerErrorEvent;
  }
}
