/**
 * The ocean shipment documents the mock serves, written from the contract's facts and placed in
 * time relative to the request, so a departure is always "days ago" and an ETA "in days".
 */
import { containerCheckDigit } from './check-digits.js';
import { ports, type Port } from './places.js';
import { lineString, pointAlong, type LineString, type LonLat } from './route-geometry.js';
import type {
  AisPosition,
  DocumentRequest,
  OceanContainer,
  OceanDocument,
  OceanMilestone,
  OceanSegment,
  TimeKind,
  Vessel,
} from './shipment-document-types.js';
import { isoInZone, isoUtc } from './zoned-time.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Carrier estimates and schedules are whole hours; actual events keep their minutes. */
function timeAt(nowMs: number, days: number, kind: TimeKind): number {
  const ms = nowMs + days * DAY_MS;
  return kind === 'actual' ? ms : Math.round(ms / HOUR_MS) * HOUR_MS;
}

function at(nowMs: number, port: Port, days: number, kind: TimeKind = 'actual'): string {
  return isoInZone(timeAt(nowMs, days, kind), port.timezone);
}

/** A milestone `days` from now; `kind` defaults from the sign so the past is never "planned". */
function event(
  nowMs: number,
  code: string,
  description: string,
  port: Port,
  days: number,
  extra: Partial<OceanMilestone> & { kind?: TimeKind } = {},
): OceanMilestone {
  const kind = extra.kind ?? (days <= 0 ? 'actual' : 'estimated');
  return { code, description, locode: port.locode, time: at(nowMs, port, days, kind), ...extra, kind };
}

/** Where a vessel is now if it left `departedDays` ago and arrives in `arrivesInDays`. */
function aisPosition(
  nowMs: number,
  path: LineString,
  vessel: Vessel,
  departedDays: number,
  arrivesInDays: number,
  speedKnots: number,
  destination: string,
): AisPosition {
  const fraction = -departedDays / (arrivesInDays - departedDays);
  const point = pointAlong(path, fraction);
  return {
    imo: vessel.imo,
    name: vessel.name,
    lat: point.lat,
    lon: point.lon,
    courseDeg: point.courseDeg,
    speedKnots,
    navigationStatus: 'under_way',
    destination,
    // AIS reports lag: the last one arrived 35 minutes before the request.
    reportedAt: isoUtc(nowMs - 35 * 60_000),
  };
}

const updatedAt = (nowMs: number, hoursAgo: number): string => isoUtc(nowMs - hoursAgo * HOUR_MS);

// Sea lanes, as drawn on the map (GeoJSON [lon, lat]).
const NINGBO_SINGAPORE: readonly LonLat[] = [
  [121.544, 29.868],
  [122.6, 29.5],
  [120.2, 24.6],
  [117.5, 21.4],
  [112, 14],
  [108, 8],
  [105, 3],
  [103.84, 1.264],
];
const SUEZ_ROUTE_WEST: readonly LonLat[] = [
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
];
const SINGAPORE_ROTTERDAM: readonly LonLat[] = [[103.84, 1.264], [101, 2.8], [98.5, 5.5], ...SUEZ_ROUTE_WEST, [2, 51.2], [4.05, 51.955]];
const SHANGHAI_LOS_ANGELES: readonly LonLat[] = [
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
];
const SANTOS_HAMBURG: readonly LonLat[] = [
  [-46.3, -23.96],
  [-44, -24.5],
  [-38.5, -17],
  [-34.5, -7.5],
  [-28, 5],
  [-22, 16],
  [-17, 27],
  [-11, 36.5],
  [-9.8, 43],
  [-5.5, 48.5],
  [-1, 50.2],
  [2, 51.2],
  [4.5, 53.2],
  [8.2, 54],
  [9.93, 53.505],
];
const HAMBURG_DUISBURG_RAIL: readonly LonLat[] = [
  [9.93, 53.505],
  [9.6, 53.1],
  [8.8, 52.6],
  [8.05, 52.28],
  [7.45, 51.95],
  [6.95, 51.55],
  [6.762, 51.434],
];
const TANJUNG_PELEPAS_FELIXSTOWE: readonly LonLat[] = [[103.548, 1.362], [101, 2.8], [98.5, 5.5], ...SUEZ_ROUTE_WEST, [1.305, 51.955]];
// Out of the Gulf, then the Suez route from the Gulf of Aden ([51, 12.2]) to the Channel's western approach.
const JEBEL_ALI_LE_HAVRE: readonly LonLat[] = [
  [55.061, 25.011],
  [56.4, 26.5],
  [57.5, 24.5],
  [60, 21],
  [58, 16],
  ...SUEZ_ROUTE_WEST.slice(3, -1),
  [-1.5, 49.9],
  [0.107, 49.481],
];
const HAIFA_VALENCIA: readonly LonLat[] = [
  [35.0, 32.82],
  [33, 33.2],
  [28, 33.6],
  [22, 35.3],
  [15.5, 36.6],
  [11.5, 37.6],
  [8, 38.6],
  [3, 39.2],
  [-0.318, 39.443],
];
const XIAMEN_KAOHSIUNG: readonly LonLat[] = [
  [118.07, 24.45],
  [118.6, 23.9],
  [119.6, 23.0],
  [120.3, 22.56],
];
const KAOHSIUNG_XIAMEN: readonly LonLat[] = [...XIAMEN_KAOHSIUNG].reverse();

