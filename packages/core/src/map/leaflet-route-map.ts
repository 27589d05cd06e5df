/**
 * The map chunk: Leaflet, its stylesheet, and the map that draws a route scene. The map is
 * composed of layers that each draw one thing (the basemap, the route, the vehicle, the labels),
 * its activation, and its controls; it fits the route and follows the host's size and direction.
 * Only `loadMapRenderer()` imports this module, dynamically, so none of it is fetched
 * until a map is shown, and importing the packages never evaluates Leaflet (which needs
 * `window`).
 *
 * Everything from the document reaches Leaflet as DOM nodes filled with `textContent`:
 * labels get elements, the vehicle icon gets an SVG element, and attribution is not
 * Leaflet's (its control writes `innerHTML`) but text rendered by the element.
 */
import type { Control, Map as LeafletMap, PanOptions, Point, PointExpression } from 'leaflet';
import { latLng, latLngBounds, LeafletMapClass, zoomControl } from './leaflet-parts.js';
import type { LatLng } from '../model/shipment.js';
import type { MapView } from '../contracts/view-model.js';
import type { CurrentPlace } from '../view/current-place.js';
import type { Direction } from './label-placement.js';
import { Activation } from './activation.js';
import { adoptCss } from './adopt-css.js';
import { BasemapLayer } from './basemap-layer.js';
import { LabelsLayer } from './labels-layer.js';
import { createPanes } from './panes.js';
import { leafletCss } from './leaflet-css.generated.js';
import type { MapMessages } from '../view/map-messages.js';
import { RouteLayer } from './route-layer.js';
import { buildRouteScene, type RouteScene } from './route-scene.js';
import { usableTileUrl } from './tile-template.js';
import { WayBackControl } from './way-back-control.js';
import { VehicleLayer } from './vehicle-layer.js';
import { WheelZoom } from './wheel-zoom.js';

/** The closest a fit goes: two ports a few kilometres apart still show their coast around them. */
const FIT_MAX_ZOOM = 7;
/** The least zoom "Show vessel" goes to: close enough to see which coast it is off. */
const VEHICLE_ZOOM = 5;
/** Past Leaflet's own timer that ends a zoom animation (250 ms). */
const ZOOM_END_FALLBACK_MS = 500;

/** Puts Leaflet's CSS in the shadow root, before the element's own styles so those win (see adopt-css.ts). */
export function adoptLeafletCss(root: ShadowRoot): void {
  adoptCss(root, 'map', leafletCss);
}

export interface RouteMapOptions {
  readonly messages: MapMessages;
  /** XYZ template; when absent or unusable the built-in vector basemap is drawn. */
  readonly tileUrl?: string;
  /** Milliseconds since the epoch, for the age of the position. */
  readonly now: number;
  /** The stop where the shipment is now, when no vehicle position is live: a filled pin, its state in its label. */
  readonly current?: CurrentPlace;
}

export interface RouteMapHooks {
  /** The map wants its "click or focus to zoom and pan" hint shown (true) or hidden. */
  readonly onHint: (visible: boolean) => void;
  /** Elements the host draws over the map (the attribution); labels keep clear of them. */
  readonly overlays?: () => readonly Element[];
  /** The built-in basemap drew its finer land, OpenStreetMap's, whose credit is then due. */
  readonly onFinerLand?: () => void;
}

/**
 * Leaflet's map for a visitor who prefers reduced motion: its pans jump instead of gliding. The
 * map's options turn off the zoom, fade and inertia animations, but Leaflet's keyboard handler
 * pans through `panBy`, which animates unless each call says otherwise.
 */
class StillMap extends LeafletMapClass {
  override panBy(offset: PointExpression, options?: PanOptions): this {
    return super.panBy(offset, { ...options, animate: false });
  }
}

/**
 * One Leaflet map in a container it creates inside `parent`, drawing a shipment's route.
 * `destroy()` releases everything the constructor and `show()` acquired.
 */
export class LeafletRouteMap {
  /** The Leaflet map, for tests and integrators who add their own layers. */
  readonly map: LeafletMap;
  readonly container: HTMLDivElement;
  private readonly basemap: BasemapLayer;
  private readonly route: RouteLayer;
  private readonly vehicle: VehicleLayer;
  private readonly labels: LabelsLayer;
  private readonly zoom: Control.Zoom;
  /** At the zoom buttons' corner, the inline start (followDirection() moves both). */
  private readonly wayBack = new WayBackControl({ position: 'topleft' });
  private readonly resizeObserver: ResizeObserver;
  private readonly reducedMotion: boolean;
  private readonly activation: Activation;
  private fittedReference: string | undefined;
  /** The last scene fitted, refitted when the host resizes until the visitor has used the map. */
  private lastFit: RouteScene | undefined;
  /** The map's size when it was last fitted. */
  private fittedSize: Point | undefined;
  private pendingFit: RouteScene | undefined;
  /** A zoom animation is under way: from Leaflet's `zoomanim` to its `zoomend`. */
  private zooming = false;

