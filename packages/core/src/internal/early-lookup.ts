/**
 * `@cargo-trackers/core/internal/early-lookup`, for the element packages and the script-tag entry
 * only (not a public API): the first lookup sent before an element's code arrives.
 */
export { sendEarlyLookup, takeEarlyLookup, type EarlyLookup } from '../first/early-lookup/early-lookup.js';