/** The contract's Asia → Rotterdam example: transshipped in Singapore, now in the Indian Ocean. */
function inTransitToRotterdam({ nowMs, number, withRoute }: DocumentRequest): OceanDocument {
  const { CNNGB, SGSIN, NLRTM } = ports;
  const arina: Vessel = { name: 'MSC ARINA', imo: '9839272', mmsi: '636019825', flag: 'LR', callSign: 'D5VX6' };
  const gulsun: Vessel = { name: 'MSC GULSUN', imo: '9839430', mmsi: '353136000', flag: 'PA', callSign: '3FHZ8' };
  const feeder = { mode: 'vessel', vesselImo: arina.imo, voyage: 'FE544W' };
  const mainline = { mode: 'vessel', vesselImo: gulsun.imo, voyage: 'AE2545W' };
  const departedSingapore = -7.8;
  const arrivesRotterdam = 13.5;
  const eta = at(nowMs, NLRTM, arrivesRotterdam, 'estimated');
  const toRotterdam = lineString(SINGAPORE_ROTTERDAM);
  return {
    referenceNumber: number,
    referenceType: 'container',
    carrier: { code: 'MSCU', name: 'MSC Mediterranean Shipping Company' },
    status: 'IN_TRANSIT',
    statusText: 'In transit',
    updatedAt: updatedAt(nowMs, 3),
    estimatedArrival: { time: eta, locode: NLRTM.locode, kind: 'estimated' },
    originalArrival: { time: at(nowMs, NLRTM, 10.75, 'planned'), locode: NLRTM.locode },
    locations: [CNNGB, SGSIN, NLRTM],
    route: { origin: 'CNNGB', portOfLoading: 'CNNGB', transshipments: ['SGSIN'], portOfDischarge: 'NLRTM', destination: 'NLRTM' },
    vessels: [arina, gulsun],
    containers: [
      {
        number: 'MEDU9091004',
        isoCode: '45G1',
        sizeType: "40' High Cube Dry",
        status: 'IN_TRANSIT',
        milestones: [
          event(nowMs, 'GTOT', 'Empty container released to shipper', CNNGB, -24.2, {
            facility: 'Ningbo Beilun Depot',
            mode: 'truck',
            empty: true,
          }),
          event(nowMs, 'GTIN', 'Full container gated in at terminal', CNNGB, -22.1, {
            facility: CNNGB.terminal,
            mode: 'truck',
            empty: false,
          }),
          event(nowMs, 'LOAD', 'Loaded on vessel', CNNGB, -19.5, { facility: CNNGB.terminal, ...feeder }),
          event(nowMs, 'DEPA', 'Vessel departed', CNNGB, -19.2, feeder),
          event(nowMs, 'ARRI', 'Vessel arrived at transshipment port', SGSIN, -12.7, feeder),
          event(nowMs, 'DISC', 'Discharged at transshipment port', SGSIN, -12.3, { facility: SGSIN.terminal, ...feeder }),
          event(nowMs, 'LOAD', 'Loaded on vessel', SGSIN, -8.1, { facility: SGSIN.terminal, ...mainline }),
          event(nowMs, 'DEPA', 'Vessel departed', SGSIN, departedSingapore, mainline),
          event(nowMs, 'ARRI', 'Vessel arrival', NLRTM, arrivesRotterdam, mainline),
          event(nowMs, 'DISC', 'Discharge from vessel', NLRTM, 14, { facility: NLRTM.terminal, kind: 'planned', ...mainline }),
          event(nowMs, 'GTOT', 'Full container gate out for delivery', NLRTM, 16, {
            facility: NLRTM.terminal,
            kind: 'planned',
            mode: 'truck',
            empty: false,
          }),
        ],
      },
    ],
    ...(withRoute && {
      routeDetails: {
        segments: [
          { from: 'CNNGB', to: 'SGSIN', ...feeder, state: 'completed', path: lineString(NINGBO_SINGAPORE) },
          { from: 'SGSIN', to: 'NLRTM', ...mainline, state: 'current', path: toRotterdam },
        ],
        vessel: aisPosition(nowMs, toRotterdam, gulsun, departedSingapore, arrivesRotterdam, 16.4, 'NLRTM'),
      },
    }),
  };
}

