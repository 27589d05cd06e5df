/**
 * The labelled view of a shipment: every word the page, the map and the screen reader say
 * about it, built here and nowhere else, so that a port reads the same in the route list,
 * on the map, in the map's text alternative and in the timeline.
 */
import type { Flight, Milestone, Place, PlaceRole, Product, Shipment, TrackedUnit } from '../model/shipment.js';
import type { Journey } from './journey.js';

/** A place with its one label. */
export interface PlaceView {
  readonly place: Place;
  /** What page, map and screen reader call it: "Rotterdam, Netherlands", "Dubai (DXB), United Arab Emirates". */
  readonly label: string;
  /** The same label without the country ("Rotterdam", "Dubai (DXB)"), for a map that must shorten it. */
  readonly shortLabel: string;
}

/** A stop of the route: the place and what it is for the shipment. */
export interface StopView {
  readonly place: PlaceView;
  readonly roles: readonly PlaceRole[];
  /** The roles in words, in order ("Origin", "Port of loading"). */
  readonly roleLabels: readonly string[];
}

/** The vessel or aircraft, in words; the age of the report is said at render time, from the clock. */
export interface VehicleView {
  /** "Vessel" or "Aircraft". */
  readonly kind: string;
  /** Vessel name or flight number. */
  readonly name: string;
  /** Where it is, in the route's place names ("Singapore", "Rotterdam"); coordinates say nothing to most people. */
  readonly where?: { readonly near: string } | { readonly from: string; readonly to: string };
  /** Speed, course and altitude as far as known, each formatted in the locale. */
  readonly details: readonly string[];
}

export interface MilestoneView {
  readonly milestone: Milestone;
  /** Our words for a known event code, else the document's. */
  readonly title: string;
  /** The document's own description, when it says more than the title. */
  readonly detail?: string;
  readonly place?: PlaceView;
  /** Vehicle, voyage, empty, pieces, weight, superseded: as far as the event says. */
  readonly facts: readonly string[];
}

export interface UnitView {
  readonly unit: TrackedUnit;
  readonly heading: string;
  /** The container's size and type as the document gives it ("40' High Cube Dry", else its ISO code). */
  readonly type?: string;
  /** The container's own status in words, when the document gives one. */
  readonly status?: string;
  readonly milestones: readonly MilestoneView[];
  /** This shipment's journey in the unit's history: its stops' times, the arrival, the delivery. */
  readonly journey: Journey;
}

export interface FlightView {
  readonly flight: Flight;
  /** "HKG → DXB" in words, with the airports' labels. */
  readonly route: string;
}

/**
 * What the map draws: the geometry (from the normalized shipment) and the labels the page uses.
 * Kept apart from the rest of the view so that it stays the same object while only words the
 * map does not show change (the carrier's name arriving with the list).
 */
export interface MapView {
  /** The route, legs and position to draw. */
  readonly shipment: Shipment;
  /** Every labelled place, by code: route stops, leg ends, milestone places, flight airports. */
  readonly places: ReadonlyMap<string, PlaceView>;
  readonly route: readonly StopView[];
  readonly vehicle?: VehicleView;
  /** The text alternative's route sentence, from the same labels; empty without a route. */
  readonly routeSentence: string;
}

/** Something that went wrong on the way, in words, with the leg or place it concerns. */
export interface ExceptionView {
  readonly kind: 'cancelled' | 'rebooked' | 'hold' | 'discrepancy' | 'delayed';
  /** `danger` when the journey stops with no way on known (a cancelled leg), else `warning`. */
  readonly tone: 'warning' | 'danger';
  /** A few words for beside the status ("Flight cancelled"). */
  readonly short: string;
  /** The sentence the banner and the live region say. */
  readonly text: string;
  /** What happens next, where the sentence does not say it ("Next: Customs released, 21 Nov 2026"). */
  readonly next?: string;
  /** The affected leg ("QR8325: Doha (DOH), Qatar → London (LHR), United Kingdom") or place. */
  readonly leg?: string;
}

/** The labelled view of one shipment in one language. */
export interface ShipmentView {
  readonly shipment: Shipment;
  readonly product: Product;
  /** The status in words: the document's, whatever went wrong on the way. */
  readonly status: string;
  /** The tone of the most pressing exception, which the status badge takes; absent when none. */
  readonly tone?: ExceptionView['tone'];
  /** The carrier's or airline's name (the document's, else the open list's), else its code. */
  readonly carrier?: string;
  /** What went wrong, most pressing first; empty when nothing did. */
  readonly exceptions: readonly ExceptionView[];
  /** The status sentence (and the exceptions) the live region says once the shipment is shown. */
  readonly announcement: string;
  /** Where the shipment arrives (the arrival's place, labelled). */
  readonly etaPlace?: PlaceView;
  /** The journey of the first unit, or of the route alone when there is none: what the status and exceptions go by. */
  readonly journey: Journey;
  readonly units: readonly UnitView[];
  readonly flights: readonly FlightView[];
  readonly map: MapView;
}
