// Kept out of the app: proves the typings reject what the element would not accept, for the React
// components the app uses and for the raw element's opt-in typings.
import { AirTracker, OceanTracker } from 'cargo-trackers/react';
import type {} from '@cargo-trackers/ocean-tracker/jsx-react';

export const wrongComponents = [
  // @ts-expect-error theme is 'light' | 'dark' | 'auto'
  <OceanTracker theme="purple" />,
  // @ts-expect-error pollInterval is a number
  <OceanTracker pollInterval="often" />,
  // @ts-expect-error the listener gets a TrackerLoadEvent, which has no `foo`
  <OceanTracker onTrackerLoad={(e) => e.foo} />,
  // @ts-expect-error the state event's state is a TrackingPhase, not a number
  <OceanTracker onTrackerStateChange={(e) => e.state.toFixed()} />,
  // @ts-expect-error awbNumber is a property of <air-tracker> only
  <OceanTracker awbNumber="020-12345675" />,
  // @ts-expect-error referenceNumber is a property of <ocean-tracker> only
  <AirTracker referenceNumber="MEDU9091004" />,
];

export const wrongElements = [
  // @ts-expect-error theme is 'light' | 'dark' | 'auto'
  <ocean-tracker theme="purple" />,
  // @ts-expect-error pollInterval is a number property
  <ocean-tracker pollInterval="often" />,
  // @ts-expect-error the listener gets a TrackerLoadEvent, which has no `foo`
  <ocean-tracker ontracker-load={(e) => e.foo} />,
  // @ts-expect-error awbNumber is a property of <air-tracker> only
  <ocean-tracker awbNumber="020-12345675" />,
];