function pacificContainer(nowMs: number, number: string, isoCode: string, sizeType: string, gateInDays: number): OceanContainer {
  const { CNSHA, USLAX } = ports;
  const voyage = { mode: 'vessel', vesselImo: '9776171', voyage: '078E' };
  return {
    number,
    isoCode,
    sizeType,
    status: 'IN_TRANSIT',
    milestones: [
      event(nowMs, 'GTIN', 'Gate in full', CNSHA, gateInDays, { facility: CNSHA.terminal, mode: 'truck' }),
      event(nowMs, 'LOAD', 'Loaded on board', CNSHA, -6.7, voyage),
      event(nowMs, 'DEPA', 'Vessel departure', CNSHA, -6.0, voyage),
      event(nowMs, 'ARRI', 'Vessel arrival', USLAX, 8.5, voyage),
      event(nowMs, 'DISC', 'Discharged', USLAX, 9.6, { kind: 'planned', ...voyage }),
      event(nowMs, 'GTOT', `Gate out for delivery (${number})`, USLAX, 11.5, { kind: 'planned', mode: 'rail' }),
    ],
  };
}

/** The contract's bill of lading: two containers on one vessel, crossing the antimeridian. */
function pacificBillOfLading({ nowMs, number, withRoute }: DocumentRequest): OceanDocument {
  const { CNSHA, USLAX } = ports;
  const vessel: Vessel = { name: 'OOCL HONG KONG', imo: '9776171', mmsi: '477333500', flag: 'HK' };
  const path = lineString(SHANGHAI_LOS_ANGELES);
  return {
    referenceNumber: number,
    referenceType: 'bill_of_lading',
    carrier: { code: 'OOLU', name: 'OOCL' },
    status: 'IN_TRANSIT',
    statusText: 'In transit',
    updatedAt: updatedAt(nowMs, 1.5),
    estimatedArrival: { time: at(nowMs, USLAX, 8.5, 'estimated'), locode: USLAX.locode, kind: 'estimated' },
    locations: [CNSHA, USLAX],
    route: { origin: 'CNSHA', portOfLoading: 'CNSHA', transshipments: [], portOfDischarge: 'USLAX', destination: 'USLAX' },
    vessels: [vessel],
    containers: [
      pacificContainer(nowMs, 'OOLU1882030', '45G1', "40' High Cube Dry", -9.5),
      pacificContainer(nowMs, 'OOLU7429118', '22G1', "20' Dry", -8.7),
    ],
    ...(withRoute && {
      routeDetails: {
        segments: [{ from: 'CNSHA', to: 'USLAX', mode: 'vessel', vesselImo: vessel.imo, voyage: '078E', state: 'current', path }],
        vessel: aisPosition(nowMs, path, vessel, -6.0, 8.5, 18.9, 'USLAX'),
      },
    }),
  };
}

