import type { EarlyLookup } from '@cargo-trackers/core/internal/early-lookup';
import { prefixOf } from './awb-prefix.js';

/** The lookup's query: the number exactly as written, and the route data for the map. */
export function airQuery(number: string): Array<[string, string]> {
  return [
    ['number', number],
    ['routePath', 'true'],
  ];
}

/**
 * What the script-tag entry sends for an `<air-tracker awb-number>` in the HTML before the
 * element's code has arrived: the element's own query, and the airline list, which the form asks
 * for as soon as the number has an airline prefix (core's first/early-lookup/early-lookup.ts).
 */
export const airLookup: EarlyLookup = {
  product: 'air',
  numberAttribute: 'awb-number',
  query: airQuery,
  needsList: (number) => prefixOf(number) !== undefined,
};
