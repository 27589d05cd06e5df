import './first/define.js';

// Only what the element's first load holds anyway; the normalizer is `./normalizer`.
export { OceanTracker } from './first/ocean-tracker.js';
// The carrier list's reader loads when the list is asked for: it is with the normalizer, in `./normalizer`.
export type { OceanCarrier, OceanReferenceType } from './contracts/carrier.js';
export type { OceanStatus, OceanEventCode } from './lookup/ocean-normalizer.js';
export { checkContainerNumber, containerCheckDigit } from './first/container-number.js';
export type { ContainerNumberCheck } from './first/container-number.js';
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
