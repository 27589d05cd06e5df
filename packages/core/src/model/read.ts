/**
 * Typed readers from `unknown`, shared by the ocean and air normalizers.
 *
 * Each reader answers a value of the declared type or `undefined`; none throws and none returns
 * NaN, so a malformed optional field simply degrades the view. The readers know nothing of the
 * upstream field names: those stay in the normalizers.
 */
import type { LatLng, LegState, Moment, PlaceRole, RouteStop, Place, Status, TimeKind } from './shipment.js';
import { field, isObject, readArray, readString, type JsonObject } from './read-basics.js';

export * from './read-basics.js';

/** A finite number; strings that look like numbers are not numbers here. */
export function readNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A finite number within [min, max]; anything outside is absent rather than clamped. */
export function readNumberIn(value: unknown, min: number, max: number): number | undefined {
  const n = readNumber(value);
  return n !== undefined && n >= min && n <= max ? n : undefined;
}

/** A whole number ≥ 0 (counts such as pieces). */
export function readCount(value: unknown): number | undefined {
  const n = readNumber(value);
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function readBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

const zoneValidity = new Map<string, boolean>();

/** Whether this runtime's Intl takes the zone (IANA or offset); asked once per zone (a timeline asks for the same few). */
export function isKnownTimeZone(zone: string): boolean {
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    if (zoneValidity.size < 1000) zoneValidity.set(zone, valid);
  }
  return valid;
}

/**
 * An IANA time zone that this runtime's Intl knows. Checked here because a zone Intl rejects
 * would make every date formatter downstream throw; the name is kept as written (not replaced
 * by Intl's canonical alias) so it reads the way the document wrote it.
 */
export function readTimeZone(value: unknown): string | undefined {
  const zone = readString(value);
  return zone !== undefined && zone.length <= 64 && isKnownTimeZone(zone) ? zone : undefined;
}

// Extended ISO 8601 with a mandatory offset: a time without one cannot be placed in any zone.
const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/**
 * An ISO 8601 date-time with an offset (`2026-11-02T14:20:00+08:00` or `…Z`) as a Moment.
 * Calendar-impossible values (Feb 30, hour 25) and times without an offset are absent.
 * `timeZone` is the IANA zone of the place the time belongs to, when the caller knows it.
 * `kind`, when the caller knows it, lets an expected time at local midnight read as a day
 * (`dateOnly`): the contract has no date-only marker, and carriers write a day as `T00:00`.
 */
export function readMoment(value: unknown, timeZone?: string, kind?: TimeKind): Moment | undefined {
  if (typeof value !== 'string') return undefined;
  const m = ISO_WITH_OFFSET.exec(value);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s, frac, z, sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  // Digits beyond milliseconds are dropped, not rounded, so a time never moves into the next second.
  const ms = frac === undefined ? 0 : Number(frac.padEnd(3, '0').slice(0, 3));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (z === undefined) {
    const offH = Number(oh);
    const offM = Number(om);
    if (offH > 18 || offM > 59) return undefined;
    // `+ 0` turns a `-00:00` offset into 0 rather than -0.
    offsetMinutes = (sign === '-' ? -1 : 1) * (offH * 60 + offM) + 0;
  }
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  date.setUTCHours(hour, minute, second, ms);
  const epochMs = date.getTime() - offsetMinutes * 60_000;
  if (!Number.isFinite(epochMs)) return undefined;
  // An actual time at midnight is a real midnight: something happened then.
  const dateOnly = kind !== undefined && kind !== 'actual' && hour === 0 && minute === 0 && second === 0 && ms === 0;
  return {
    iso: value,
    epochMs,
    offsetMinutes,
    ...(timeZone === undefined ? {} : { timeZone }),
    ...(dateOnly ? { dateOnly: true as const } : {}),
  };
}

/** A valid latitude/longitude pair; either out of range (or not a number) makes the point absent. */
export function readLatLng(lat: unknown, lng: unknown): LatLng | undefined {
  const la = readNumberIn(lat, -90, 90);
  const ln = readNumberIn(lng, -180, 180);
  return la === undefined || ln === undefined ? undefined : { lat: la, lng: ln };
}

/**
 * A GeoJSON LineString's `[lon, lat]` pairs as Leaflet-order points. Longitudes stay as given,
 * jumps across the antimeridian included: the map unwraps them. Invalid points are skipped, so a
 * line with one bad vertex is still drawn. A geometry that says it is another type reads as no
 * points; one with no `type` is accepted for its coordinates.
 */
