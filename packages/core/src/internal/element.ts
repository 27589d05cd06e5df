/**
 * `@cargo-trackers/core/element`: what a product element's first load needs (the base
 * element, the form's number entry, the list readers, registration) and nothing that a
 * lookup or a map loads later. Element packages import this entry, never the barrel: a
 * bundler that splits by module (esbuild, and so Angular's CLI) puts every module that an
 * entry reaches through static imports into its first load, used or not, and the barrel
 * reaches the timeline, the summary and the map helpers that only the shipment view needs.
 * `test/packaging/bundlers.test.ts` fails when a lazy module lands in a first load.
 */
export { TrackerElement } from '../first/tracker-element.js';
export type { ThemeName, MapMode, Density, ProductView, LookupCode } from '../first/tracker-element.js';
export { elementTokenStyles } from '../first/styles.js';
export { NumberEntry } from '../first/number-entry.js';
// The list's reader comes with a product's list module, imported by the lookup's controller when the list is wanted.
export type { ListParser } from '../lookup/list-controller.js';
export type { Advice, NumberEntryOptions } from '../first/number-entry.js';
export { inSentence } from '../view/render-context.js';
export type { RenderContext } from '../view/render-context.js';
export * from '../model/read-basics.js';
export { defineElement } from '../first/define.js';
export * from '../model/events.js';
// The element API's facts, which element classes turn into Lit's properties (`api/element-api.ts`).
export { trackerProperties } from '../first/tracker-properties.js';
export { litProperties, assignDefaults } from '../first/element-api.js';
export type { PropertySpec, ValuesOf } from '../first/element-api.js';
// First-load modules that lazy modules use too; they take them from here (see the top of this file).
export { isUsableUrl } from '../first/usable-url.js';
export { PROXY_REQUEST, listUrl } from '../first/proxy-url.js';
export { registerEnglish } from '../i18n/localizer.js';
export type { Announcement } from '../first/announcer.js';
export { mapLoadingConverter, parseMapLoading, type MapLoading } from '../map/map-loading.js';
