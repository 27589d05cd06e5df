/**
 * `@cargo-trackers/air-tracker/normalizer`: the air normalizer (upstream JSON → Shipment) and
 * its code lists, for a custom `normalizer` that wraps it or for server-side use. An entry of
 * its own because the element loads it only when a lookup starts; exported from the main
 * entry, it would sit in the first load of bundlers that split by module (esbuild).
 */
export { normalizeAir, AIR_STATUSES, AIR_EVENT_CODES } from './lookup/air-normalizer.js';
export type { AirStatus, AirEventCode } from './lookup/air-normalizer.js';
export { parseAirlines } from './lookup/airline-list.js';
