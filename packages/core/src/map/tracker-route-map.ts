// The renderer's declarations import Leaflet's source modules; this makes those paths typed for consumers.
/// <reference path="./leaflet-esm.ts" preserve="true" />
import { LitElement, css, html, nothing, unsafeCSS, type PropertyValues } from 'lit';
import { clockOf, colourTokens, type ColourId } from '../first/shared.js';
import type { MapView } from '../contracts/view-model.js';
import type { CurrentPlace } from '../view/current-place.js';
import type { LeafletRouteMap } from './leaflet-route-map.js';
import { loadMapRenderer, mapLoadingConverter, NearViewportController, type MapLoading } from './lazy-map.js';
import { describeRoute, englishMapMessages, type MapMessages } from '../view/map-messages.js';
import { hasMapData } from '../view/route-facts.js';
import { tileHost, usableTileUrl } from './tile-template.js';

export type MapTheme = 'auto' | 'light' | 'dark';

/**
 * The element tokens the map's own controls use (zoom buttons, focus ring), as `--_ui-<id>`:
 * the page's `--tracker-*` value, else the token table's default for the theme. Built from
 * the constant table only, so unsafeCSS is safe here.
 */
const uiTokenIds: readonly ColourId[] = ['bg', 'surface', 'text', 'muted', 'control-border', 'accent'];
function uiTokens(theme: 'light' | 'dark') {
  return unsafeCSS(
    colourTokens
      .filter((t) => uiTokenIds.includes(t.id))
      .map((t) => `--_ui-${t.id}: var(--tracker-${t.name}, ${t[theme]});`)
      .join('\n'),
  );
}

/** The map's dark colours, for `theme="dark"` and for `auto` in a dark colour scheme. */
const darkPalette = css`
  ${uiTokens('dark')}
  --_water: #0e1a26;
  --_land: #2b3440;
  --_surface: #1b2430;
  --_text: #e5e7eb;
  --_accent: #4ea1ff;
  --_completed: #c7d2e0;
  --_planned: #8592a3;
  --_cancelled: #f97066;
`;

/**
 * The route and vehicle map that `<ocean-tracker>` and `<air-tracker>` embed. Internal:
 * the elements render it and pass it the labelled view and translated messages.
 *
 * The element itself is light; Leaflet, its CSS and the basemap are a separate chunk,
 * fetched when the map comes near the viewport (`loading="lazy"`), at once (`eager`), or
 * never (`none`). The text alternative is rendered without that chunk. The Leaflet map is
 * created when first shown, removed on disconnect and rebuilt on reconnect.
 *
 * @summary A Leaflet map of a shipment's route, ports and vessel or aircraft.
 *
 * @slot placeholder - Shown in the map's room until the map is drawn (the elements put "Loading map…" there).
 * @csspart canvas - The area the map is drawn in (Leaflet's container goes inside).
 * @csspart hint - "Click or focus the map to zoom and pan", shown on wheel or touch before the map is active.
 * @csspart attribution - The basemap or tile attribution, always visible while a map is drawn (said in the map's description).
 * @csspart way-back - "Fit route", and "Show vessel" or "Show aircraft" while a position is live, beside the zoom buttons.
 * @csspart description - The text alternative: visually hidden, and the drawn map's description once there is one.
 *
 * @cssprop [--tracker-map-height=320px] - Height of the map.
 * @cssprop [--tracker-map-border-radius=0] - Corner radius of the map.
 * @cssprop --tracker-map-water-color - Sea colour of the built-in basemap (and background behind tiles).
 * @cssprop --tracker-map-land-color - Land colour of the built-in basemap.
 * @cssprop --tracker-route-completed-color - Completed legs (solid).
 * @cssprop --tracker-route-current-color - The leg under way (solid behind the vehicle, dashed ahead); defaults to the accent colour.
 * @cssprop --tracker-route-planned-color - Legs still to come (dashed).
 * @cssprop --tracker-accent-color - The vessel or aircraft marker, focus ring and current leg.
 * @cssprop --tracker-map-place-color - Fill of port and airport markers.
 * @cssprop --tracker-map-label-background - Background of port and vehicle labels.
 * @cssprop --tracker-map-label-color - Text of port and vehicle labels.
 */
