/** `<air-tracker>`'s own API, declared once (facts in `air-tracker-properties.ts`); it inherits everything in core's `trackerApi`. */
import { withDescriptions, type CustomElementApi } from '@cargo-trackers/core/internal/element-api';
import { airTrackerProperties } from './air-tracker-properties.js';

export const airTrackerApi = {
  tagName: 'air-tracker',
  className: 'AirTracker',
  module: 'first/air-tracker.js',
  summary: 'Air waybill tracking: status, airline, ETA, route, flights, cargo figures, milestones and map.',
  description: "Tracks an air waybill through the customer's proxy.",
  properties: withDescriptions(airTrackerProperties, {
    awbNumber: 'Air waybill `PPP-SSSSSSSS`; tracked at once when set (attribute or property). Sent exactly as written.',
  }),
  parts: {
    'airline-hint': 'The airline named by the typed prefix (a polite live region).',
    cargo: 'Pieces and weight.',
    flights: 'The flights, in order.',
    flight: 'One flight: number, airports, aircraft, times and state (`data-state`).',
  },
} as const satisfies CustomElementApi;
