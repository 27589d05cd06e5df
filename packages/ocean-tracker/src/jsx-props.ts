import type { TrackerJsxProps } from '@cargo-trackers/core/jsx';
import type { OceanTracker } from './ocean-tracker.js';

/** What `<ocean-tracker>` takes in JSX: properties, attributes and `ontracker-*` listeners. */
export type OceanTrackerProps = TrackerJsxProps<OceanTracker, 'referenceNumber' | 'carrierCode', { 'reference-number'?: string; 'carrier-code'?: string }>;
