/**
 * The view model: what both elements, the timeline and the map render.
 *
 * Only the normalizers (`ocean-normalizer.ts`, `air-normalizer.ts`) know the
 * upstream document's field names; everything downstream sees these types,
 * which the normalizer has already validated. Optional fields are optional
 * because the service may omit them, never because they might be malformed.
 */

/** How certain a time is: it happened, the carrier expects it, or it is scheduled. */
export type TimeKind = 'actual' | 'estimated' | 'planned';

/** A point in time as the document gave it, with the place's zone when known. */
export interface Moment {
  /** The ISO 8601 text from the document, with its offset. */
  readonly iso: string;
  /** Milliseconds since the epoch. */
  readonly epochMs: number;
  /** Offset from UTC in minutes that the document wrote (`+08:00` → 480). */
  readonly offsetMinutes: number;
  /** IANA zone of the place, when the document names one; else the offset is shown. */
  readonly timeZone?: string;
  /**
   * An expected day rather than an hour: an estimated or planned time at local midnight
   * (`T00:00`), which is how carriers write a date they have no hour for. Shown as a date only.
   */
  readonly dateOnly?: true;
}

/** A latitude/longitude pair in degrees (Leaflet's order, not GeoJSON's). */
export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

/** The role a place plays on the route. */
export type PlaceRole = 'origin' | 'loading' | 'transshipment' | 'discharge' | 'destination' | 'transfer';

/** A port, inland place or airport. */
export interface Place {
  /** UN/LOCODE (ocean) or IATA airport code (air). */
  readonly code: string;
  /** Display name (port name, or airport name for air). */
  readonly name?: string;
  /** City, for airports. */
  readonly city?: string;
  /** ISO 3166 alpha-2 country code. */
  readonly country?: string;
  /** IANA time zone. */
  readonly timeZone?: string;
  /** Where it is; absent when the document has no valid coordinates. */
  readonly position?: LatLng;
  /** Terminal name, for ports. */
  readonly terminal?: string;
}

/** A place on the route in route order, with what it is for this shipment. */
export interface RouteStop {
  readonly place: Place;
  readonly roles: readonly PlaceRole[];
}

/** A status as the service gave it. `known` is false for a code this version does not know. */
export interface Status {
  readonly code: string;
  /** The document's own text for it (statusText / description), when given. */
  readonly text?: string;
  readonly known: boolean;
}

/** One event in a container's or air waybill's history. */
export interface Milestone {
  /** Event code (DCSA-style for ocean, Cargo-IMP for air), as given. */
  readonly code: string;
  /** True when this version has words for the code; else `description` is what is shown. */
  readonly known: boolean;
  /** The document's text for the event. */
  readonly description?: string;
  readonly kind: TimeKind;
  readonly time?: Moment;
  readonly place?: Place;
  /** Terminal or depot. */
  readonly facility?: string;
  /** Transport at that step: vessel, feeder, barge, rail, truck, or air. */
  readonly mode?: string;
  /** Vessel name for ocean steps (or the IMO when the vessel is not listed). */
  readonly vessel?: string;
  readonly voyage?: string;
  readonly flightNumber?: string;
  readonly empty?: boolean;
  readonly pieces?: number;
  readonly weightKg?: number;
  /** A booking or manifest that a later re-booking replaced (air). */
  readonly superseded?: boolean;
}

/** A container (ocean) or the air waybill itself (air): something with its own history. */
export interface TrackedUnit {
  /** Container number, or the AWB number for air. */
  readonly id: string;
  /** Size and type text, e.g. "40' High Cube Dry". */
  readonly description?: string;
  /** ISO 6346 size-type code, e.g. 45G1. */
  readonly isoCode?: string;
  readonly status?: Status;
  /** In time order. */
  readonly milestones: readonly Milestone[];
}

export interface Vessel {
  readonly name: string;
  readonly imo?: string;
  readonly flag?: string;
  /** Voyages this vessel sails for the shipment, in route order. */
  readonly voyages: readonly string[];
}

export interface FlightTimes {
  readonly scheduled?: Moment;
  readonly estimated?: Moment;
  readonly actual?: Moment;
}

export type LegState = 'completed' | 'current' | 'planned' | 'cancelled';

export interface Flight {
  readonly flightNumber: string;
  readonly from?: Place;
  readonly to?: Place;
  readonly departure: FlightTimes;
  readonly arrival: FlightTimes;
  readonly aircraftType?: string;
  readonly state: LegState;
}

/** One leg of the route for the map. */
export interface Leg {
  readonly from?: Place;
  readonly to?: Place;
  readonly mode: string;
  readonly state: LegState;
  /** The drawn line, in document order, longitudes as given (the map unwraps them). */
  readonly path: readonly LatLng[];
  /** Vessel name or flight number. */
  readonly vehicle?: string;
  readonly voyage?: string;
}

/** The live position of the vessel or aircraft carrying the shipment. */
export interface Position extends LatLng {
  readonly kind: 'vessel' | 'aircraft';
  /** Vessel name or flight number. */
  readonly label: string;
  readonly headingDeg?: number;
  readonly speedKnots?: number;
  readonly altitudeFt?: number;
  readonly reportedAt?: Moment;
}

export interface Arrival {
  readonly time: Moment;
  readonly kind: TimeKind;
  readonly place?: Place;
}

export type Product = 'ocean' | 'air';

export type ReferenceType = 'container' | 'bill_of_lading' | 'booking' | 'awb';

/** A tracked shipment, the same shape for ocean and air. */
export interface Shipment {
  readonly product: Product;
  /** The number that was looked up, as the service echoed it. */
  readonly reference: string;
  readonly referenceType?: ReferenceType;
  /** Ocean carrier (SCAC-style code) or airline (3-digit prefix as code). */
  readonly carrier?: { readonly code?: string; readonly name?: string; readonly iata?: string };
  readonly status: Status;
  /** When the service last refreshed the data from the carrier. */
  readonly updatedAt?: Moment;
  readonly eta?: Arrival;
  /** The first ETA the carrier gave, to show a delay. */
  readonly originalEta?: Arrival;
  /** Route in order: origin, loading, transshipments, discharge, destination (or airports). */
  readonly route: readonly RouteStop[];
  readonly vessels: readonly Vessel[];
  readonly flights: readonly Flight[];
  /** Containers (ocean, possibly empty) or the single waybill (air). */
  readonly units: readonly TrackedUnit[];
  readonly pieces?: number;
  readonly weightKg?: number;
  /** Route geometry for the map; empty when the document carried none. */
  readonly legs: readonly Leg[];
  readonly position?: Position;
}

/** A normalizer's answer: the view model, or why the document cannot be shown. */
export type NormalizeResult = { readonly ok: true; readonly shipment: Shipment } | { readonly ok: false; readonly reason: string };

/** Maps an upstream 200 body (already JSON-parsed) to the view model. */
export type Normalizer = (body: unknown) => NormalizeResult;
