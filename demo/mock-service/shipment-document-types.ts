/**
 * The wire shape of the service's 200 documents as `/work/shared/contract/shipment-document.md`
 * models it. Only the mock writes these; the widgets read them through their normalizers.
 * Enum-like fields are plain strings because the mock deliberately sends unknown values too.
 */
import type { Airport, Port } from './places.js';
import type { LineString } from './route-geometry.js';

export type TimeKind = 'actual' | 'estimated' | 'planned';
export type SegmentState = 'completed' | 'current' | 'planned';

export interface OceanMilestone {
  code: string;
  description: string;
  locode: string;
  facility?: string;
  time: string;
  kind: TimeKind;
  mode?: string;
  empty?: boolean;
  vesselImo?: string;
  voyage?: string;
}

export interface OceanContainer {
  number: string;
  isoCode?: string;
  sizeType?: string;
  status: string;
  milestones: OceanMilestone[];
}

export interface Vessel {
  name: string;
  imo: string;
  mmsi?: string;
  flag?: string;
  callSign?: string;
}

export interface OceanSegment {
  from: string;
  to: string;
  mode: string;
  vesselImo?: string;
  voyage?: string;
  state: SegmentState;
  path: LineString;
}

export interface AisPosition {
  imo: string;
  name: string;
  lat: number;
  lon: number;
  courseDeg: number;
  speedKnots: number;
  navigationStatus?: string;
  destination?: string;
  reportedAt: string;
}

export interface OceanDocument {
  referenceNumber: string;
  referenceType?: string;
  carrier?: { code: string; name: string };
  status: string;
  statusText?: string;
  updatedAt?: string;
  estimatedArrival?: { time: string; locode: string; kind: TimeKind };
  originalArrival?: { time: string; locode: string };
  locations?: Port[];
  route?: {
    origin: string;
    portOfLoading: string;
    transshipments: string[];
    portOfDischarge: string;
    destination: string;
  };
  vessels?: Vessel[];
  containers: OceanContainer[];
  routeDetails?: { segments: OceanSegment[]; vessel?: AisPosition };
}

export interface FlightTimes {
  scheduled?: string;
  estimated?: string;
  actual?: string;
}

export interface Flight {
  flightNumber: string;
  from: string;
  to: string;
  departure: FlightTimes;
  arrival: FlightTimes;
  aircraftType?: string;
  state: SegmentState | 'cancelled';
}

export interface AirMilestone {
  code: string;
  description: string;
  airport: string;
  time: string;
  kind: TimeKind;
  flightNumber?: string;
  pieces?: number;
  weightKg?: number;
}

export interface AirSegment {
  from: string;
  to: string;
  flightNumber: string;
  state: SegmentState | 'cancelled';
  path: LineString;
}

export interface AircraftPosition {
  flightNumber: string;
  lat: number;
  lon: number;
  headingDeg?: number;
  altitudeFt?: number;
  reportedAt: string;
}

export interface AirDocument {
  awbNumber: string;
  airline?: { prefix: string; iata: string; icao?: string; name: string };
  status: string;
  statusText?: string;
  updatedAt?: string;
  origin?: string;
  destination?: string;
  pieces?: number;
  weightKg?: number;
  estimatedArrival?: { time: string; iata: string; kind: TimeKind };
  airports?: Airport[];
  flights?: Flight[];
  milestones: AirMilestone[];
  routePath?: { segments: AirSegment[]; aircraft?: AircraftPosition };
}

/** What a document builder is given: the request's clock and the number exactly as sent. */
export interface DocumentRequest {
  readonly nowMs: number;
  readonly number: string;
  /** The request asked for route data (`routeDetails=true` / `routePath=true`). */
  readonly withRoute: boolean;
}
