import { defineElement } from '../first/shared.js';
import { TrackerRouteMap } from './tracker-route-map.js';

// The one module that registers <tracker-route-map>; the shipment view imports it the first
// time a map is shown. Named in package.json's `sideEffects`. The helper comes through
// first/shared.ts, as in every later phase.
defineElement('tracker-route-map', TrackerRouteMap);
