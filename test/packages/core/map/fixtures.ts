/**
 * View-model shipments for the map tests, written by hand from the geometry of the
 * contract examples (shared/contract/examples): the ocean container in transit
 * (Ningbo → Singapore → Rotterdam with AIS), the bill of lading crossing the Pacific
 * (Shanghai → Los Angeles), and the air waybill with a transfer (HKG → DXB → FRA).
 * GeoJSON `[lon, lat]` pairs are kept as they are in the documents and turned into
 * `LatLng` here, the way a normalizer does.
 */
import { TEST_NOW } from '../../../support/fake-clock.js';
import type {
  Leg,
  LegState,
  Moment,
  Place,
  PlaceRole,
  Position,
  RouteStop,
  Shipment,
} from '../../../../packages/core/src/model/shipment.js';
import { enShipment } from '../../../../packages/core/src/i18n/en-shipment.js';
import { Localizer, registerEnglish } from '../../../../packages/core/src/i18n/localizer.js';
import { englishMapMessages, type MapMessages } from '../../../../packages/core/src/view/map-messages.js';
import { createPresenter } from '../../../../packages/core/src/view/present.js';
import type { MapView } from '../../../../packages/core/src/contracts/view-model.js';

// The presenter labels with the shipment's English words, as it does once the shipment view has registered them.
registerEnglish(enShipment);

type LonLat = readonly [number, number];

export function path(coordinates: readonly LonLat[]): Leg['path'] {
  return coordinates.map(([lng, lat]) => ({ lat, lng }));
}

export function moment(epochMs: number): Moment {
  return { iso: new Date(epochMs).toISOString(), epochMs, offsetMinutes: 0 };
}

function place(code: string, name: string, country: string, lat: number, lng: number): Place {
  return { code, name, country, position: { lat, lng } };
}

function stop(p: Place, ...roles: PlaceRole[]): RouteStop {
  return { place: p, roles };
}

function leg(from: Place, to: Place, mode: string, state: LegState, coordinates: readonly LonLat[], vehicle?: string): Leg {
  return { from, to, mode, state, path: path(coordinates), ...(vehicle ? { vehicle } : {}) };
}

function base(product: Shipment['product'], reference: string): Omit<Shipment, 'route' | 'legs'> {
  return {
    product,
    reference,
    status: { code: 'IN_TRANSIT', text: 'In transit', known: true },
    vessels: [],
    flights: [],
    units: [],
  };
}

export const MINUTE = 60_000;

/** The now the fixtures are written against; a test that shows their times reads the same one (useClock). */
export const FIXTURE_NOW = TEST_NOW;

export const NINGBO = place('CNNGB', 'Ningbo', 'CN', 29.8683, 121.544);
export const SINGAPORE = place('SGSIN', 'Singapore', 'SG', 1.264, 103.84);
export const ROTTERDAM = place('NLRTM', 'Rotterdam', 'NL', 51.955, 4.05);

/** ocean-container-in-transit.json: two vessel legs, the second current, MSC GULSUN in the Arabian Sea. */
export function oceanInTransit(now = FIXTURE_NOW, names: { vessel?: string; port?: string } = {}): Shipment {
  const singapore = names.port ? { ...SINGAPORE, name: names.port } : SINGAPORE;
  const vessel: Position = {
    kind: 'vessel',
    label: names.vessel ?? 'MSC GULSUN',
    lat: 12.31,
    lng: 58.42,
    headingDeg: 268,
    speedKnots: 16.4,
    reportedAt: moment(now - 35 * MINUTE),
  };
  return {
    ...base('ocean', 'MEDU9091004'),
    referenceType: 'container',
    route: [stop(NINGBO, 'origin', 'loading'), stop(singapore, 'transshipment'), stop(ROTTERDAM, 'discharge', 'destination')],
    legs: [
      leg(
        NINGBO,
        singapore,
        'vessel',
        'completed',
        [
          [121.544, 29.868],
          [122.6, 29.5],
          [120.2, 24.6],
          [117.5, 21.4],
          [112, 14],
          [108, 8],
          [105, 3],
          [103.84, 1.264],
        ],
        'MSC ARINA',
      ),
      leg(
        singapore,
        ROTTERDAM,
        'vessel',
        'current',
        [
          [103.84, 1.264],
          [101, 2.8],
          [98.5, 5.5],
          [95, 6.2],
          [80.5, 5.7],
          [60, 12.5],
          [51, 12.2],
          [43.4, 12.6],
          [38, 20.5],
          [33.6, 27.5],
          [32.56, 29.9],
          [32.35, 31.3],
          [25, 33.8],
          [15, 36.8],
          [11, 37.5],
          [0, 37],
          [-5.6, 35.95],
          [-9.5, 37],
          [-9.8, 43],
          [-5.5, 48.5],
          [-1, 50.2],
          [2, 51.2],
          [4.05, 51.955],
        ],
        'MSC GULSUN',
      ),
    ],
    position: vessel,
  };
}

export const SHANGHAI = place('CNSHA', 'Shanghai', 'CN', 30.627, 122.065);
export const LOS_ANGELES = place('USLAX', 'Los Angeles', 'US', 33.74, -118.27);

