/**
 * The ocean shipment document → the view model. The only module that knows the ocean document's
 * field names (see the contract's "Ocean" section); everything downstream sees `Shipment`.
 *
 * Rules where the contract is silent, chosen here:
 * - Empty or blank strings count as absent. Required fields must be non-blank strings.
 * - A place a field names but `locations` does not list is still shown, by its code alone.
 * - A milestone is kept when it has a code or a description (something to say what happened);
 *   one with neither is dropped, whatever else it carries. A kept milestone without a code has
 *   code `''` and `known: false`, so the description is what is shown.
 * - A milestone or ETA whose `kind` is missing or unknown is not claimed to have happened:
 *   milestones read as `planned`, the ETA as `estimated`, the original ETA as `planned`.
 * - A container without a number is skipped (the view needs an id to show it by).
 * - A segment is kept when its path has at least two valid points, or when both its ends have a
 *   position (the map can draw between them); else the map would have nothing to draw.
 * - A segment's missing `mode` reads as `vessel`, a missing `state` as `planned`.
 * - Vessels are listed in the order the route uses them (segments, then milestones in time
 *   order), then any the route never uses in document order. A vessel the route uses but the
 *   list does not name is listed by its IMO; a listed vessel without a name is named by its IMO.
 */
import type {
  Leg,
  Milestone,
  NormalizeResult,
  Normalizer,
  Place,
  PlaceAt,
  PlaceRole,
  Position,
  RouteStop,
  Shipment,
  TrackedUnit,
  Vessel,
} from '@cargo-trackers/core/internal/lazy';
import {
  mergeRouteStops,
  nonNegative,
  placeResolver,
  readArrivalAt,
  readBoolean,
  readMilestoneHead,
  readMoment,
  readNumber,
  readPlaceList,
  readReportedPosition,
  readRequired,
  readSegmentHead,
  readStatus,
  sortByTime,
} from '@cargo-trackers/core/internal/lazy';
// The first load's readers through the element's entry, as the carrier list's reader takes them: a bundler
// that groups modules by the entries reaching them (esbuild) then keeps the first load in one shared chunk.
import { field, readArray, readEnum, readObject, readString, REFERENCE_TYPES, withoutUndefined } from '@cargo-trackers/core/internal/lazy';

/** Ocean statuses this version has words for. */
export const OCEAN_STATUSES = ['PLANNED', 'AT_ORIGIN', 'IN_TRANSIT', 'TRANSSHIPMENT', 'ARRIVED', 'DELIVERED', 'UNKNOWN'] as const;
export type OceanStatus = (typeof OCEAN_STATUSES)[number];

/** DCSA-style event codes this version has words for. */
export const OCEAN_EVENT_CODES = ['GTOT', 'GTIN', 'LOAD', 'DEPA', 'ARRI', 'DISC', 'STUF', 'STRP', 'PICK', 'DROP', 'CUSR', 'INSP'] as const;
export type OceanEventCode = (typeof OCEAN_EVENT_CODES)[number];

const ROUTE_ROLES: readonly (readonly [key: string, role: PlaceRole])[] = [
  ['origin', 'origin'],
  ['portOfLoading', 'loading'],
  ['transshipments', 'transshipment'],
  ['portOfDischarge', 'discharge'],
  ['destination', 'destination'],
];

