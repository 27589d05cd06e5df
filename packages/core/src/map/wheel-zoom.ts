/**
 * Zooming with the mouse wheel, through Leaflet's Handler hooks: the turns of one gesture add up
 * for a moment, then the map zooms once around the pointer, as Leaflet 1.9's own wheel handler
 * does. Unlike that one, disabling it (which `map.remove()` does) drops a zoom still waiting,
 * which would otherwise run on a removed map and throw.
 */
import type { Map as LeafletMap, Point } from 'leaflet';
import { getWheelDelta, Handler } from './leaflet-parts.js';

/** Leaflet's defaults for the map options its wheel handler reads, which this one reads too. */
const DEFAULT_DEBOUNCE_MS = 40;
const DEFAULT_PX_PER_ZOOM_LEVEL = 60;

export class WheelZoom extends Handler {
  readonly #map: LeafletMap;
  #delta = 0;
  #started: number | undefined;
  #around: Point | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(map: LeafletMap) {
    super(map);
    this.#map = map;
  }

  override addHooks(): void {
    this.#map.getContainer().addEventListener('wheel', this.#onWheel, { passive: false });
  }

  override removeHooks(): void {
    this.#map.getContainer().removeEventListener('wheel', this.#onWheel);
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#delta = 0;
    this.#started = undefined;
  }

  readonly #onWheel = (event: WheelEvent): void => {
    // The map takes the wheel: the page does not scroll under it.
    event.preventDefault();
    event.stopPropagation();
    this.#delta += getWheelDelta(event);
    this.#around = this.#map.mouseEventToContainerPoint(event);
    this.#started ??= Date.now();
    clearTimeout(this.#timer);
    const gesture = this.#map.options.wheelDebounceTime ?? DEFAULT_DEBOUNCE_MS;
    this.#timer = setTimeout(this.#zoom, Math.max(gesture - (Date.now() - this.#started), 0));
  };

  readonly #zoom = (): void => {
    const map = this.#map;
    const zoom = map.getZoom();
    const snap = map.options.zoomSnap ?? 0;
    // Small turns zoom about in proportion, large ones level off at four levels.
    const turned = this.#delta / ((map.options.wheelPxPerZoomLevel ?? DEFAULT_PX_PER_ZOOM_LEVEL) * 4);
    const levels = (4 * Math.log(2 / (1 + Math.exp(-Math.abs(turned))))) / Math.LN2;
    const step = snap ? Math.ceil(levels / snap) * snap : levels;
    const target = Math.min(Math.max(zoom + (this.#delta > 0 ? step : -step), map.getMinZoom()), map.getMaxZoom());
    this.#delta = 0;
    this.#started = undefined;
    this.#timer = undefined;
    if (target !== zoom && this.#around) map.setZoomAround(this.#around, target);
  };
}
