// The script-tag bundle's modules that `npm run size` follows and that the entry starts when a
// number is known at load (scripts/early-chunks.ts): declared once here for both.

/** Each element's registration module: its chunk (with what it imports statically) is its first load. */
export const ELEMENT_DEFINES = {
  'ocean-tracker': 'packages/ocean-tracker/src/first/define.ts',
  'air-tracker': 'packages/air-tracker/src/first/define.ts',
};
export const ENTRY = 'packages/cargo-trackers/src/cdn.ts';
// The map element (imported when a shipment with route data is shown) and the Leaflet adapter
// it imports when the map nears the viewport: together, what showing a map adds.
export const MAP_ELEMENT = 'packages/core/src/map/define.ts';
export const MAP = 'packages/core/src/map/leaflet-route-map.ts';
// What every lookup loads: the lookup's code (tracking controller, transport, notices), and in
// parallel with the request the shipment view (with the second part of English) and each
// element's normalizer and details (core's TrackerElement.startLookup and the elements' loadProductView).
const LOOKUP = 'packages/core/src/lookup/lookup.ts';
export const VIEWS = {
  'ocean-tracker': [LOOKUP, 'packages/core/src/view/shipment-view.ts', 'packages/ocean-tracker/src/view/ocean-view.ts'],
  'air-tracker': [LOOKUP, 'packages/core/src/view/shipment-view.ts', 'packages/air-tracker/src/view/air-view.ts'],
};
/** The list readers a number known at load needs at once: an AWB number's prefix names its airline in the form. */
export const LIST_READERS = {
  'air-tracker': ['packages/air-tracker/src/lookup/airline-list.ts'],
};
