/**
 * The air shipment document → the view model. The only module that knows the air document's
 * field names (see the contract's "Air" section); everything downstream sees `Shipment`.
 *
 * Rules where the contract is silent, chosen here (the ocean normalizer follows the same ones):
 * - Empty or blank strings count as absent. Required fields must be non-blank strings.
 * - An airport a field names but `airports` does not list is still shown, by its code alone
 *   (and its times then carry only the document's offset, no zone).
 * - A milestone is kept when it has a code or a description; one with neither is dropped.
 *   A kept milestone without a code has code `''` and `known: false`.
 * - A missing or unknown `kind` is not claimed to have happened: milestones read as `planned`,
 *   the ETA as `estimated`. A flight's or segment's missing `state` reads as `planned`.
 * - A flight without a flight number is skipped.
 * - A segment is kept when its path has at least two valid points, or when both its airports
 *   have a position (the map then draws the great-circle arc between them).
 * - With no `airline.prefix`, the carrier code is the AWB number's own prefix, so the element
 *   can still name the airline from the airline list.
 * - Route: origin, then the transfer airports (every airport a non-cancelled flight touches,
 *   in flight order, other than the origin and destination), then the destination. A missing
 *   origin/destination is taken from the first/last non-cancelled flight.
 * - Re-bookings: see `markSuperseded`.
 */
import type {
  Flight,
  FlightTimes,
  Leg,
  Milestone,
  NormalizeResult,
  Normalizer,
  Place,
  PlaceAt,
  PlaceRole,
  Position,
  Shipment,
} from '@cargo-trackers/core/internal/lazy';
import {
  field,
  LEG_STATES,
  mergeRouteStops,
  nonNegative,
  placeResolver,
  readArray,
  readArrivalAt,
  readCount,
  readEnum,
  readMilestoneHead,
  readMoment,
  readNumber,
  readObject,
  readPlaceList,
  readReportedPosition,
  readRequired,
  readSegmentHead,
  readStatus,
  readString,
  sortByTime,
  withoutUndefined,
} from '@cargo-trackers/core/internal/lazy';

export { parseAirlines } from './airline-list.js';
export type { Airline } from '../contracts/airline.js';
import { prefixOf } from '../first/awb-number.js';

/** Air statuses this version has words for. */
export const AIR_STATUSES = [
  'BOOKED',
  'RECEIVED',
  'DEPARTED',
  'IN_TRANSIT',
  'ARRIVED',
  'READY_FOR_PICKUP',
  'DELIVERED',
  'UNKNOWN',
] as const;
export type AirStatus = (typeof AIR_STATUSES)[number];

/** IATA Cargo-IMP status codes this version has words for. */
export const AIR_EVENT_CODES = ['BKD', 'RCS', 'MAN', 'DEP', 'ARR', 'RCF', 'NFD', 'AWD', 'DLV', 'TFD', 'DIS', 'CCD'] as const;
export type AirEventCode = (typeof AIR_EVENT_CODES)[number];

interface ReadFlight {
  readonly flight: Flight;
  readonly fromCode?: string;
  readonly toCode?: string;
}

