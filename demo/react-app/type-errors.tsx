// Kept out of the app: proves the opt-in typings reject what the element would not accept.
import type {} from '@cargo-trackers/ocean-tracker/jsx-react';

export const wrong = [
  // @ts-expect-error theme is 'light' | 'dark' | 'auto'
  <ocean-tracker theme="purple" />,
  // @ts-expect-error pollInterval is a number property
  <ocean-tracker pollInterval="often" />,
  // @ts-expect-error the listener gets a TrackerLoadEvent, which has no `foo`
  <ocean-tracker ontracker-load={(e) => e.foo} />,
  // @ts-expect-error awbNumber is a property of <air-tracker> only
  <ocean-tracker awbNumber="020-12345675" />,
];