/** A finished journey: every milestone actual, the ETA is the arrival that happened. */
function deliveredToDuisburg({ nowMs, number, withRoute }: DocumentRequest): OceanDocument {
  const { BRSSZ, DEHAM, DEDUI } = ports;
  const vessel: Vessel = { name: 'ATLANTIC PIONEER', imo: '9612870', flag: 'DE' };
  const voyage = { mode: 'vessel', vesselImo: vessel.imo, voyage: '2541N' };
  return {
    referenceNumber: number,
    referenceType: 'container',
    carrier: { code: 'HLCU', name: 'Hapag-Lloyd' },
    status: 'DELIVERED',
    statusText: 'Delivered',
    updatedAt: updatedAt(nowMs, 20),
    estimatedArrival: { time: at(nowMs, DEDUI, -14.6), locode: DEDUI.locode, kind: 'actual' },
    originalArrival: { time: at(nowMs, DEDUI, -15, 'planned'), locode: DEDUI.locode },
    locations: [BRSSZ, DEHAM, DEDUI],
    route: { origin: 'BRSSZ', portOfLoading: 'BRSSZ', transshipments: [], portOfDischarge: 'DEHAM', destination: 'DEDUI' },
    vessels: [vessel],
    containers: [
      {
        number: 'HLXU8123446',
        isoCode: '22R1',
        sizeType: "20' Reefer",
        status: 'DELIVERED',
        milestones: [
          event(nowMs, 'GTOT', 'Empty container released to shipper', BRSSZ, -45.3, {
            facility: 'Santos Empty Depot',
            mode: 'truck',
            empty: true,
          }),
          event(nowMs, 'STUF', 'Stuffed at shipper', BRSSZ, -43.9, { facility: 'Shipper premises, Cubatão', mode: 'truck' }),
          event(nowMs, 'GTIN', 'Gate in full', BRSSZ, -42.2, { facility: BRSSZ.terminal, mode: 'truck', empty: false }),
          event(nowMs, 'LOAD', 'Loaded on board', BRSSZ, -40.1, { facility: BRSSZ.terminal, ...voyage }),
          event(nowMs, 'DEPA', 'Vessel departure', BRSSZ, -39.6, voyage),
          event(nowMs, 'ARRI', 'Vessel arrival', DEHAM, -19.1, voyage),
          event(nowMs, 'DISC', 'Discharged', DEHAM, -18.7, { facility: DEHAM.terminal, ...voyage }),
          event(nowMs, 'CUSR', 'Customs released', DEHAM, -17.4, { facility: DEHAM.terminal }),
          event(nowMs, 'LOAD', 'Loaded on train', DEHAM, -16.2, { facility: DEHAM.terminal, mode: 'rail' }),
          event(nowMs, 'ARRI', 'Arrived at inland terminal', DEDUI, -15.1, { facility: DEDUI.terminal, mode: 'rail' }),
          event(nowMs, 'GTOT', 'Gate out for delivery', DEDUI, -14.6, { facility: DEDUI.terminal, mode: 'truck', empty: false }),
          event(nowMs, 'STRP', 'Stripped at consignee', DEDUI, -14.2, { facility: 'Consignee warehouse, Duisburg', mode: 'truck' }),
          event(nowMs, 'GTIN', 'Empty container returned', DEDUI, -12.9, { facility: 'Duisburg Empty Depot', mode: 'truck', empty: true }),
        ],
      },
    ],
    ...(withRoute && {
      routeDetails: {
        segments: [
          { from: 'BRSSZ', to: 'DEHAM', ...voyage, state: 'completed', path: lineString(SANTOS_HAMBURG) },
          { from: 'DEHAM', to: 'DEDUI', mode: 'rail', state: 'completed', path: lineString(HAMBURG_DUISBURG_RAIL) },
        ],
      },
    }),
  };
}

