/**
 * `@cargo-trackers/core/internal/first`, for the element packages only (not a public API): what a
 * product element's first load needs (the base element, the form's number entry, registration,
 * the element API's facts) and nothing that a lookup or a map loads later. A bundler that splits
 * by module (esbuild, and so Angular's CLI) puts every module an entry reaches through static
 * imports into the first load; `test/packaging/bundlers.test.ts` fails when a lazy module lands there.
 */
export { TrackerElement } from '../first/element/tracker-element.js';
export type { ThemeName, MapMode, Density, LookupCode } from '../first/element/tracker-element.js';
export type { ProductView } from '../contracts/product-view.js';
export { elementTokenStyles } from '../first/styles/styles.js';
export { NumberEntry } from '../first/form/number-entry.js';
// The list's reader comes with a product's list module, imported by the lookup's controller when the list is wanted.
export type { ListParser } from '../contracts/tracking.js';
export type { NoticeHandlers } from '../contracts/notice-handlers.js';
export type { Advice, NumberEntryOptions } from '../first/form/number-entry.js';
export type { RenderContext } from '../contracts/render-context.js';
export { defineElement } from '../first/element/define.js';
// The element API's facts, which element classes turn into Lit's properties (`first/api/element-api.ts`).
export { trackerProperties } from '../first/api/tracker-properties.js';
export { litProperties, assignDefaults } from '../first/api/element-api.js';
export type { PropertySpec, ValuesOf } from '../first/api/element-api.js';
export type { MapLoading } from '../first/map-preload/map-loading.js';
// The one test hook for time: an element, and its map, read the clock a test hands it (model/clock.ts).
export { useClock, type Clock } from '../model/clock.js';
