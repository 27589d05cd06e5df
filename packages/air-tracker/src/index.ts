import './define.js';

export { AirTracker } from './air-tracker.js';
export { normalizeAir, parseAirlines, AIR_STATUSES, AIR_EVENT_CODES } from './air-normalizer.js';
export type { Airline, AirStatus, AirEventCode } from './air-normalizer.js';
export { checkAwbNumber, prefixOf } from './awb-number.js';
export type { AwbNumberCheck } from './awb-number.js';
export { renderFlights } from './flights.js';
// What an app needs beside the element, so that installing this package alone (strict pnpm) is enough.
export { TrackerLoadEvent, TrackerPendingEvent, TrackerErrorEvent } from '@cargo-trackers/core';
export type { TrackerErrorDetail, Shipment, Normalizer, NormalizeResult, Messages, MessageKey, ThemeName, Density, MapMode } from '@cargo-trackers/core';