export class TrackerRouteMap extends LitElement {
  static override properties = {
    view: { attribute: false },
    // A new object each render of the page: the map redraws only for another place or state.
    current: { attribute: false, hasChanged: (a?: CurrentPlace, b?: CurrentPlace) => a?.code !== b?.code || a?.state !== b?.state },
    loading: { converter: mapLoadingConverter },
    tileUrl: { attribute: 'tile-url' },
    tileAttribution: { attribute: 'tile-attribution' },
    theme: { reflect: true },
    messages: { attribute: false },
    hintVisible: { state: true },
    drawn: { state: true },
    finerLand: { state: true },
    failed: { state: true },
  };

  /**
   * The labelled route to draw (`MapView` from the presentation step: the shipment's geometry
   * and the labels the page uses); the map shows only when it has legs or a position. The
   * Leaflet layers are redrawn only when this object (or `messages`, `tile-url`) changes.
   */
  declare view: MapView | undefined;
  /** The stop to mark as where the shipment is now, when no vehicle position is live (current-place.ts). */
  declare current: CurrentPlace | undefined;
  /** When the map code is fetched: near the viewport (`lazy`), at once (`eager`), or never (`none`). */
  declare loading: MapLoading;
  /** An XYZ raster tile template (`https://…/{z}/{x}/{y}.png`) to use instead of the built-in vector basemap. */
  declare tileUrl: string | undefined;
  /** The tile provider's attribution, shown as text; without it the tile host is named. */
  declare tileAttribution: string | undefined;
  /** Colour scheme; `auto` follows `prefers-color-scheme`. */
  declare theme: MapTheme;
  /** Translated words; any left out are English. */
  declare messages: Partial<MapMessages> | undefined;
  declare private hintVisible: boolean;
  declare private drawn: boolean;
  /** The map has drawn OpenStreetMap's land: its credit shows from then on, also zoomed back out. */
  declare private finerLand: boolean;
  /** The map's code could not be loaded: the placeholder goes, the text alternative stays. */
  declare private failed: boolean;

  readonly #nearViewport: NearViewportController;
  #words: MapMessages = englishMapMessages;
  #description = '';
  #renderer: LeafletRouteMap | undefined;
  /** Bumped whenever a pending load must be ignored (disconnect, no more route). */
  #generation = 0;
  #rendererLoading = false;