  constructor(
    parent: HTMLElement,
    private readonly hooks: RouteMapHooks,
  ) {
    this.reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.container = document.createElement('div');
    this.container.className = 'tracker-map-canvas';
    parent.append(this.container);
    const animate = !this.reducedMotion;
    this.map = new (this.reducedMotion ? StillMap : LeafletMapClass)(this.container, {
      // Leaflet's attribution control writes innerHTML; the element renders attribution as text.
      attributionControl: false,
      // Our ResizeObserver follows the container, not just the window.
      trackResize: false,
      // Passive until the visitor clicks or focuses the map (activation.ts).
      scrollWheelZoom: false,
      dragging: false,
      worldCopyJump: false,
      zoomSnap: 0.25,
      // Zoom 0 (the world in 256 px) lets a phone-sized map fit an ocean crossing with room for labels.
      minZoom: 0,
      zoomAnimation: animate,
      fadeAnimation: animate,
      markerZoomAnimation: animate,
      inertia: animate,
      center: [20, 0],
      zoom: 1,
      // Added below, at the inline start, which is the top right in a right-to-left page.
      zoomControl: false,
    });
    // Enabled by the activation, as Leaflet's own wheel handler would be.
    this.map.addHandler('scrollWheelZoom', WheelZoom);
    this.zoom = zoomControl().addTo(this.map);
    this.wayBack.addTo(this.map);
    // Everything drawn (land, route, markers, labels) is said once, in words, by the map's
    // description: hidden here, the SVG renderer is no unnamed image and the labels no tooltips.
    this.map.getPane('mapPane')?.setAttribute('aria-hidden', 'true');
    createPanes(this.map);
    this.basemap = new BasemapLayer(() => hooks.onFinerLand?.()).addTo(this.map);
    this.route = new RouteLayer().addTo(this.map);
    this.vehicle = new VehicleLayer().addTo(this.map);
    this.labels = new LabelsLayer(() => [this.zoom.getContainer(), this.wayBack.getContainer(), ...(hooks.overlays?.() ?? [])]).addTo(
      this.map,
    );
    this.map.on('zoomanim', () => (this.zooming = true));
    this.map.on('zoomend', () => (this.zooming = false));

    this.resizeObserver = new ResizeObserver(() => this.onResize(false));
    this.resizeObserver.observe(this.container);
    this.activation = new Activation(this.map, hooks.onHint);
    this.activation.enable();
  }

  /** Draws (or redraws) a labelled route. The view fits the route the first time a route is shown, not after. */
  show(view: MapView, options: RouteMapOptions): RouteScene {
    const { shipment } = view;
    this.basemap.show(usableTileUrl(options.tileUrl));
    const scene = buildRouteScene(shipment);
    // A drawn vehicle says where the shipment is; without one, the current place's pin does.
    const current = scene.position ? undefined : options.current;
    this.route.show(scene, current?.code);
    this.vehicle.show(scene.position);
    this.labels.show(scene, view, { messages: options.messages, now: options.now, current });
    this.nameZoomButtons(options.messages);
    this.offerWayBack(scene, options.messages);
    this.followDirection();
    if (this.fittedReference !== shipment.reference) {
      this.fittedReference = shipment.reference;
      this.pendingFit = scene;
    }
    this.fitIfSized();
    this.labels.place();
    return scene;
  }

  /** The host's overlays or layout changed: fit again (until the visitor took over) and re-place the labels. */
  relayout(): void {
    this.onResize(true);
  }

  /** An overlay changed over a view set since the fit (by the visitor or the page): the labels move, the view stays. */
  refreshLabels(): void {
    this.labels.place();
  }

  destroy(): void {
    // Whatever the map's removal waits for, no land or tiles are drawn any more.
    this.basemap.remove();
    this.activation.disable();
    this.labels.remove();
    this.resizeObserver.disconnect();
    // The keyboard handler listens on the document while the map has focus, and a focused map
    // removed from the page gets no blur: let go of the keys now, whatever else waits.
    this.map.keyboard?.disable();
    // Leaflet ends a zoom animation on a timer that moves the map's panes, and throws if the map
    // was removed before it: a map removed mid-animation goes once the animation has ended, or
    // soon after that timer if a detached map never says it ended.
    if (this.zooming) {
      let removed = false;
      const remove = (): void => {
        if (removed) return;
        removed = true;
        clearTimeout(fallback);
        this.map.remove();
      };
      const fallback = setTimeout(remove, ZOOM_END_FALLBACK_MS);
      this.map.once('zoomend', remove);
    } else this.map.remove();
    this.container.remove();
  }

