/**
 * Opt-in typings for React 19: `import '@cargo-trackers/air-tracker/jsx-react'` once (or
 * `import type {} from …`) and `<air-tracker>` type-checks in TSX. Nothing runs.
 */
import type * as React from 'react';
import type { AirTrackerProps } from './jsx-props.js';
import type { AirTracker } from './air-tracker.js';

export type { AirTrackerProps };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'air-tracker': React.DetailedHTMLProps<React.HTMLAttributes<AirTracker>, AirTracker> & AirTrackerProps;
    }
  }
}
