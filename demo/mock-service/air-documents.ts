/**
 * The air waybill documents the mock serves, from the contract's facts, placed in time relative
 * to the request. Times are in hours from now; each is written in its airport's own zone.
 */
import { airports, type Airport } from './places.js';
import { arcBetween, pointAlong, type LineString } from './route-geometry.js';
import type { AirDocument, AirMilestone, AirSegment, DocumentRequest, Flight, FlightTimes, TimeKind } from './shipment-document-types.js';
import { isoInZone, isoUtc } from './zoned-time.js';

const HOUR_MS = 3_600_000;
const FIVE_MINUTES_MS = 300_000;

/** Schedules are on five-minute marks; actual times keep their minutes. */
function at(nowMs: number, airport: Airport, hours: number, kind: TimeKind = 'actual'): string {
  const ms = nowMs + hours * HOUR_MS;
  return isoInZone(kind === 'actual' ? ms : Math.round(ms / FIVE_MINUTES_MS) * FIVE_MINUTES_MS, airport.timezone);
}

function event(
  nowMs: number,
  code: string,
  description: string,
  airport: Airport,
  hours: number,
  extra: Partial<AirMilestone> & { kind?: TimeKind } = {},
): AirMilestone {
  const kind = extra.kind ?? (hours <= 0 ? 'actual' : 'estimated');
  return { code, description, airport: airport.iata, time: at(nowMs, airport, hours, kind), ...extra, kind };
}

interface FlightPlan {
  readonly flightNumber: string;
  readonly from: Airport;
  readonly to: Airport;
  /** Hours from now. */
  readonly scheduledDeparture: number;
  readonly scheduledArrival: number;
  /** Hours from now; a time at or before now is actual, after now estimated. Absent: not yet known. */
  readonly departure?: number;
  readonly arrival?: number;
  readonly aircraftType: string;
  readonly state: Flight['state'];
}

function flightTimes(nowMs: number, airport: Airport, scheduled: number, happened: number | undefined): FlightTimes {
  const times: FlightTimes = { scheduled: at(nowMs, airport, scheduled, 'planned') };
  if (happened === undefined) return times;
  if (happened <= 0) times.actual = at(nowMs, airport, happened);
  else times.estimated = at(nowMs, airport, happened, 'estimated');
  return times;
}

function flight(nowMs: number, plan: FlightPlan): Flight {
  return {
    flightNumber: plan.flightNumber,
    from: plan.from.iata,
    to: plan.to.iata,
    departure: flightTimes(nowMs, plan.from, plan.scheduledDeparture, plan.departure),
    arrival: flightTimes(nowMs, plan.to, plan.scheduledArrival, plan.arrival),
    aircraftType: plan.aircraftType,
    state: plan.state,
  };
}

const pathOf = (plan: FlightPlan): LineString => arcBetween([plan.from.lon, plan.from.lat], [plan.to.lon, plan.to.lat]);

function segment(plan: FlightPlan): AirSegment {
  return { from: plan.from.iata, to: plan.to.iata, flightNumber: plan.flightNumber, state: plan.state, path: pathOf(plan) };
}

/** The aircraft's position now, for a flight that departed and has not landed. */
function aircraft(nowMs: number, plan: FlightPlan): NonNullable<AirDocument['routePath']>['aircraft'] {
  const departed = plan.departure ?? plan.scheduledDeparture;
  const arrives = plan.arrival ?? plan.scheduledArrival;
  const point = pointAlong(pathOf(plan), -departed / (arrives - departed));
  return {
    flightNumber: plan.flightNumber,
    lat: point.lat,
    lon: point.lon,
    headingDeg: point.courseDeg,
    altitudeFt: 35_000,
    reportedAt: isoUtc(nowMs - 2 * 60_000),
  };
}

const updatedAt = (nowMs: number, hoursAgo: number): string => isoUtc(nowMs - hoursAgo * HOUR_MS);

