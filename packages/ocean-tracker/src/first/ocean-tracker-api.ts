/** `<ocean-tracker>`'s own API, declared once (facts in `ocean-tracker-properties.ts`); it inherits everything in core's `trackerApi`. */
import { withDescriptions, type CustomElementApi } from '@cargo-trackers/core/internal/element-api';
import { oceanTrackerProperties } from './ocean-tracker-properties.js';

export const oceanTrackerApi = {
  tagName: 'ocean-tracker',
  className: 'OceanTracker',
  module: 'first/ocean-tracker.js',
  summary: 'Ocean container, bill of lading and booking tracking: status, ETA, route, vessels, milestones and map.',
  description: "Tracks an ocean container, bill of lading or booking through the customer's proxy.",
  properties: withDescriptions(oceanTrackerProperties, {
    referenceNumber:
      'Container, bill of lading or booking number. Set (at connect or later), it is tracked at once; else the element waits for the visitor. Sent exactly as written.',
    carrierCode: {
      unsetMeans: 'detected by the service',
      description: 'Preset carrier (SCAC-style, e.g. `MAEU`). Sent only when set or picked.',
    },
  }),
  parts: {
    vessels: 'The vessels and their voyages.',
  },
} as const satisfies CustomElementApi;
