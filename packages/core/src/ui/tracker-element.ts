import { html, LitElement, nothing, type CSSResult, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { catalogueSettled, loadCatalogue } from '../i18n/catalogues.js';
import { Localizer } from '../i18n/localizer.js';
import type { Messages } from '../i18n/en.js';
import type { Normalizer, Product, Shipment } from '../model/shipment.js';
import { TrackingController, type TrackingState } from '../tracking-controller.js';
import { buildProxyUrl } from '../transport/proxy-client.js';
import { isUsableUrl } from '../transport/usable-url.js';
import type { RenderContext } from './labels.js';
import { mapLoadingConverter, type MapLoading } from '../map/map-loading.js';
import type { MapMessages } from '../map/map-messages.js';
import { preloadMap } from '../map/preload-map.js';
import { renderAnnouncer, renderNotice } from './notice.js';
import { trackerStyles } from './styles.js';

export type ThemeName = 'light' | 'dark' | 'auto';
/** The `map` attribute (the same type as the map's `loading`). */
export type MapMode = MapLoading;
export type Density = 'comfortable' | 'compact';

const DEFAULT_POLL_SECONDS = 120;

/** What a product element loads when a lookup starts: its normalizer and its details section. */
export interface ProductView {
  readonly normalizer: Normalizer;
  /** Styles of the product's details, adopted with the shared shipment styles. */
  readonly styles?: CSSResult;
  renderDetails(shipment: Shipment, ctx: RenderContext): TemplateResult | typeof nothing;
}

type CoreView = typeof import('./shipment-view.js');

/** An attribute the element cannot work with: `proxy-url` missing, or a URL attribute that is not http(s). */
interface ConfigurationProblem {
  readonly attribute: 'proxy-url' | 'carriers-url' | 'tile-url';
  readonly missing: boolean;
}


/**
 * What `<ocean-tracker>` and `<air-tracker>` share: the proxy attributes, the
 * tracking controller, the notices for every answer, the status header, ETA, route,
 * timeline and map. A product element adds its form, its request parameters, its
 * normalizer and its product-specific details, and nothing else.
 *
 * @attr lang - Language of the element's text, dates and numbers (BCP 47, e.g. `de`); defaults to the nearest ancestor's `lang`, then the browser's.
 * @prop {string} lang - Language of the element's text, dates and numbers (BCP 47, e.g. `de`); defaults to the nearest ancestor's `lang`, then the browser's.
 *
 * @fires tracker-load - A shipment was looked up and shown. `event.shipment` (also `detail.shipment`) is the view model.
 * @fires tracker-pending - The service answered 202; the element asks again at `retryAt`. Carries `attempt` and `retryAt`.
 * @fires tracker-error - A lookup failed or is being retried. Carries `status`, `code`, `message`, `retryable` and, when the element retries by itself, `retryAt`.
 *
 * @csspart base - The inner frame that carries `dir` and `lang`.
 * @csspart form - The lookup form.
 * @csspart submit-button - The form's Track button.
 * @csspart track-anyway-button - Sends a number whose check digit looks wrong.
 * @csspart notice - Every message that is not the shipment: loading, waiting, errors, advice (also `notice-info`, `notice-warning`, `notice-error`).
 * @csspart retry-button - The "Try again" button in a notice.
 * @csspart announcer - The visually hidden live regions that announce each change of state once.
 * @csspart shipment - The shipment once loaded.
 * @csspart status - Status, carrier or airline, reference and freshness.
 * @csspart eta - The estimated (or actual) arrival, in the place's own time zone.
 * @csspart route - The ports or airports in route order.
 * @csspart units - The container switcher of a bill of lading or booking.
 * @csspart unit-button - One container in the switcher.
 * @csspart milestones - The timeline list.
 * @csspart milestones-empty - Said instead of the timeline when no event has been reported.
 * @csspart milestone - One event of the timeline (`data-kind`, `data-current`, `data-superseded`).
 * @csspart history-toggle - The button that shows the next older events of a long history, or hides them once all are shown.
 * @csspart history-fold - The button that hides the older events shown so far, while some are still folded.
 * @csspart map - The route map.
 * @csspart map-canvas - The area the map is drawn in.
 * @csspart map-hint - "Click or focus the map to zoom and pan", shown on wheel or touch before the map is active.
 * @csspart map-attribution - The basemap or tile attribution, always visible.
 * @csspart map-description - The map's text alternative (visually hidden).
 *
 * @cssprop [--tracker-font-family=system-ui] - Font of both elements.
 * @cssprop [--tracker-font-size=1rem] - Base font size.
 * @cssprop [--tracker-text-color=#1a1f29] - Text colour (dark theme #e8ebf0).
 * @cssprop [--tracker-muted-color=#525b6b] - Secondary text colour (dark #a9b1bf).
 * @cssprop [--tracker-background=#ffffff] - Background of the element (dark #141922).
 * @cssprop [--tracker-surface-color=#f4f6f9] - Background of notices, the ETA box and similar panels (dark #1e2531).
 * @cssprop [--tracker-border-color=#d5dae2] - Borders and the timeline rail (dark #394354).
 * @cssprop [--tracker-control-border-color=#6b7384] - Borders of inputs and selects (dark #7d889b).
 * @cssprop [--tracker-accent-color=#0b5cad] - Buttons, the current milestone, the vessel marker (dark #7db6ff).
 * @cssprop [--tracker-accent-text-color=#ffffff] - Text on accent-coloured buttons (dark #0b1320).
 * @cssprop [--tracker-success-color=#17733a] - Delivered and arrived statuses (dark #6fd08f).
 * @cssprop [--tracker-warning-color=#8a5300] - Delays and advice (dark #f2c066).
 * @cssprop [--tracker-danger-color=#b3261e] - Errors (dark #ff8a80).
 * @cssprop [--tracker-radius=8px] - Corner radius (compact 6px).
 * @cssprop [--tracker-spacing=16px] - Gap between blocks (compact 10px).
 * @cssprop [--tracker-control-height=44px] - Height of inputs and buttons (compact 32px).
 * @cssprop [--tracker-map-height=320px] - Height of the map.
 * @cssprop [--tracker-map-border-radius=0] - Corner radius of the map.
 * @cssprop --tracker-map-water-color - Sea colour of the built-in basemap.
 * @cssprop --tracker-map-land-color - Land colour of the built-in basemap.
 * @cssprop --tracker-route-completed-color - Completed legs (solid).
 * @cssprop --tracker-route-current-color - The leg under way (dashed).
 * @cssprop --tracker-route-planned-color - Legs still to come (dashed).
 * @cssprop --tracker-map-place-color - Fill of port and airport markers.
 * @cssprop --tracker-map-label-background - Background of map labels.
 * @cssprop --tracker-map-label-color - Text of map labels.
 */
export abstract class TrackerElement extends LitElement {
  static override styles = [trackerStyles];

  static override properties: PropertyDeclarations = {
    proxyUrl: { attribute: 'proxy-url' },
    pollInterval: { attribute: 'poll-interval', type: Number },
    carriersUrl: { attribute: 'carriers-url' },
    theme: { reflect: true },
    density: { reflect: true },
    syncUrl: { attribute: 'sync-url', type: Boolean },
    urlParam: { attribute: 'url-param' },
    map: { converter: mapLoadingConverter },
    tileUrl: { attribute: 'tile-url' },
    tileAttribution: { attribute: 'tile-attribution' },
    lang: { reflect: true },
    messages: { attribute: false },
    normalizer: { attribute: false },
    selectedUnit: { state: true },
    historyRevealed: { state: true },
  };

  /** Path or URL of the customer-hosted proxy endpoint, e.g. `/api/tracking/ocean`. Required. */
  declare proxyUrl: string | undefined;
  /** Seconds to wait after a 202 before asking again (an integer from 1 to 86400; default 120). */
  declare pollInterval: number;
  /** Where the carrier list comes from; defaults to `carriers/<product>` beside `proxy-url`. */
  declare carriersUrl: string | undefined;
  /** `light` (default), `dark`, or `auto` to follow the visitor's colour-scheme preference. */
  declare theme: ThemeName | undefined;
  /** `comfortable` (default) or `compact`: smaller gaps and 32 px controls, for dense dashboards. */
  declare density: Density | undefined;
  /**
   * Keeps the tracked number in the page's query string (`?ocean=…` / `?awb=…`, see
   * `url-param`), so the page can be shared or reloaded; read back on connect when the
   * element has no number attribute.
   */
  declare syncUrl: boolean;
  /** Query parameter for `sync-url`; defaults to `ocean` or `awb`. Give two elements on one page different names. */
  declare urlParam: string | undefined;
  /** `lazy` (default: the map code downloads during a lookup, the map is drawn when the element nears the viewport), `eager`, or `none` (no map, no map code). */
  declare map: MapMode;
  /** An XYZ raster tile URL template; without it the built-in offline world map is used. */
  declare tileUrl: string | undefined;
  /** Attribution text for `tile-url`, always shown on the map. */
  declare tileAttribution: string | undefined;
  /** Overrides for any message of the catalogue, by key. */
  declare messages: Messages;
  /**
   * Maps the proxy's 200 body to the view model; set it to read another document shape.
   * Unset (the default), the product's own normalizer is used.
   */
  declare normalizer: Normalizer | undefined;
  declare protected selectedUnit: number;
  /** How many older events of a long history are shown; folded again for each new lookup. */
  declare protected historyRevealed: number;

  protected abstract readonly product: Product;
  /** The attribute whose presence starts a lookup (`reference-number`, `awb-number`). */
  protected abstract readonly numberAttribute: string;
  /** The number attribute's property (`referenceNumber`, `awbNumber`). */
  protected abstract get trackedNumber(): string | undefined;

  protected readonly tracking: TrackingController;
  protected localizer = new Localizer('en');
  /** Kept between renders: a new object makes the map redraw its layers. */
  private mapMessages: MapMessages | undefined;
  /** The shipment view and the product's normalizer, loaded when the first lookup starts. */
  private view: { readonly core: CoreView; readonly product: ProductView } | undefined;
  private viewLoad: Promise<NonNullable<TrackerElement['view']>> | undefined;
  /** The last configuration problem written to the console, so each is written once. */
  private reportedProblem?: string;
  /** The catalogue download under way for the current locale; English shows meanwhile. */
  private catalogueLoad: Promise<void> | undefined;
  private localizerStale = false;
  /** The number and parameters of the last lookup started, so an unchanged attribute does not start another. */
  private lastLookupKey?: string;

  constructor() {
    super();
    this.pollInterval = DEFAULT_POLL_SECONDS;
    this.map = 'lazy';
    this.syncUrl = false;
    this.messages = {};
    this.selectedUnit = 0;
    this.historyRevealed = 0;
    this.tracking = new TrackingController(this, {
      tag: this.localName,
      // The view is needed to show any answer, so the controller waits for it even with an
      // integrator's normalizer; the product's normalizer comes with it.
      normalizer: async () => {
        const view = await this.loadView();
        return this.normalizer ?? view.product.normalizer;
      },
      pollIntervalSeconds: () => validPollSeconds(this.pollInterval),
    });
  }

  /** The shipment on display (the view model), or undefined. Read-only. */
  get shipment(): Shipment | undefined {
    const state = this.tracking.state;
    return state.phase === 'loaded' ? state.shipment : undefined;
  }

  /** Where the element is: idle, loading, waiting (202/429/retry), loaded or failed. Read-only. */
  get trackingState(): TrackingState['phase'] {
    return this.tracking.state.phase;
  }

  /** Asks again for the last number from a fresh start, as the "Try again" button does. */
  retry(): void {
    this.tracking.retry();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const fromUrl = this.numberFromUrl();
    // A number the page set (attribute or property) wins; else the attribute starts the lookup
    // as for any number attribute.
    if (fromUrl && !this.trackedNumber) this.setAttribute(this.numberAttribute, fromUrl);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang') || changed.has('messages') || !this.hasUpdated || this.localizerStale) {
      this.localizerStale = false;
      this.localizer = new Localizer(this.resolveLocale(), this.messages);
      this.mapMessages = this.view?.core.mapMessagesFor(this.localizer);
      this.fetchCatalogue(this.localizer.locale);
    }
    this.reportConfigurationProblem();
  }

  /**
   * What stops the element from making any request: no `proxy-url`, or a URL attribute that is
   * not a path or an http(s) address (`javascript:`, `data:`, `mailto:`…). Then no request is
   * sent at all, and the notice names the attribute.
   */
  protected configurationProblem(): ConfigurationProblem | undefined {
    if (!this.proxyUrl) return { attribute: 'proxy-url', missing: true };
    const urls = [
      ['proxy-url', this.proxyUrl],
      ['carriers-url', this.carriersUrl],
      // Placeholders are filled per tile; any value stands in for them here.
      ['tile-url', this.tileUrl?.replace(/\{[^}]*\}/g, '0')],
    ] as const;
    for (const [attribute, value] of urls) {
      if (value && !isUsableUrl(value)) return { attribute, missing: false };
    }
    return undefined;
  }

  private reportConfigurationProblem(): void {
    const problem = this.configurationProblem();
    const key = problem && `${problem.attribute}:${problem.missing}`;
    if (key === this.reportedProblem) return;
    this.reportedProblem = key;
    if (!problem) return;
    console.error(
      problem.missing
        ? `[${this.localName}] The proxy-url attribute is missing, so no lookup can be made. Set it to your tracking proxy's path, e.g. proxy-url="/api/tracking/${this.product}".`
        : `[${this.localName}] ${problem.attribute} must be a path or an http(s) address; no request is made.`,
    );
  }

  /**
   * Downloads the locale's catalogue if it is not here yet, then renders again in it.
   * Only the newest request counts, so a quick `lang` change cannot land an older language.
   */
  private fetchCatalogue(locale: string): void {
    if (catalogueSettled(locale)) {
      this.catalogueLoad = undefined;
      return;
    }
    const load: Promise<void> = loadCatalogue(locale).then((found) => {
      if (this.catalogueLoad !== load) return;
      this.catalogueLoad = undefined;
      if (!found) return;
      this.localizerStale = true;
      this.requestUpdate();
    });
    this.catalogueLoad = load;
  }

  /** Also waits for a catalogue being downloaded, so `await el.updateComplete` sees the translated text. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let result = await super.getUpdateComplete();
    for (;;) {
      const pending = this.catalogueLoad;
      if (!pending) return result;
      await pending.catch(() => undefined);
      result = await super.getUpdateComplete();
    }
  }

  /** Implemented by each product element: `import('./ocean-view.js')` and the like. */
  protected abstract loadProductView(): Promise<ProductView>;

  /**
   * Imports the shipment view and the product's normalizer and details, once. Started with
   * each lookup so that it downloads while the proxy is asked; a failed download is retried
   * by the next lookup.
   */
  private loadView(): Promise<NonNullable<TrackerElement['view']>> {
    this.viewLoad ??= Promise.all([import('./shipment-view.js'), this.loadProductView()]).then(
      ([core, product]) => {
        this.view = { core, product };
        this.adoptStyles([core.shipmentStyles, product.styles]);
        this.requestUpdate();
        return this.view;
      },
      (error: unknown) => {
        this.viewLoad = undefined;
        throw error;
      },
    );
    return this.viewLoad;
  }

  /**
   * The element's `lang`, else the nearest ancestor's, else the browser's. An ancestor's
   * `lang` is read when the element first renders and when its own `lang` or `messages`
   * change; a later change on the ancestor alone is not observed.
   */
  protected resolveLocale(): string {
    // The property first: a `lang` set as a property reaches the attribute only after this render.
    const own = this.lang || this.getAttribute('lang');
    if (own) return own;
    const ancestor = this.parentElement?.closest('[lang]')?.getAttribute('lang');
    return ancestor || globalThis.navigator?.language || 'en';
  }

  /**
   * Starts a lookup unless the same one is already the current one. Product elements
   * call this from `updated()` for attribute changes and from their form (with `force`).
   */
  protected startLookup(number: string, params: ReadonlyArray<readonly [string, string]>, force = false): void {
    if (!this.proxyUrl || this.configurationProblem()) return;
    const url = buildProxyUrl(this.proxyUrl, params);
    if (!force && url === this.lastLookupKey) return;
    this.lastLookupKey = url;
    this.selectedUnit = 0;
    this.historyRevealed = 0;
    this.tracking.track({ url, number });
    // In parallel with the request; the controller waits for it when the answer is a document.
    // Then the map's code, still while the request is out, so that the route is drawn soon after
    // the milestones (see preload-map.ts); not before, as on a slow link it would share the
    // bandwidth with the code that shows the milestones.
    this.loadView()
      .then(() => {
        if (this.map !== 'none') preloadMap();
      })
      .catch(() => undefined);
    this.writeNumberToUrl(number);
  }

  private urlParamName(): string {
    return this.urlParam || (this.product === 'air' ? 'awb' : 'ocean');
  }

  private numberFromUrl(): string | undefined {
    if (!this.syncUrl) return undefined;
    // Exactly as written there, like any number: it decides what is billed.
    return new URL(globalThis.location.href).searchParams.get(this.urlParamName()) || undefined;
  }

  /**
   * With `sync-url`, puts the number in the query string. `replaceState`, not `pushState`:
   * a lookup is not a navigation, and the element does not listen for `popstate`, so
   * history entries per lookup would only make Back step through numbers without effect.
   * The page's own history state and other parameters are kept.
   */
  private writeNumberToUrl(number: string): void {
    if (!this.syncUrl) return;
    const url = new URL(globalThis.location.href);
    if (url.searchParams.get(this.urlParamName()) === number) return;
    url.searchParams.set(this.urlParamName(), number);
    try {
      history.replaceState(history.state, '', url);
    } catch {
      // Sandboxed frames and opaque origins refuse; the lookup itself is unaffected.
    }
  }

  /** The carrier-list URL: `carriers-url`, else `carriers/<product>` beside the proxy path. */
  protected carrierListUrl(): string | undefined {
    if (this.configurationProblem()?.missing === false) return undefined;
    if (this.carriersUrl) return this.carriersUrl;
    if (!this.proxyUrl) return undefined;
    const base = new URL(this.proxyUrl, document.baseURI);
    return new URL(`carriers/${this.product}`, base.href.replace(/[^/]*$/, '')).href;
  }

  protected context(): RenderContext {
    return { l: this.localizer, now: this.tracking.now, product: this.product };
  }

  protected abstract renderForm(ctx: RenderContext): TemplateResult;

  override render(): TemplateResult {
    const ctx = this.context();
    const state = this.tracking.state;
    const problem = this.configurationProblem();
    // dir and lang on an inner frame, not the host: the page may be left-to-right around a right-to-left element.
    return html`<div class="frame" part="base" dir=${ctx.l.dir} lang=${ctx.l.locale}>
      ${this.renderForm(ctx)}
      ${problem
        ? html`<div part="notice notice-error" data-tone="error"><p role="alert">${ctx.l.t(problem.missing ? 'notice.misconfigured' : 'notice.unusableUrl', { attribute: problem.attribute })}</p></div>`
        : renderNotice(state, ctx, { onRetry: () => this.tracking.retry() })}
      ${state.phase === 'loaded' ? this.renderShipment(state.shipment, ctx) : nothing}
      ${renderAnnouncer(state, ctx)}
    </div>`;
  }

  /** Adds styles that arrived with a lazily loaded module to this element's shadow root. */
  private adoptStyles(styles: ReadonlyArray<CSSResult | undefined>): void {
    const root = this.renderRoot;
    if (!(root instanceof ShadowRoot)) return;
    for (const style of styles) {
      const sheet = style?.styleSheet;
      if (sheet && 'adoptedStyleSheets' in root) {
        if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      } else if (style) {
        const element = document.createElement('style');
        element.textContent = style.cssText;
        root.append(element);
      }
    }
  }

  /** The shipment (the controller reaches "loaded" only once the view module is here). */
  protected renderShipment(shipment: Shipment, ctx: RenderContext): TemplateResult | typeof nothing {
    const view = this.view;
    if (!view) return nothing;
    this.mapMessages ??= view.core.mapMessagesFor(this.localizer);
    return view.core.renderShipmentView(shipment, ctx, {
      selectedUnit: this.selectedUnit,
      onSelectUnit: (index) => (this.selectedUnit = index),
      historyRevealed: this.historyRevealed,
      onRevealHistory: (revealed) => (this.historyRevealed = revealed),
      details: view.product.renderDetails(shipment, ctx),
      map: {
        loading: this.map,
        theme: this.theme ?? 'light',
        tileUrl: this.tileUrl,
        tileAttribution: this.tileAttribution,
        messages: this.mapMessages,
      },
    });
  }
}

/** The longest `poll-interval` taken as given: a day (timers overflow past about 24.8 days). */
export const MAX_POLL_SECONDS = 86_400;

/** `poll-interval` as a whole number of seconds from 1 to a day; anything else is the default. */
export function validPollSeconds(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_POLL_SECONDS ? n : DEFAULT_POLL_SECONDS;
}
