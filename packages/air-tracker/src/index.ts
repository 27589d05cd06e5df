import './define.js';

// Only what the element's first load holds anyway; the normalizer is `./normalizer`.
export { AirTracker } from './air-tracker.js';
export { parseAirlines } from './airline-list.js';
export type { Airline } from './airline-list.js';
export type { AirStatus, AirEventCode } from './air-normalizer.js';
export { checkAwbNumber, prefixOf } from './awb-number.js';
export type { AwbNumberCheck } from './awb-number.js';
