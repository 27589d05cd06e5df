import { html, LitElement, nothing, type CSSResult, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { assignDefaults, litProperties, type ValuesOf } from './element-api.js';
import { trackerProperties } from './tracker-properties.js';
import { LazyViewController } from './lazy-view-controller.js';
import { LocalizationController } from './localization-controller.js';
import type { Localizer } from '../i18n/localizer.js';
import type { Messages } from '../i18n/en.js';
import type { Normalizer, Product, Shipment } from '../model/shipment.js';
import type { TrackingState, TrackRequest } from '../lookup/tracking-controller.js';
import type { LookupSession } from '../lookup/lookup-session.js';
import type { ShipmentView } from '../view/view-model.js';
import { EarlyRequest } from './early-request.js';
import { takeEarly } from './early-lookup.js';
import { buildProxyUrl } from './proxy-url.js';
import { firstUnusableUrl, type UrlAttribute } from './usable-url.js';
import type { RenderContext } from '../view/render-context.js';
import { mapLoadingConverter, type MapLoading } from '../map/map-loading.js';
import { preloadMap } from '../map/preload-map.js';
import { renderAnnouncer, SILENT } from './announcer.js';
import { trackerStyles } from './styles.js';

export type ThemeName = ValuesOf<typeof trackerProperties.theme>;
/** The `map` attribute (the same type as the map's `loading`). */
export type MapMode = ValuesOf<typeof trackerProperties.map> & MapLoading;
export type Density = ValuesOf<typeof trackerProperties.density>;

const IDLE: TrackingState = { phase: 'idle' };

/** What a product element loads when a lookup starts: its normalizer and its details section. */
export interface ProductView {
  readonly normalizer: Normalizer;
  /** Styles of the product's details, adopted with the shared shipment styles. */
  readonly styles?: CSSResult;
  renderDetails(view: ShipmentView, ctx: RenderContext): TemplateResult | typeof nothing;
}

/** The lookup's code (`./lookup.ts`), as a product element receives it in `lookupArrived`. */
export type LookupCode = typeof import('../lookup/lookup.js');

/** An attribute the element cannot work with: `proxy-url` missing, or a URL attribute that is not http(s). */
export interface ConfigurationProblem {
  readonly attribute: UrlAttribute;
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

  static override properties: PropertyDeclarations = litProperties(trackerProperties, { map: { converter: mapLoadingConverter } });

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

  protected abstract readonly product: Product;
  /** The attribute whose presence starts a lookup (`reference-number`, `awb-number`). */
  protected abstract readonly numberAttribute: string;
  /** The number attribute's property (`referenceNumber`, `awbNumber`). */
  protected abstract get trackedNumber(): string | undefined;

  /**
   * The lookup's code (lookup session, tracking controller, transport, notices, list controller),
   * loaded with the first lookup, on focus of the form, for the form's advice, when the carrier or
   * airline list is wanted, or for a configuration problem (the session writes it to the console).
   */
  readonly #lookup = new LazyViewController(this, {
    load: () =>
      import('../lookup/lookup.js').then((code) => {
        this.#session ??= new code.LookupSession(this, {
          view: this.#view,
          localizer: () => this.localizer,
          early: (url) => this.#takeEarly(url),
          listedCarrierName: (carrier) => this.listedCarrierName(carrier),
          problem: () => this.configurationProblem(),
          product: this.product,
          syncParam: () => this.#syncParam(),
        });
        this.lookupArrived(code);
        const requested = this.#requested;
        this.#requested = undefined;
        if (requested) this.#session.track(requested);
        return code;
      }),
    styles: (code) => code.lookupStyles,
  });
  /** Made when the lookup's code has arrived: runs the lookups and shows their answers. */
  #session?: LookupSession;
  /** The lookup asked for while its code downloads; the session takes it over. */
  #requested?: TrackRequest;
  /** The request of a lookup asked for while its code downloads, sent at once; the controller takes it over. */
  #early?: EarlyRequest;
  /** The lookup's code could not be downloaded: said in place of the notice until the next lookup. */
  #lookupUnavailable = false;
  readonly #localization = new LocalizationController(this, {
    lang: () => this.lang || this.getAttribute('lang'),
    messages: () => this.messages,
  });
  /** The shipment view and the product's normalizer and details, loaded when the first lookup starts. */
  readonly #view = new LazyViewController(this, {
    load: () =>
      Promise.all([import('../view/shipment-view.js'), this.loadProductView()]).then(([core, product]) => ({
        product,
        styles: [core.shipmentStyles, product.styles],
        display: core.createShipmentDisplay(product),
      })),
    styles: (view) => view.styles,
  });
  /** Whether the list was asked for once (see `carrierListUrl`); it stays loaded from then on. */
  #listWanted = false;
  /** The number and parameters of the last lookup started, so an unchanged attribute does not start another. */
  #lastLookupKey?: string;

  constructor() {
    super();
    assignDefaults(this, trackerProperties);
    this.messages = {};
  }

  get shipment(): Shipment | undefined {
    const state = this.#state;
    return state.phase === 'loaded' ? state.shipment : undefined;
  }

  get trackingState(): TrackingState['phase'] {
    return this.#state.phase;
  }

  retry(): void {
    this.#session?.retry();
  }

  /** The lookup's state; a lookup whose code is still downloading is already loading. */
  get #state(): TrackingState {
    return this.#session?.state ?? (this.#requested ? { phase: 'loading', request: this.#requested } : IDLE);
  }

  /** The element's localizer: its language, the catalogue and the integrator's overrides. */
  protected get localizer(): Localizer {
    return this.#localization.localizer;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // sync-url: the number in the query string, read here so that its lookup starts at once; a
    // number the page set (attribute or property) wins. Written back by the lookup session.
    const param = this.#syncParam();
    const number = param && !this.trackedNumber ? new URL(location.href).searchParams.get(param) : null;
    // Exactly as written there, like any number: it decides what is billed. Set as the attribute, it starts the lookup as any number does.
    if (number) this.setAttribute(this.numberAttribute, number);
  }

  /** The query parameter that `sync-url` keeps the number in; undefined without `sync-url`. */
  #syncParam(): string | undefined {
    return this.syncUrl ? this.urlParam || (this.product === 'air' ? 'awb' : 'ocean') : undefined;
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    this.#localization.refresh();
    // The lookup's code holds the list's controller, and the configuration notice's words (it writes
    // the problem to the console too); without that code, the notice says that it could not be loaded.
    if (this.configurationProblem())
      this.#lookup.load().catch(() => {
        // Said once; each later update tries the download again, and a success replaces the words.
        if (this.#lookupUnavailable) return;
        this.#lookupUnavailable = true;
        this.requestUpdate();
      });
    else if (this.#listWanted || this.needsList()) this.#prepareLookup();
  }

  /**
   * What stops the element from making any request: no `proxy-url`, or a URL attribute that is
   * not a path or an http(s) address (`javascript:`, `data:`, `mailto:`…). Then no request is
   * sent at all, and the notice names the attribute.
   */
  protected configurationProblem(): ConfigurationProblem | undefined {
    if (!this.proxyUrl) return { attribute: 'proxy-url', missing: true };
    const urls = { 'proxy-url': this.proxyUrl, 'carriers-url': this.carriersUrl, 'tile-url': this.tileUrl };
    const attribute = firstUnusableUrl((name) => urls[name]);
    return attribute ? { attribute, missing: false } : undefined;
  }

  /**
   * Also waits for a catalogue being downloaded, so `await el.updateComplete` sees the translated text,
   * and for the lookup's code while a lookup waits for it or while it downloads for any other reason
   * (the form's advice on a submitted number comes with it), so that it sees the lookup or the advice.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let result = await super.getUpdateComplete();
    for (;;) {
      const pending = this.#localization.pending ?? (this.#requested ? this.#lookup.load() : this.#lookup.pending);
      if (!pending) return result;
      await pending.catch(() => undefined);
      result = await super.getUpdateComplete();
    }
  }

  /** The lookup's code (with the form's advice), loading it if it is not here yet. */
  protected loadLookup(): Promise<LookupCode> {
    return this.#lookup.load();
  }

  /**
   * Called once, when the lookup's code has arrived: a product element makes what only runs from
   * then on, such as its carrier or airline list (`code.ListController`).
   */
  protected lookupArrived(_code: LookupCode): void {}

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
    if (!force && url === this.#lastLookupKey) return;
    this.#lastLookupKey = url;
    this.#track({ url, number });
    // All at once, in parallel with the request (sent by track()): the shipment view (the
    // controller waits for it when the answer is a document) and the map's code (see
    // preload-map.ts). Chained, each would start only when the one before had arrived: on a
    // phone, a round trip each between the number and the route.
    this.#view.load().catch(() => undefined);
    if (this.map !== 'none') preloadMap();
  }

  /**
   * Hands the lookup to the lookup session, made when the lookup's code has arrived; until then
   * the element shows the lookup as loading, and the newest request asked for is the one sent.
   */
  #track(request: TrackRequest): void {
    this.#lookupUnavailable = false;
    this.#early?.cancel();
    this.#early = undefined;
    if (this.#session) return this.#session.track(request);
    this.#requested = request;
    // The request leaves now, alongside the code that will read its answer, unless the
    // script-tag entry sent it already, before this code arrived (../transport/early-lookup.ts).
    if (this.isConnected) this.#early = takeEarly(this, request.url) ?? new EarlyRequest(request.url);
    this.requestUpdate();
    this.#lookup.load().catch((error: unknown) => {
      if (!this.#requested) return;
      this.#requested = undefined;
      this.#early?.cancel();
      this.#early = undefined;
      this.#lookupUnavailable = true;
      // Forgotten, so that the next lookup (the form, or a new number) asks again.
      this.#lastLookupKey = undefined;
      this.requestUpdate();
      console.error(`[${this.localName}] The code that makes the lookup could not be downloaded.`, error);
    });
  }

  /** The early request's answer for the controller's first ask of its URL; the network for any other. */
  #takeEarly(url: string): typeof fetch | undefined {
    const early = this.#early;
    if (early?.url !== url) return undefined;
    this.#early = undefined;
    return early.fetchFor();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The controller asks again if the element comes back.
    this.#early?.cancel();
    this.#early = undefined;
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
    if (this.#listWanted) return;
    this.#listWanted = true;
    this.#prepareLookup();
    this.requestUpdate();
  };

  /** The form has the focus: a lookup is likely, so its code starts downloading before Track is pressed. */
  readonly #prepareLookup = (): void => {
    this.#lookup.load().catch(() => undefined);
  };

  /**
   * The carrier-list URL (see `LookupSession.listUrl`) once the list is wanted (the picker used, or a
   * number that needs it), so that a page that nobody uses asks for no list; for the product
   * element's list controller, made when the lookup's code arrives.
   */
  protected carrierListUrl(): string | undefined {
    this.#listWanted ||= this.needsList();
    return this.#listWanted ? this.#session?.listUrl() : undefined;
  }

  protected context(): RenderContext {
    return { l: this.localizer, now: Date.now(), product: this.product };
  }

  protected abstract renderForm(ctx: RenderContext): TemplateResult;

  override render(): TemplateResult {
    const ctx = this.context();
    const problem = this.configurationProblem();
    const session = this.#session;
    // dir and lang on an inner frame, not the host: the page may be left-to-right around a right-to-left element.
    return html`<div class="frame" part="base" dir=${ctx.l.dir} lang=${ctx.l.locale} @focusin=${this.#prepareLookup}>
      ${this.renderForm(ctx)}
      ${
        problem && session
          ? // Its words come with the lookup's code, which a configuration problem loads at once (willUpdate).
            renderAlert(ctx.l.t(problem.missing ? 'notice.misconfigured' : 'notice.unusableUrl', { attribute: problem.attribute }))
          : this.#lookupUnavailable
            ? renderAlert(ctx.l.t('notice.displayUnavailable'))
            : (session?.renderNotice(ctx) ?? nothing)
      }
      ${session?.renderShipment(ctx) ?? nothing} ${renderAnnouncer(session?.announcement(ctx) ?? SILENT)}
    </div>`;
  }
}

/** A notice that needs no lookup code: a configuration mistake, or the lookup's code not downloaded. */
function renderAlert(text: string): TemplateResult {
  return html`<div part="notice notice-error" data-tone="error"><p role="alert">${text}</p></div>`;
}
