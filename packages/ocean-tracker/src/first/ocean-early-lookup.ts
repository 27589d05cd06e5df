import type { EarlyLookup } from '@cargo-trackers/core/internal/early-lookup';

/** The lookup's query: the number exactly as written, the carrier if one is chosen, the route data for the map. */
export function oceanQuery(number: string, carrier: string | undefined): Array<[string, string]> {
  const params: Array<[string, string]> = [['referenceNumber', number]];
  if (carrier) params.push(['carrierCode', carrier]);
  params.push(['routeDetails', 'true']);
  return params;
}

/**
 * What the script-tag entry sends for an `<ocean-tracker reference-number>` in the HTML before the
 * element's code has arrived: the element's own query, with `carrier-code` (nobody has picked
 * a carrier yet; core's first/early-lookup/early-lookup.ts), and the carrier list that names a preset carrier in the picker.
 */
export const oceanLookup: EarlyLookup = {
  product: 'ocean',
  numberAttribute: 'reference-number',
  query: (number, el) => oceanQuery(number, el.getAttribute('carrier-code') || undefined),
  needsList: (_number, el) => Boolean(el.getAttribute('carrier-code')),
};
