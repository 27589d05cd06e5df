/**
 * The map's activation, through Leaflet's Handler hooks: the map stays passive (the page scrolls
 * over it) until the visitor clicks or focuses it, which turns on dragging and the wheel; leaving
 * it turns them off again. A wheel turn or a finger on the passive map asks for the hint that says
 * how to activate it, for a moment.
 */
import type { Map as LeafletMap } from 'leaflet';
import { Handler } from './leaflet-parts.js';

/** How long the hint stays. */
const HINT_MS = 2000;

export class Activation extends Handler {
  readonly #map: LeafletMap;
  readonly #onHint: (visible: boolean) => void;
  #active = false;
  #engaged = false;
  #hintTimer: ReturnType<typeof setTimeout> | undefined;

  /** `onHint`: the hint is to be shown (true) or hidden. */
  constructor(map: LeafletMap, onHint: (visible: boolean) => void) {
    super(map);
    this.#map = map;
    this.#onHint = onHint;
  }

  /** The visitor has activated the map at least once: the view is theirs now, not the fit's. */
  get engaged(): boolean {
    return this.#engaged;
  }

  override addHooks(): void {
    for (const [type, listener] of this.#listeners) this.#map.getContainer().addEventListener(type, listener, { passive: true });
  }

  override removeHooks(): void {
    for (const [type, listener] of this.#listeners) this.#map.getContainer().removeEventListener(type, listener);
    clearTimeout(this.#hintTimer);
    this.#hintTimer = undefined;
  }

  readonly #listeners: ReadonlyArray<readonly [string, EventListener]> = [
    [
      'pointerdown',
      (event) => {
        // A mouse press is a deliberate interaction; a finger might just be scrolling the page.
        if ((event as PointerEvent).pointerType !== 'touch') this.#activate();
        else if (!this.#active) this.#hint();
      },
    ],
    ['click', () => this.#activate()],
    ['focus', () => this.#activate()],
    ['blur', () => this.#deactivate()],
    [
      'wheel',
      () => {
        if (!this.#active) this.#hint();
      },
    ],
  ];

  #activate(): void {
    if (this.#active) return;
    this.#active = true;
    this.#engaged = true;
    this.#map.scrollWheelZoom.enable();
    this.#map.dragging.enable();
    this.#hint(false);
  }

  #deactivate(): void {
    if (!this.#active) return;
    this.#active = false;
    this.#map.scrollWheelZoom.disable();
    this.#map.dragging.disable();
  }

  #hint(visible = true): void {
    clearTimeout(this.#hintTimer);
    this.#hintTimer = undefined;
    this.#onHint(visible);
    if (visible) this.#hintTimer = setTimeout(() => this.#hint(false), HINT_MS);
  }
}