/** Maps a `GET /v1/shipments/ocean` 200 body to the view model. Never throws. */
export const normalizeOcean: Normalizer = (document: unknown): NormalizeResult => {
  const required = readRequired(document, 'referenceNumber', 'containers');
  if (!('body' in required)) return { ok: false, reason: required.reason };
  const { body, reference, status: statusCode, list: rawContainers } = required;

  const { placeOf, placeAt } = placeResolver(readLocations(field(body, 'locations')));
  const vesselNames = readVesselList(field(body, 'vessels'));
  const vesselLabel = (imo: string | undefined): string | undefined =>
    imo === undefined ? undefined : (vesselNames.get(imo)?.name ?? imo);

  const units: TrackedUnit[] = [];
  for (const entry of rawContainers) {
    const unit = readContainer(entry, placeAt, vesselLabel);
    if (unit !== undefined) units.push(unit.unit);
  }
  const details = readObject(field(body, 'routeDetails'));
  const segments = readArray(field(details, 'segments')) ?? [];
  const legs: Leg[] = [];
  for (const entry of segments) {
    const leg = readSegment(entry, placeAt, vesselLabel);
    if (leg !== undefined) legs.push(leg);
  }

  const shipment: Shipment = {
    product: 'ocean',
    reference,
    referenceType: readEnum(field(body, 'referenceType'), REFERENCE_TYPES.ocean),
    carrier: readCarrier(field(body, 'carrier')),
    status: readStatus(statusCode, field(body, 'statusText'), OCEAN_STATUSES),
    updatedAt: readMoment(field(body, 'updatedAt')),
    eta: readArrivalAt(field(body, 'estimatedArrival'), placeAt, 'locode', 'estimated'),
    originalEta: readArrivalAt(field(body, 'originalArrival'), placeAt, 'locode', 'planned'),
    route: readRoute(field(body, 'route'), placeOf),
    vessels: collectVessels(vesselNames, segments, rawContainers),
    flights: [],
    units,
    legs,
    position: readAis(field(details, 'vessel'), vesselLabel),
  };
  return { ok: true, shipment: withoutUndefined(shipment) };
};

function readCarrier(value: unknown): Shipment['carrier'] {
  const obj = readObject(value);
  const code = readString(field(obj, 'code'));
  const name = readString(field(obj, 'name'));
  if (code === undefined && name === undefined) return undefined;
  return withoutUndefined({ code, name });
}

function readLocations(value: unknown): Map<string, Place> {
  return readPlaceList(value, 'locode', (entry) => ({ terminal: readString(field(entry, 'terminal')) }));
}

function readRoute(value: unknown, placeOf: (code: string) => Place): RouteStop[] {
  const route = readObject(value);
  if (route === undefined) return [];
  const entries: (readonly [string, PlaceRole])[] = [];
  for (const [key, role] of ROUTE_ROLES) {
    const raw = field(route, key);
    const codes = key === 'transshipments' ? (readArray(raw) ?? []) : [raw];
    for (const c of codes) {
      const code = readString(c);
      if (code !== undefined) entries.push([code, role]);
    }
  }
  return mergeRouteStops(entries, placeOf);
}

interface ListedVessel {
  readonly name?: string;
  readonly imo: string;
  readonly flag?: string;
}

function readVesselList(value: unknown): Map<string, ListedVessel> {
  const vessels = new Map<string, ListedVessel>();
  for (const entry of readArray(value) ?? []) {
    const obj = readObject(entry);
    const imo = readString(field(obj, 'imo'));
    const name = readString(field(obj, 'name'));
    // Keyed by IMO because milestones and segments point at vessels by IMO; a vessel without one
    // cannot be pointed at, and is kept under its name so it is still listed.
    const key = imo ?? (name === undefined ? undefined : `name:${name}`);
    if (key === undefined || vessels.has(key)) continue;
    vessels.set(key, withoutUndefined({ name, imo: imo ?? '', flag: readString(field(obj, 'flag')) }));
  }
  return vessels;
}

function readContainer(
  value: unknown,
  placeAt: PlaceAt,
  vesselLabel: (imo: string | undefined) => string | undefined,
): { unit: TrackedUnit } | undefined {
  const obj = readObject(value);
  const id = readString(field(obj, 'number'));
  if (id === undefined) return undefined;
  const milestones: Milestone[] = [];
  for (const entry of readArray(field(obj, 'milestones')) ?? []) {
    const milestone = readMilestone(entry, placeAt, vesselLabel);
    if (milestone !== undefined) milestones.push(milestone);
  }
  const statusCode = readString(field(obj, 'status'));
  return {
    unit: withoutUndefined({
      id,
      description: readString(field(obj, 'sizeType')),
      isoCode: readString(field(obj, 'isoCode')),
      status: statusCode === undefined ? undefined : readStatus(statusCode, undefined, OCEAN_STATUSES),
      milestones: sortByTime(milestones, (m) => m.time?.epochMs),
    }),
  };
}