/** The contract's example: Hong Kong → Dubai done, waiting in Dubai for the Frankfurt flight. */
function transferViaDubai({ nowMs, number, withRoute }: DocumentRequest): AirDocument {
  const { HKG, DXB, FRA } = airports;
  const first: FlightPlan = {
    flightNumber: 'EK9381',
    from: HKG,
    to: DXB,
    scheduledDeparture: -18.1,
    departure: -17.7,
    scheduledArrival: -9.4,
    arrival: -9.2,
    aircraftType: 'B77F',
    state: 'completed',
  };
  const second: FlightPlan = {
    flightNumber: 'EK9905',
    from: DXB,
    to: FRA,
    scheduledDeparture: 11.1,
    departure: 11.1,
    scheduledArrival: 19.5,
    arrival: 19.5,
    aircraftType: 'B77F',
    state: 'planned',
  };
  const lot = { pieces: 12, weightKg: 830.5 };
  return {
    awbNumber: number,
    airline: { prefix: '176', iata: 'EK', icao: 'UAE', name: 'Emirates SkyCargo' },
    status: 'IN_TRANSIT',
    statusText: 'In transit',
    updatedAt: updatedAt(nowMs, 0.3),
    origin: 'HKG',
    destination: 'FRA',
    ...lot,
    estimatedArrival: { time: at(nowMs, FRA, 19.5, 'estimated'), iata: 'FRA', kind: 'estimated' },
    airports: [HKG, DXB, FRA],
    flights: [flight(nowMs, first), flight(nowMs, second)],
    milestones: [
      event(nowMs, 'BKD', 'Booked on flight', HKG, -55.8, { flightNumber: 'EK9381', ...lot }),
      event(nowMs, 'RCS', 'Received from shipper', HKG, -27.5, lot),
      event(nowMs, 'MAN', 'Manifested on flight', HKG, -21, { flightNumber: 'EK9381', pieces: 12 }),
      event(nowMs, 'DEP', 'Departed', HKG, -17.7, { flightNumber: 'EK9381', pieces: 12 }),
      event(nowMs, 'ARR', 'Arrived', DXB, -9.2, { flightNumber: 'EK9381', pieces: 12 }),
      event(nowMs, 'RCF', 'Received from flight', DXB, -6.9, { flightNumber: 'EK9381', pieces: 12 }),
      event(nowMs, 'TFD', 'Transferred to onward flight', DXB, -3.2, { flightNumber: 'EK9905', pieces: 12 }),
      event(nowMs, 'MAN', 'Manifested on flight', DXB, -1.5, { flightNumber: 'EK9905', pieces: 12 }),
      event(nowMs, 'DEP', 'Departure', DXB, 11.1, { kind: 'planned', flightNumber: 'EK9905' }),
      event(nowMs, 'ARR', 'Arrival', FRA, 19.5, { flightNumber: 'EK9905' }),
    ],
    ...(withRoute && { routePath: { segments: [segment(first), segment(second)] } }),
  };
}

function deliveredToChicago({ nowMs, number, withRoute }: DocumentRequest): AirDocument {
  const { FRA, ORD } = airports;
  const plan: FlightPlan = {
    flightNumber: 'LH8170',
    from: FRA,
    to: ORD,
    scheduledDeparture: -48.3,
    departure: -48,
    scheduledArrival: -38.8,
    arrival: -38.5,
    aircraftType: 'B77F',
    state: 'completed',
  };
  const lot = { pieces: 4, weightKg: 612 };
  return {
    awbNumber: number,
    airline: { prefix: '020', iata: 'LH', icao: 'GEC', name: 'Lufthansa Cargo' },
    status: 'DELIVERED',
    statusText: 'Delivered',
    updatedAt: updatedAt(nowMs, 23),
    origin: 'FRA',
    destination: 'ORD',
    ...lot,
    estimatedArrival: { time: at(nowMs, ORD, -38.5), iata: 'ORD', kind: 'actual' },
    airports: [FRA, ORD],
    flights: [flight(nowMs, plan)],
    milestones: [
      event(nowMs, 'BKD', 'Booked on flight', FRA, -80, { flightNumber: 'LH8170', ...lot }),
      event(nowMs, 'RCS', 'Received from shipper', FRA, -60.2, lot),
      event(nowMs, 'MAN', 'Manifested on flight', FRA, -52.4, { flightNumber: 'LH8170', pieces: 4 }),
      event(nowMs, 'DEP', 'Departed', FRA, -48, { flightNumber: 'LH8170', pieces: 4 }),
      event(nowMs, 'ARR', 'Arrived', ORD, -38.5, { flightNumber: 'LH8170', pieces: 4 }),
      event(nowMs, 'RCF', 'Received from flight', ORD, -36.1, { flightNumber: 'LH8170', ...lot }),
      event(nowMs, 'NFD', 'Consignee notified', ORD, -35.4, lot),
      event(nowMs, 'CCD', 'Customs cleared', ORD, -30.2),
      event(nowMs, 'AWD', 'Documents delivered to consignee', ORD, -26.7),
      event(nowMs, 'DLV', 'Delivered to consignee', ORD, -24.1, lot),
    ],
    ...(withRoute && { routePath: { segments: [segment(plan)] } }),
  };
}

