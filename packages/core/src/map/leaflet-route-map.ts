/**
 * The map chunk: Leaflet, its stylesheet, the basemap and the drawing of a route scene.
 * Only `loadMapRenderer()` imports this module, dynamically, so none of it is fetched
 * until a map is shown, and importing the packages never evaluates Leaflet (which needs
 * `window`).
 *
 * Everything from the document reaches Leaflet as DOM nodes filled with `textContent`:
 * tooltips get elements, the vehicle icon gets an SVG element, and attribution is not
 * Leaflet's (its control writes `innerHTML`) but text rendered by the element.
 */
import {
  circleMarker,
  divIcon,
  geoJSON,
  latLng,
  latLngBounds,
  map as createMap,
  marker,
  polyline,
  tileLayer,
  type LayerGroup,
  type Map as LeafletMap,
  layerGroup,
} from 'leaflet/dist/leaflet-src.esm.js';
import { feature } from 'topojson-client';
import type { FeatureCollection } from 'geojson';
import type { Position } from '../model/shipment.js';
import type { MapView } from '../presentation/view-model.js';
import { landTopology } from './land-110m.generated.js';
import { leafletCss } from './leaflet-css.generated.js';
import { positionWords, type MapMessages } from './map-messages.js';
import { buildRouteScene, type RouteScene, type SceneStop } from './route-geometry.js';
import { usableTileUrl } from './tile-template.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

let sheet: CSSStyleSheet | undefined;

/**
 * Puts Leaflet's CSS in the shadow root, before the element's own styles so those win.
 * Constructable stylesheets are shared across every map on the page; without them the
 * CSS goes in a `<style>` (still inside the shadow root, never into the page).
 */
export function adoptLeafletCss(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(leafletCss);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [sheet, ...root.adoptedStyleSheets];
    return;
  }
  if (root.querySelector('style[data-leaflet]')) return;
  const style = document.createElement('style');
  style.dataset['leaflet'] = '';
  style.textContent = leafletCss;
  root.prepend(style);
}

let land: FeatureCollection | undefined;

/** Decoded once per page; the TopoJSON is smaller to ship than the GeoJSON it becomes. */
function landShapes(): FeatureCollection {
  land ??= feature(landTopology, landTopology.objects.land);
  return land;
}

export interface RouteMapOptions {
  readonly messages: MapMessages;
  /** XYZ template; when absent or unusable the built-in vector basemap is drawn. */
  readonly tileUrl?: string;
  /** Milliseconds since the epoch, for the age of the position. */
  readonly now: number;
}

export interface RouteMapHooks {
  /** The map wants its "click or focus to zoom and pan" hint shown (true) or hidden. */
  readonly onHint: (visible: boolean) => void;
}

function textNode(tag: string, className: string, text: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

/** A port or airport's label: its name and its roles in the words of the labelled view, as the page says them. */
function stopLabel(stop: SceneStop, view: MapView): HTMLElement {
  const label = document.createElement('div');
  label.append(textNode('strong', 'tracker-label-name', view.places.get(stop.place.code)?.label ?? stop.place.code));
  const roles = view.route.find((s) => s.place.place.code === stop.place.code)?.roleLabels.join(', ');
  if (roles) label.append(textNode('span', 'tracker-label-detail', roles));
  return label;
}

function vehicleLabel(view: MapView, messages: MapMessages, now: number): HTMLElement {
  const label = document.createElement('div');
  const words = positionWords(view, messages, now);
  if (!words) return label;
  label.append(textNode('strong', 'tracker-label-name', words.name));
  const details = words.details.join(' · ');
  if (details) label.append(textNode('span', 'tracker-label-detail', details));
  if (words.reported) label.append(textNode('span', 'tracker-label-detail tracker-label-age', words.reported));
  return label;
}

/** An arrow (vessel) or a plane (aircraft) pointing north, rotated to the course; a dot when the course is unknown. */
function vehicleIcon(position: Position): HTMLElement {
  const wrapper = document.createElement('span');
  wrapper.className = 'tracker-vehicle-icon';
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '-12 -12 24 24');
  svg.setAttribute('width', '24');
  svg.setAttribute('height', '24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', `tracker-vehicle-shape tracker-vehicle-shape--${position.kind}`);
  const shape = document.createElementNS(SVG_NS, position.headingDeg === undefined ? 'circle' : 'path');
  if (position.headingDeg === undefined) {
    shape.setAttribute('r', '6');
  } else {
    shape.setAttribute(
      'd',
      position.kind === 'aircraft'
        ? 'M0-11 1.6-3 10 2v2.2L1.6 2 1 7.5l3 2.2V11L0 10l-4 1V9.7l3-2.2L-1.6 2-10 4.2V2l8.4-5z'
        : 'M0-11 7 9 0 5-7 9z',
    );
    svg.style.transform = `rotate(${position.headingDeg}deg)`;
  }
  svg.append(shape);
  wrapper.append(svg);
  return wrapper;
}