/** ocean-bill-of-lading-pacific.json: one leg across the antimeridian, the vessel just east of it. */
export function oceanPacific(now = FIXTURE_NOW): Shipment {
  return {
    ...base('ocean', 'OOLU2741938520'),
    referenceType: 'bill_of_lading',
    route: [stop(SHANGHAI, 'origin', 'loading'), stop(LOS_ANGELES, 'discharge', 'destination')],
    legs: [
      leg(
        SHANGHAI,
        LOS_ANGELES,
        'vessel',
        'current',
        [
          [122.065, 30.627],
          [125, 31],
          [140, 35],
          [160, 42],
          [179.6, 46],
          [-179.4, 46.1],
          [-170, 47],
          [-150, 45],
          [-135, 40],
          [-125, 35.5],
          [-118.27, 33.74],
        ],
        'OOCL HONG KONG',
      ),
    ],
    position: {
      kind: 'vessel',
      label: 'OOCL HONG KONG',
      lat: 46.05,
      lng: -176.8,
      headingDeg: 96,
      speedKnots: 18.9,
      reportedAt: moment(now - 36 * MINUTE),
    },
  };
}

// Airports carry their city, as the air normalizer gives it from the document's airports list.
export const HKG = { ...place('HKG', 'Hong Kong International Airport', 'HK', 22.308, 113.918), city: 'Hong Kong' };
export const DXB = { ...place('DXB', 'Dubai International Airport', 'AE', 25.253, 55.364), city: 'Dubai' };
export const FRA = { ...place('FRA', 'Frankfurt Airport', 'DE', 50.033, 8.57), city: 'Frankfurt am Main' };

/** air-awb-transfer.json: two flights with the document's great-circle paths, no aircraft position. */
export function airTransfer(): Shipment {
  return {
    ...base('air', '176-22817340'),
    referenceType: 'awb',
    route: [stop(HKG, 'origin'), stop(DXB, 'transfer'), stop(FRA, 'destination')],
    legs: [
      leg(
        HKG,
        DXB,
        'air',
        'completed',
        [
          [113.918, 22.308],
          [111.5988, 22.8884],
          [109.2603, 23.4349],
          [106.903, 23.9462],
          [104.5277, 24.4213],
          [102.1351, 24.8591],
          [99.7262, 25.2585],
          [97.3022, 25.6186],
          [94.8644, 25.9385],
          [92.4142, 26.2173],
          [89.9531, 26.4545],
          [87.4827, 26.6493],
          [85.0049, 26.8013],
          [82.5213, 26.91],
          [80.0339, 26.9753],
          [77.5446, 26.9968],
          [75.0553, 26.9746],
          [72.5679, 26.9088],
          [70.0844, 26.7994],
          [67.6066, 26.6467],
          [65.1364, 26.4513],
          [62.6754, 26.2136],
          [60.2254, 25.9341],
          [57.7878, 25.6137],
          [55.364, 25.253],
        ],
        'EK9381',
      ),
      leg(
        DXB,
        FRA,
        'air',
        'planned',
        [
          [55.364, 25.253],
          [53.9852, 26.5781],
          [52.5744, 27.8896],
          [51.1291, 29.1864],
          [49.647, 30.4673],
          [48.1258, 31.7309],
          [46.5627, 32.9761],
          [44.9553, 34.2012],
          [43.3009, 35.4047],
          [41.5969, 36.5849],
          [39.8405, 37.7402],
          [38.0291, 38.8686],
          [36.16, 39.9681],
          [34.2307, 41.0367],
          [32.2387, 42.072],
          [30.1818, 43.0717],
          [28.0581, 44.0334],
          [25.8658, 44.9545],
          [23.6036, 45.8323],
          [21.271, 46.664],
          [18.8676, 47.4469],
          [16.394, 48.1781],
          [13.8516, 48.8547],
          [11.2426, 49.4739],
          [8.57, 50.033],
        ],
        'EK9905',
      ),
    ],
  };
}

/** The air waybill without `routePath` geometry but with the aircraft airborne over Iran: legs from airports only. */
export function airWithoutPaths(now = FIXTURE_NOW): Shipment {
  const shipment = airTransfer();
  return {
    ...shipment,
    legs: shipment.legs.map((l) => ({ ...l, path: [] })),
    position: {
      kind: 'aircraft',
      label: 'EK9905',
      lat: 32.5,
      lng: 47.1,
      headingDeg: 312,
      speedKnots: 480,
      altitudeFt: 36000,
      reportedAt: moment(now - 4 * MINUTE),
    },
  };
}

/** Strings that would run script or inject markup if any of them reached an HTML sink. */
export const HOSTILE = {
  vessel: '<img src=x onerror="window.__mapPwned=1">MSC <b>BOLD</b>',
  port: '</div><script>window.__mapPwned=2</script><svg onload="window.__mapPwned=3">',
  attribution: '<a href="javascript:window.__mapPwned=4">© evil</a><img src=x onerror="window.__mapPwned=5">',
} as const;

/**
 * The labelled view the elements hand the map, made by the same presentation step from a
 * view-model shipment (English words unless others are given).
 */
export function mapView(shipment: Shipment, words: MapMessages = englishMapMessages, locale = 'en'): MapView {
  return createPresenter()(shipment, undefined, new Localizer(locale), words).map;
}
