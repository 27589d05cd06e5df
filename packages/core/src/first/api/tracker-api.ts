/**
 * The public API both `<ocean-tracker>` and `<air-tracker>` inherit from `TrackerElement`,
 * declared once: the properties' facts come from `tracker-properties.ts` (which the running element
 * uses), the words and everything else from here. See `element-api.ts` for what is derived from it.
 */
import { colourTokens, sizeTokens } from '../styles/tokens.js';
import { withDescriptions, type CssPropertyApi, type ElementApi } from './element-api.js';
import { trackerProperties } from './tracker-properties.js';

/** What each token is for, in the words of the API reference. */
const tokenMeaning: Record<(typeof colourTokens)[number]['id'] | (typeof sizeTokens)[number]['id'], string> = {
  text: 'Text colour',
  muted: 'Secondary text colour',
  bg: 'Background of the element',
  surface: 'Background of notices, the ETA box and similar panels',
  border: 'Borders, the timeline rail and the progress line ahead of the cargo',
  'control-border': 'Borders of inputs and selects',
  accent: "Buttons, the current milestone, the vessel marker, the current place's pin on the map, the progress line behind the cargo",
  'accent-text': 'Text on accent-coloured buttons',
  ok: 'Delivered and arrived statuses, and the stop of a delivery on the progress line',
  warn: 'Delays and advice, and the stop of a hold on the progress line',
  danger: 'Errors',
  radius: 'Corner radius',
  gap: 'Gap between blocks',
  'control-height': 'Height of inputs and buttons',
};

const tokenProperties: Record<string, CssPropertyApi> = Object.fromEntries([
  ...colourTokens.map((t) => [
    `--tracker-${t.name}`,
    'inherited' in t
      ? { description: `${tokenMeaning[t.id]}; unset, the page's (inherited), and ${t.dark} in the dark theme.` }
      : { default: t.light, description: `${tokenMeaning[t.id]} (dark theme ${t.dark}).` },
  ]),
  ...sizeTokens.map((t) => [
    `--tracker-${t.name}`,
    { default: t.comfortable, description: `${tokenMeaning[t.id]} (compact ${t.compact}).` },
  ]),
]);

/**
 * An element's own tokens, `--ocean-tracker-<token>` and `--air-tracker-<token>`: each wins over
 * `--tracker-<token>` for that element alone (`elementTokenStyles` in styles.ts reads them).
 */
export function elementTokenProperties(tag: string): Record<string, CssPropertyApi> {
  return Object.fromEntries(
    [...colourTokens, ...sizeTokens].map((t) => [
      `--${tag}-${t.name}`,
      { description: `${tokenMeaning[t.id]}, for \`<${tag}>\` alone: wins over \`--tracker-${t.name}\`.` },
    ]),
  );
}

