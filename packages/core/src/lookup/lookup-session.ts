import { nothing, type ReactiveController, type TemplateResult } from 'lit';
import { TrackingController, type TrackingState, type TrackRequest } from './tracking-controller.js';
import { writeSyncedNumber } from './url-sync.js';
import type { Localizer } from '../i18n/localizer.js';
import type { Normalizer, Product } from '../model/shipment.js';
import type { ShipmentView } from '../view/view-model.js';
import { askProxy } from './proxy-client.js';
import { dropUnclaimed, listUrl, trackerProperties } from '../first/shared.js';
import type { Announcement } from '../first/announcer.js';
import type { RenderContext } from '../view/render-context.js';
import type { ConfigurationProblem, ProductView, TrackerElement } from '../first/tracker-element.js';
import { announcement, renderNotice } from './notice.js';
import type { ShipmentDisplay } from '../view/shipment-view.js';

/** The shipment view with the product's normalizer and details, as the element loads it when a lookup starts. */
export interface LoadedView {
  readonly product: ProductView;
  readonly display: ShipmentDisplay;
}

/** What the element hands its lookup session: its own parts that the session drives or reads. */
export interface LookupSessionOptions {
  /** The shipment view, loaded by the element in parallel with the request. */
  readonly view: { readonly value: LoadedView | undefined; load(): Promise<LoadedView> };
  readonly localizer: () => Localizer;
  /** The answer of a request the element sent before this code arrived, for the first ask of its URL. */
  readonly early: (url: string) => typeof fetch | undefined;
  /** See `TrackerElement.listedCarrierName`. */
  readonly listedCarrierName: (code: string) => string | undefined;
  /** See `TrackerElement.configurationProblem`. */
  readonly problem: () => ConfigurationProblem | undefined;
  readonly product: Product;
  /** The query parameter `sync-url` keeps the number in; undefined without `sync-url`. */
  readonly syncParam: () => string | undefined;
}

/**
 * Everything an element does once a lookup is on its way, loaded with the lookup's code instead of
 * with the form: it runs lookups (the tracking controller, taking over the request the element sent
 * early), labels and renders the answer, says it in the notice and the live regions, keeps the number
 * in the query string (`sync-url`), tells the site owner about a configuration mistake in the console,
 * and knows where the carrier or airline list is. The element makes one when this code arrives,
 * whatever brought it (a lookup, focus on the form, advice, a configuration problem).
 */
export class LookupSession implements ReactiveController {
  /** Made at the first lookup. */
  #tracking?: TrackingController;
  /** The labelled view of the shipment on display, recomputed only when one of its inputs changes. */
  #labelled: ShipmentView | undefined;
  /** The container shown of a bill of lading or booking; back to the first for each new lookup. */
  #selectedUnit = 0;
  /** How many older events of a long history are shown; folded again for each new lookup. */
  #historyRevealed = 0;
  /** The last configuration problem written to the console, so each is written once. */
  #reportedProblem?: string;
  /** Whether the requests the entry sent early for the element have been taken or cancelled (`hostUpdated`). */
  #claimed = false;

  readonly #host: TrackerElement;
  readonly #options: LookupSessionOptions;

  constructor(host: TrackerElement, options: LookupSessionOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The lookup's state; undefined before the first lookup. */
  get state(): TrackingState | undefined {
    return this.#tracking?.state;
  }

  track(request: TrackRequest): void {
    this.#selectedUnit = 0;
    this.#historyRevealed = 0;
    const host = this.#host;
    this.#tracking ??= new TrackingController(host, {
      tag: host.localName,
      // The view is needed to show any answer, so the controller waits for it even with an
      // integrator's normalizer; the product's normalizer comes with it.
      normalizer: async (): Promise<Normalizer> => {
        const view = await this.#options.view.load();
        return host.normalizer ?? view.product.normalizer;
      },
      pollIntervalSeconds: () => validPollSeconds(host.pollInterval),
      ask: (url, options) => askProxy(url, { ...options, fetch: this.#options.early(url) }),
    });
    this.#tracking.track(request);
    const param = this.#options.syncParam();
    if (param) writeSyncedNumber(param, request.number);
  }

  retry(): void {
    this.#tracking?.retry();
  }

  /** Runs after the element's `willUpdate`, which refreshed the localizer. */
  hostUpdate(): void {
    const state = this.state;
    const view = this.#options.view.value;
    const code = state?.phase === 'loaded' ? state.shipment.carrier?.code : undefined;
    this.#labelled =
      state?.phase === 'loaded' && view
        ? view.display.label(
            state.shipment,
            code === undefined ? undefined : this.#options.listedCarrierName(code),
            this.#options.localizer(),
          )
        : undefined;
    this.#reportProblem();
  }

  /**
   * After the first update with this code here, the element (and its list controller) has asked for
   * everything it wants: what the script-tag entry sent early for it and it did not take is cancelled.
   */
  hostUpdated(): void {
    if (this.#claimed) return;
    this.#claimed = true;
    dropUnclaimed(this.#host);
  }

  #reportProblem(): void {
    const problem = this.#options.problem();
    const key = problem && `${problem.attribute}:${problem.missing}`;
    if (key === this.#reportedProblem) return;
    this.#reportedProblem = key;
    if (!problem) return;
    const tag = this.#host.localName;
    console.error(
      problem.missing
        ? `[${tag}] The proxy-url attribute is missing, so no lookup can be made. Set it to your tracking proxy's path, e.g. proxy-url="/api/tracking/${this.#options.product}".`
        : `[${tag}] ${problem.attribute} must be a path or an http(s) address; no request is made.`,
    );
  }

  /**
   * The carrier-list URL: `carriers-url`, else `carriers/<product>` beside the proxy path; undefined
   * when a URL attribute is unusable.
   */
  listUrl(): string | undefined {
    const host = this.#host;
    if (this.#options.problem()?.missing === false) return undefined;
    return host.proxyUrl ? listUrl(host.proxyUrl, host.carriersUrl, this.#options.product) : host.carriersUrl;
  }

  renderNotice(ctx: RenderContext): TemplateResult | typeof nothing {
    return renderNotice(this.state ?? IDLE, ctx, { onRetry: () => this.retry() });
  }

  announcement(ctx: RenderContext): Announcement {
    return announcement(this.state ?? IDLE, ctx, this.#labelled);
  }

  /** The shipment (the controller reaches "loaded" only once the view module is here). */
  renderShipment(ctx: RenderContext): TemplateResult | typeof nothing {
    const labelled = this.#labelled;
    const host = this.#host;
    if (!labelled) return nothing;
    return (
      this.#options.view.value?.display.render(labelled, ctx, {
        selectedUnit: this.#selectedUnit,
        onSelectUnit: (index) => this.#set(() => (this.#selectedUnit = index)),
        historyRevealed: this.#historyRevealed,
        onRevealHistory: (revealed) => this.#set(() => (this.#historyRevealed = revealed)),
        map: { loading: host.map, theme: host.theme ?? 'light', tileUrl: host.tileUrl, tileAttribution: host.tileAttribution },
      }) ?? nothing
    );
  }

  #set(change: () => void): void {
    change();
    this.#host.requestUpdate();
  }
}

const IDLE: TrackingState = { phase: 'idle' };

/** The longest `poll-interval` taken as given: a day (timers overflow past about 24.8 days). */
export const MAX_POLL_SECONDS = 86_400;

/** `poll-interval` as a whole number of seconds from 1 to a day; anything else is the default. */
export function validPollSeconds(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_POLL_SECONDS ? n : trackerProperties.pollInterval.default;
}
