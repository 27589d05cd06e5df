// Types for the Leaflet source modules that leaflet-parts.ts imports. @types/leaflet describes
// only the package's main entry; each module here re-exports the declarations of what it holds.
// A script (no imports or exports), not a `.d.ts`: tsc copies no `.d.ts` sources to dist,
// but emits this one's declarations, which the modules naming the renderer's types
// reference so consumers resolve them too (with skipLibCheck off).
declare module 'leaflet/src/map/Map.js' {
  export { Map, map as createMap } from 'leaflet';
}
declare module 'leaflet/src/map/handler/Map.Drag.js' {}
declare module 'leaflet/src/map/handler/Map.Keyboard.js' {}
declare module 'leaflet/src/map/handler/Map.DoubleClickZoom.js' {}
declare module 'leaflet/src/map/handler/Map.TouchZoom.js' {}
declare module 'leaflet/src/core/Handler.js' {
  export { Handler } from 'leaflet';
}
declare module 'leaflet/src/dom/DomEvent.js' {
  import type { DomEvent } from 'leaflet';
  export const getWheelDelta: typeof DomEvent.getWheelDelta;
  export const disableClickPropagation: typeof DomEvent.disableClickPropagation;
}
declare module 'leaflet/src/geo/LatLng.js' {
  export { latLng as toLatLng } from 'leaflet';
}
declare module 'leaflet/src/geo/LatLngBounds.js' {
  export { latLngBounds as toLatLngBounds } from 'leaflet';
}
declare module 'leaflet/src/layer/LayerGroup.js' {
  export { layerGroup, LayerGroup } from 'leaflet';
}
declare module 'leaflet/src/layer/Layer.js' {
  export { Layer } from 'leaflet';
}
declare module 'leaflet/src/geometry/Point.js' {
  export { point as toPoint } from 'leaflet';
}
declare module 'leaflet/src/dom/DomUtil.js' {
  import type { DomUtil } from 'leaflet';
  export const setPosition: typeof DomUtil.setPosition;
}
declare module 'leaflet/src/layer/vector/Polyline.js' {
  export { polyline } from 'leaflet';
}
declare module 'leaflet/src/layer/vector/Polygon.js' {
  export { polygon } from 'leaflet';
}
declare module 'leaflet/src/layer/vector/CircleMarker.js' {
  export { circleMarker } from 'leaflet';
}
declare module 'leaflet/src/layer/vector/SVG.js' {
  export { svg, SVG } from 'leaflet';
}
declare module 'leaflet/src/layer/tile/TileLayer.js' {
  export { tileLayer } from 'leaflet';
}
declare module 'leaflet/src/control/Control.Zoom.js' {
  import type { control } from 'leaflet';
  export const zoom: typeof control.zoom;
}
declare module 'leaflet/src/control/Control.js' {
  export { Control } from 'leaflet';
}