export const trackerApi = {
  properties: withDescriptions(trackerProperties, {
    proxyUrl:
      'Path or URL of your tracking proxy, e.g. `/api/tracking/ocean`. Missing: a visible configuration notice, a console error naming the attribute, no request.',
    pollInterval: 'Seconds to wait after a 202 before asking again; an integer from 1 to 86400 (anything else means 120).',
    refreshInterval:
      "Minutes between new asks while a result is shown and the page is in the foreground (also asked when the page comes back after that long; never while hidden or offline, or once delivered); a whole number up to 1440, `0` or `off` for none, anything else means 15, the reference proxy's cache time for an answer.",
    carriersUrl: {
      unsetMeans: '`carriers/<product>` beside `proxy-url`',
      description:
        'Where the carrier (ocean) or airline (air) list comes from; asked for only when the picker is used, a carrier is preset (to name it), or a number needs it.',
    },
    theme: '`light`, `dark`, or `auto` (follows `prefers-color-scheme`); the map too.',
    density: '`comfortable`, or `compact`: smaller gaps and 32 px controls, for dense dashboards.',
    syncUrl:
      "Keeps the tracked number in the page's query string (`history.replaceState`) and reads it back on load when the element has no number.",
    urlParam: {
      unsetMeans: '`ocean` / `awb`',
      description: 'The query parameter `sync-url` uses; give two elements on a page different names.',
    },
    remember:
      'How many of the numbers tracked here to list under the form on this device, from 1 to 20, each with its last status, removable, with a "Forget all" button; `0` (the default) keeps none. Kept in the site\'s own `localStorage` (`cargo-trackers:recent:ocean` / `cargo-trackers:recent:air`), never sent anywhere.',
    map: '`lazy` (the map code downloads during a lookup; the map is drawn when the element nears the viewport), `eager`, or `none` (no map, no map code); other values mean `lazy`.',
    tileUrl: { unsetMeans: 'the built-in offline world map', description: 'An XYZ raster tile template (`https://…/{z}/{x}/{y}.png`).' },
    tileAttribution: 'Attribution for `tile-url`, always shown as text.',
    headingLevel:
      "Level of the result's heading, from 1 to 6, to fit the page's outline (`3` under the page's `h2`); its sections' headings are one level below, at most 6. Anything else means 2.",
    lang: {
      unsetMeans: "the nearest ancestor's `lang`, then the browser's",
      description:
        'Language of the text, dates and numbers: `en`, `es`, `de`, `fr`, `pt-BR`, `zh-CN`, `ja`, `ar`; others fall back to their language, then English.',
    },
    messages:
      'Overrides for any message of the catalogue, by key (see `en-form.ts`, `en-notices.ts` and `en-shipment.ts` in core), in every language. A message that counts (`milestone.pieces`, …) takes one text per plural category, e.g. `{ one: "{count} piece", other: "{count} pieces" }`. An event has two: `event.ocean.ARRI` for one that happened, `event.ocean.ARRI.expected` for one still to come.',
    normalizer: {
      unsetMeans: "the product's own normalizer",
      description:
        "Maps the proxy's 200 body to the view model (`{ ok: true, shipment } | { ok: false, reason }`), to read another document shape.",
    },
    shipment: 'The shipment on display, as the view model, or `undefined`.',
    trackingState: '`idle`, `loading`, `waiting` (202, 429 or a retry), `loaded` or `failed`.',
  }),
  methods: {
    retry: { signature: '() => void', description: 'Asks again for the last number from a fresh start, as the "Try again" button does.' },
  },
  events: {
    'tracker-load': {
      eventClass: 'TrackerLoadEvent',
      detail: '{ shipment: Shipment }',
      description: 'A shipment was looked up and shown. `event.shipment` (also `detail.shipment`) is the view model.',
    },
    'tracker-pending': {
      eventClass: 'TrackerPendingEvent',
      detail: '{ attempt: number; retryAt: Date }',
      description: 'The service answered 202; the element asks again at `retryAt`. `attempt` is the 1-based count of 202s.',
    },
    'tracker-error': {
      eventClass: 'TrackerErrorEvent',
      detail: 'TrackerErrorDetail',
      description:
        'A lookup failed or is being retried: `status` (0 without an HTTP answer), `code`, `message`, `retryable`, and `retryAt` when the element will ask again by itself.',
    },
    'tracker-state-change': {
      eventClass: 'TrackerStateChangeEvent',
      detail: '{ state: TrackingPhase }',
      description: '`trackingState` changed; `event.state` (also `detail.state`) is the new one. Fired at each change, whatever caused it.',
    },
    'tracker-number-change': {
      eventClass: 'TrackerNumberChangeEvent',
      detail: '{ number: string }',
      description:
        'The element changed its own number (`reference-number` / `awb-number`): the visitor sent another one from the form, or `sync-url` read it from the address. `event.number` (also `detail.number`) is the new one. Not fired for a number the page sets.',
    },
  },
  parts: {
    base: 'The inner frame that carries `dir` and `lang`, and the container the layout queries (`tracker`).',
    form: 'The lookup form.',
    'submit-button': "The form's Track button.",
    'track-anyway-button': 'Sends a number whose check digit looks wrong.',
    notice:
      'Every message that is not the shipment: loading, waiting, errors, advice (also `notice-info`, `notice-warning`, `notice-error`).',
    'notice-info': 'A notice that informs (loading, waiting).',
    'notice-warning': 'A notice that warns (advice, retries).',
    'notice-error': 'A notice about a failure.',
    'retry-button': 'The "Try again" button in a notice.',
    'notice-action': 'A next step a "not found" notice offers: tracking the number in another spelling, or the carrier picker.',
    recent:
      'Under the form, with `remember`: the numbers tracked on this device, newest first (`recent-item` each), and the "Forget all" button (`recent-forget`).',
    'recent-item':
      'One remembered number: the button that tracks it again (`recent-number`), its last status, and its "Remove" button (`recent-remove`).',
    'recent-number': 'Tracks a remembered number again.',
    'recent-remove': 'Removes one number from this device; named "Remove <number>".',
    'recent-forget': 'Removes every number this element kept on this device.',
    searched: 'Under the field, the number as it was searched when the form sent it in its one spelling ("Searched MEDU9091004").',
    skeleton:
      "Grey shapes of the result's first screen while a lookup is in flight (`aria-busy`), holding its room; the loading notice sits in it.",
    announcer: 'The visually hidden live regions that announce each change of state once.',
    shipment: 'The shipment once loaded.',
    printed: 'On paper only, above the result: its number and the time it was printed.',
    status: 'Status, carrier or airline, reference and freshness.',
    share:
      'Under the progress summary, the group of the "Copy link", "Share" (where the browser has a share sheet) and "Add to calendar" buttons. The link opens the page on this number, in the parameter the element reads (`url-param`), with or without `sync-url`.',
    'share-button': 'The "Copy link" button, and the "Share" button where the browser has a share sheet (`navigator.share`).',
    'calendar-button':
      'Downloads the expected arrival as an iCalendar (`.ics`) event: all-day for a date, timed for a time; adding it again after a change updates it. Absent once the cargo has arrived.',
    'share-field': 'The link, selected in a read-only field, when the clipboard or the share sheet refused it.',
    exception:
      'What went wrong (a cancelled flight or leg, a re-booking, a hold, a discrepancy, a delay) and what comes next, right under the status, with the leg or place it concerns; its `data-tone` (`warning`, `danger`) is also on the status badge.',
    eta: "The estimated (or actual) arrival, in the place's own time zone, and any delay against the first estimate; on the way without one, that it is unknown and why.",
    route: 'The ports or airports in route order, each with the date the cargo left or reaches it (actual, or expected and said so).',
    units:
      'The containers of a bill of lading or booking, under their heading above the progress summary: the switcher of the history shown.',
    progress: 'At the top of the result: where the shipment is now, the latest event with its date, and the next one expected.',
    'progress-line':
      'At the top of the progress summary: the route as a line from origin through transshipments or transfers to destination, with where the cargo is on it (`data-position`: `at`, `between`, `held`, `delivered`, `notStarted`), named as one image.',
    'progress-jump': "The progress summary's button that takes the visitor to the latest event in the timeline.",
    'unit-button': 'One container in the switcher, with its type and status.',
    milestones: 'The timeline list.',
    'milestones-empty': 'Said instead of the timeline when no event has been reported.',
    milestone: 'One event of the timeline (`data-kind`, `data-current`, `data-superseded`, `data-after-delivery`).',
    'journey-divider':
      'In a container\'s timeline, the line above its earlier use ("Earlier use of this container") and above this shipment\'s first event.',
    'history-toggle': 'The button that shows the next older events of a long history, or hides them once all are shown.',
    'history-fold': 'The button that hides the older events shown so far, while some are still folded.',
    map: 'The route map.',
    'map-canvas': 'The area the map is drawn in.',
    'map-placeholder': '"Loading map…", in the map\'s room until the map is drawn.',
    'map-hint': '"Click or focus the map to zoom and pan", shown on wheel or touch before the map is active.',
    'map-attribution': 'The basemap or tile attribution, always visible.',
    'map-way-back':
      'The map\'s "Fit route" button, and "Show vessel" or "Show aircraft" while a position is live, beside the zoom buttons.',
    'map-description': "The map's text alternative: visually hidden, and the drawn map's description.",
  },
  cssProperties: {
    '--tracker-font-family': { description: "Font of both elements; unset, the page's (inherited)." },
    '--tracker-font-size': { description: "Base font size; unset, the page's (inherited)." },
    ...tokenProperties,
    '--tracker-focus-ring': {
      default: '2px solid var(--tracker-accent-color)',
      description: 'The `outline` drawn around the focused control, button or map.',
    },
    '--tracker-map-height': { default: '320px', description: 'Height of the map.' },
    '--tracker-map-border-radius': { default: '0', description: 'Corner radius of the map.' },
    '--tracker-map-water-color': {
      default: '#c2d7e5',
      description: 'Sea colour of the built-in basemap, and the background behind tiles (dark theme #0e1a26).',
    },
    '--tracker-map-land-color': {
      default: '#f6f3ec',
      description: 'Land colour of the built-in basemap, 1.3:1 or more against the sea (dark theme #2b3440).',
    },
    '--tracker-route-completed-color': { description: 'Completed legs (solid).' },
    '--tracker-route-current-color': {
      description: 'The leg under way (solid behind the vehicle, dashed ahead); defaults to the accent colour.',
    },
    '--tracker-route-planned-color': {
      default: '#65707f',
      description: 'Legs still to come (dashed), 3:1 or more against land and sea (dark theme #8592a3).',
    },
    '--tracker-map-place-color': { description: 'Fill of port and airport markers.' },
    '--tracker-map-label-background': { description: 'Background of port and vehicle labels.' },
    '--tracker-map-label-color': { description: 'Text of port and vehicle labels.' },
  },
  slots: {},
} as const satisfies ElementApi;
