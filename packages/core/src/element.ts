/**
 * `@cargo-trackers/core/element`: what a product element's first load needs (the base
 * element, the form's number entry, the list readers, registration) and nothing that a
 * lookup or a map loads later. Element packages import this entry, never the barrel: a
 * bundler that splits by module (esbuild, and so Angular's CLI) puts every module that an
 * entry reaches through static imports into its first load, used or not, and the barrel
 * reaches the timeline, the summary and the map helpers that only the shipment view needs.
 * `test/packaging/bundlers.test.ts` fails when a lazy module lands in a first load.
 */
export { TrackerElement } from './ui/tracker-element.js';
export type { ThemeName, MapMode, Density, ProductView, LookupCode } from './ui/tracker-element.js';
export { elementTokenStyles } from './ui/styles.js';
export { NumberEntry } from './ui/number-entry.js';
// The list controller comes with the lookup's code (`LookupCode`), not with the form.
export type { ListController, ListControllerOptions } from './controllers/list-controller.js';
export type { Advice, NumberEntryOptions } from './ui/number-entry.js';
export { inSentence } from './ui/labels.js';
export type { RenderContext } from './ui/labels.js';
export * from './model/read-basics.js';
export { defineElement } from './define.js';
export * from './events.js';
// The element API's facts, which element classes turn into Lit's properties (`api/element-api.ts`).
export { trackerProperties } from './api/tracker-properties.js';
export { litProperties, assignDefaults } from './api/element-api.js';
export type { PropertySpec, ValuesOf } from './api/element-api.js';
// First-load modules that lazy modules use too; they take them from here (see the top of this file).
export { isUsableUrl } from './transport/usable-url.js';
export { PROXY_REQUEST, listUrl } from './transport/proxy-url.js';
export { registerEnglish } from './i18n/localizer.js';
export type { Announcement } from './ui/announcer.js';
export { mapLoadingConverter, parseMapLoading, type MapLoading } from './map/map-loading.js';