/** Offloaded from the booked flight, re-booked on a later one that is now in the air. */
function rebookedInFlight({ nowMs, number, withRoute }: DocumentRequest): AirDocument {
  const { SIN, AMS } = airports;
  const plan: FlightPlan = {
    flightNumber: 'SQ7372',
    from: SIN,
    to: AMS,
    scheduledDeparture: -4.3,
    departure: -4,
    scheduledArrival: 9.2,
    arrival: 9.4,
    aircraftType: 'B744F',
    state: 'current',
  };
  const lot = { pieces: 7, weightKg: 1_240 };
  return {
    awbNumber: number,
    airline: { prefix: '618', iata: 'SQ', icao: 'SQC', name: 'Singapore Airlines Cargo' },
    status: 'DEPARTED',
    statusText: 'Departed on re-booked flight',
    updatedAt: updatedAt(nowMs, 0.2),
    origin: 'SIN',
    destination: 'AMS',
    ...lot,
    estimatedArrival: { time: at(nowMs, AMS, 9.4, 'estimated'), iata: 'AMS', kind: 'estimated' },
    airports: [SIN, AMS],
    flights: [flight(nowMs, plan)],
    milestones: [
      event(nowMs, 'BKD', 'Booked on flight', SIN, -50.5, { flightNumber: 'SQ7378', ...lot }),
      event(nowMs, 'RCS', 'Received from shipper', SIN, -34.1, lot),
      event(nowMs, 'MAN', 'Manifested on flight', SIN, -30.6, { flightNumber: 'SQ7378', pieces: 7 }),
      event(nowMs, 'DIS', 'Offloaded: space shortage on SQ7378', SIN, -27.9, { flightNumber: 'SQ7378', pieces: 7 }),
      event(nowMs, 'BKD', 'Re-booked on flight', SIN, -26.8, { flightNumber: 'SQ7372', ...lot }),
      event(nowMs, 'MAN', 'Manifested on flight', SIN, -6.2, { flightNumber: 'SQ7372', pieces: 7 }),
      event(nowMs, 'DEP', 'Departed', SIN, -4, { flightNumber: 'SQ7372', pieces: 7 }),
      event(nowMs, 'ARR', 'Arrival', AMS, 9.4, { flightNumber: 'SQ7372' }),
    ],
    ...(withRoute && { routePath: { segments: [segment(plan)], aircraft: aircraft(nowMs, plan) } }),
  };
}

