// The events the element fires itself, in its first load; the lookup's own are in events.ts.

/** What `trackingState` says: the phase of the element's lookup. */
export type TrackingPhase = 'idle' | 'loading' | 'waiting' | 'loaded' | 'failed';

/** Fired whenever `trackingState` changes, so that a framework binding can follow it. */
export class TrackerStateChangeEvent extends Event {
  static readonly eventName = 'tracker-state-change';
  constructor(readonly state: TrackingPhase) {
    super(TrackerStateChangeEvent.eventName, { bubbles: true, composed: true });
  }
  get detail(): { state: TrackingPhase } {
    return { state: this.state };
  }
}

/**
 * Fired when the element itself changed its number (`referenceNumber`, `awbNumber`): the visitor
 * sent another one from the form, or `sync-url` read it from the page's address. A number the page
 * sets is not announced: the page knows it.
 */
export class TrackerNumberChangeEvent extends Event {
  static readonly eventName = 'tracker-number-change';
  constructor(readonly number: string) {
    super(TrackerNumberChangeEvent.eventName, { bubbles: true, composed: true });
  }
  get detail(): { number: string } {
    return { number: this.number };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tracker-state-change': TrackerStateChangeEvent;
    'tracker-number-change': TrackerNumberChangeEvent;
  }
}
