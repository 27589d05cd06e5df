// The map's public surface. Nothing here evaluates Leaflet: the Leaflet adapter is reached
// only through loadMapRenderer()'s dynamic import, so this entry imports cleanly without
// `window` (SSR, Node tests) and keeps Leaflet in its own chunk. The map element itself is
// exported as a type only: the shipment view imports it (./define.js) when a map is first
// shown, and a static export here would put it in every bundler's first load.
export type { TrackerRouteMap, MapTheme } from './tracker-route-map.js';
export {
  loadMapRenderer,
  mapLoadingConverter,
  NearViewportController,
  parseMapLoading,
  type MapLoading,
  type NearViewportOptions,
} from './lazy-map.js';
export {
  describeRoute,
  englishMapMessages,
  positionWords,
  relativeTime,
  type MapMessages,
  type PositionWords,
} from '../view/map-messages.js';
export {
  alignLongitude,
  boundsOf,
  buildRouteScene,
  greatCirclePath,
  unwrapPath,
  type GeoBounds,
  type RouteScene,
  type SceneLine,
  type ScenePosition,
  type SceneStop,
} from './route-scene.js';
export { hasMapData } from '../view/route-facts.js';
export { usableTileUrl } from './tile-template.js';
