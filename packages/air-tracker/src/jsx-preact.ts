/**
 * Opt-in typings for Preact: `import '@cargo-trackers/air-tracker/jsx-preact'` once (or
 * `import type {} from …`) and `<air-tracker>` type-checks in TSX. Nothing runs.
 */
import type {} from 'preact'; // loads preact's types, which the augmentation below extends
import type { AirTrackerProps } from './jsx-props.js';
import type { AirTracker } from './air-tracker.js';

export type { AirTrackerProps };

declare module 'preact' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'air-tracker': Omit<JSX.HTMLAttributes<AirTracker>, keyof AirTrackerProps> & AirTrackerProps;
    }
  }
}