/** Nothing has happened yet: every milestone is the schedule. */
function plannedBooking({ nowMs, number, withRoute }: DocumentRequest): OceanDocument {
  const { MYTPP, GBFXT } = ports;
  const vessel: Vessel = { name: 'MAERSK ELBA', imo: '9715440', flag: 'DK' };
  const voyage = { mode: 'vessel', vesselImo: vessel.imo, voyage: '451W', kind: 'planned' as const };
  return {
    referenceNumber: number,
    referenceType: 'booking',
    carrier: { code: 'MAEU', name: 'Maersk' },
    status: 'PLANNED',
    statusText: 'Booking confirmed',
    updatedAt: updatedAt(nowMs, 6),
    estimatedArrival: { time: at(nowMs, GBFXT, 31, 'planned'), locode: GBFXT.locode, kind: 'planned' },
    locations: [MYTPP, GBFXT],
    route: { origin: 'MYTPP', portOfLoading: 'MYTPP', transshipments: [], portOfDischarge: 'GBFXT', destination: 'GBFXT' },
    vessels: [vessel],
    containers: [
      {
        number: `MSKU605718${containerCheckDigit('MSKU605718')}`,
        isoCode: '45G1',
        sizeType: "40' High Cube Dry",
        status: 'PLANNED',
        milestones: [
          event(nowMs, 'GTOT', 'Empty container release', MYTPP, 3, {
            kind: 'planned',
            facility: 'Pelepas Empty Depot',
            mode: 'truck',
            empty: true,
          }),
          event(nowMs, 'GTIN', 'Gate in full (cut-off)', MYTPP, 5, { kind: 'planned', facility: MYTPP.terminal, mode: 'truck' }),
          event(nowMs, 'LOAD', 'Load on vessel', MYTPP, 7, { facility: MYTPP.terminal, ...voyage }),
          event(nowMs, 'DEPA', 'Vessel departure', MYTPP, 7.5, voyage),
          event(nowMs, 'ARRI', 'Vessel arrival', GBFXT, 31, voyage),
          event(nowMs, 'DISC', 'Discharge', GBFXT, 31.5, { facility: GBFXT.terminal, ...voyage }),
          event(nowMs, 'GTOT', 'Gate out for delivery', GBFXT, 33, { kind: 'planned', facility: GBFXT.terminal, mode: 'truck' }),
        ],
      },
    ],
    ...(withRoute && {
      routeDetails: {
        segments: [
          {
            from: 'MYTPP',
            to: 'GBFXT',
            mode: 'vessel',
            vesselImo: vessel.imo,
            voyage: '451W',
            state: 'planned',
            path: lineString(TANJUNG_PELEPAS_FELIXSTOWE),
          },
        ],
      },
    }),
  };
}

/** A status and event codes the contract does not list yet: shown with the document's own text. */
function customsHoldWithUnknownCodes({ nowMs, number, withRoute }: DocumentRequest): OceanDocument {
  const { AEJEA, FRLEH } = ports;
  const vessel: Vessel = { name: 'CMA CGM ORIENT', imo: '9445186', flag: 'FR' };
  const voyage = { mode: 'vessel', vesselImo: vessel.imo, voyage: '0MEA5W1MA' };
  return {
    referenceNumber: number,
    referenceType: 'container',
    carrier: { code: 'CMDU', name: 'CMA CGM' },
    status: 'CUSTOMS_HOLD',
    statusText: 'Held by customs at destination',
    updatedAt: updatedAt(nowMs, 2),
    estimatedArrival: { time: at(nowMs, FRLEH, -4.1), locode: FRLEH.locode, kind: 'actual' },
    locations: [AEJEA, FRLEH],
    route: { origin: 'AEJEA', portOfLoading: 'AEJEA', transshipments: [], portOfDischarge: 'FRLEH', destination: 'FRLEH' },
    vessels: [vessel],
    containers: [
      {
        number: 'CMAU4719208',
        isoCode: '42G1',
        sizeType: "40' Dry",
        status: 'CUSTOMS_HOLD',
        milestones: [
          event(nowMs, 'GTIN', 'Gate in full', AEJEA, -30.2, { facility: AEJEA.terminal, mode: 'truck' }),
          event(nowMs, 'LOAD', 'Loaded on board', AEJEA, -28.4, { facility: AEJEA.terminal, ...voyage }),
          event(nowMs, 'DEPA', 'Vessel departure', AEJEA, -27.9, voyage),
          event(nowMs, 'ARRI', 'Vessel arrival', FRLEH, -4.1, voyage),
          event(nowMs, 'DISC', 'Discharged', FRLEH, -3.6, { facility: FRLEH.terminal, ...voyage }),
          event(nowMs, 'XHLD', 'Customs hold placed: documentary check', FRLEH, -3.1, { facility: FRLEH.terminal }),
          event(nowMs, 'SCAN', 'Container X-ray scanned', FRLEH, -1.8, { facility: 'Le Havre Customs Scanner', mode: 'truck' }),
          event(nowMs, 'CUSR', 'Customs release expected', FRLEH, 1, { kind: 'estimated', facility: FRLEH.terminal }),
          event(nowMs, 'GTOT', 'Gate out for delivery', FRLEH, 2, { kind: 'planned', facility: FRLEH.terminal, mode: 'barge' }),
        ],
      },
    ],
    ...(withRoute && {
      routeDetails: {
        segments: [{ from: 'AEJEA', to: 'FRLEH', ...voyage, state: 'completed', path: lineString(JEBEL_ALI_LE_HAVRE) }],
      },
    }),
  };
}

