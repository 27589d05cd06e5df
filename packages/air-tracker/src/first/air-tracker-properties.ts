/** `<air-tracker>`'s own properties (it inherits core's `trackerProperties`); the words are in `air-tracker-api.ts`. */
import type { PropertySpec } from '@cargo-trackers/core/internal/element-api';

export const airTrackerProperties = {
  awbNumber: { attribute: 'awb-number', type: 'string' },
} as const satisfies Record<string, PropertySpec>;
