import './define.js';

// Only what the element's first load holds anyway; the normalizer is `./normalizer`.
export { OceanTracker } from './ocean-tracker.js';
export { parseOceanCarriers } from './carrier-list.js';
export type { OceanCarrier, OceanReferenceType } from './carrier-list.js';
export type { OceanStatus, OceanEventCode } from './ocean-normalizer.js';
export { checkContainerNumber, containerCheckDigit } from './container-number.js';
export type { ContainerNumberCheck } from './container-number.js';