/** The onward flight was cancelled and no new one is known yet: no ETA, a cancelled leg. */
function cancelledOnwardFlight({ nowMs, number, withRoute }: DocumentRequest): AirDocument {
  const { PVG, DOH, LHR } = airports;
  const first: FlightPlan = {
    flightNumber: 'QR8961',
    from: PVG,
    to: DOH,
    scheduledDeparture: -22.5,
    departure: -22,
    scheduledArrival: -11.9,
    arrival: -11.6,
    aircraftType: 'B77F',
    state: 'completed',
  };
  const cancelled: FlightPlan = {
    flightNumber: 'QR8325',
    from: DOH,
    to: LHR,
    scheduledDeparture: 1.5,
    scheduledArrival: 8.6,
    aircraftType: 'A35F',
    state: 'cancelled',
  };
  const lot = { pieces: 20, weightKg: 3_105.2 };
  return {
    awbNumber: number,
    airline: { prefix: '157', iata: 'QR', icao: 'QTR', name: 'Qatar Airways Cargo' },
    status: 'IN_TRANSIT',
    statusText: 'Awaiting re-booking after flight cancellation',
    updatedAt: updatedAt(nowMs, 0.5),
    origin: 'PVG',
    destination: 'LHR',
    ...lot,
    airports: [PVG, DOH, LHR],
    flights: [flight(nowMs, first), flight(nowMs, cancelled)],
    milestones: [
      event(nowMs, 'BKD', 'Booked on flight', PVG, -50.3, { flightNumber: 'QR8961', ...lot }),
      event(nowMs, 'RCS', 'Received from shipper', PVG, -30.4, lot),
      event(nowMs, 'MAN', 'Manifested on flight', PVG, -25.8, { flightNumber: 'QR8961', pieces: 20 }),
      event(nowMs, 'DEP', 'Departed', PVG, -22, { flightNumber: 'QR8961', pieces: 20 }),
      event(nowMs, 'ARR', 'Arrived', DOH, -11.6, { flightNumber: 'QR8961', pieces: 20 }),
      event(nowMs, 'RCF', 'Received from flight', DOH, -9.8, { flightNumber: 'QR8961', ...lot }),
      event(nowMs, 'DIS', 'Flight QR8325 cancelled: awaiting re-booking', DOH, -2.7, { flightNumber: 'QR8325', pieces: 20 }),
    ],
    ...(withRoute && { routePath: { segments: [segment(first), segment(cancelled)] } }),
  };
}

/** What an AWB that needed 202s first resolves to: a Cargolux shipment received for a flight tonight. */
export function airDocumentAfterWaiting({ nowMs, number, withRoute }: DocumentRequest): AirDocument {
  const { HKG, LUX } = airports;
  const plan: FlightPlan = {
    flightNumber: 'CV7306',
    from: HKG,
    to: LUX,
    scheduledDeparture: 6.2,
    departure: 6.2,
    scheduledArrival: 20.1,
    arrival: 20.1,
    aircraftType: 'B748F',
    state: 'planned',
  };
  const lot = { pieces: 3, weightKg: 415 };
  return {
    awbNumber: number,
    airline: { prefix: '172', iata: 'CV', icao: 'CLX', name: 'Cargolux' },
    status: 'RECEIVED',
    statusText: 'Received from shipper',
    updatedAt: updatedAt(nowMs, 0.1),
    origin: 'HKG',
    destination: 'LUX',
    ...lot,
    estimatedArrival: { time: at(nowMs, LUX, 20.1, 'estimated'), iata: 'LUX', kind: 'estimated' },
    airports: [HKG, LUX],
    flights: [flight(nowMs, plan)],
    milestones: [
      event(nowMs, 'BKD', 'Booked on flight', HKG, -20.4, { flightNumber: 'CV7306', ...lot }),
      event(nowMs, 'RCS', 'Received from shipper', HKG, -4.9, lot),
      event(nowMs, 'DEP', 'Departure', HKG, 6.2, { kind: 'planned', flightNumber: 'CV7306' }),
      event(nowMs, 'ARR', 'Arrival', LUX, 20.1, { flightNumber: 'CV7306' }),
    ],
    ...(withRoute && { routePath: { segments: [segment(plan)] } }),
  };
}

/** A document that fails the contract: `milestones` is required. */
export function airDocumentWithoutMilestones(request: DocumentRequest): Omit<AirDocument, 'milestones'> {
  const { milestones: _omitted, ...rest } = airDocumentAfterWaiting(request);
  return rest;
}

type AirDocumentBuilder = (request: DocumentRequest) => AirDocument;

/** Documents by AWB, matched on `lookupKey('air', …)` of the number sent. */
export const airDocuments: ReadonlyMap<string, AirDocumentBuilder> = new Map([
  ['176-22817340', transferViaDubai],
  ['020-44170626', deliveredToChicago],
  ['618-50833915', rebookedInFlight],
  ['157-13905275', cancelledOnwardFlight],
]);
