import { html, LitElement, nothing, type CSSResult, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { assignDefaults, litProperties, type ValuesOf } from '../api/element-api.js';
import { trackerProperties } from '../api/tracker-properties.js';
import { LazyViewController } from '../controllers/lazy-view-controller.js';
import { LocalizationController } from '../controllers/localization-controller.js';
import { UrlSyncController } from '../controllers/url-sync-controller.js';
import type { Localizer } from '../i18n/localizer.js';
import type { Messages } from '../i18n/en.js';
import type { Normalizer, Product, Shipment } from '../model/shipment.js';
import type { ShipmentView } from '../presentation/view-model.js';
import type { TrackingController, TrackingState, TrackRequest } from '../controllers/tracking-controller.js';
import { EarlyRequest } from '../transport/early-request.js';
import { takeEarly } from '../transport/early-lookup.js';
import { buildProxyUrl, listUrl } from '../transport/proxy-url.js';
import { firstUnusableUrl } from '../transport/usable-url.js';
import type { RenderContext } from './labels.js';
import { mapLoadingConverter, type MapLoading } from '../map/map-loading.js';
import { preloadMap } from '../map/preload-map.js';
import { renderAnnouncer, SILENT } from './announcer.js';
import { trackerStyles } from './styles.js';

export type ThemeName = ValuesOf<typeof trackerProperties.theme>;
/** The `map` attribute (the same type as the map's `loading`). */
export type MapMode = ValuesOf<typeof trackerProperties.map> & MapLoading;
export type Density = ValuesOf<typeof trackerProperties.density>;

const DEFAULT_POLL_SECONDS = trackerProperties.pollInterval.default;
const IDLE: TrackingState = { phase: 'idle' };

/** What a product element loads when a lookup starts: its normalizer and its details section. */
export interface ProductView {
  readonly normalizer: Normalizer;
  /** Styles of the product's details, adopted with the shared shipment styles. */
  readonly styles?: CSSResult;
  renderDetails(view: ShipmentView, ctx: RenderContext): TemplateResult | typeof nothing;
}

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
 * Its public API (attributes, properties, events, parts, custom properties) is declared once, with
 * types, allowed values, defaults and descriptions, in `../api/tracker-properties.ts` and `../api/tracker-api.ts`; `static
 * properties` and the initial values come from there, and so do the manifest, the framework typings and the docs.
 */
export abstract class TrackerElement extends LitElement {
  static override styles = [trackerStyles];

  static override properties: PropertyDeclarations = {
    ...litProperties(trackerProperties, { map: { converter: mapLoadingConverter } }),
    selectedUnit: { state: true },
    historyRevealed: { state: true },
  };

  // The public properties, typed; their meaning is in ../api/tracker-api.ts.
  declare proxyUrl: string | undefined;
  declare pollInterval: number;
  declare carriersUrl: string | undefined;
  declare theme: ThemeName | undefined;
  declare density: Density | undefined;
  declare syncUrl: boolean;
  declare urlParam: string | undefined;
  declare map: MapMode;
  declare tileUrl: string | undefined;
  declare tileAttribution: string | undefined;
  declare messages: Messages;
  declare normalizer: Normalizer | undefined;
  declare protected selectedUnit: number;
  /** How many older events of a long history are shown; folded again for each new lookup. */
  declare protected historyRevealed: number;

  protected abstract readonly product: Product;
  /** The attribute whose presence starts a lookup (`reference-number`, `awb-number`). */
  protected abstract readonly numberAttribute: string;
  /** The number attribute's property (`referenceNumber`, `awbNumber`). */
  protected abstract get trackedNumber(): string | undefined;

  /** The lookup's code (tracking controller, transport, notices), loaded with the first lookup. */
  private readonly lookup = new LazyViewController(this, { load: () => import('./lookup.js'), styles: (m) => m.lookupStyles });
  /** Made when the lookup's code has arrived. */
  private tracking?: TrackingController;
  /** The lookup asked for while its code downloads; the controller takes it over. */
  private requested?: TrackRequest;
  /** The request of a lookup asked for while its code downloads, sent at once; the controller takes it over. */
  private early?: EarlyRequest;
  /** The lookup's code could not be downloaded: said in place of the notice until the next lookup. */
  private lookupUnavailable = false;
  private readonly localization = new LocalizationController(this, {
    lang: () => this.lang || this.getAttribute('lang'),
    messages: () => this.messages,
  });
  /** The shipment view and the product's normalizer and details, loaded when the first lookup starts. */
  private readonly view = new LazyViewController(this, {
    load: () =>
      Promise.all([import('./shipment-view.js'), this.loadProductView()]).then(([core, product]) => ({
        product,
        styles: [core.shipmentStyles, product.styles],
        display: core.createShipmentDisplay(product),
      })),
    styles: (view) => view.styles,
  });
  private readonly urlSync = new UrlSyncController(this, {
    enabled: () => this.syncUrl,
    param: () => this.urlParam || (this.product === 'air' ? 'awb' : 'ocean'),
    // A number the page set (attribute or property) wins; else the attribute starts the lookup as for any number attribute.
    found: (number) => this.setAttribute(this.numberAttribute, number),
    hasNumber: () => Boolean(this.trackedNumber),
  });
  /** The labelled view of the shipment on display, recomputed only when one of its inputs changes. */
  private labelled: ShipmentView | undefined;
  /** The last configuration problem written to the console, so each is written once. */
  private reportedProblem?: string;
  /** Whether the list was asked for once (see `carrierListUrl`); it stays loaded from then on. */
  private listWanted = false;
  /** The number and parameters of the last lookup started, so an unchanged attribute does not start another. */
  private lastLookupKey?: string;

  constructor() {
    super();
    assignDefaults(this, trackerProperties);
    this.messages = {};
    this.selectedUnit = 0;
    this.historyRevealed = 0;
  }

  get shipment(): Shipment | undefined {
    const state = this.state;
    return state.phase === 'loaded' ? state.shipment : undefined;
  }

  get trackingState(): TrackingState['phase'] {
    return this.state.phase;
  }

  retry(): void {
    this.tracking?.retry();
  }

  /** The controller's state; a lookup whose code is still downloading is already loading. */
  private get state(): TrackingState {
    return this.tracking?.state ?? (this.requested ? { phase: 'loading', request: this.requested } : IDLE);
  }

  /** The element's localizer: its language, the catalogue and the integrator's overrides. */
  protected get localizer(): Localizer {
    return this.localization.localizer;
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    this.localization.refresh();
    this.labelled = this.present();
    this.reportConfigurationProblem();
  }

  /**
   * What stops the element from making any request: no `proxy-url`, or a URL attribute that is
   * not a path or an http(s) address (`javascript:`, `data:`, `mailto:`…). Then no request is
   * sent at all, and the notice names the attribute.
   */
  protected configurationProblem(): ConfigurationProblem | undefined {
    if (!this.proxyUrl) return { attribute: 'proxy-url', missing: true };
    const attribute = firstUnusableUrl([
      ['proxy-url', this.proxyUrl],
      ['carriers-url', this.carriersUrl],
      ['tile-url', this.tileUrl],
    ]);
    return attribute ? { attribute, missing: false } : undefined;
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
   * Also waits for a catalogue being downloaded, so `await el.updateComplete` sees the translated text,
   * and for the lookup's code while a lookup waits for it or while it downloads for any other reason
   * (the form's advice on a submitted number comes with it), so that it sees the lookup or the advice.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let result = await super.getUpdateComplete();
    for (;;) {
      const pending = this.localization.pending ?? (this.requested ? this.lookup.load() : this.lookup.pending);
      if (!pending) return result;
      await pending.catch(() => undefined);
      result = await super.getUpdateComplete();
    }
  }

  /** The lookup's code (with the form's advice), loading it if it is not here yet. */
  protected loadLookup(): Promise<typeof import('./lookup.js')> {
    return this.lookup.load();
  }

  /** The labelled view of the shipment on display: the same object while no input changed. */
  private present(): ShipmentView | undefined {
    const state = this.state;
    const view = this.view.value;
    if (state.phase !== 'loaded' || !view) return undefined;
    const code = state.shipment.carrier?.code;
    return view.display.label(state.shipment, code === undefined ? undefined : this.listedCarrierName(code), this.localizer);
  }

  /**
   * The carrier's or airline's name in the open list, for a document that gives only its code;
   * undefined while the list is loading or when it does not know the code.
   */
  protected listedCarrierName(_code: string): string | undefined {
    return undefined;
  }

  /** Implemented by each product element: `import('./ocean-view.js')` and the like. */
  protected abstract loadProductView(): Promise<ProductView>;

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
    this.track({ url, number });
    // All at once, in parallel with the request (sent by track()): the shipment view (the
    // controller waits for it when the answer is a document) and the map's code (see
    // preload-map.ts). Chained, each would start only when the one before had arrived: on a
    // phone, a round trip each between the number and the route.
    this.view.load().catch(() => undefined);
    if (this.map !== 'none') preloadMap();
    this.urlSync.write(number);
  }

  /**
   * Hands the lookup to the tracking controller, made when the lookup's code has arrived; until
   * then the element shows the lookup as loading, and the newest request asked for is the one sent.
   */
  private track(request: TrackRequest): void {
    this.lookupUnavailable = false;
    this.early?.cancel();
    this.early = undefined;
    if (this.tracking) {
      this.tracking.track(request);
      return;
    }
    this.requested = request;
    // The request leaves now, alongside the code that will read its answer, unless the
    // script-tag entry sent it already, before this code arrived (../transport/early-lookup.ts).
    if (this.isConnected) this.early = takeEarly(this, request.url) ?? new EarlyRequest(request.url);
    this.requestUpdate();
    this.lookup.load().then(
      ({ TrackingController, askProxy }) => {
        const requested = this.requested;
        if (!requested) return;
        this.requested = undefined;
        this.tracking ??= new TrackingController(this, {
          tag: this.localName,
          // The view is needed to show any answer, so the controller waits for it even with an
          // integrator's normalizer; the product's normalizer comes with it.
          normalizer: async () => {
            const view = await this.view.load();
            return this.normalizer ?? view.product.normalizer;
          },
          pollIntervalSeconds: () => validPollSeconds(this.pollInterval),
          ask: (url, options) => askProxy(url, { ...options, fetch: this.takeEarly(url) }),
        });
        this.tracking.track(requested);
      },
      (error: unknown) => {
        if (!this.requested) return;
        this.requested = undefined;
        this.early?.cancel();
        this.early = undefined;
        this.lookupUnavailable = true;
        // Forgotten, so that the next lookup (the form, or a new number) asks again.
        this.lastLookupKey = undefined;
        this.requestUpdate();
        console.error(`[${this.localName}] The code that makes the lookup could not be downloaded.`, error);
      },
    );
  }

  /** The early request's answer for the controller's first ask of its URL; the network for any other. */
  private takeEarly(url: string): typeof fetch | undefined {
    const early = this.early;
    if (early?.url !== url) return undefined;
    this.early = undefined;
    return early.fetchFor();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The controller asks again if the element comes back.
    this.early?.cancel();
    this.early = undefined;
  }

  /**
   * Whether what is on screen needs the carrier or airline list; a product element adds its own
   * reasons. Here: a document that gives the carrier's code without its name, which the list names.
   */
  protected needsList(): boolean {
    const carrier = this.shipment?.carrier;
    return carrier?.code !== undefined && carrier.name === undefined;
  }

  /** For the picker's focus and pointerdown: the visitor is about to choose, so the list is needed now. */
  protected readonly wantList = (): void => {
    if (this.listWanted) return;
    this.listWanted = true;
    this.requestUpdate();
  };

  /** The form has the focus: a lookup is likely, so its code starts downloading before Track is pressed. */
  private readonly prepareLookup = (): void => {
    this.lookup.load().catch(() => undefined);
  };

  /**
   * The carrier-list URL: `carriers-url`, else `carriers/<product>` beside the proxy path; undefined
   * until the list is wanted (the picker used, or a number that needs it), so that a page that
   * nobody uses asks for no list.
   */
  protected carrierListUrl(): string | undefined {
    this.listWanted ||= this.needsList();
    if (!this.listWanted) return undefined;
    if (this.configurationProblem()?.missing === false) return undefined;
    return this.proxyUrl ? listUrl(this.proxyUrl, this.carriersUrl, this.product) : this.carriersUrl;
  }

  protected context(): RenderContext {
    return { l: this.localizer, now: this.tracking?.now ?? Date.now(), product: this.product };
  }

  protected abstract renderForm(ctx: RenderContext): TemplateResult;

  override render(): TemplateResult {
    const ctx = this.context();
    const state = this.state;
    const problem = this.configurationProblem();
    const lookup = this.lookup.value;
    // dir and lang on an inner frame, not the host: the page may be left-to-right around a right-to-left element.
    return html`<div class="frame" part="base" dir=${ctx.l.dir} lang=${ctx.l.locale} @focusin=${this.prepareLookup}>
      ${this.renderForm(ctx)}
      ${
        problem
          ? renderAlert(ctx.l.t(problem.missing ? 'notice.misconfigured' : 'notice.unusableUrl', { attribute: problem.attribute }))
          : this.lookupUnavailable
            ? renderAlert(ctx.l.t('notice.displayUnavailable'))
            : (lookup?.renderNotice(state, ctx, { onRetry: () => this.retry() }) ?? nothing)
      }
      ${this.labelled ? this.renderShipment(this.labelled, ctx) : nothing}
      ${renderAnnouncer(lookup?.announcement(state, ctx, this.labelled) ?? SILENT)}
    </div>`;
  }

  /** The shipment (the controller reaches "loaded" only once the view module is here). */
  private renderShipment(labelled: ShipmentView, ctx: RenderContext): TemplateResult | typeof nothing {
    return (
      this.view.value?.display.render(labelled, ctx, {
        selectedUnit: this.selectedUnit,
        onSelectUnit: (index) => (this.selectedUnit = index),
        historyRevealed: this.historyRevealed,
        onRevealHistory: (revealed) => (this.historyRevealed = revealed),
        map: { loading: this.map, theme: this.theme ?? 'light', tileUrl: this.tileUrl, tileAttribution: this.tileAttribution },
      }) ?? nothing
    );
  }
}

/** A notice that needs no lookup code: a configuration mistake, or the lookup's code not downloaded. */
function renderAlert(text: string): TemplateResult {
  return html`<div part="notice notice-error" data-tone="error"><p role="alert">${text}</p></div>`;
}

/** The longest `poll-interval` taken as given: a day (timers overflow past about 24.8 days). */
export const MAX_POLL_SECONDS = 86_400;

/** `poll-interval` as a whole number of seconds from 1 to a day; anything else is the default. */
export function validPollSeconds(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_POLL_SECONDS ? n : DEFAULT_POLL_SECONDS;
}
