import { defineElement } from '../first/shared.js';
import { TrackerRouteMap } from './tracker-route-map.js';

// The one module that registers <cargo-tracker-route-map>; the shipment view imports it the first
// time a map is shown. Named in package.json's `sideEffects`. The helper comes through
// first/shared.ts, as in every later phase. Only the elements' shadow roots use the tag; its name is
// namespaced so that a page's or another library's generic tag cannot take it.
defineElement('cargo-tracker-route-map', TrackerRouteMap);