export function readLineString(value: unknown): LatLng[] {
  if (!isObject(value)) return [];
  const type = field(value, 'type');
  if (type !== undefined && type !== 'LineString') return [];
  const coordinates = readArray(field(value, 'coordinates'));
  if (coordinates === undefined) return [];
  const points: LatLng[] = [];
  for (const pair of coordinates) {
    if (!Array.isArray(pair)) continue;
    const point = readLatLng(pair[1], pair[0]);
    if (point !== undefined) points.push(point);
  }
  return points;
}

/**
 * Sorts by time, stably. An item without a time keeps its place after the item that precedes it
 * in the document (it sorts with its predecessor's time, after it), so an undated event stays
 * in the story where the carrier put it instead of jumping to either end.
 */
export function sortByTime<T>(items: readonly T[], timeOf: (item: T) => number | undefined): T[] {
  let carried = Number.NEGATIVE_INFINITY;
  const keyed = items.map((item, index) => {
    const t = timeOf(item);
    if (t !== undefined) carried = t;
    return { item, index, key: carried };
  });
  keyed.sort((a, b) => a.key - b.key || a.index - b.index);
  return keyed.map((k) => k.item);
}

/**
 * Route stops from `[code, role]` pairs in route order. A place that plays several roles (port of
 * loading that is also the origin) becomes one stop at its first position with every role, each
 * role listed once.
 */
export function mergeRouteStops(
  entries: readonly (readonly [code: string, role: PlaceRole])[],
  placeOf: (code: string) => Place,
): RouteStop[] {
  const stops: { place: Place; roles: PlaceRole[] }[] = [];
  const byCode = new Map<string, { place: Place; roles: PlaceRole[] }>();
  for (const [code, role] of entries) {
    const existing = byCode.get(code);
    if (existing !== undefined) {
      if (!existing.roles.includes(role)) existing.roles.push(role);
      continue;
    }
    const stop = { place: placeOf(code), roles: [role] };
    byCode.set(code, stop);
    stops.push(stop);
  }
  return stops;
}

/** Every `TimeKind`, for reading a document's `kind` fields. */
export const TIME_KINDS: readonly TimeKind[] = ['actual', 'estimated', 'planned'];
/** Every `LegState`, for reading a document's `state` fields. */
export const LEG_STATES: readonly LegState[] = ['completed', 'current', 'planned', 'cancelled'];

/** Why a document cannot be shown: a required field is missing or of the wrong type. */
export interface Refusal {
  readonly reason: string;
}

/** A required text field of the document, or why the document is refused. */
export function requiredText(body: JsonObject, key: string): string | Refusal {
  const value = field(body, key);
  if (value === undefined || value === null) return { reason: `the response has no ${key}` };
  if (typeof value !== 'string') return { reason: `the response’s ${key} is not text` };
  if (value.trim() === '') return { reason: `the response’s ${key} is empty` };
  return value;
}

/** A required list field of the document (it may be empty), or why the document is refused. */
export function requiredList(body: JsonObject, key: string): readonly unknown[] | Refusal {
  const value = field(body, key);
  if (value === undefined || value === null) return { reason: `the response has no ${key} list` };
  if (!Array.isArray(value)) return { reason: `the response’s ${key} is not a list` };
  return value;
}

/** A status code with the document's own text; `known` says whether this version has words for it. */
export function readStatus(code: string, text: unknown, knownCodes: readonly string[]): Status {
  const known = knownCodes.includes(code);
  const t = readString(text);
  return t === undefined ? { code, known } : { code, text: t, known };
}

/** A number that cannot be negative (speeds, altitudes); a negative one is absent. */
export function nonNegative(n: number | undefined): number | undefined {
  return n !== undefined && n >= 0 ? n : undefined;
}

/**
 * Looks places up by code in the document's list. A code the list does not name is still a
 * place, shown by its code alone.
 */
export function placeResolver(places: ReadonlyMap<string, Place>): {
  placeOf(code: string): Place;
  placeAt(value: unknown): Place | undefined;
} {
  const placeOf = (code: string): Place => places.get(code) ?? { code };
  return {
    placeOf,
    placeAt: (value) => {
      const code = readString(value);
      return code === undefined ? undefined : placeOf(code);
    },
  };
}