/** Maps a `GET /v1/shipments/air` 200 body to the view model. Never throws. */
export const normalizeAir: Normalizer = (document: unknown): NormalizeResult => {
  const required = readRequired(document, 'awbNumber', 'milestones');
  if (!('body' in required)) return { ok: false, reason: required.reason };
  const { body, reference, status: statusCode, list: rawMilestones } = required;

  const { placeOf, placeAt } = placeResolver(readAirports(field(body, 'airports')));

  const flights: ReadFlight[] = [];
  for (const entry of readArray(field(body, 'flights')) ?? []) {
    const f = readFlight(entry, placeAt);
    if (f !== undefined) flights.push(f);
  }

  const milestones: Milestone[] = [];
  for (const entry of rawMilestones) {
    const m = readMilestone(entry, placeAt);
    if (m !== undefined) milestones.push(m);
  }

  const path = readObject(field(body, 'routePath'));
  const legs: Leg[] = [];
  for (const entry of readArray(field(path, 'segments')) ?? []) {
    const leg = readSegment(entry, placeAt);
    if (leg !== undefined) legs.push(leg);
  }

  const shipment: Shipment = withoutUndefined({
    product: 'air' as const,
    reference,
    referenceType: 'awb' as const,
    carrier: readAirline(field(body, 'airline'), reference),
    status: readStatus(statusCode, field(body, 'statusText'), AIR_STATUSES),
    updatedAt: readMoment(field(body, 'updatedAt')),
    eta: readArrivalAt(field(body, 'estimatedArrival'), placeAt, 'iata', 'estimated'),
    route: readRoute(readString(field(body, 'origin')), readString(field(body, 'destination')), flights, placeOf),
    vessels: [],
    flights: flights.map((f) => f.flight),
    units: [
      {
        id: reference,
        milestones: markSuperseded(
          sortByTime(milestones, (m) => m.time?.epochMs),
          flights,
        ),
      },
    ],
    pieces: readCount(field(body, 'pieces')),
    weightKg: nonNegative(readNumber(field(body, 'weightKg'))),
    legs,
    position: readAircraft(field(path, 'aircraft')),
  });
  return { ok: true, shipment };
};

function readAirline(value: unknown, reference: string): Shipment['carrier'] {
  const obj = readObject(value);
  const carrier = withoutUndefined({
    code: readString(field(obj, 'prefix')) ?? prefixOf(reference),
    iata: readString(field(obj, 'iata')),
    name: readString(field(obj, 'name')),
  });
  return Object.keys(carrier).length === 0 ? undefined : carrier;
}

function readAirports(value: unknown): Map<string, Place> {
  return readPlaceList(value, 'iata', (entry) => ({ city: readString(field(entry, 'city')) }));
}

function readTimes(value: unknown, timeZone: string | undefined): FlightTimes {
  const obj = readObject(value);
  return withoutUndefined({
    scheduled: readMoment(field(obj, 'scheduled'), timeZone, 'planned'),
    estimated: readMoment(field(obj, 'estimated'), timeZone, 'estimated'),
    actual: readMoment(field(obj, 'actual'), timeZone, 'actual'),
  });
}

function readFlight(value: unknown, placeAt: (code: unknown) => Place | undefined): ReadFlight | undefined {
  const obj = readObject(value);
  const flightNumber = readString(field(obj, 'flightNumber'));
  if (flightNumber === undefined) return undefined;
  const from = placeAt(field(obj, 'from'));
  const to = placeAt(field(obj, 'to'));
  return withoutUndefined({
    fromCode: from?.code,
    toCode: to?.code,
    flight: withoutUndefined({
      flightNumber,
      from,
      to,
      departure: readTimes(field(obj, 'departure'), from?.timeZone),
      arrival: readTimes(field(obj, 'arrival'), to?.timeZone),
      aircraftType: readString(field(obj, 'aircraftType')),
      state: readEnum(field(obj, 'state'), LEG_STATES) ?? 'planned',
    }),
  });
}

function readRoute(
  origin: string | undefined,
  destination: string | undefined,
  flights: readonly ReadFlight[],
  placeOf: (code: string) => Place,
) {
  const flown = flights.filter((f) => f.flight.state !== 'cancelled');
  const first = origin ?? flown[0]?.fromCode;
  const last = destination ?? flown[flown.length - 1]?.toCode;
  const entries: (readonly [string, PlaceRole])[] = [];
  if (first !== undefined) entries.push([first, 'origin']);
  for (const f of flown) {
    for (const code of [f.fromCode, f.toCode]) {
      if (code !== undefined && code !== first && code !== last) entries.push([code, 'transfer']);
    }
  }
  if (last !== undefined) entries.push([last, 'destination']);
  return mergeRouteStops(entries, placeOf);
}