/**
 * One Leaflet map in a container it creates inside `parent`, drawing a shipment's route.
 * `destroy()` releases everything the constructor and `show()` acquired.
 */
export class LeafletRouteMap {
  /** The Leaflet map, for tests and integrators who add their own layers. */
  readonly map: LeafletMap;
  readonly container: HTMLDivElement;
  private readonly basemap: LayerGroup;
  private readonly route: LayerGroup;
  private readonly resizeObserver: ResizeObserver;
  private readonly reducedMotion: boolean;
  private readonly listeners: Array<[string, EventListener]> = [];
  private active = false;
  private hintTimer: ReturnType<typeof setTimeout> | undefined;
  private fittedReference: string | undefined;
  /** The last scene fitted, refitted when the host resizes until the visitor has used the map. */
  private lastFit: RouteScene | undefined;
  private engaged = false;
  private pendingFit: RouteScene | undefined;
  private tileUrl: string | undefined;
  private basemapDrawn = false;

  constructor(
    parent: HTMLElement,
    private readonly hooks: RouteMapHooks,
  ) {
    this.reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.container = document.createElement('div');
    this.container.className = 'tracker-map-canvas';
    parent.append(this.container);
    const animate = !this.reducedMotion;
    this.map = createMap(this.container, {
      // Leaflet's attribution control writes innerHTML; the element renders attribution as text.
      attributionControl: false,
      // Our ResizeObserver follows the container, not just the window.
      trackResize: false,
      // Passive until the visitor clicks or focuses the map (see activate()).
      scrollWheelZoom: false,
      dragging: false,
      worldCopyJump: false,
      zoomSnap: 0.25,
      minZoom: 1,
      zoomAnimation: animate,
      fadeAnimation: animate,
      markerZoomAnimation: animate,
      inertia: animate,
      center: [20, 0],
      zoom: 1,
    });
    if (this.reducedMotion) {
      // Keyboard panning calls panBy, which animates whatever the map options say.
      const panBy = this.map.panBy.bind(this.map);
      this.map.panBy = (offset, options) => panBy(offset, { ...options, animate: false });
    }
    this.basemap = layerGroup().addTo(this.map);
    this.route = layerGroup().addTo(this.map);

    this.resizeObserver = new ResizeObserver(() => this.onResize());
    this.resizeObserver.observe(this.container);

    this.listen('pointerdown', (event) => {
      // A mouse press is a deliberate interaction; a finger might just be scrolling the page.
      if ((event as PointerEvent).pointerType !== 'touch') this.activate();
      else if (!this.active) this.hint();
    });
    this.listen('click', () => this.activate());
    this.listen('focus', () => this.activate());
    this.listen('blur', () => this.deactivate());
    this.listen('wheel', () => {
      if (!this.active) this.hint();
    });
  }

  /** Draws (or redraws) a labelled route. The view fits the route the first time a route is shown, not after. */
  show(view: MapView, options: RouteMapOptions): RouteScene {
    const { shipment } = view;
    this.drawBasemap(usableTileUrl(options.tileUrl));
    const scene = buildRouteScene(shipment);
    this.route.clearLayers();
    for (const line of scene.lines) {
      polyline(line.latLngs.map((p) => latLng(p.lat, p.lng)), {
        className: `tracker-route tracker-route--${line.state}`,
        interactive: false,
        // A thicker tolerance would drop the small bends of a port approach.
        smoothFactor: 0.5,
      }).addTo(this.route);
    }
    for (const stop of scene.stops) {
      const major = stop.roles.some((r) => r === 'origin' || r === 'destination');
      circleMarker(latLng(stop.at.lat, stop.at.lng), {
        className: `tracker-place ${stop.roles.map((r) => `tracker-place--${r}`).join(' ')}`,
        radius: major ? 6 : 4.5,
        interactive: false,
      })
        .bindTooltip(stopLabel(stop, view), {
          permanent: true,
          direction: 'right',
          offset: [8, 0],
          className: 'tracker-label tracker-place-label',
        })
        .addTo(this.route);
    }
    if (scene.position) {
      const { position, at } = scene.position;
      marker(latLng(at.lat, at.lng), {
        icon: divIcon({
          html: vehicleIcon(position),
          className: `tracker-vehicle tracker-vehicle--${position.kind}`,
          iconSize: [24, 24],
          iconAnchor: [12, 12],
        }),
        keyboard: false,
        interactive: false,
        zIndexOffset: 1000,
      })
        .bindTooltip(vehicleLabel(view, options.messages, options.now), {
          permanent: true,
          direction: 'top',
          offset: [0, -12],
          className: 'tracker-label tracker-vehicle-label',
        })
        .addTo(this.route);
    }
    if (this.fittedReference !== shipment.reference) {
      this.fittedReference = shipment.reference;
      this.pendingFit = scene;
      this.fitIfSized();
    }
    return scene;
  }

