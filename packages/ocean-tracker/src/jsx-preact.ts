/**
 * Opt-in typings for Preact: `import '@cargo-trackers/ocean-tracker/jsx-preact'` once (or
 * `import type {} from …`) and `<ocean-tracker>` type-checks in TSX. Nothing runs.
 */
import type {} from 'preact'; // loads preact's types, which the augmentation below extends
import type { OceanTrackerProps } from './jsx-props.js';
import type { OceanTracker } from './ocean-tracker.js';

export type { OceanTrackerProps };

declare module 'preact' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'ocean-tracker': Omit<JSX.HTMLAttributes<OceanTracker>, keyof OceanTrackerProps> & OceanTrackerProps;
    }
  }
}
