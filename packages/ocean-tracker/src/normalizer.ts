/**
 * `@cargo-trackers/ocean-tracker/normalizer`: the ocean normalizer (upstream JSON → Shipment)
 * and its code lists, for a custom `normalizer` that wraps it or for server-side use. An entry
 * of its own because the element loads it only when a lookup starts; exported from the main
 * entry, it would sit in the first load of bundlers that split by module (esbuild).
 */
export { normalizeOcean, OCEAN_STATUSES, OCEAN_EVENT_CODES } from './lookup/ocean-normalizer.js';
export type { OceanStatus, OceanEventCode } from './lookup/ocean-normalizer.js';
export { parseOceanCarriers } from './lookup/carrier-list.js';