  constructor() {
    super();
    this.view = undefined;
    this.current = undefined;
    this.loading = 'lazy';
    this.tileUrl = undefined;
    this.tileAttribution = undefined;
    this.theme = 'auto';
    this.messages = undefined;
    this.hintVisible = false;
    this.drawn = false;
    this.finerLand = false;
    this.failed = false;
    this.#nearViewport = new NearViewportController(this, {
      enabled: () => this.loading === 'lazy' && hasMapData(this.view?.shipment),
    });
  }

  /**
   * The Leaflet map while one is drawn, for integrators who add their own layers. The script-tag
   * bundle's Leaflet lacks the map methods this map never calls (`flyTo`, `locate`,
   * `setMaxBounds` …; scripts/trim-leaflet.ts), so a layer that calls them needs the npm packages.
   * Until the visitor takes the map (a click, a tap or Tab), it fits the whole route again when its
   * size changes, so a view set here before then lasts until the next resize.
   */
  get leafletMap(): LeafletRouteMap['map'] | undefined {
    return this.#renderer?.map;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Rebuild the map that disconnectedCallback removed.
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#teardown();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('messages')) this.#words = { ...englishMapMessages, ...this.messages };
    // For the print styles: a map never drawn (lazy, out of view) is left off the paper.
    if ((changed as Map<PropertyKey, unknown>).has('drawn')) this.toggleAttribute('drawn', this.drawn);
    this.#description = this.view ? describeRoute(this.view, this.#words, clockOf(this).now()) : '';
  }

  protected override updated(changed: PropertyValues<this>): void {
    const wanted =
      this.isConnected &&
      hasMapData(this.view?.shipment) &&
      (this.loading === 'eager' || (this.loading === 'lazy' && this.#nearViewport.near));
    if (!wanted) {
      this.#teardown();
      return;
    }
    if (this.#renderer) {
      if (changed.has('view') || changed.has('current') || changed.has('tileUrl') || changed.has('messages')) this.#draw(this.#renderer);
      // The attribution appears once the map is drawn; the view and labels make room for it.
      else if ((changed as Map<PropertyKey, unknown>).has('drawn')) this.#renderer.relayout();
      // It grows once it credits OpenStreetMap, whose land is drawn zoomed in: the labels make
      // room, the view (the fit, or the visitor's or the page's since) stays.
      else if ((changed as Map<PropertyKey, unknown>).has('finerLand')) this.#renderer.refreshLabels();
    } else if (!this.#rendererLoading) {
      void this.#createRenderer();
    }
  }

  async #createRenderer(): Promise<void> {
    const generation = ++this.#generation;
    this.#rendererLoading = true;
    this.failed = false;
    try {
      const module = await loadMapRenderer();
      const canvas = this.renderRoot.querySelector<HTMLElement>('.canvas');
      if (generation !== this.#generation || !this.isConnected || !canvas) return;
      module.adoptLeafletCss(this.renderRoot as ShadowRoot);
      this.#renderer = new module.LeafletRouteMap(canvas, {
        onHint: (visible) => {
          this.hintVisible = visible;
        },
        overlays: () => [...this.renderRoot.querySelectorAll('.attribution')],
        onFinerLand: () => {
          if (generation === this.#generation) this.finerLand = true;
        },
      });
      this.#draw(this.#renderer);
      this.drawn = true;
    } catch (error) {
      // The text alternative still describes the route; the page should not break over a map.
      console.warn('cargo-tracker-route-map: the map could not be loaded', error);
      if (generation === this.#generation) this.failed = true;
    } finally {
      if (generation === this.#generation) this.#rendererLoading = false;
    }
  }

  #draw(renderer: LeafletRouteMap): void {
    const view = this.view;
    if (!view) return;
    // Focusable (Leaflet's keyboard handler), so a widget: one name, the route and the keys as its
    // description. What Leaflet draws inside is hidden from assistive technology (see show()).
    const container = renderer.container;
    container.setAttribute('role', 'application');
    container.setAttribute('aria-roledescription', this.#words.roleDescription);
    container.setAttribute('aria-label', this.#words.mapLabel);
    container.setAttribute('aria-describedby', 'description map-notes');
    renderer.show(view, {
      messages: this.#words,
      now: clockOf(this).now(),
      ...(this.current ? { current: this.current } : {}),
      ...(this.tileUrl ? { tileUrl: this.tileUrl } : {}),
    });
  }

  #teardown(): void {
    this.#generation++;
    this.#rendererLoading = false;
    this.#renderer?.destroy();
    this.#renderer = undefined;
    this.hintVisible = false;
    this.drawn = false;
    this.finerLand = false;
  }

  #attribution(): string {
    const tiles = usableTileUrl(this.tileUrl);
    if (!tiles) return this.finerLand ? this.#words.finerBasemapAttribution : this.#words.basemapAttribution;
    return this.tileAttribution?.trim() || tileHost(tiles);
  }

  protected override render(): unknown {
    // The placeholder is hidden, not unslotted, once the map is drawn: Firefox keeps animating an
    // unslotted child's spinner (no box, but a restyle every frame for as long as the page stays
    // open), and display: none ends its animation in every engine.
    return html`
      <div class="canvas" part="canvas"></div>
      <div class="placeholder" ?hidden=${this.drawn || this.failed}><slot name="placeholder"></slot></div>
      <p class="hint" part="hint" aria-hidden="true" ?data-visible=${this.hintVisible}>${this.#words.interactHint}</p>
      ${
        this.drawn
          ? html`<p class="attribution" part="attribution" aria-hidden="true">${this.#attribution()}</p>
              <p id="map-notes" hidden>${this.#words.keys} ${this.#words.attribution(this.#attribution())}</p>`
          : nothing
      }
      <p id="description" class="description" part="description" ?hidden=${this.drawn}>${this.#description}</p>
    `;
  }

  static override styles = css`
    :host {
      ${uiTokens('light')}
      /* Land 1.3:1 against the sea, so the coasts read without an outline; the lines and edges
         drawn on both (routes, marks, the zoom buttons) keep 3:1 against either. */
      --_water: #c2d7e5;
      --_land: #f6f3ec;
      --_surface: #ffffff;
      --_text: #1f2937;
      --_accent: #0b63ce;
      --_completed: #1f3a5f;
      --_planned: #65707f;
      --_cancelled: #b42318;
      display: block;
      position: relative;
      height: var(--tracker-map-height, 320px);
      overflow: hidden;
      border-radius: var(--tracker-map-border-radius, 0);
      isolation: isolate;
    }
    :host([hidden]) {
      display: none;
    }
    :host([theme='dark']) {
      ${darkPalette}
    }
    @media (prefers-color-scheme: dark) {
      :host(:not([theme='light'])) {
        ${darkPalette}
      }
    }
    .canvas,
    .tracker-map-canvas {
      position: absolute;
      inset: 0;
    }
    .canvas {
      background: var(--tracker-map-water-color, var(--_water));
    }
    .leaflet-container {
      background: var(--tracker-map-water-color, var(--_water));
      font: inherit;
      font-size: 12px;
    }
    /* The map's panes are positioned layers above the container's own outline, so an outline
       there vanishes wherever land or a route is drawn. The ring is a layer of its own above
       the panes and controls: the accent between two bands of the background colour, so it
       stands out from land, sea and the accent alike. */
    .leaflet-container:focus-visible {
      outline: none;
    }
    .leaflet-container:focus-visible::after {
      content: '';
      position: absolute;
      inset: 0;
      z-index: 1001;
      pointer-events: none;
      outline: var(--tracker-focus-ring, 3px solid var(--_ui-accent));
      outline-offset: -5px;
      box-shadow:
        inset 0 0 0 2px var(--_ui-bg),
        inset 0 0 0 7px var(--_ui-bg);
    }
    /* Leaflet's zoom buttons in the element's colours (Leaflet's own are white in any theme). */
    .leaflet-container .leaflet-bar {
      border: 1px solid var(--_ui-control-border);
      border-radius: 4px;
      box-shadow: none;
      background-clip: padding-box;
    }
    .leaflet-container .leaflet-bar a {
      background-color: var(--_ui-bg);
      color: var(--_ui-text);
      border-block-end-color: var(--_ui-control-border);
    }
    .leaflet-container .leaflet-bar a:hover,
    .leaflet-container .leaflet-bar a:focus {
      background-color: var(--_ui-surface);
    }
    .leaflet-container .leaflet-bar a:focus-visible {
      outline: var(--tracker-focus-ring, 2px solid var(--_ui-accent));
      outline-offset: -2px;
    }
    /* The way back to the route (way-back-control.ts): text buttons in the zoom buttons' colours,
       beside them rather than under, so on a phone they take a strip of the top, not of the side. */
    .leaflet-container .tracker-way-back {
      display: flex;
      clear: none;
      margin-inline-start: 6px;
    }
    .leaflet-container .tracker-way-back button {
      font: inherit;
      font-size: 0.75rem;
      line-height: 1.2;
      min-block-size: 30px;
      padding-inline: 0.5em;
      text-align: start;
      border: 0;
      border-radius: 0;
      background-color: var(--_ui-bg);
      color: var(--_ui-text);
      cursor: pointer;
    }
    .leaflet-container .tracker-way-back button + button {
      border-inline-start: 1px solid var(--_ui-control-border);
    }
    .leaflet-container .tracker-way-back button:hover,
    .leaflet-container .tracker-way-back button:focus {
      background-color: var(--_ui-surface);
    }
    .leaflet-container .tracker-way-back button:focus-visible {
      outline: var(--tracker-focus-ring, 2px solid var(--_ui-accent));
      outline-offset: -2px;
    }
    .leaflet-container .leaflet-bar a.leaflet-disabled {
      background-color: var(--_ui-surface);
      color: var(--_ui-muted);
    }
    .tracker-land {
      fill: var(--tracker-map-land-color, var(--_land));
      fill-opacity: 1;
    }
    .tracker-route {
      fill: none;
      stroke-width: 3;
      stroke-opacity: 1;
      stroke-linecap: round;
      stroke-linejoin: round;
    }
    .tracker-route--completed {
      stroke: var(--tracker-route-completed-color, var(--_completed));
    }
    .tracker-route--current {
      stroke: var(--tracker-route-current-color, var(--tracker-accent-color, var(--_accent)));
      stroke-dasharray: 8 6;
    }
    /* Behind the vehicle the leg under way is solid and heavier, as a completed leg; ahead it stays dashed. */
    .tracker-route--travelled {
      stroke-dasharray: none;
      stroke-width: 4;
    }
    .tracker-route--planned {
      stroke: var(--tracker-route-planned-color, var(--_planned));
      stroke-dasharray: 8 6;
    }
    .tracker-route--cancelled {
      stroke: var(--_cancelled);
      stroke-dasharray: 2 6;
    }
    .tracker-place {
      fill: var(--tracker-map-place-color, var(--_surface));
      fill-opacity: 1;
      stroke: var(--tracker-route-completed-color, var(--_completed));
      stroke-width: 2;
    }
    /* Where the shipment is when no vehicle is live: filled in the accent, as the vehicle is, with
       a ring in the map's surface colour that parts it from the land and the route. */
    .tracker-place--current {
      fill: var(--tracker-accent-color, var(--_accent));
      stroke: var(--_surface);
      stroke-width: 3;
    }
    .leaflet-tooltip.tracker-label {
      background: var(--tracker-map-label-background, var(--_surface));
      color: var(--tracker-map-label-color, var(--_text));
      border: 0;
      border-radius: 4px;
      padding: 2px 6px;
      font-size: 11px;
      line-height: 1.35;
      box-shadow: 0 1px 3px rgb(0 0 0 / 0.3);
      white-space: nowrap;
    }
    /* Leaflet places tooltips by transform from a pane of no size; in a right-to-left host their
       static position would start at the pane's right edge, a label's width off. Each label
       carries its own dir for its text. */
    .leaflet-tooltip-pane {
      direction: ltr;
    }
    /* A shortened label shows its whole name on hover and on a tap (which hovers on touch screens). */
    .leaflet-tooltip.tracker-label--shortened {
      pointer-events: auto;
    }
    .tracker-label--shortened:hover {
      z-index: 1;
    }
    .tracker-label--shortened:hover .tracker-label-name,
    .tracker-label--shortened:not(:hover) .tracker-label-whole {
      display: none;
    }
    .tracker-label-measure {
      visibility: hidden;
      pointer-events: none;
      inset-block-start: 0;
      inset-inline-start: 0;
    }
    /* The arrow points at the marker, a physical side chosen by the label placement. */
    .leaflet-tooltip-right.tracker-label::before {
      border-right-color: var(--tracker-map-label-background, var(--_surface));
    }
    .leaflet-tooltip-left.tracker-label::before {
      border-left-color: var(--tracker-map-label-background, var(--_surface));
    }
    .leaflet-tooltip-top.tracker-label::before {
      border-top-color: var(--tracker-map-label-background, var(--_surface));
    }
    .leaflet-tooltip-bottom.tracker-label::before {
      border-bottom-color: var(--tracker-map-label-background, var(--_surface));
    }
    .tracker-label-name,
    .tracker-label-whole,
    .tracker-label-detail {
      display: block;
    }
    .tracker-label-name,
    .tracker-label-whole {
      font-weight: 600;
    }
    .tracker-label-detail {
      opacity: 0.8;
    }
    .tracker-vehicle {
      background: none;
      border: 0;
    }
    .tracker-vehicle-icon,
    .tracker-vehicle-shape {
      display: block;
      overflow: visible;
    }
    .tracker-vehicle-halo {
      fill: var(--_surface);
      stroke: var(--_text);
      stroke-width: 2;
    }
    .tracker-vehicle-glyph {
      fill: var(--tracker-accent-color, var(--_accent));
    }
    .placeholder {
      position: absolute;
      inset: 0;
      overflow: hidden;
    }
    .placeholder[hidden] {
      display: none;
    }
    .hint {
      position: absolute;
      inset-block: 50% auto;
      inset-inline: 1rem;
      transform: translateY(-50%);
      z-index: 1000;
      margin-block: 0;
      margin-inline: auto;
      width: fit-content;
      max-width: calc(100% - 2rem);
      padding: 0.5rem 0.75rem;
      border-radius: 4px;
      background: rgb(0 0 0 / 0.72);
      color: #fff;
      font-size: 0.875rem;
      text-align: center;
      pointer-events: none;
      opacity: 0;
      transition: opacity 0.2s;
    }
    .hint[data-visible] {
      opacity: 1;
    }
    /* Above the focus ring too: the ring passes behind the credit instead of striking through it. */
    .attribution {
      position: absolute;
      inset-inline-end: 0;
      inset-block-end: 0;
      z-index: 1002;
      margin: 0;
      padding: 0 0.4em;
      font-size: 11px;
      line-height: 1.6;
      color: var(--tracker-map-label-color, var(--_text));
      background: color-mix(in srgb, var(--tracker-map-label-background, var(--_surface)) 80%, transparent);
    }
    .description {
      position: absolute;
      width: 1px;
      height: 1px;
      margin: -1px;
      padding: 0;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    @media (prefers-reduced-motion: reduce) {
      .hint {
        transition: none;
      }
    }
    /* On paper, the map as drawn, in its colours; the controls, which nobody can press there, left out. */
    @media print {
      :host(:not([drawn])) {
        display: none !important;
      }
      :host {
        break-inside: avoid;
        print-color-adjust: exact;
        -webkit-print-color-adjust: exact;
      }
      .leaflet-control-container,
      .hint {
        display: none !important;
      }
    }
  `;
}

declare global {
  interface HTMLElementTagNameMap {
    'cargo-tracker-route-map': TrackerRouteMap;
  }
}
