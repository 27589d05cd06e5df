/**
 * A label beside a marker, drawn as Leaflet 1.9 draws a permanent tooltip: an element with
 * Leaflet's tooltip classes in the tooltip pane, on the side the label placement chose, moved
 * off the anchor by the offset given (its CSS margin then leaves room for the arrow), at 0.9
 * opacity, following the map through zoom animations. Without Leaflet's `Tooltip` and
 * `DivOverlay`, whose opening, closing, binding to layers, panning and fading this map never
 * uses; and removed at once, where a tooltip fades out for 200 ms beside its replacement.
 */
import type { LatLng, LeafletEvent, Map as LeafletMap, Point } from 'leaflet';
import type { Side } from './label-placement.js';
import { Layer, point, setPosition } from './leaflet-parts.js';

/** Leaflet's internals a label follows, as its tooltips do. */
interface AnimatedMap extends LeafletMap {
  readonly _zoomAnimated: boolean;
  _latLngToNewLayerPoint(latlng: LatLng, zoom: number, center: LatLng): Point;
}

interface ZoomAnimEvent extends LeafletEvent {
  readonly zoom: number;
  readonly center: LatLng;
}

export class MapLabelLayer extends Layer {
  private readonly element = document.createElement('div');

  constructor(
    private readonly at: LatLng,
    private readonly side: Side,
    private readonly offset: readonly [number, number],
    private readonly className: string,
    content: HTMLElement,
  ) {
    super();
    // Leaflet's Layer takes no options in its constructor; each instance has its own `options`.
    this.options.pane = 'tooltipPane';
    this.element.setAttribute('role', 'tooltip');
    this.element.append(content);
  }

  getElement(): HTMLElement {
    return this.element;
  }

  override onAdd(map: LeafletMap): this {
    const animated = (map as AnimatedMap)._zoomAnimated;
    this.element.className = `leaflet-tooltip ${this.className} leaflet-zoom-${animated ? 'animated' : 'hide'} leaflet-tooltip-${this.side}`;
    this.getPane()?.append(this.element);
    this.update();
    this.element.style.opacity = '0.9';
    return this;
  }

  override onRemove(): this {
    this.element.remove();
    return this;
  }

  // The same functions every call: Leaflet removes the listeners it added by identity.
  override getEvents(): Record<string, (event: LeafletEvent) => void> {
    return (this._map as AnimatedMap)._zoomAnimated
      ? { zoom: this.update, viewreset: this.update, zoomanim: this.animateZoom as (event: LeafletEvent) => void }
      : { zoom: this.update, viewreset: this.update };
  }

  private update(): void {
    this.place(this._map.latLngToLayerPoint(this.at));
  }

  private animateZoom(event: ZoomAnimEvent): void {
    this.place((this._map as AnimatedMap)._latLngToNewLayerPoint(this.at, event.zoom, event.center));
  }

  /** Leaflet's `Tooltip._setPosition` for a fixed side: the anchor point, less the label's size on that side (rounded), plus the offset. */
  private place(anchor: Point): void {
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
