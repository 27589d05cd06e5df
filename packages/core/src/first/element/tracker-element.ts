import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { assignDefaults, litProperties, type ValuesOf } from '../api/element-api.js';
import { trackerProperties } from '../api/tracker-properties.js';
import { LazyViewController } from './lazy-view-controller.js';
import { LocalizationController } from './localization-controller.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { Messages } from '../../i18n/en.js';
import type { Normalizer, Product, Shipment } from '../../model/shipment.js';
import type { ListParser, LookupRequest, TrackingSession, TrackingState } from '../../contracts/tracking.js';
import type { ProductView } from '../../contracts/product-view.js';
import type { NoticeHandlers } from '../../contracts/notice-handlers.js';
import type { ShipmentView } from '../../contracts/view-model.js';
import { takeEarlyLookup } from '../early-lookup/early-lookup.js';
import { PendingLookup } from '../early-lookup/early-request.js';
import { buildProxyUrl, listUrl } from '../urls/proxy-url.js';
import { firstUnusableUrl, type ConfigurationProblem } from '../urls/usable-url.js';
import type { RenderContext } from '../../contracts/render-context.js';
import { mapLoadingConverter, type MapLoading } from '../map-preload/map-loading.js';
import { preloadMap } from '../map-preload/preload-map.js';
import { renderAnnouncer, SILENT } from './announcer.js';
import { TrackerNumberChangeEvent, TrackerStateChangeEvent, type TrackingPhase } from '../../model/change-events.js';
import { trackerStyles } from '../styles/styles.js';
import { clockFor, clockOf } from '../../model/clock.js';

export type ThemeName = ValuesOf<typeof trackerProperties.theme>;
/** The `map` attribute (the same type as the map's `loading`). */
export type MapMode = ValuesOf<typeof trackerProperties.map> & MapLoading;
export type Density = ValuesOf<typeof trackerProperties.density>;

const IDLE: TrackingState = { phase: 'idle' };

/** The lookup's code (`../../lookup/lookup.ts`). */
export type LookupCode = typeof import('../../lookup/lookup.js');

/** The lookup's code once here, and the controller made with it. */
interface Lookup<L> {
  readonly code: LookupCode;
  readonly controller: TrackingSession<L>;
}

export type { ConfigurationProblem };

/**
 * What `<ocean-tracker>` and `<air-tracker>` share: the proxy attributes, the
 * lookup controller, the notices for every answer, the status header, ETA, route,
 * timeline and map. A product element adds its form, its request parameters, its
 * normalizer, its list's reader and its product-specific details, and nothing else.
 * It owns no lookup: it passes in what the lookup controller needs, reads its state and renders it.
 *
 * Its public API (attributes, properties, events, parts, custom properties) is declared once, with
 * types, allowed values, defaults and descriptions, in `./tracker-properties.ts` and `./tracker-api.ts`; `static
 * properties` and the initial values come from there, and so do the manifest, the framework typings and the docs.
 */
export abstract class TrackerElement<L = unknown> extends LitElement {
  static override styles = [trackerStyles];

  static override properties: PropertyDeclarations = litProperties(trackerProperties, {
    map: { converter: mapLoadingConverter },
    refreshInterval: { converter: (value) => (value === 'off' ? 0 : value === null ? value : Number(value)) },
  });

  // The public properties, typed; their meaning is in ./tracker-api.ts.
  declare proxyUrl: string | undefined;
  declare pollInterval: number;
  declare refreshInterval: number;
  declare carriersUrl: string | undefined;
  declare theme: ThemeName;
  declare density: Density;
  declare syncUrl: boolean;
  declare urlParam: string | undefined;
  declare remember: number;
  declare map: MapMode;
  declare tileUrl: string | undefined;
  declare tileAttribution: string | undefined;
  declare headingLevel: number;
  declare messages: Messages;
  declare normalizer: Normalizer | undefined;

  protected abstract readonly product: Product;
  /** The attribute whose presence starts a lookup (`reference-number`, `awb-number`). */
  protected abstract readonly numberAttribute: string;
  /** The number attribute's property (`referenceNumber`, `awbNumber`). */
  protected abstract trackedNumber: string | undefined;