function readMilestone(
  value: unknown,
  placeAt: PlaceAt,
  vesselLabel: (imo: string | undefined) => string | undefined,
): Milestone | undefined {
  const read = readMilestoneHead(value, placeAt, 'locode', OCEAN_EVENT_CODES);
  if (read === undefined) return undefined;
  const { head, entry } = read;
  return withoutUndefined({
    ...head,
    facility: readString(field(entry, 'facility')),
    mode: readString(field(entry, 'mode')),
    vessel: vesselLabel(readString(field(entry, 'vesselImo'))),
    voyage: readString(field(entry, 'voyage')),
    empty: readBoolean(field(entry, 'empty')),
  });
}

function readSegment(value: unknown, placeAt: PlaceAt, vesselLabel: (imo: string | undefined) => string | undefined): Leg | undefined {
  const read = readSegmentHead(value, placeAt);
  if (read === undefined) return undefined;
  const { head, entry } = read;
  return withoutUndefined({
    ...head,
    mode: readString(field(entry, 'mode')) ?? 'vessel',
    vehicle: vesselLabel(readString(field(entry, 'vesselImo'))),
    voyage: readString(field(entry, 'voyage')),
  });
}

function readAis(value: unknown, vesselLabel: (imo: string | undefined) => string | undefined): Position | undefined {
  const read = readReportedPosition(value, 'courseDeg');
  if (read === undefined) return undefined;
  const { fix, entry } = read;
  return withoutUndefined({
    kind: 'vessel' as const,
    ...fix,
    label: readString(field(entry, 'name')) ?? vesselLabel(readString(field(entry, 'imo'))) ?? '',
    speedKnots: nonNegative(readNumber(field(entry, 'speedKnots'))),
  });
}

function collectVessels(listed: ReadonlyMap<string, ListedVessel>, segments: readonly unknown[], containers: readonly unknown[]): Vessel[] {
  const order: string[] = [];
  // Sets, not arrays: a long history may name thousands of voyages, each checked once.
  const voyages = new Map<string, Set<string>>();
  const use = (imoValue: unknown, voyageValue: unknown): void => {
    const imo = readString(imoValue);
    if (imo === undefined) return;
    let list = voyages.get(imo);
    if (list === undefined) {
      list = new Set();
      voyages.set(imo, list);
      order.push(imo);
    }
    const voyage = readString(voyageValue);
    if (voyage !== undefined) list.add(voyage);
  };
  for (const s of segments) {
    const obj = readObject(s);
    use(field(obj, 'vesselImo'), field(obj, 'voyage'));
  }
  const steps: { imo: unknown; voyage: unknown; time: number | undefined }[] = [];
  for (const c of containers) {
    for (const m of readArray(field(readObject(c), 'milestones')) ?? []) {
      const obj = readObject(m);
      if (obj === undefined) continue;
      steps.push({ imo: field(obj, 'vesselImo'), voyage: field(obj, 'voyage'), time: readMoment(field(obj, 'time'))?.epochMs });
    }
  }
  for (const step of sortByTime(steps, (s) => s.time)) use(step.imo, step.voyage);

  const vessels: Vessel[] = [];
  for (const imo of order) {
    const v = listed.get(imo);
    vessels.push(withoutUndefined({ name: v?.name ?? imo, imo, flag: v?.flag, voyages: [...(voyages.get(imo) ?? [])] }));
  }
  for (const [key, v] of listed) {
    if (voyages.has(key)) continue;
    vessels.push(withoutUndefined({ name: v.name ?? v.imo, imo: v.imo === '' ? undefined : v.imo, flag: v.flag, voyages: [] }));
  }
  return vessels;
}
