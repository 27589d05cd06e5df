/**
 * Opt-in typings for React 19: `import '@cargo-trackers/ocean-tracker/jsx-react'` once (or
 * `import type {} from …`) and `<ocean-tracker>` type-checks in TSX. Nothing runs.
 */
import type * as React from 'react';
import type { OceanTrackerProps } from './jsx-props.js';
import type { OceanTracker } from './ocean-tracker.js';

export type { OceanTrackerProps };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'ocean-tracker': React.DetailedHTMLProps<React.HTMLAttributes<OceanTracker>, OceanTracker> & OceanTrackerProps;
    }
  }
}
