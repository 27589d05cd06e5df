/**
 * Ports and airports the mock documents name. Positions, zones and terminals are public facts;
 * the documents copy these records into their `locations` / `airports` lists.
 */

export interface Port {
  readonly locode: string;
  readonly name: string;
  readonly country: string;
  readonly lat: number;
  readonly lon: number;
  readonly timezone: string;
  readonly terminal?: string;
}

export interface Airport {
  readonly iata: string;
  readonly name: string;
  readonly city: string;
  readonly country: string;
  readonly lat: number;
  readonly lon: number;
  readonly timezone: string;
}

export const ports = {
  CNNGB: {
    locode: 'CNNGB',
    name: 'Ningbo',
    country: 'CN',
    lat: 29.8683,
    lon: 121.544,
    timezone: 'Asia/Shanghai',
    terminal: 'Ningbo Beilun Second Container Terminal',
  },
  SGSIN: {
    locode: 'SGSIN',
    name: 'Singapore',
    country: 'SG',
    lat: 1.264,
    lon: 103.84,
    timezone: 'Asia/Singapore',
    terminal: 'Pasir Panjang Terminal',
  },
  NLRTM: {
    locode: 'NLRTM',
    name: 'Rotterdam',
    country: 'NL',
    lat: 51.955,
    lon: 4.05,
    timezone: 'Europe/Amsterdam',
    terminal: 'ECT Delta Terminal',
  },
  CNSHA: {
    locode: 'CNSHA',
    name: 'Shanghai',
    country: 'CN',
    lat: 30.627,
    lon: 122.065,
    timezone: 'Asia/Shanghai',
    terminal: 'Yangshan Deep Water Port',
  },
  USLAX: {
    locode: 'USLAX',
    name: 'Los Angeles',
    country: 'US',
    lat: 33.74,
    lon: -118.27,
    timezone: 'America/Los_Angeles',
    terminal: 'Fenix Marine Services',
  },
  BRSSZ: {
    locode: 'BRSSZ',
    name: 'Santos',
    country: 'BR',
    lat: -23.96,
    lon: -46.3,
    timezone: 'America/Sao_Paulo',
    terminal: 'Santos Brasil Tecon',
  },
  DEHAM: {
    locode: 'DEHAM',
    name: 'Hamburg',
    country: 'DE',
    lat: 53.505,
    lon: 9.93,
    timezone: 'Europe/Berlin',
    terminal: 'Container Terminal Altenwerder',
  },
  DEDUI: { locode: 'DEDUI', name: 'Duisburg', country: 'DE', lat: 51.434, lon: 6.762, timezone: 'Europe/Berlin', terminal: 'logport I' },
  MYTPP: {
    locode: 'MYTPP',
    name: 'Tanjung Pelepas',
    country: 'MY',
    lat: 1.362,
    lon: 103.548,
    timezone: 'Asia/Kuala_Lumpur',
    terminal: 'Port of Tanjung Pelepas',
  },
  GBFXT: {
    locode: 'GBFXT',
    name: 'Felixstowe',
    country: 'GB',
    lat: 51.955,
    lon: 1.305,
    timezone: 'Europe/London',
    terminal: 'Trinity Terminal',
  },
  AEJEA: {
    locode: 'AEJEA',
    name: 'Jebel Ali',
    country: 'AE',
    lat: 25.011,
    lon: 55.061,
    timezone: 'Asia/Dubai',
    terminal: 'Jebel Ali Terminal 3',
  },
  FRLEH: {
    locode: 'FRLEH',
    name: 'Le Havre',
    country: 'FR',
    lat: 49.481,
    lon: 0.107,
    timezone: 'Europe/Paris',
    terminal: 'Terminal de France',
  },
  ILHFA: { locode: 'ILHFA', name: 'Haifa', country: 'IL', lat: 32.82, lon: 35.0, timezone: 'Asia/Jerusalem', terminal: 'Haifa Bayport' },
  ESVLC: {
    locode: 'ESVLC',
    name: 'Valencia',
    country: 'ES',
    lat: 39.443,
    lon: -0.318,
    timezone: 'Europe/Madrid',
    terminal: 'CSP Valencia',
  },
  TWKHH: {
    locode: 'TWKHH',
    name: 'Kaohsiung',
    country: 'TW',
    lat: 22.56,
    lon: 120.3,
    timezone: 'Asia/Taipei',
    terminal: 'Kaohsiung Terminal 5',
  },
  CNXMN: {
    locode: 'CNXMN',
    name: 'Xiamen',
    country: 'CN',
    lat: 24.45,
    lon: 118.07,
    timezone: 'Asia/Shanghai',
    terminal: 'Xiamen Ocean Gate Terminal',
  },
} as const satisfies Record<string, Port>;

export const airports = {
  HKG: {
    iata: 'HKG',
    name: 'Hong Kong International Airport',
    city: 'Hong Kong',
    country: 'HK',
    lat: 22.308,
    lon: 113.918,
    timezone: 'Asia/Hong_Kong',
  },
  DXB: { iata: 'DXB', name: 'Dubai International Airport', city: 'Dubai', country: 'AE', lat: 25.253, lon: 55.364, timezone: 'Asia/Dubai' },
  FRA: {
    iata: 'FRA',
    name: 'Frankfurt Airport',
    city: 'Frankfurt am Main',
    country: 'DE',
    lat: 50.033,
    lon: 8.57,
    timezone: 'Europe/Berlin',
  },
  ORD: {
    iata: 'ORD',
    name: "O'Hare International Airport",
    city: 'Chicago',
    country: 'US',
    lat: 41.978,
    lon: -87.904,
    timezone: 'America/Chicago',
  },
  SIN: {
    iata: 'SIN',
    name: 'Singapore Changi Airport',
    city: 'Singapore',
    country: 'SG',
    lat: 1.364,
    lon: 103.991,
    timezone: 'Asia/Singapore',
  },
  AMS: {
    iata: 'AMS',
    name: 'Amsterdam Airport Schiphol',
    city: 'Amsterdam',
    country: 'NL',
    lat: 52.31,
    lon: 4.768,
    timezone: 'Europe/Amsterdam',
  },
  PVG: {
    iata: 'PVG',
    name: 'Shanghai Pudong International Airport',
    city: 'Shanghai',
    country: 'CN',
    lat: 31.143,
    lon: 121.805,
    timezone: 'Asia/Shanghai',
  },
  DOH: { iata: 'DOH', name: 'Hamad International Airport', city: 'Doha', country: 'QA', lat: 25.273, lon: 51.608, timezone: 'Asia/Qatar' },
  LHR: { iata: 'LHR', name: 'London Heathrow Airport', city: 'London', country: 'GB', lat: 51.47, lon: -0.454, timezone: 'Europe/London' },
  LUX: {
    iata: 'LUX',
    name: 'Luxembourg Airport',
    city: 'Luxembourg',
    country: 'LU',
    lat: 49.626,
    lon: 6.212,
    timezone: 'Europe/Luxembourg',
  },
} as const satisfies Record<string, Airport>;
