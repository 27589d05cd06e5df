import './first/define.js';

// Only what the element's first load holds anyway; the normalizer is `./normalizer`.
export { AirTracker } from './first/air-tracker.js';
// The airline list's reader loads when the list is asked for: it is with the normalizer, in `./normalizer`.
export type { Airline } from './contracts/airline.js';
export type { AirStatus, AirEventCode } from './lookup/air-normalizer.js';
export { checkAwbNumber, prefixOf } from './first/awb-number.js';
export type { AwbNumberCheck } from './first/awb-number.js';
// What an app needs beside the element, so that installing this package alone (strict pnpm) is enough.
export {
  TrackerLoadEvent,
  TrackerPendingEvent,
  TrackerErrorEvent,
  TrackerStateChangeEvent,
  TrackerNumberChangeEvent,
  preloadLanguage,
} from '@cargo-trackers/core';
export type {
  TrackerErrorDetail,
  TrackingPhase,
  Shipment,
  Normalizer,
  NormalizeResult,
  Messages,
  MessageKey,
  ThemeName,
  Density,
  MapMode,
} from '@cargo-trackers/core';
