import './define.js';

export { AirTracker } from './air-tracker.js';
export { normalizeAir, parseAirlines, AIR_STATUSES, AIR_EVENT_CODES } from './air-normalizer.js';
export type { Airline, AirStatus, AirEventCode } from './air-normalizer.js';
export { checkAwbNumber, prefixOf } from './awb-number.js';
export type { AwbNumberCheck } from './awb-number.js';
export { renderFlights } from './flights.js';
