/**
 * The parts of Leaflet this map uses, imported from Leaflet's ES sources one module at a
 * time. Leaflet's bundled builds (UMD or ESM) hold every layer, control, handler and
 * renderer, and a bundler cannot drop the unused ones: each module registers itself on
 * `L.Map` as a side effect. Importing only these modules leaves out popups, tooltips and
 * markers (labels and the vehicle are drawn by pinned-elements.ts), the canvas renderer,
 * image and video overlays, GeoJSON, the layers, scale and attribution controls, box zoom,
 * tap-hold and the extra projections: about a third of Leaflet. The tile layer is imported
 * on its own, when a page asks for tiles (leaflet-tiles.ts).
 *
 * The map handlers register themselves when imported, so the imports below without names
 * are what lets the map be dragged, zoomed with a double click, a pinch and the keyboard. The
 * wheel has a handler of our own (wheel-zoom.ts).
 */
import { Map } from 'leaflet/src/map/Map.js';
import 'leaflet/src/map/handler/Map.Drag.js';
import 'leaflet/src/map/handler/Map.Keyboard.js';
import 'leaflet/src/map/handler/Map.DoubleClickZoom.js';
import 'leaflet/src/map/handler/Map.TouchZoom.js';
import { svg, type SVG } from 'leaflet/src/layer/vector/SVG.js';
import type { Layer, Map as LeafletMap } from 'leaflet';

export { Map as LeafletMapClass } from 'leaflet/src/map/Map.js';
export { Handler } from 'leaflet/src/core/Handler.js';
export { disableClickPropagation, getWheelDelta } from 'leaflet/src/dom/DomEvent.js';
export { Control } from 'leaflet/src/control/Control.js';
export { toLatLng as latLng } from 'leaflet/src/geo/LatLng.js';
export { toLatLngBounds as latLngBounds } from 'leaflet/src/geo/LatLngBounds.js';
export { toPoint as point } from 'leaflet/src/geometry/Point.js';
export { setPosition } from 'leaflet/src/dom/DomUtil.js';
export { layerGroup, LayerGroup } from 'leaflet/src/layer/LayerGroup.js';
export { Layer } from 'leaflet/src/layer/Layer.js';
export { polyline } from 'leaflet/src/layer/vector/Polyline.js';
export { polygon } from 'leaflet/src/layer/vector/Polygon.js';
export { circleMarker } from 'leaflet/src/layer/vector/CircleMarker.js';
export { zoom as zoomControl } from 'leaflet/src/control/Control.Zoom.js';

/**
 * Every vector layer asks its map for a renderer. Leaflet's own chooser imports the canvas
 * renderer too, for `preferCanvas`, which this map never sets: here each map gets one SVG
 * renderer per pane (panes.ts orders them), created with the pane's first vector layer.
 */
const renderers = new WeakMap<LeafletMap, Record<string, SVG>>();
Map.include({
  getRenderer(this: LeafletMap, layer: Layer): SVG {
    const pane = layer.options.pane ?? 'overlayPane';
    let byPane = renderers.get(this);
    if (!byPane) renderers.set(this, (byPane = {}));
    let renderer = byPane[pane];
    if (!renderer) {
      renderer = svg({ pane });
      byPane[pane] = renderer;
    }
    if (!this.hasLayer(renderer)) this.addLayer(renderer);
    return renderer;
  },
});