function readMilestone(value: unknown, placeAt: PlaceAt): Milestone | undefined {
  const read = readMilestoneHead(value, placeAt, 'airport', AIR_EVENT_CODES);
  if (read === undefined) return undefined;
  const { head, entry } = read;
  return withoutUndefined({
    ...head,
    flightNumber: readString(field(entry, 'flightNumber')),
    pieces: readCount(field(entry, 'pieces')),
    weightKg: nonNegative(readNumber(field(entry, 'weightKg'))),
  });
}

/**
 * Marks the bookings and manifests that a re-booking replaced. Both stay in the history (the
 * contract says so); `superseded` lets the timeline show the old one as replaced.
 *
 * The rule: a BKD or MAN milestone for flight F is superseded when either
 * 1. `flights` lists F as `cancelled` (the entry for F departing from the milestone's airport
 *    when F is listed more than once), or
 * 2. a BKD or MAN later in the (time-ordered) history names a different flight G on the same
 *    sector, where a milestone's sector is the departure airport of its flight: the flight's
 *    `from` when `flights` lists it, else the milestone's own airport (bookings are recorded
 *    where the flight departs).
 * Milestones without a flight number are never superseded and never supersede. Because the
 * sector is the departure airport only, a re-routing (HKG→DXB replaced by HKG→FRA) counts as a
 * replacement, while the onward leg of a transfer (DXB→FRA after HKG→DXB) does not.
 */
function markSuperseded(milestones: readonly Milestone[], flights: readonly ReadFlight[]): Milestone[] {
  // One pass over the flights and two over the history: a document near the proxy's size cap
  // holds tens of thousands of milestones, so nothing here may compare every pair.
  const byNumber = new Map<string, ReadFlight[]>();
  for (const f of flights) {
    const same = byNumber.get(f.flight.flightNumber);
    if (same) same.push(f);
    else byNumber.set(f.flight.flightNumber, [f]);
  }
  const flightFor = (m: Milestone): ReadFlight | undefined => {
    const same = m.flightNumber === undefined ? undefined : byNumber.get(m.flightNumber);
    return same?.find((f) => f.fromCode !== undefined && f.fromCode === m.place?.code) ?? same?.[0];
  };
  const bookings = milestones.map((m) => {
    if ((m.code !== 'BKD' && m.code !== 'MAN') || m.flightNumber === undefined) return undefined;
    const f = flightFor(m);
    return { flight: m.flightNumber, sector: f?.fromCode ?? m.place?.code, cancelled: f?.flight.state === 'cancelled' };
  });
  // Walking back from the end: per sector, the flights booked later than the milestone at hand.
  // Two distinct flights are enough to know that one differs from any given flight.
  const laterFlights = new Map<string, Set<string>>();
  const replaced = new Array<boolean>(milestones.length).fill(false);
  for (let i = milestones.length - 1; i >= 0; i--) {
    const own = bookings[i];
    if (own === undefined) continue;
    const later = own.sector === undefined ? undefined : laterFlights.get(own.sector);
    replaced[i] = own.cancelled || (later !== undefined && (later.size > 1 || !later.has(own.flight)));
    if (own.sector === undefined) continue;
    if (later === undefined) laterFlights.set(own.sector, new Set([own.flight]));
    else if (later.size < 2) later.add(own.flight);
  }
  return milestones.map((m, i) => (replaced[i] ? { ...m, superseded: true } : m));
}

function readSegment(value: unknown, placeAt: PlaceAt): Leg | undefined {
  const read = readSegmentHead(value, placeAt);
  if (read === undefined) return undefined;
  const { head, entry } = read;
  return withoutUndefined({ ...head, mode: 'air', vehicle: readString(field(entry, 'flightNumber')) });
}

function readAircraft(value: unknown): Position | undefined {
  const read = readReportedPosition(value, 'headingDeg');
  if (read === undefined) return undefined;
  const { fix, entry } = read;
  return withoutUndefined({
    kind: 'aircraft' as const,
    ...fix,
    label: readString(field(entry, 'flightNumber')) ?? '',
    altitudeFt: readNumber(field(entry, 'altitudeFt')),
  });
}
