/**
 * The labels, as a Leaflet layer: each place's name and roles, and the vehicle's name and report,
 * measured as the map draws them and placed beside their marker where they fit, clear of the
 * route's lines, the controls, the host's overlays and each other (label-placement.ts), again
 * after every zoom and pan. The room they want also pads the fit of the route.
 */
import type { LatLng as LeafletLatLng, Map as LeafletMap } from 'leaflet';
import type { LatLng } from '../model/shipment.js';
import type { CurrentPlace } from '../view/current-place.js';
import { positionWords, type MapMessages } from '../view/map-messages.js';
import type { MapView } from '../contracts/view-model.js';
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
  type Padding,
  type Side,
  type Size,
} from './label-placement.js';
import { latLng, LayerGroup } from './leaflet-parts.js';
import { MapLabelLayer } from './pinned-elements.js';
import { placeRadius } from './route-layer.js';
import type { RouteScene, SceneStop } from './route-scene.js';
import { VEHICLE_SIZE } from './vehicle-layer.js';

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

/** What the labels say beyond the scene: in the page's words, at the page's time, of the place the shipment is at. */
export interface LabelWords {
  readonly messages: MapMessages;
  /** Milliseconds since the epoch, for the age of the position. */
  readonly now: number;
  /** The stop where the shipment is now, when no vehicle is drawn: its state leads its label. */
  readonly current: CurrentPlace | undefined;
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

function request(label: MapLabel, anchor: { x: number; y: number }): LabelRequest {
  return {
    text: label.text,
    anchor: { x: anchor.x, y: anchor.y },
    radius: label.radius,
    priority: label.priority,
    prefer: label.prefer,
    mergeable: label.mergeable,
  };
}

export class LabelsLayer extends LayerGroup {
  readonly #obstacles: () => ReadonlyArray<Element | undefined>;
  #labels: readonly MapLabel[] = [];
  /** The route as drawn, for labels to keep off. */
  #lines: LeafletLatLng[][] = [];
  readonly #sizes = new Map<string, Size>();
  /** The map's direction: the inline end labels prefer, and the direction they are measured in. */
  dir: Direction = 'ltr';

  /** `obstacles`: the elements drawn over the map (its controls, the host's overlays), which labels keep clear of. */
  constructor(obstacles: () => ReadonlyArray<Element | undefined>) {
    super();
    this.#obstacles = obstacles;
  }

  // Labels that fit one view may not fit the next: placed again after every zoom and pan.
  override getEvents(): Record<string, () => void> {
    return { zoomend: this.place, moveend: this.place };
  }

  /** Takes the labels of `scene`'s places and vehicle, to place from the next place() or padding(). */
  show(scene: RouteScene, view: MapView, { messages, now, current }: LabelWords): void {
    const labels: MapLabel[] = [];
    scene.stops.forEach((stop, index) => {
      const here = stop.place.code === current?.code;
      const text = stopText(stop, view, messages);
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
    const text = scene.position && vehicleText(view, messages, now);
    if (scene.position && text) {
      labels.push({
        at: scene.position.at,
        text,
        radius: VEHICLE_SIZE / 2,
        priority: 2,
        prefer: 'above',
        className: 'tracker-vehicle-label',
        mergeable: false,
      });
    }
    this.#labels = labels;
    this.#sizes.clear();
    this.#lines = scene.lines.map((line) => line.latLngs.map((p) => latLng(p.lat, p.lng)));
  }

  /**
   * The padding a fit of `bounds` (in zoom-0 pixels) into a map of `size` needs for each label
   * on its preferred side and for the controls.
   */
  padding(bounds: Box, size: Size): Padding {
    const map = this._map;
    const requests = this.#labels.map((l) => request(l, map.project(latLng(l.at.lat, l.at.lng), 0)));
    this.#measureAll(requests.map((r) => r.text));
    return fitPadding({ labels: requests, bounds, size, dir: this.dir, controls: this.#controlBoxes(), measure: this.#measure });
  }

  /** Places every label for the current view: merged with a neighbour, a side, a shorter name or none (see label-placement.ts). */
  place(): void {
    // Leaflet's own reference to the map the layer is on (null once removed).
    const map = this._map as LeafletMap | null;
    if (!map) return;
    const { x, y } = map.getSize();
    // A label leaves at once (pinned-elements.ts), not fading out beside its replacement.
    this.clearLayers();
    if (x === 0 || y === 0 || this.#labels.length === 0) return;
    const point = (at: LatLng | LeafletLatLng) => map.latLngToContainerPoint(latLng(at.lat, at.lng));
    const requests = this.#labels.map((l) => request(l, point(l.at)));
    const controls = this.#controlBoxes();
    this.#measureAll(requests.map((r) => r.text));
    // Markers closer than a line of label text merge into one label naming each.
    const lineHeight = Math.min(...requests.map((r) => this.#measure({ name: r.text.name, details: [] }).height));
    const merged = mergeClose(requests, lineHeight, MERGED_SEPARATOR);
    this.#measureAll(merged.map((m) => m.request.text));
    const placements = placeLabels({
      labels: merged.map((m) => m.request),
      size: { width: x, height: y },
      dir: this.dir,
      controls,
      measure: this.#measure,
      lines: this.#lines.map((line) => line.map((p) => point(p))),
    });
    placements.forEach((placement, i) => {
      if (placement.hidden) return;
      const { request, members } = merged[i]!;
      const first = this.#labels[members[0]!]!;
      const at =
        members.length === 1 ? latLng(first.at.lat, first.at.lng) : map.containerPointToLatLng([request.anchor.x, request.anchor.y]);
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
        this.#measure(placement.text),
      ).addTo(this);
    });
  }

  /** The obstacles' boxes, relative to the map's corner. */
  #controlBoxes(): Box[] {
    const origin = this._map.getContainer().getBoundingClientRect();
    return this.#obstacles().flatMap((el) => {
      const rect = el?.getBoundingClientRect();
      return rect && rect.width > 0 && rect.height > 0 ? [relativeBox(rect, origin)] : [];
    });
  }

  /** A label's size as the map draws it, from #measureAll(), which placing and fitting call first. */
  readonly #measure = (text: LabelText): Size => this.#sizes.get(sizeKey(text))!;

  /**
   * Measures every variant of `texts` not yet known, all in one layout: each in a hidden label of
   * its own, all added before any is read, so placing labels forces no layout per label.
   */
  #measureAll(texts: readonly LabelText[]): void {
    const wanted = new Map<string, LabelText>();
    for (const text of texts)
      for (const variant of textVariants(text)) if (!this.#sizes.has(sizeKey(variant))) wanted.set(sizeKey(variant), variant);
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
    this._map.getContainer().append(box);
    for (const [key, node] of nodes) {
      const rect = node.getBoundingClientRect();
      // Leaflet positions by whole pixels; one more keeps rounding from touching a neighbour.
      this.#sizes.set(key, { width: Math.ceil(rect.width) + 1, height: Math.ceil(rect.height) + 1 });
    }
    box.remove();
  }
}
