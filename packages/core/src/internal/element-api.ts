/**
 * `@cargo-trackers/core/internal/element-api`, for the element packages and the build only (not a
 * public API): the element API's facts and words, from which the manifest, typings and editor
 * data are generated.
 */
export { trackerProperties } from '../first/api/tracker-properties.js';
export { litProperties, assignDefaults, withDescriptions } from '../first/api/element-api.js';
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
} from '../first/api/element-api.js';