  destroy(): void {
    clearTimeout(this.hintTimer);
    this.resizeObserver.disconnect();
    for (const [type, listener] of this.listeners) this.container.removeEventListener(type, listener);
    this.listeners.length = 0;
    // Leaflet 1.9's wheel zoom is debounced, and remove() leaves that timer running; when it
    // fires it zooms a map without panes and throws. Nothing public cancels it.
    clearTimeout((this.map.scrollWheelZoom as unknown as { _timer?: ReturnType<typeof setTimeout> })._timer);
    // Likewise a zoom animation under way ends on a 250 ms timer that moves the (removed) panes
    // and throws; marking the animation over makes that timer return at once.
    (this.map as unknown as { _animatingZoom?: boolean })._animatingZoom = false;
    this.map.remove();
    this.container.remove();
  }

  private listen(type: string, listener: EventListener): void {
    this.container.addEventListener(type, listener, { passive: true });
    this.listeners.push([type, listener]);
  }

  private drawBasemap(tileUrl: string | undefined): void {
    if (this.basemapDrawn && tileUrl === this.tileUrl) return;
    this.basemap.clearLayers();
    this.tileUrl = tileUrl;
    this.basemapDrawn = true;
    if (tileUrl) {
      tileLayer(tileUrl, {
        // Cross-origin tile servers learn our origin, never the page URL (which may hold the tracking number).
        referrerPolicy: 'strict-origin-when-cross-origin',
        className: 'tracker-tiles',
      }).addTo(this.basemap);
      return;
    }
    // The unwrapped route may run past ±180°, so land is drawn on the neighbouring world copies too.
    for (const offset of [-360, 0, 360]) {
      geoJSON(landShapes(), {
        interactive: false,
        style: { className: 'tracker-land', stroke: false },
        coordsToLatLng: (coords) => latLng(coords[1] ?? 0, (coords[0] ?? 0) + offset),
      }).addTo(this.basemap);
    }
  }

  private onResize(): void {
    this.map.invalidateSize({ animate: false, pan: false });
    // The host's layout often settles after the first fit (fonts, a container query flipping
    // to two columns); keep the whole route in view until the visitor takes over.
    if (!this.engaged && !this.pendingFit && this.lastFit) this.pendingFit = this.lastFit;
    this.fitIfSized();
  }

  /** Fitting a zero-sized map would zoom to nothing, so the first fit waits for a size. */
  private fitIfSized(): void {
    const scene = this.pendingFit;
    if (!scene) return;
    const { x, y } = this.map.getSize();
    if (x === 0 || y === 0) return;
    this.pendingFit = undefined;
    this.lastFit = scene;
    const { bounds } = scene;
    if (!bounds) return;
    const box = latLngBounds([bounds.south, bounds.west], [bounds.north, bounds.east]);
    // Labels sit beside their markers, so leave them room on the inline-end side.
    this.map.fitBounds(box, { paddingTopLeft: [36, 36], paddingBottomRight: [96, 36], maxZoom: 7, animate: false });
  }

  private activate(): void {
    if (this.active) return;
    this.active = true;
    this.engaged = true;
    this.map.scrollWheelZoom.enable();
    this.map.dragging.enable();
    this.hint(false);
  }

  private deactivate(): void {
    if (!this.active) return;
    this.active = false;
    this.map.scrollWheelZoom.disable();
    this.map.dragging.disable();
  }

  private hint(visible = true): void {
    clearTimeout(this.hintTimer);
    this.hintTimer = undefined;
    this.hooks.onHint(visible);
    if (visible) this.hintTimer = setTimeout(() => this.hint(false), 2000);
  }
}
