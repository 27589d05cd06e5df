/**
 * The map chunk: Leaflet, its stylesheet, the basemap and the drawing of a route scene.
 * Only `loadMapRenderer()` imports this module, dynamically, so none of it is fetched
 * until a map is shown, and importing the packages never evaluates Leaflet (which needs
 * `window`).
 *
 * Everything from the document reaches Leaflet as DOM nodes filled with `textContent`:
 * labels get elements, the vehicle icon gets an SVG element, and attribution is not
 * Leaflet's (its control writes `innerHTML`) but text rendered by the element.
 */
import type { Control, LatLng as LeafletLatLng, LayerGroup, Map as LeafletMap, PanOptions, Point, PointExpression } from 'leaflet';
import { latLng, latLngBounds, layerGroup, LeafletMapClass, zoomControl } from './leaflet-parts.js';
import type { LatLng } from '../model/shipment.js';
import type { MapView } from '../view/view-model.js';
import type { CurrentPlace } from '../view/current-place.js';
import {
  DEFAULT_GAP,
  fitPadding,
  mergeClose,
  placeLabels,
  textVariants,
  type Box,
  type Direction,
  type LabelRequest,
  type LabelText,
  type Side,
  type Size,
} from './label-placement.js';
import { Activation } from './activation.js';
import { adoptCss } from './adopt-css.js';
import { BasemapLayer } from './basemap-layer.js';
import { createPanes } from './panes.js';
import { leafletCss } from './leaflet-css.generated.js';
import { MapLabelLayer } from './pinned-elements.js';
import { positionWords, type MapMessages } from '../view/map-messages.js';
import { placeRadius, RouteLayer } from './route-layer.js';
import { buildRouteScene, type RouteScene, type SceneStop } from './route-scene.js';
import { usableTileUrl } from './tile-template.js';
import { WayBackControl } from './way-back-control.js';
import { VEHICLE_SIZE, VehicleLayer } from './vehicle-layer.js';
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

/** A label the map shows beside a marker, when it fits (see label-placement.ts). */
interface MapLabel {
  readonly at: LatLng;
  readonly text: LabelText;
  /** Half the marker's drawn size, stroke included. */
  readonly radius: number;
  readonly priority: number;
  readonly prefer: 'inline-end' | 'above';
  readonly className: string;
  /** A place's label, which may merge with a neighbour's. */
  readonly mergeable: boolean;
}

/** Joins the names of places whose markers nearly touch into one label. */
const MERGED_SEPARATOR = ' · ';

/** Leaflet's tooltip CSS adds a 6 px margin (room for its arrow) to the offset given here. */
const TOOLTIP_ARROW = 6;

function tooltipOffset(side: Side, radius: number): [number, number] {
  const reach = radius + DEFAULT_GAP - TOOLTIP_ARROW;
  return side === 'right' ? [reach, 0] : side === 'left' ? [-reach, 0] : side === 'top' ? [0, -reach] : [0, reach];
}

/** A rectangle relative to the map container's corner. */
function relativeBox(rect: DOMRect, origin: DOMRect): Box {
  return { left: rect.left - origin.left, top: rect.top - origin.top, right: rect.right - origin.left, bottom: rect.bottom - origin.top };
}

function sizeKey(text: LabelText): string {
  return [text.name, ...text.details].join('\n');
}

