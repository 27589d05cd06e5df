import type { TrackerJsxProps } from '@cargo-trackers/core/jsx';
import type { AirTracker } from './air-tracker.js';

/** What `<air-tracker>` takes in JSX: properties, attributes and `ontracker-*` listeners. */
export type AirTrackerProps = TrackerJsxProps<AirTracker, 'awbNumber', { 'awb-number'?: string }>;
