// What an element's first load needs (also its own entry, `@cargo-trackers/core/element`).
export * from './element.js';
export type * from './model/shipment.js';
export * from './model/read.js';
export * from './transport/index.js';
export * from './format/index.js';
export * from './i18n/index.js';
export { TrackingController, MAX_PENDING_POLLS, MAX_RATE_LIMITED_WAITS } from './controllers/tracking-controller.js';
export { LocalizationController, type LocalizationOptions } from './controllers/localization-controller.js';
export { LazyViewController, type LazyViewOptions } from './controllers/lazy-view-controller.js';
export { writeSyncedNumber } from './controllers/url-sync.js';
export { ListController } from './controllers/list-controller.js';
export type { TrackRequest, TrackingState, Wait, WaitCause, Clock, TrackingControllerOptions } from './controllers/tracking-controller.js';
// The shipment view is loaded by the element when a lookup starts (a dynamic import); a value
// export here would put it in the first load of bundlers that split by module (esbuild).
export type { ShipmentViewOptions, MapSettings } from './ui/shipment-view.js';
export { trackerStyles } from './ui/styles.js';
export { colourTokens, sizeTokens, colourPairs } from './ui/tokens.js';
export type { ColourToken, ColourId, ColourPair } from './ui/tokens.js';
export { renderNotice, announcement } from './ui/notice.js';
export { renderAnnouncer, type Announcement } from './ui/announcer.js';
export { renderStatus, renderEta, renderRoute } from './ui/summary.js';
export { renderTimeline, renderUnitSwitcher, currentIndex } from './ui/timeline.js';
export * from './presentation/index.js';
export * from './map/index.js';
export { mapMessagesFor } from './ui/map-messages.js';
export { NumberEntry } from './ui/number-entry.js';
export type { Advice, NumberEntryOptions } from './ui/number-entry.js';
// The element API's facts and helpers; the words (`api/tracker-api.ts`) are for the build and tools only.
export { trackerProperties } from './api/tracker-properties.js';
export { litProperties, assignDefaults, withDescriptions } from './api/element-api.js';
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
} from './api/element-api.js';
