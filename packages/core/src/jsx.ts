/**
 * The props a tracker takes in JSX, derived from the element classes so the typings follow
 * the elements. Each element package turns these into React or Preact `IntrinsicElements`
 * entries in its opt-in `jsx-react` / `jsx-preact` module.
 *
 * Both React 19 and Preact set a prop as a property when the element has it (`proxyUrl`,
 * `messages`), otherwise as an attribute (`proxy-url`), and treat `on<event-name>` as a
 * listener for `<event-name>`, which is how `ontracker-load` reaches `tracker-load`.
 */
import type { TrackerErrorEvent, TrackerLoadEvent, TrackerPendingEvent } from './events.js';
import type { TrackerElement } from './ui/tracker-element.js';

/** The public properties every tracker has, set as properties. */
export type TrackerProperty =
  | 'proxyUrl'
  | 'pollInterval'
  | 'carriersUrl'
  | 'theme'
  | 'map'
  | 'tileUrl'
  | 'tileAttribution'
  | 'messages'
  | 'normalizer';

/** The same options as attributes (strings, as in HTML). */
export interface TrackerAttributes {
  'proxy-url'?: string;
  'poll-interval'?: number | string;
  'carriers-url'?: string;
  theme?: TrackerElement['theme'];
  map?: TrackerElement['map'];
  'tile-url'?: string;
  'tile-attribution'?: string;
}

/** Listeners for the `tracker-*` events, typed with their event classes. */
export interface TrackerEventProps {
  'ontracker-load'?: (event: TrackerLoadEvent) => void;
  'ontracker-pending'?: (event: TrackerPendingEvent) => void;
  'ontracker-error'?: (event: TrackerErrorEvent) => void;
}

/**
 * A tracker's JSX props: its shared and own properties (`Own`), its attributes
 * (`OwnAttributes`, e.g. `{ 'reference-number'?: string }`) and the event listeners.
 */
export type TrackerJsxProps<E extends TrackerElement, Own extends keyof E, OwnAttributes extends object> = Partial<
  Pick<E, TrackerProperty | Own>
> &
  TrackerAttributes &
  OwnAttributes &
  TrackerEventProps;
