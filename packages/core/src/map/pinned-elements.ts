/**
 * Elements the map pins to a place: the labels and the vehicle. Each is drawn as Leaflet 1.9
 * draws a permanent tooltip or a marker with a `divIcon` (the same classes, pane, position, size
 * and stacking, following the map through zoom animations), without Leaflet's `Tooltip`,
 * `DivOverlay`, `Marker`, `Icon` and `DivIcon`, whose opening, closing, binding to layers,
 * dragging, keyboard focus, panning and fading this map never uses. A pinned element leaves at
 * once when removed, where a tooltip fades out for 200 ms beside its replacement.
 */
import type { LatLng, LeafletEvent, Map as LeafletMap, Point, ZoomAnimEvent } from 'leaflet';
import type { Side } from './label-placement.js';
import { Layer, point, setPosition } from './leaflet-parts.js';
import { PANES } from './panes.js';

/**
 * Where `at` will be, in the map's layer coordinates, when a zoom animation to `zoom` around
 * `center` ends: the layer coordinates' origin then is the new view's top left corner, in
 * whole pixels, moved by as much as the map pane is now.
 */
function layerPointAfterZoom(map: LeafletMap, at: LatLng, zoom: number, center: LatLng): Point {
  const pane = map.layerPointToContainerPoint(point(0, 0));
  const origin = map.project(center, zoom).subtract(map.getSize().divideBy(2)).add(pane).round();
  return map.project(at, zoom).subtract(origin);
}

abstract class PinnedElement extends Layer {
  protected readonly element = document.createElement('div');
  #map: LeafletMap | undefined;

  constructor(
    protected readonly at: LatLng,
    pane: typeof PANES.labels | typeof PANES.vehicle,
    content: Element,
  ) {
    super();
    // Leaflet's Layer takes no options in its constructor; each instance has its own `options`.
    this.options.pane = pane;
    this.element.append(content);
  }

  getElement(): HTMLElement {
    return this.element;
  }

  /** Whether the element follows a zoom animation (else it hides during one). */
  protected animated(map: LeafletMap): boolean {
    return map.options.zoomAnimation !== false;
  }

  /** The element's classes, given Leaflet's `leaflet-zoom-animated` or `leaflet-zoom-hide`. */
  protected abstract classes(zoomClass: string): string;

  /** Puts the element at the place's point in the map's layer coordinates. */
  protected abstract place(at: Point): void;

  override onAdd(map: LeafletMap): this {
    this.#map = map;
    this.element.className = this.classes(`leaflet-zoom-${this.animated(map) ? 'animated' : 'hide'}`);
    this.getPane()?.append(this.element);
    this.update();
    return this;
  }

  override onRemove(): this {
    this.element.remove();
    this.#map = undefined;
    return this;
  }

  // The same functions every call: Leaflet removes the listeners it added by identity. A map
  // without zoom animations never fires `zoomanim`.
  override getEvents(): Record<string, (event: LeafletEvent) => void> {
    return { zoom: this.update, viewreset: this.update, zoomanim: this.animateZoom as (event: LeafletEvent) => void };
  }

  private update(): void {
    if (this.#map) this.place(this.#map.latLngToLayerPoint(this.at));
  }

  private animateZoom(event: ZoomAnimEvent): void {
    if (this.#map && this.animated(this.#map)) this.place(layerPointAfterZoom(this.#map, this.at, event.zoom, event.center));
  }
}

/**
 * A label beside a marker, as a permanent tooltip on a fixed side: Leaflet's tooltip classes in
 * the tooltip pane, moved off the anchor by `offset` (its CSS margin then leaves room for the
 * arrow), at 0.9 opacity.
 */
export class MapLabelLayer extends PinnedElement {
  constructor(
    at: LatLng,
    private readonly side: Side,
    private readonly offset: readonly [number, number],
    private readonly className: string,
    content: HTMLElement,
    /** The label's size as measured before placing; read from the element only when not given. */
    private readonly size?: { readonly width: number; readonly height: number },
  ) {
    super(at, PANES.labels, content);
    this.element.style.opacity = '0.9';
  }

  protected classes(zoomClass: string): string {
    return `leaflet-tooltip ${this.className} ${zoomClass} leaflet-tooltip-${this.side}`;
  }

  /** Leaflet's `Tooltip._setPosition` for a fixed side: the anchor, less the label's size on that side (rounded), plus the offset. */
  protected place(anchor: Point): void {
    // A measured size spares a layout per label while a set of labels is added.
    const width = this.size ? this.size.width - 1 : this.element.offsetWidth;
    const height = this.size ? this.size.height - 1 : this.element.offsetHeight;
    const [subX, subY] =
      this.side === 'top'
        ? [width / 2, height]
        : this.side === 'bottom'
          ? [width / 2, 0]
          : this.side === 'right'
            ? [0, height / 2]
            : [width, height / 2];
    setPosition(this.element, point(anchor.x - Math.round(subX) + this.offset[0], anchor.y - Math.round(subY) + this.offset[1]));
  }
}

/**
 * The vehicle, as a marker with a `divIcon` of `size` pixels centred on its position: Leaflet's
 * marker classes in the marker pane, on whole pixels, stacked by its position and a
 * `zIndexOffset` of 1000 above any other marker.
 */
export class VehicleMarker extends PinnedElement {
  constructor(
    at: LatLng,
    private readonly className: string,
    size: number,
    content: Element,
  ) {
    super(at, PANES.vehicle, content);
    Object.assign(this.element.style, {
      marginLeft: `${-size / 2}px`,
      marginTop: `${-size / 2}px`,
      width: `${size}px`,
      height: `${size}px`,
    });
  }

  protected override animated(map: LeafletMap): boolean {
    return super.animated(map) && Boolean(map.options.markerZoomAnimation);
  }

  protected classes(zoomClass: string): string {
    return `leaflet-marker-icon ${this.className} ${zoomClass}`;
  }

  protected place(at: Point): void {
    const rounded = at.round();
    setPosition(this.element, rounded);
    this.element.style.zIndex = String(rounded.y + 1000);
  }
}
