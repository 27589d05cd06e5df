/**
 * `@cargo-trackers/core`'s public API: what an app uses beside the elements. The elements' events,
 * the shipment model a normalizer returns and a `tracker-load` carries, the options' types and
 * the message catalogues. Everything else, the base element included, is machinery that may change
 * in any release; the element packages take it from `@cargo-trackers/core/internal/*`, which is not
 * a public API (etc/core.api.md, checked by `npm run api:check`, shows every change here).
 */
export {
  TrackerLoadEvent,
  TrackerPendingEvent,
  TrackerErrorEvent,
  TrackerStateChangeEvent,
  TrackerNumberChangeEvent,
  type TrackerErrorDetail,
  type TrackingPhase,
} from './model/events.js';
export type * from './model/shipment.js';
export type { ShipmentView } from './contracts/view-model.js';
export type { ThemeName, MapMode, Density } from './first/element/tracker-element.js';
export type { MapLoading } from './first/map-preload/map-loading.js';
export type { FailureKind } from './contracts/outcome.js';
export { en, type Message, type MessageKey, type Messages, type PluralMessage } from './i18n/en.js';
export { shippedLocales, preloadLanguage } from './i18n/catalogues.js';