// Markup and script in every free-text field: a tracker must show these as text, never run them.
const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert("xss")</script>';
const SVG = '"><svg onload=alert(document.domain)>';
const ATTR = "' onmouseover='alert(1)' data-x='";
const LINK = '<a href="javascript:alert(1)">click me</a>';
const TEMPLATE = '${alert(1)} {{constructor.constructor("alert(1)")()}}';

function hostileStrings({ nowMs, number, withRoute }: DocumentRequest): OceanDocument {
  const haifa: Port = { ...ports.ILHFA, name: `Haifa ${SCRIPT}`, terminal: `Bayport ${SVG}` };
  const valencia: Port = { ...ports.ESVLC, name: `Valencia ${IMG}`, terminal: `CSP ${LINK}` };
  const vessel: Vessel = { name: `ZIM ${IMG}`, imo: '9753026', flag: 'IL', callSign: ATTR, mmsi: '215000000' };
  const voyage = { mode: 'vessel', vesselImo: vessel.imo, voyage: `7W${SCRIPT}` };
  const path = lineString(HAIFA_VALENCIA);
  return {
    referenceNumber: number,
    referenceType: 'container',
    carrier: { code: 'ZIMU', name: `ZIM ${SCRIPT}` },
    status: `IN_TRANSIT${SVG}`,
    statusText: `In transit ${IMG}`,
    updatedAt: updatedAt(nowMs, 1),
    estimatedArrival: { time: at(nowMs, valencia, 2.5, 'estimated'), locode: valencia.locode, kind: 'estimated' },
    locations: [haifa, valencia],
    route: { origin: 'ILHFA', portOfLoading: 'ILHFA', transshipments: [], portOfDischarge: 'ESVLC', destination: 'ESVLC' },
    vessels: [vessel],
    containers: [
      {
        number: 'ZIMU3184066',
        isoCode: `22G1${ATTR}`,
        sizeType: `20' Dry ${SCRIPT}`,
        status: `IN_TRANSIT${IMG}`,
        milestones: [
          event(nowMs, 'GTIN', `Gate in ${IMG}`, haifa, -6.1, { facility: `Depot ${SVG}`, mode: 'truck' }),
          event(nowMs, `LOAD${SCRIPT}`, `Loaded ${TEMPLATE}`, haifa, -4.2, { facility: `Quay ${ATTR}`, ...voyage }),
          event(nowMs, 'DEPA', `Departed ${LINK}`, haifa, -3.8, voyage),
          event(nowMs, 'ARRI', `Arrival ${SCRIPT}`, valencia, 2.5, voyage),
          event(nowMs, 'DISC', `Discharge ${IMG}`, valencia, 3, { kind: 'planned', facility: valencia.terminal, ...voyage }),
        ],
      },
    ],
    ...(withRoute && {
      routeDetails: {
        segments: [{ from: 'ILHFA', to: 'ESVLC', ...voyage, state: 'current', path }],
        vessel: {
          ...aisPosition(nowMs, path, vessel, -3.8, 2.5, 17.2, `Valencia ${SCRIPT}`),
          navigationStatus: `under_way ${IMG}`,
        },
      },
    }),
  };
}

const SHUTTLE_VOYAGES = 50;
const SHUTTLE_DAYS_PER_VOYAGE = 3.5;

