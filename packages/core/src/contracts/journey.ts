/**
 * What the shipment's journey says (view/journey.ts derives it): the facts every part of the view
 * reads, and the view model (view-model.ts) carries, rather than computing its own.
 */
import type { Milestone, Moment, Place, TimeKind } from '../model/shipment.js';

/** A time with how certain it is, and the event or place it comes from. */
export interface TimeFact {
  readonly time: Moment;
  readonly kind: TimeKind;
  readonly place?: Place;
  /** The event that says it; absent when a flight's own times or the document's arrival say it. */
  readonly milestone?: Milestone;
}

/**
 * What can be said of a route stop: it was (or will be) left, or reached; the cargo has been
 * there since a time and has not left (`there`, with the latest event there when it is not the
 * arrival); or only an event of another kind happened there (`event`, told by its own name).
 */
export type StopFact =
  | { readonly claim: 'departure' | 'arrival'; readonly fact: TimeFact }
  | { readonly claim: 'there'; readonly since: TimeFact; readonly latest?: Milestone }
  | { readonly claim: 'event'; readonly fact: TimeFact & { readonly milestone: Milestone } };

export interface Journey {
  /** Index of this journey's first event in the unit's history; the events before it are earlier use of the container. */
  readonly start: number;
  /** Index of the first event after the delivery; the history's length when not delivered. */
  readonly afterDelivery: number;
  /** One per route stop, in route order; undefined where nothing is known. */
  readonly stops: readonly (StopFact | undefined)[];
  /** The arrival: one value for the arrival box, the route list and the progress. */
  readonly arrival?: TimeFact;
  /** The delivery to the consignee, once it happened. */
  readonly delivery?: TimeFact;
  /** Index of the journey's latest actual event, up to the delivery; -1 before anything happened. */
  readonly latest: number;
  /** Index of the first expected event after it (none once delivered); -1 when none. */
  readonly next: number;
}
