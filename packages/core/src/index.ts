// What an element's first load needs (also its own entry, `@cargo-trackers/core/element`).
export * from './internal/element.js';
export type * from './model/shipment.js';
export * from './model/read.js';
export type { Outcome, OutcomeKind, Failure, FailureKind } from './lookup/outcome.js';
export { isRetryable, publicCode, FAILURE_KINDS } from './lookup/outcome.js';
export { askProxy, classify, fetchJson, DEFAULT_TIMEOUT_MS } from './lookup/proxy-client.js';
export { buildProxyUrl } from './first/proxy-url.js';
export type { ProxyRequestOptions } from './lookup/proxy-client.js';
export { parseRetryAfter, boundedWait } from './lookup/retry-after-header.js';
export { backoffDelay, MAX_AUTOMATIC_RETRIES } from './lookup/backoff.js';
export { isCrossOrigin } from './lookup/cross-origin.js';
export * from './format/index.js';
export * from './i18n/index.js';
export { LookupController, MAX_PENDING_POLLS, MAX_RATE_LIMITED_WAITS } from './lookup/lookup-controller.js';
export { LocalizationController, type LocalizationOptions } from './first/localization-controller.js';
export { LazyViewController, type LazyViewOptions } from './first/lazy-view-controller.js';
export { writeSyncedNumber } from './lookup/url-sync.js';
export { ListController } from './lookup/list-controller.js';
export type {
  TrackRequest,
  TrackingState,
  Wait,
  WaitCause,
  Clock,
  LookupControllerOptions,
  ListOptions,
} from './lookup/lookup-controller.js';
// The shipment view is loaded by the element when a lookup starts (a dynamic import); a value
// export here would put it in the first load of bundlers that split by module (esbuild).
export type { ShipmentViewOptions, MapSettings } from './view/shipment-view.js';
export { trackerStyles } from './first/styles.js';
export { colourTokens, sizeTokens, colourPairs } from './first/tokens.js';
export type { ColourToken, ColourId, ColourPair } from './first/tokens.js';
export { renderNotice, announcement } from './lookup/notice.js';
export { renderAnnouncer, type Announcement } from './first/announcer.js';
export { renderStatus, renderEta, renderRoute } from './view/summary.js';
export { renderTimeline, renderUnitSwitcher, currentIndex } from './view/timeline.js';
export { createPresenter, type Presenter } from './view/present.js';
export { memoizeLast } from './view/memo.js';
export { statusLabel, eventLabel, placeLabel, shortPlaceLabel } from './view/labels.js';
export type * from './view/view-model.js';
export { SIGNIFICANT_DELAY_MS } from './view/exception.js';
export * from './map/index.js';
export { mapMessagesFor } from './view/localized-map-messages.js';
export { NumberEntry } from './first/number-entry.js';
export type { Advice, NumberEntryOptions } from './first/number-entry.js';
// The element API's facts and helpers; the words (`first/tracker-api.ts`) are for the build and tools only.
export { trackerProperties } from './first/tracker-properties.js';
export { litProperties, assignDefaults, withDescriptions } from './first/element-api.js';
export type {
  ApiType,
  CssPropertyApi,
  CustomElementApi,
  ElementApi,
  EventApi,
  MethodApi,
  PropertyApi,
  PropertySpec,
  PropertyWords,
  ValuesOf,
} from './first/element-api.js';
