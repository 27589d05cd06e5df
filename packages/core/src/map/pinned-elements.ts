/**
 * Elements the map pins to a place: the labels and the vehicle. Each is drawn as Leaflet 1.9
 * draws a permanent tooltip or a marker with a `divIcon` (the same classes, pane, position, size
 * and stacking, following the map through zoom animations), without Leaflet's `Tooltip`,
 * `DivOverlay`, `Marker`, `Icon` and `DivIcon`, whose opening, closing, binding to layers,
 * dragging, keyboard focus, panning and fading this map never uses. A pinned element leaves at
 * once when removed, where a tooltip fades out for 200 ms beside its replacement.
 */
import type { LatLng, LeafletEvent, Map as LeafletMap, Point } from 'leaflet';
import type { Side } from './label-placement.js';
import { Layer, point, setPosition } from './leaflet-parts.js';

/** Leaflet's internals a pinned element follows, as its tooltips and markers do. */
interface AnimatedMap extends LeafletMap {
  readonly _zoomAnimated: boolean;
  _latLngToNewLayerPoint(latlng: LatLng, zoom: number, center: LatLng): Point;
}

interface ZoomAnimEvent extends LeafletEvent {
  readonly zoom: number;
  readonly center: LatLng;
}

abstract class PinnedElement extends Layer {
  protected readonly element = document.createElement('div');

  constructor(
    protected readonly at: LatLng,
    pane: 'tooltipPane' | 'markerPane',
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
    return (map as AnimatedMap)._zoomAnimated;
  }

  /** The element's classes, given Leaflet's `leaflet-zoom-animated` or `leaflet-zoom-hide`. */
  protected abstract classes(zoomClass: string): string;

  /** Puts the element at the place's point in the map's layer coordinates. */
  protected abstract place(at: Point): void;

  override onAdd(map: LeafletMap): this {
    this.element.className = this.classes(`leaflet-zoom-${this.animated(map) ? 'animated' : 'hide'}`);
    this.getPane()?.append(this.element);
    this.update();
    return this;
  }

  override onRemove(): this {
    this.element.remove();
    return this;
  }

  // The same functions every call: Leaflet removes the listeners it added by identity.
  override getEvents(): Record<string, (event: LeafletEvent) => void> {
    return this.animated(this._map)
      ? { zoom: this.update, viewreset: this.update, zoomanim: this.animateZoom as (event: LeafletEvent) => void }
      : { zoom: this.update, viewreset: this.update };
  }

  private update(): void {
    this.place(this._map.latLngToLayerPoint(this.at));
  }

  private animateZoom(event: ZoomAnimEvent): void {
    this.place((this._map as AnimatedMap)._latLngToNewLayerPoint(this.at, event.zoom, event.center));
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
  ) {
    super(at, 'tooltipPane', content);
    this.element.setAttribute('role', 'tooltip');
    this.element.style.opacity = '0.9';
  }

  protected classes(zoomClass: string): string {
    return `leaflet-tooltip ${this.className} ${zoomClass} leaflet-tooltip-${this.side}`;
  }

  /** Leaflet's `Tooltip._setPosition` for a fixed side: the anchor, less the label's size on that side (rounded), plus the offset. */
  protected place(anchor: Point): void {
    const width = this.element.offsetWidth;
    const height = this.element.offsetHeight;
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
export class VehicleLayer extends PinnedElement {
  constructor(
    at: LatLng,
    private readonly className: string,
    size: number,
    content: Element,
  ) {
    super(at, 'markerPane', content);
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