/** Fifty Kaohsiung ↔ Xiamen shuttles, six events each: 300 milestones for a long timeline. */
function longShuttleHistory({ nowMs, number, withRoute }: DocumentRequest): OceanDocument {
  const { TWKHH, CNXMN } = ports;
  const vessels: Vessel[] = [
    { name: 'EVER SHUTTLE', imo: '9206140', flag: 'TW' },
    { name: 'EVER HARBOUR', imo: '9355800', flag: 'TW' },
  ];
  const milestones: OceanMilestone[] = [];
  for (let i = 0; i < SHUTTLE_VOYAGES; i++) {
    const from = i % 2 === 0 ? TWKHH : CNXMN;
    const to = i % 2 === 0 ? CNXMN : TWKHH;
    const start = -1 - (SHUTTLE_VOYAGES - 1 - i) * SHUTTLE_DAYS_PER_VOYAGE;
    const ship = vessels[i % vessels.length] ?? { name: 'EVER SHUTTLE', imo: '9206140' };
    const voyage = { mode: 'feeder', vesselImo: ship.imo, voyage: `${String(101 + i).padStart(4, '0')}${i % 2 === 0 ? 'N' : 'S'}` };
    milestones.push(
      event(nowMs, 'GTIN', 'Gate in full', from, start, { facility: from.terminal, mode: 'truck' }),
      event(nowMs, 'LOAD', 'Loaded on board', from, start + 0.5, { facility: from.terminal, ...voyage }),
      event(nowMs, 'DEPA', 'Vessel departure', from, start + 0.8, voyage),
      event(nowMs, 'ARRI', 'Vessel arrival', to, start + 1.6, voyage),
      event(nowMs, 'DISC', 'Discharged', to, start + 2.0, {
        facility: to.terminal,
        ...voyage,
        ...(start + 2.0 > 0 && { kind: 'planned' as const }),
      }),
      event(nowMs, 'GTOT', 'Gate out', to, start + 2.4, {
        facility: to.terminal,
        mode: 'truck',
        ...(start + 2.4 > 0 && { kind: 'planned' as const }),
      }),
    );
  }
  const lastFrom = (SHUTTLE_VOYAGES - 1) % 2 === 0 ? TWKHH : CNXMN;
  const lastTo = lastFrom === TWKHH ? CNXMN : TWKHH;
  const lastShip = vessels[(SHUTTLE_VOYAGES - 1) % vessels.length] ?? vessels[0];
  const path = lineString(lastFrom === TWKHH ? KAOHSIUNG_XIAMEN : XIAMEN_KAOHSIUNG);
  const segment: OceanSegment = {
    from: lastFrom.locode,
    to: lastTo.locode,
    mode: 'feeder',
    ...(lastShip && { vesselImo: lastShip.imo }),
    state: 'current',
    path,
  };
  return {
    referenceNumber: number,
    referenceType: 'container',
    carrier: { code: 'EGLV', name: 'Evergreen Line' },
    status: 'IN_TRANSIT',
    statusText: 'In transit',
    updatedAt: updatedAt(nowMs, 0.5),
    estimatedArrival: { time: at(nowMs, lastTo, 0.6, 'estimated'), locode: lastTo.locode, kind: 'estimated' },
    locations: [TWKHH, CNXMN],
    route: {
      origin: lastFrom.locode,
      portOfLoading: lastFrom.locode,
      transshipments: [],
      portOfDischarge: lastTo.locode,
      destination: lastTo.locode,
    },
    vessels,
    containers: [{ number: 'EGHU9073510', isoCode: '22G1', sizeType: "20' Dry", status: 'IN_TRANSIT', milestones }],
    ...(withRoute && {
      routeDetails: {
        segments: [segment],
        ...(lastShip && { vessel: aisPosition(nowMs, path, lastShip, -0.2, 0.6, 13.1, lastTo.locode) }),
      },
    }),
  };
}

type OceanDocumentBuilder = (request: DocumentRequest) => OceanDocument;

/** Documents by number, matched on `lookupKey('ocean', …)` of the number sent. */
export const oceanDocuments: ReadonlyMap<string, OceanDocumentBuilder> = new Map([
  ['MEDU9091004', inTransitToRotterdam],
  ['OOLU2741938520', pacificBillOfLading],
  ['HLXU8123446', deliveredToDuisburg],
  ['238417562', plannedBooking],
  ['CMAU4719208', customsHoldWithUnknownCodes],
  ['ZIMU3184066', hostileStrings],
  ['EGHU9073510', longShuttleHistory],
]);

/** What a number that needed 202s first finally resolves to: a booking riding the Rotterdam voyage. */
export function oceanDocumentAfterWaiting(request: DocumentRequest): OceanDocument {
  return { ...inTransitToRotterdam(request), referenceType: 'booking' };
}

/** A document that fails the contract: `status` is required. */
export function oceanDocumentWithoutStatus(request: DocumentRequest): Omit<OceanDocument, 'status'> {
  const { status: _omitted, ...rest } = inTransitToRotterdam(request);
  return rest;
}