function textNode(tag: string, className: string, text: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

/**
 * A port or airport's label: its name and its roles in the words of the labelled view, as the page
 * says them; for a map short of room, the name without the country, then the city alone.
 */
function stopText(stop: SceneStop, view: MapView, messages: MapMessages): LabelText {
  const roleLabels = view.route.find((s) => s.place.place.code === stop.place.code)?.roleLabels;
  const roles = roleLabels?.length ? messages.list(roleLabels) : undefined;
  const labelled = view.places.get(stop.place.code);
  const name = labelled?.label ?? stop.place.code;
  const shorter = [labelled?.shortLabel, stop.place.city ?? stop.place.name].filter(
    (n, i, all): n is string => n !== undefined && n.length < name.length && all.indexOf(n) === i,
  );
  return { name, details: roles ? [roles] : [], shorter };
}

function vehicleText(view: MapView, messages: MapMessages, now: number): LabelText | undefined {
  const words = positionWords(view, messages, now);
  if (!words) return undefined;
  const details = words.details.join(' · ');
  return { name: words.name, details: [details, words.reported ?? ''].filter((d) => d !== '') };
}

/** A label's content: its name in bold, each detail on a line of its own, all as text. */
function labelContent(text: LabelText): HTMLElement[] {
  return [textNode('strong', 'tracker-label-name', text.name), ...text.details.map((d) => textNode('span', 'tracker-label-detail', d))];
}

/** Origin and destination first, then the vehicle, then the stops between, in route order. */
function stopPriority(stop: SceneStop, index: number): number {
  if (stop.roles.includes('destination')) return 0;
  if (stop.roles.includes('origin')) return 1;
  return 10 + index;
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
  private readonly labelLayer: LayerGroup;
  private readonly zoom: Control.Zoom;
  /** At the zoom buttons' corner, the inline start (followDirection() moves both). */
  private readonly wayBack = new WayBackControl({ position: 'topleft' });
  private labels: readonly MapLabel[] = [];
  /** The route as drawn, for labels to keep off. */
  private lines: LeafletLatLng[][] = [];
  private dir: Direction = 'ltr';
  private readonly sizes = new Map<string, Size>();
  private readonly relabel = (): void => this.placeLabels();
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
    this.labelLayer = layerGroup().addTo(this.map);
    // Labels that fit one view may not fit the next: place them again after every zoom and pan.
    this.map.on('zoomend moveend', this.relabel);
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
    const labels: MapLabel[] = [];
    scene.stops.forEach((stop, index) => {
      const here = stop.place.code === current?.code;
      const text = stopText(stop, view, options.messages);
      labels.push({
        at: stop.at,
        text: here && current.state ? { ...text, details: [current.state, ...text.details] } : text,
        radius: placeRadius(stop, current?.code) + 1,
        // As the vehicle's label would be: the place the visitor looks for first.
        priority: here ? 2 : stopPriority(stop, index),
        prefer: 'inline-end',
        className: 'tracker-place-label',
        mergeable: true,
      });
    });
    if (scene.position) {
      const { at } = scene.position;
      const text = vehicleText(view, options.messages, options.now);
      if (text) {
        labels.push({
          at,
          text,
          radius: VEHICLE_SIZE / 2,
          priority: 2,
          prefer: 'above',
          className: 'tracker-vehicle-label',
          mergeable: false,
        });
      }
    }
    this.labels = labels;
    this.sizes.clear();
    this.lines = scene.lines.map((line) => line.latLngs.map((p) => latLng(p.lat, p.lng)));
    this.nameZoomButtons(options.messages);
    this.offerWayBack(scene, options.messages);
    this.followDirection();
    if (this.fittedReference !== shipment.reference) {
      this.fittedReference = shipment.reference;
      this.pendingFit = scene;
    }
    this.fitIfSized();
    this.placeLabels();
    return scene;
  }

  /** The host's overlays or layout changed: fit again (until the visitor took over) and re-place the labels. */
  relayout(): void {
    this.onResize(true);
  }

  /** An overlay changed over a view set since the fit (by the visitor or the page): the labels move, the view stays. */
  refreshLabels(): void {
    this.placeLabels();
  }

  destroy(): void {
    // Whatever the map's removal waits for, no land or tiles are drawn any more.
    this.basemap.remove();
    this.activation.disable();
    this.map.off('zoomend moveend', this.relabel);
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
    this.placeLabels();
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
    const requests = this.labels.map((l) => this.request(l, this.map.project(latLng(l.at.lat, l.at.lng), 0)));
    this.measureAll(requests.map((r) => r.text));
    const pad = fitPadding({
      labels: requests,
      bounds: { left: nw.x, top: nw.y, right: se.x, bottom: se.y },
      size: { width: x, height: y },
      dir: this.dir,
      controls: this.controlBoxes(),
      measure: this.measure,
    });
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
    if (dir === this.dir) return;
    this.dir = dir;
    this.zoom.setPosition(dir === 'rtl' ? 'topright' : 'topleft');
    this.wayBack.setPosition(dir === 'rtl' ? 'topright' : 'topleft');
    // The padding mirrors with the direction: fit again, unless the visitor has moved the map.
    if (!this.activation.engaged && !this.pendingFit && this.lastFit) this.pendingFit = this.lastFit;
  }

  private request(label: MapLabel, anchor: { x: number; y: number }): LabelRequest {
    return {
      text: label.text,
      anchor: { x: anchor.x, y: anchor.y },
      radius: label.radius,
      priority: label.priority,
      prefer: label.prefer,
      mergeable: label.mergeable,
    };
  }

  /** The zoom buttons and the host's overlays, relative to the map's corner. */
  private controlBoxes(): Box[] {
    const origin = this.container.getBoundingClientRect();
    const elements = [this.zoom.getContainer(), this.wayBack.getContainer(), ...(this.hooks.overlays?.() ?? [])];
    return elements.flatMap((el) => {
      const rect = el?.getBoundingClientRect();
      return rect && rect.width > 0 && rect.height > 0 ? [relativeBox(rect, origin)] : [];
    });
  }

  /** A label's size as the map draws it, from measureAll(), which placing and fitting call first. */
  private readonly measure = (text: LabelText): Size => this.sizes.get(sizeKey(text))!;

  /**
   * Measures every variant of `texts` not yet known, all in one layout: each in a hidden label of
   * its own, all added before any is read, so placing labels forces no layout per label.
   */
  private measureAll(texts: readonly LabelText[]): void {
    const wanted = new Map<string, LabelText>();
    for (const text of texts)
      for (const variant of textVariants(text)) if (!this.sizes.has(sizeKey(variant))) wanted.set(sizeKey(variant), variant);
    if (wanted.size === 0) return;
    const box = document.createElement('div');
    box.setAttribute('aria-hidden', 'true');
    const nodes = [...wanted].map(([key, text]) => {
      const node = document.createElement('div');
      node.className = 'leaflet-tooltip tracker-label tracker-label-measure';
      node.dir = this.dir;
      node.append(...labelContent(text));
      return [key, node] as const;
    });
    box.append(...nodes.map(([, node]) => node));
    this.container.append(box);
    for (const [key, node] of nodes) {
      const rect = node.getBoundingClientRect();
      // Leaflet positions by whole pixels; one more keeps rounding from touching a neighbour.
      this.sizes.set(key, { width: Math.ceil(rect.width) + 1, height: Math.ceil(rect.height) + 1 });
    }
    box.remove();
  }

  /** Places every label for the current view: merged with a neighbour, a side, a shorter name or none (see label-placement.ts). */
  private placeLabels(): void {
    const { x, y } = this.map.getSize();
    // A label leaves at once (pinned-elements.ts), not fading out beside its replacement.
    this.labelLayer.clearLayers();
    if (x === 0 || y === 0 || this.labels.length === 0) return;
    const point = (at: LatLng | LeafletLatLng) => this.map.latLngToContainerPoint(latLng(at.lat, at.lng));
    const requests = this.labels.map((l) => this.request(l, point(l.at)));
    const controls = this.controlBoxes();
    this.measureAll(requests.map((r) => r.text));
    // Markers closer than a line of label text merge into one label naming each.
    const lineHeight = Math.min(...requests.map((r) => this.measure({ name: r.text.name, details: [] }).height));
    const merged = mergeClose(requests, lineHeight, MERGED_SEPARATOR);
    this.measureAll(merged.map((m) => m.request.text));
    const placements = placeLabels({
      labels: merged.map((m) => m.request),
      size: { width: x, height: y },
      dir: this.dir,
      controls,
      measure: this.measure,
      lines: this.lines.map((line) => line.map((p) => point(p))),
    });
    placements.forEach((placement, i) => {
      if (placement.hidden) return;
      const { request, members } = merged[i]!;
      const first = this.labels[members[0]!]!;
      const at =
        members.length === 1 ? latLng(first.at.lat, first.at.lng) : this.map.containerPointToLatLng([request.anchor.x, request.anchor.y]);
      const content = document.createElement('div');
      content.dir = this.dir;
      content.append(...labelContent(placement.text));
      const classes = [
        'tracker-label',
        first.className,
        ...(members.length > 1 ? ['tracker-label--merged'] : []),
        ...(placement.shortened ? ['tracker-label--shortened'] : []),
      ];
      // The whole name on hover and on a tap, over its neighbours (tracker-route-map.ts). Labels are
      // hidden from assistive technology, whose users hear every name whole in the map's description.
      if (placement.shortened) content.append(textNode('strong', 'tracker-label-whole', request.text.name));
      new MapLabelLayer(
        at,
        placement.side,
        tooltipOffset(placement.side, request.radius),
        classes.join(' '),
        content,
        this.measure(placement.text),
      ).addTo(this.labelLayer);
    });
  }
}