  /**
   * The lookup's code and its controller, the one owner of this element's lookups, loaded with the
   * first lookup, on focus of the form, for the form's advice, when the carrier or airline list is
   * wanted, or for a configuration problem (the controller writes it to the console). The element
   * passes in what the controller needs and only reads its state.
   */
  readonly #lookup = new LazyViewController(this, {
    load: () =>
      import('../../lookup/lookup.js').then((code): Lookup<L> => {
        const controller = new code.LookupController<L>(this, {
          // The view is needed to show any answer, so the controller waits for it even with an
          // integrator's normalizer; the product's normalizer comes with it.
          normalizer: () => this.#view.load().then((view) => this.normalizer ?? view.product.normalizer),
          pollIntervalSeconds: () => this.pollInterval,
          refreshMinutes: () => this.refreshInterval,
          // Delivered, as the view decides it (every container's journey, else the shipment's): nothing more to ask.
          finished: () => {
            const view = this.#labelled;
            return !!view && (view.units.length ? view.units : [view]).every((u) => u.journey.delivery);
          },
          syncParam: () => this.#syncParam(),
          problem: () => this.configurationProblem(),
          stateChanged: (phase) => this.#announceState(phase),
          product: this.product,
          clock: clockFor(this),
          list: { url: () => this.#listUrl(), needed: () => this.needsList(), parser: () => this.loadListParser() },
        });
        // The lookup asked for while this code downloaded, its request already out: handed over by
        // reference, the controller its one owner from here.
        const asked = this.#asked;
        this.#asked = undefined;
        if (typeof asked === 'object') controller.track(asked);
        return { code, controller };
      }),
    styles: ({ code }) => code.lookupStyles,
  });
  /**
   * Before the controller is here: the lookup asked for while its code downloads (its request sent at
   * once), handed to the controller when the code arrives; or `unavailable` when that code could
   * not be downloaded, said in place of the notice until the next lookup.
   */
  #asked?: PendingLookup | 'unavailable';
  readonly #localization = new LocalizationController(this, {
    lang: () => this.lang || this.getAttribute('lang'),
    messages: () => this.messages,
  });
  /** The shipment view and the product's normalizer and details, loaded when the first lookup starts. */
  readonly #view = new LazyViewController(this, {
    load: () =>
      Promise.all([import('../../view/shipment-view.js'), this.loadProductView()]).then(([core, product]) => ({
        product,
        styles: [core.shipmentStyles, product.styles],
        display: core.createShipmentDisplay(product, () => this.requestUpdate()),
      })),
    styles: (view) => view.styles,
  });
  /** The numbers tracked on this device (`remember`), loaded only for an element that keeps them. */
  readonly #recent = new LazyViewController(this, {
    load: () => import('../../use/recent-list.js').then((m) => ({ m, list: m.createRecentList(this.product, () => this.requestUpdate()) })),
    styles: ({ m }) => [m.recentStyles],
  });
  /** The labelled view of the shipment on display (`willUpdate`). */
  #labelled?: ShipmentView;
  /** The `trackingState` last announced by a `tracker-state-change`. */
  #announcedState: TrackingPhase = 'idle';

  constructor() {
    super();
    assignDefaults(this, trackerProperties);
    this.messages = {};
  }

  get shipment(): Shipment | undefined {
    const state = this.#state;
    return state.phase === 'loaded' ? state.shipment : undefined;
  }

  get trackingState(): TrackingPhase {
    return this.#state.phase;
  }

  /** Says `tracker-state-change` when `trackingState` became `phase`, at the moment it did. */
  #announceState(phase: TrackingPhase): void {
    if (phase === this.#announcedState) return;
    this.#announcedState = phase;
    this.dispatchEvent(new TrackerStateChangeEvent(phase));
  }

  /**
   * The element's own change of its number (the form's, `sync-url`'s): set like any number, and
   * announced by `tracker-number-change` when it differs, so that a framework binding can follow.
   */
  protected takeNumber(number: string): void {
    if (number === this.trackedNumber) return;
    this.trackedNumber = number;
    this.dispatchEvent(new TrackerNumberChangeEvent(number));
  }

  retry(): void {
    this.#lookup.value?.controller.retry();
  }

  /** The lookup's state; a lookup whose code is still downloading is already loading. */
  get #state(): TrackingState {
    const asked = this.#asked;
    return this.#lookup.value?.controller.state ?? (typeof asked === 'object' ? { phase: 'loading', request: asked } : IDLE);
  }

  /** The carrier or airline list, once the lookup's controller has it. */
  protected get list(): L | undefined {
    return this.#lookup.value?.controller.list;
  }

  /** The element's localizer: its language, the catalogue and the integrator's overrides. */
  protected get localizer(): Localizer {
    return this.#localization.localizer;
  }

  /** `dir` on the host decides its direction (see LocalizationController), so a change renders again. */
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'dir'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'dir') this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // sync-url: the number in the query string, read here so that its lookup starts at once; a
    // number the page set (attribute or property) wins. Written back by the lookup's controller.
    const param = this.#syncParam();
    const number = param && !this.trackedNumber ? new URL(location.href).searchParams.get(param) : null;
    // Exactly as written there, like any number: it decides what is billed. Set as the attribute, it starts the lookup as any number does.
    if (!number) return;
    this.setAttribute(this.numberAttribute, number);
    // Announced after this task: a framework adds its listeners only once the element is in the document.
    queueMicrotask(() => this.dispatchEvent(new TrackerNumberChangeEvent(number)));
  }

  /** The query parameter that `sync-url` keeps the number in; undefined without `sync-url`. */
  #syncParam(): string | undefined {
    return this.syncUrl ? this.#param() : undefined;
  }

  /** The query parameter that carries the number: `sync-url`'s, and the shared link's with or without it. */
  #param(): string {
    return this.urlParam || (this.product === 'air' ? 'awb' : 'ocean');
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    // The script-tag entry's lookup, when the product's willUpdate did not adopt it (#ask): not what this element asks for.
    takeEarlyLookup(this)?.cancel();
    this.#localization.refresh();
    // The lookup's code holds the list, and the configuration notice's words (its controller writes
    // the problem to the console too); without that code, the notice says that it could not be loaded.
    if (this.configurationProblem())
      this.#lookup.load().catch(() => {
        // Said once; each later update tries the download again, and a success replaces the words.
        // A lookup asked for meanwhile is forgotten by its own handler (#ask).
        if (this.#asked) return;
        this.#asked = 'unavailable';
        this.requestUpdate();
      });
    else if (this.needsList()) this.#prepareLookup();
    const state = this.#state;
    const display = this.#view.value?.display;
    const code = state.phase === 'loaded' ? state.shipment.carrier?.code : undefined;
    this.#labelled =
      state.phase === 'loaded' && display
        ? display.label(
            state.shipment,
            code === undefined ? undefined : this.listedCarrierName(code),
            this.localizer,
            this.#lookup.value?.controller.callId ?? 0,
          )
        : undefined;
    if (this.remember > 0) {
      this.#recent.load().catch(() => undefined);
      if (this.#labelled && state.phase === 'loaded')
        this.#recent.value?.list.note(state.request.number, this.#labelled.status, this.remember);
    }
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
      const pending = this.#localization.pending ?? (typeof this.#asked === 'object' ? this.#lookup.load() : this.#lookup.pending);
      if (!pending) return result;
      await pending.catch(() => undefined);
      result = await super.getUpdateComplete();
    }
  }

  /** The lookup's code (with the form's advice), loading it if it is not here yet. */
  protected loadLookup(): Promise<LookupCode> {
    return this.#lookup.load().then(({ code }) => code);
  }

  /** The reader of the product's carrier or airline list, imported when the list is first asked for. */
  protected abstract loadListParser(): Promise<ListParser<L>>;

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
    const request = { url: buildProxyUrl(this.proxyUrl, params), number };
    const controller = this.#lookup.value?.controller;
    if (controller) controller.track(request, force);
    else this.#ask(request, force);
    // All at once, in parallel with the request: the shipment view (the controller waits for it
    // when the answer is a document) and the map's code (see preload-map.ts). Chained, each would
    // start only when the one before had arrived: on a phone, a round trip each between the number and the route.
    this.#view.load().catch(() => undefined);
    if (this.map !== 'none') preloadMap();
  }

  /**
   * A lookup asked for before the controller's code is here: its request leaves now, alongside the
   * code that will read its answer, and the newest one asked for is the one the controller is handed.
   * The first one may be the script-tag entry's, sent before this code arrived (./early-lookup.ts).
   */
  #ask(request: LookupRequest, force: boolean): void {
    const asked = typeof this.#asked === 'object' ? this.#asked : takeEarlyLookup(this);
    let pending = asked;
    if (!pending || force || pending.url !== request.url) {
      asked?.cancel();
      pending = new PendingLookup(request.url, request.number, this.isConnected);
      // The list sent with the lookup it replaces: it does not depend on the lookup's query.
      pending.list = asked?.list;
    } else if (pending === this.#asked) return;
    const asking = (this.#asked = pending);
    this.#announceState('loading');
    this.#lookup.load().catch((error: unknown) => {
      if (this.#asked !== asking) return;
      asking.cancel();
      // Forgotten, so that the next lookup (the form, or a new number) asks again.
      this.#asked = 'unavailable';
      this.#announceState('idle');
      this.requestUpdate();
      console.error(`[${this.localName}] The code that makes the lookup could not be downloaded.`, error);
    });
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The request of a lookup not yet handed to the controller; the controller asks again if it comes back.
    if (typeof this.#asked === 'object') this.#asked.cancel();
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
    this.#lookup.load().then(
      ({ controller }) => controller.wantList(),
      () => undefined,
    );
  };

  /** A remembered number pressed: tracked as if typed and sent from the form. */
  readonly #trackAgain = (number: string): void => {
    const track = this.noticeHelp().onTrack;
    if (track) track(number);
    else this.takeNumber(number);
  };

  readonly #focusField = (): void => this.renderRoot.querySelector<HTMLInputElement>('input')?.focus();

  /** The form has the focus: a lookup is likely, so its code starts downloading before Track is pressed. */
  readonly #prepareLookup = (): void => {
    this.#lookup.load().catch(() => undefined);
  };

  /**
   * The carrier-list URL: `carriers-url`, else `carriers/<product>` beside the proxy path; undefined
   * when a URL attribute is unusable. The controller asks for it only once the list is wanted (the
   * picker used, or a number that needs it), so that a page that nobody uses asks for no list.
   */
  #listUrl(): string | undefined {
    if (this.configurationProblem()?.missing === false) return undefined;
    return this.proxyUrl ? listUrl(this.proxyUrl, this.carriersUrl, this.product) : this.carriersUrl;
  }

  protected context(): RenderContext {
    return { l: this.localizer, now: clockOf(this).now(), product: this.product, headingLevel: this.headingLevel };
  }

  protected abstract renderForm(ctx: RenderContext): TemplateResult;

  /** What a product element offers in a notice: another spelling of a number not found, its carrier picker. */
  protected noticeHelp(): Omit<NoticeHandlers, 'onRetry'> {
    return {};
  }

  override render(): TemplateResult {
    const ctx = this.context();
    const problem = this.configurationProblem();
    const lookup = this.#lookup.value;
    const state = this.#state;
    const labelled = this.#labelled;
    // dir and lang on an inner frame, not the host: without a dir, the page may be left-to-right around an Arabic element.
    return html`<div class="frame" part="base" dir=${ctx.l.dir} lang=${ctx.l.locale} @focusin=${this.#prepareLookup}>
      ${this.renderForm(ctx)}
      ${this.remember > 0 ? this.#recent.value?.list.render(ctx, this.remember, this.#trackAgain, this.#focusField) : nothing}
      ${
        problem && lookup
          ? // Its words come with the lookup's code, which a configuration problem loads at once (willUpdate).
            renderAlert(ctx.l.t(problem.missing ? 'notice.misconfigured' : 'notice.unusableUrl', { attribute: problem.attribute }))
          : !lookup && this.#asked === 'unavailable'
            ? renderAlert(ctx.l.t('notice.displayUnavailable'))
            : this.#renderNotice(state, ctx)
      }
      ${labelled && state.phase === 'loaded' ? this.#renderShipment(labelled, ctx, state.request.number) : nothing}
      ${renderAnnouncer(
        (labelled && this.#view.value?.display.announcement) ??
          lookup?.code.announcement(state, ctx, labelled, this.noticeHelp()) ??
          SILENT,
      )}
    </div>`;
  }

  /**
   * The notice for the lookup's state; while a lookup is in flight, inside the outline of the
   * result, which holds the result's room. Before the lookup's code (the outline, the notice's
   * words) is here, a screen's room is held instead, from the first frame that knows the number.
   */
  #renderNotice(state: TrackingState, ctx: RenderContext): TemplateResult | typeof nothing {
    const code = this.#lookup.value?.code;
    if (code) return code.renderNotice(state, ctx, { ...this.noticeHelp(), onRetry: () => this.retry(), map: this.map !== 'none' });
    return state.phase === 'loading' ? html`<div class="skeleton-room" part="skeleton" aria-busy="true"></div>` : nothing;
  }

  /** The shipment (the controller reaches "loaded" only once the view module is here). */
  #renderShipment(labelled: ShipmentView, ctx: RenderContext, number: string): TemplateResult | typeof nothing {
    const map = { loading: this.map, theme: this.theme ?? 'light', tileUrl: this.tileUrl, tileAttribution: this.tileAttribution };
    return this.#view.value?.display.render(labelled, ctx, map, { param: this.#param(), number }) ?? nothing;
  }
}

/** A notice that needs no lookup code: a configuration mistake, or the lookup's code not downloaded. */
function renderAlert(text: string): TemplateResult {
  return html`<div part="notice notice-error" data-tone="error"><p role="alert">${text}</p></div>`;
}
