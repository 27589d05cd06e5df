/**
 * The shapes the ocean and air documents share, read once for both normalizers: a list of places,
 * an arrival, a milestone's head, a segment of the route, a reported position. Where the two
 * documents spell a field differently (a place is a `locode` or an `iata` code), the normalizer
 * passes its spelling; every field only one product has stays in that product's normalizer.
 */
import type { Arrival, LatLng, LegState, Milestone, Moment, Place, TimeKind } from './shipment.js';
import { field, isObject, readArray, readEnum, readObject, readString, withoutUndefined, type JsonObject } from './read-basics.js';
import {
  LEG_STATES,
  readLatLng,
  readLineString,
  readMoment,
  readNumberIn,
  readTimeZone,
  requiredList,
  requiredText,
  TIME_KINDS,
  type Refusal,
} from './read.js';

/** What a document must have to be shown at all: see `readRequired`. */
export interface RequiredFields {
  readonly body: JsonObject;
  readonly reference: string;
  readonly status: string;
  readonly list: readonly unknown[];
}

/**
 * The fields without which a document cannot be shown: an object with its reference (under
 * `referenceKey`), its status and its main list (under `listKey`, which may be empty); else why not.
 */
export function readRequired(body: unknown, referenceKey: string, listKey: string): RequiredFields | Refusal {
  if (!isObject(body)) return { reason: 'the response is not an object' };
  const reference = requiredText(body, referenceKey);
  if (typeof reference !== 'string') return reference;
  const status = requiredText(body, 'status');
  if (typeof status !== 'string') return status;
  const list = requiredList(body, listKey);
  if (!Array.isArray(list)) return list as Refusal;
  return { body, reference, status, list };
}

/** Looks a place up by the code a field holds (see `placeResolver`). */
export type PlaceAt = (code: unknown) => Place | undefined;

/**
 * The document's list of places by code, each with what both products give it; `more` reads the
 * fields one product adds (an ocean terminal, an airport's city). The first entry of a code wins
 * if a document lists it twice; an entry without a code is skipped.
 */
export function readPlaceList(
  value: unknown,
  codeKey: string,
  more: (entry: JsonObject | undefined) => Partial<Place>,
): Map<string, Place> {
  const places = new Map<string, Place>();
  for (const entry of readArray(value) ?? []) {
    const obj = readObject(entry);
    const code = readString(field(obj, codeKey));
    if (code === undefined || places.has(code)) continue;
    places.set(
      code,
      withoutUndefined({
        code,
        name: readString(field(obj, 'name')),
        country: readString(field(obj, 'country')),
        timeZone: readTimeZone(field(obj, 'timezone')),
        position: readLatLng(field(obj, 'lat'), field(obj, 'lon')),
        ...more(obj),
      }),
    );
  }
  return places;
}

/** An arrival (`time`, `kind`, the place under `placeKey`), or nothing without a valid time. */
export function readArrivalAt(value: unknown, placeAt: PlaceAt, placeKey: string, defaultKind: TimeKind): Arrival | undefined {
  const obj = readObject(value);
  const place = placeAt(field(obj, placeKey));
  const kind = readEnum(field(obj, 'kind'), TIME_KINDS) ?? defaultKind;
  const time = readMoment(field(obj, 'time'), place?.timeZone, kind);
  if (time === undefined) return undefined;
  return place === undefined ? { time, kind } : { time, kind, place };
}

/** What every milestone has, whichever product: see `readMilestoneHead`. */
export type MilestoneHead = Pick<Milestone, 'code' | 'known' | 'description' | 'kind' | 'time' | 'place'>;

/**
 * A milestone's code, description, kind, time and place (under `placeKey`), with the entry for the
 * product's own fields. Kept only with a code or a description (something says what happened);
 * without a code it has code `''` and `known: false`. A missing or unknown kind reads as planned:
 * the document does not claim it happened.
 */
export function readMilestoneHead(
  value: unknown,
  placeAt: PlaceAt,
  placeKey: string,
  knownCodes: readonly string[],
): { readonly head: MilestoneHead; readonly entry: JsonObject } | undefined {
  const entry = readObject(value);
  if (entry === undefined) return undefined;
  const code = readString(field(entry, 'code'));
  const description = readString(field(entry, 'description'));
  if (code === undefined && description === undefined) return undefined;
  const place = placeAt(field(entry, placeKey));
  const kind = readEnum(field(entry, 'kind'), TIME_KINDS) ?? 'planned';
  const head = {
    code: code ?? '',
    known: code !== undefined && knownCodes.includes(code),
    description,
    kind,
    time: readMoment(field(entry, 'time'), place?.timeZone, kind),
    place,
  };
  return { head, entry };
}

/** What every segment of the route has: see `readSegmentHead`. */
export interface SegmentHead {
  readonly from?: Place;
  readonly to?: Place;
  readonly state: LegState;
  readonly path: readonly LatLng[];
}

/**
 * A segment's ends (`from`, `to`), its state (planned when missing) and its path, with the entry
 * for the product's own fields. Kept when the path has at least two valid points, or when both
 * ends have a position (the map draws between them): else the map would have nothing to draw.
 */
export function readSegmentHead(value: unknown, placeAt: PlaceAt): { readonly head: SegmentHead; readonly entry: JsonObject } | undefined {
  const entry = readObject(value);
  if (entry === undefined) return undefined;
  const from = placeAt(field(entry, 'from'));
  const to = placeAt(field(entry, 'to'));
  const points = readLineString(field(entry, 'path'));
  const path = points.length >= 2 ? points : [];
  if (path.length === 0 && (from?.position === undefined || to?.position === undefined)) return undefined;
  return { head: { from, to, state: readEnum(field(entry, 'state'), LEG_STATES) ?? 'planned', path }, entry };
}

/** Where a vehicle was reported: see `readReportedPosition`. */
export interface ReportedPosition extends LatLng {
  readonly headingDeg?: number;
  readonly reportedAt?: Moment;
}

/**
 * A vehicle's reported position (`lat`, `lon`, `reportedAt`, the heading under `headingKey`), with
 * the entry for the product's own fields; nothing without a valid position.
 */
export function readReportedPosition(
  value: unknown,
  headingKey: string,
): { readonly fix: ReportedPosition; readonly entry: JsonObject } | undefined {
  const entry = readObject(value);
  const point = readLatLng(field(entry, 'lat'), field(entry, 'lon'));
  if (entry === undefined || point === undefined) return undefined;
  const fix = {
    ...point,
    headingDeg: readNumberIn(field(entry, headingKey), 0, 360),
    reportedAt: readMoment(field(entry, 'reportedAt')),
  };
  return { fix, entry };
}
