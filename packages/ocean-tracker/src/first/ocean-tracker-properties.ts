/** `<ocean-tracker>`'s own properties (it inherits core's `trackerProperties`); the words are in `ocean-tracker-api.ts`. */
import type { PropertySpec } from '@cargo-trackers/core/internal/element-api';

export const oceanTrackerProperties = {
  referenceNumber: { attribute: 'reference-number', type: 'string' },
  carrierCode: { attribute: 'carrier-code', type: 'string' },
} as const satisfies Record<string, PropertySpec>;
