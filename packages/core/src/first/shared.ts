/**
 * What the later phases (lookup/, view/, map/) take from the first load, all through this module.
 * It imports nothing from a later phase, so taking from it closes no cycle; and as every lazy
 * module reaches the same first-load modules through it, a bundler that groups modules by the
 * entries that reach them (esbuild) keeps them in one shared chunk instead of one per subset
 * (test/packaging/bundlers.test.ts measures it).
 */
export { registerEnglish } from '../i18n/localizer.js';
export { MAX_VALUE_LENGTH, PROXY_REQUEST, listUrl, valueTooLong } from './urls/proxy-url.js';
export { trackerProperties } from './api/tracker-properties.js';
export { defineElement } from './element/define.js';
export { isUsableUrl } from './urls/usable-url.js';
export { colourTokens, type ColourId } from './styles/tokens.js';
// The element's clock (a leaf the first load uses): the lookup's timers and the map's "reported … ago".
export { clockOf, systemClock, type Clock } from '../model/clock.js';
export { mapLoadingConverter, parseMapLoading, type MapLoading } from './map-preload/map-loading.js';
// A leaf the first load does not use, but which the lookup and the npm entries do: through here,
// every lazy module reaches it, so esbuild keeps it in the chunk above rather than one of its own.
export * from '../model/events.js';