  /** `overlays`: the host's overlays changed, so the fit's padding may have, whatever the size. */
  private onResize(overlays: boolean): void {
    this.map.invalidateSize({ animate: false, pan: false });
    // The host's layout often settles after the first fit (fonts, a container query flipping
    // to two columns); keep the whole route in view until the visitor takes over. The
    // observer's first notice, in the frame after the fit, is of the size already fitted:
    // fitting again would undo a view the page set meanwhile (in some engines, not others).
    const resized = overlays || !this.fittedSize?.equals(this.map.getSize());
    if (resized && !this.activation.engaged && !this.pendingFit && this.lastFit) this.pendingFit = this.lastFit;
    this.fitIfSized();
    this.labels.place();
  }

  /** Fitting a zero-sized map would zoom to nothing, so the first fit waits for a size. */
  private fitIfSized(): void {
    const scene = this.pendingFit;
    if (!scene) return;
    const { x, y } = this.map.getSize();
    if (x === 0 || y === 0) return;
    this.pendingFit = undefined;
    this.lastFit = scene;
    this.fittedSize = this.map.getSize();
    const { bounds } = scene;
    if (!bounds) return;
    const box = latLngBounds([bounds.south, bounds.west], [bounds.north, bounds.east]);
    // Room for each label on its preferred side and for the controls, in zoom-0 pixels.
    const nw = this.map.project(box.getNorthWest(), 0);
    const se = this.map.project(box.getSouthEast(), 0);
    const pad = this.labels.padding({ left: nw.x, top: nw.y, right: se.x, bottom: se.y }, { width: x, height: y });
    this.map.fitBounds(box, {
      paddingTopLeft: [pad.left, pad.top],
      paddingBottomRight: [pad.right, pad.bottom],
      maxZoom: FIT_MAX_ZOOM,
      animate: false,
    });
  }

  /** Gives the zoom buttons the map's words, as their names and tooltips. */
  private nameZoomButtons({ zoomIn, zoomOut }: MapMessages): void {
    const { options } = this.zoom;
    if (options.zoomInTitle === zoomIn && options.zoomOutTitle === zoomOut) return;
    options.zoomInTitle = zoomIn;
    options.zoomOutTitle = zoomOut;
    // Leaflet writes the titles when it builds the buttons, so they are built again (as
    // setPosition() does), and a button that had the focus gets it back.
    const active = (this.container.getRootNode() as Document | ShadowRoot).activeElement;
    const focused = ['leaflet-control-zoom-in', 'leaflet-control-zoom-out'].find(
      (name) => active && this.zoom.getContainer()?.contains(active) && active.classList.contains(name),
    );
    const wayBackFocused = active && this.wayBack.getContainer()?.contains(active) ? (active as HTMLElement) : undefined;
    this.zoom.remove();
    this.zoom.addTo(this.map);
    // The way back stays under the zoom buttons.
    this.wayBack.remove();
    this.wayBack.addTo(this.map);
    if (focused) this.zoom.getContainer()?.querySelector<HTMLElement>(`.${focused}`)?.focus();
    wayBackFocused?.focus();
  }

  /** "Fit route", and "Show vessel" or "Show aircraft" while a live position is drawn. */
  private offerWayBack(scene: RouteScene, messages: MapMessages): void {
    const position = scene.position;
    this.wayBack.update(
      { fitRoute: messages.fitRoute, ...(position ? { showVehicle: messages.showVehicle(position.position.kind) } : {}) },
      {
        fitRoute: () => this.fitRoute(),
        ...(position ? { showVehicle: () => this.showVehicle(position.at) } : {}),
      },
    );
  }

  /** Back to the whole route, as first shown. */
  private fitRoute(): void {
    this.pendingFit = this.lastFit ?? this.pendingFit;
    this.fitIfSized();
  }

  /** Centres the vehicle, zoomed in to at least VEHICLE_ZOOM. */
  private showVehicle(at: LatLng): void {
    this.map.setView(latLng(at.lat, at.lng), Math.max(this.map.getZoom(), VEHICLE_ZOOM), { animate: false });
  }

  /** Puts the zoom buttons at the inline start; the element's direction follows its language. */
  private followDirection(): void {
    const dir: Direction = getComputedStyle(this.container).direction === 'rtl' ? 'rtl' : 'ltr';
    if (dir === this.labels.dir) return;
    this.labels.dir = dir;
    this.zoom.setPosition(dir === 'rtl' ? 'topright' : 'topleft');
    this.wayBack.setPosition(dir === 'rtl' ? 'topright' : 'topleft');
    // The padding mirrors with the direction: fit again, unless the visitor has moved the map.
    if (!this.activation.engaged && !this.pendingFit && this.lastFit) this.pendingFit = this.lastFit;
  }
}
