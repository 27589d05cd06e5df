import './define.js';

export { OceanTracker } from './ocean-tracker.js';
export { normalizeOcean, parseOceanCarriers, OCEAN_STATUSES, OCEAN_EVENT_CODES } from './ocean-normalizer.js';
export type { OceanCarrier, OceanStatus, OceanEventCode, OceanReferenceType } from './ocean-normalizer.js';
export { checkContainerNumber, containerCheckDigit } from './container-number.js';
export type { ContainerNumberCheck } from './container-number.js';
// What an app needs beside the element, so that installing this package alone (strict pnpm) is enough.
export { TrackerLoadEvent, TrackerPendingEvent, TrackerErrorEvent } from '@cargo-trackers/core';
export type { TrackerErrorDetail, Shipment, Normalizer, NormalizeResult, Messages, MessageKey, ThemeName, Density, MapMode } from '@cargo-trackers/core';
