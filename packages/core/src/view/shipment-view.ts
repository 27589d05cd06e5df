/**
 * Everything that renders a looked-up shipment: status, ETA, route, the product's details,
 * the map slot and the history. A separate module because a page needs none of it until a
 * lookup answers: the base element imports it (with the product's normalizer and details)
 * when a lookup starts, in parallel with the request, so the first load stays small.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { MapLoading } from '../first/shared.js';
import type { MapMessages } from './map-messages.js';
import type { Localizer } from '../i18n/localizer.js';
import { createPresenter } from './present.js';
import type { ProductView } from '../contracts/product-view.js';
import { mapMessagesFor } from './map-messages.js';
import { hasMapData } from './route-facts.js';
import type { Shipment } from '../model/shipment.js';
import { inSentence, type RenderContext } from '../contracts/render-context.js';
import type { MapView, ShipmentView } from '../contracts/view-model.js';
import type { TimeFact } from '../contracts/journey.js';
import { renderEta, renderExceptions, renderRoute, renderStatus } from './summary.js';
import { renderTimeline, renderUnitSwitcher } from './timeline.js';
import { renderProgress } from './progress.js';
import { progressLine } from './progress-line.js';
import { currentPlace, type CurrentPlace } from './current-place.js';
import { enShipment } from '../i18n/en-shipment.js';
import { registerEnglish } from '../first/shared.js';
import type { Announcement } from '../first/element/announcer.js';
import { createShareBar } from './share/share-bar.js';
import type { ShareTarget } from '../contracts/share-target.js';
import { renderPrinted, watchPrinting } from './print.js';

// The shipment's part of English comes with the view that shows it.
registerEnglish(enShipment);

export { shipmentStyles } from './shipment-styles.js';

export interface MapSettings {
  readonly loading: MapLoading;
  readonly theme: string;
  readonly tileUrl?: string;
  readonly tileAttribution?: string;
  /** Kept between renders by the caller: a new object makes the map redraw its layers. */
  readonly messages: MapMessages;
}

export interface ShipmentViewOptions {
  readonly selectedUnit: number;
  readonly onSelectUnit: (index: number) => void;
  /** How many folded events of a long history are shown (see `HistoryWindow`). */
  readonly historyRevealed: number;
  readonly onRevealHistory: (revealed: number) => void;
  /** The product's own section: vessels (ocean), or flights and cargo figures (air). */
  readonly details: TemplateResult | typeof nothing;
  readonly map: MapSettings;
  /** The link, share and calendar buttons, for the arrival of the unit shown. */
  readonly share?: (arrival: TimeFact | undefined) => TemplateResult;
}

/** What the element's attributes say about the map; the map's words are the display's. */
export type DisplayMapSettings = Omit<MapSettings, 'messages'>;

export interface ShipmentDisplay {
  /**
   * The labelled view of a shipment: the same object while no input changed. The answer to a new
   * lookup (another `call`, the lookup controller's `callId`) starts with its first container shown
   * and its history folded.
   */
  label(shipment: Shipment, listedCarrierName: string | undefined, l: Localizer, call: number): ShipmentView;
  /** The shipment last labelled, with the product's details, the map, what the visitor opened of it, and the link to it. */
  render(view: ShipmentView, ctx: RenderContext, map: DisplayMapSettings, share: ShareTarget): TemplateResult;
  /** What the visitor's last use of the share buttons has the live region say, until the next shipment. */
  readonly announcement: Announcement | undefined;
}

/**
 * An element's shipment display: the presenter and the map's words, kept between renders (a new
 * words object makes the map redraw its layers) and renewed with the localizer, which is a new
 * object whenever the language or the overrides change; and what the visitor opened of the answer
 * (the container shown, the older events revealed), which asks the element to render again.
 */
export function createShipmentDisplay(product: ProductView, requestUpdate: () => void): ShipmentDisplay {
  const present = createPresenter();
  let opened = { call: 0, unit: 0, history: 0 };
  const open = (change: Partial<typeof opened>): void => {
    opened = { ...opened, ...change };
    requestUpdate();
  };
  const shareBar = createShareBar(requestUpdate);
  // On paper the whole history is shown, whatever is folded on screen.
  const printing = watchPrinting(requestUpdate);
  let labelled: Shipment | undefined;
  let wordsFor: Localizer | undefined;
  let words: MapMessages | undefined;
  const wordsOf = (l: Localizer): MapMessages => {
    if (l !== wordsFor || !words) {
      wordsFor = l;
      words = mapMessagesFor(l);
    }
    return words;
  };
  return {
    label: (shipment, listedCarrierName, l, call) => {
      if (call !== opened.call) opened = { call, unit: 0, history: 0 };
      if (shipment !== labelled) shareBar.reset();
      labelled = shipment;
      return present(shipment, listedCarrierName, l, wordsOf(l));
    },
    get announcement() {
      return shareBar.announcement;
    },
    render: (view, ctx, map, share) =>
      renderShipmentView(view, ctx, {
        selectedUnit: opened.unit,
        onSelectUnit: (unit) => open({ unit }),
        historyRevealed: printing() ? Number.MAX_SAFE_INTEGER : opened.history,
        onRevealHistory: (history) => open({ history }),
        details: product.renderDetails(view, ctx),
        map: { ...map, messages: wordsOf(ctx.l) },
        share: (arrival) => shareBar.render(view, ctx, share, arrival),
      }),
  };
}

/** The shipment, from its labelled view (see view/present.ts). */
export function renderShipmentView(view: ShipmentView, ctx: RenderContext, options: ShipmentViewOptions): TemplateResult {
  const { shipment } = view;
  const unitIndex = Math.min(options.selectedUnit, Math.max(0, view.units.length - 1));
  const unit = view.units[unitIndex];
  const line = progressLine(view, unit);
  const map = renderMap(view.map, options.map, ctx, currentPlace(view, unit, line, ctx.l));
  return html`<article class="shipment" part="shipment" aria-label=${ctx.l.t('shipment.heading', { number: shipment.reference })}>
    ${renderStatus(view, ctx)}
    ${
      // What went wrong, right under the status it colours: on a phone, above everything else.
      renderExceptions(view, ctx)
    }
    ${
      // Which container the rest is about, with each one's status: near the top, not under the map.
      renderUnitSwitcher(view.units, unitIndex, options.onSelectUnit, ctx)
    }
    ${renderProgress(view, unit, ctx, line)}
    ${
      // Under the progress, not the status: on a phone, where the shipment is stays above the fold.
      options.share?.(unit?.journey.arrival ?? view.journey.arrival) ?? nothing
    }
    <div class="panels ${map === nothing ? '' : 'with-map'}">
      <div class="summary">${renderEta(view, ctx, unit)} ${renderRoute(view, ctx, unit)}</div>
      ${
        // The product's details (flights, vessels) under the summary on a phone; on a wide host
        // across the width under the summary and the map, so a long list leaves no room empty beside it.
        options.details === nothing ? nothing : html`<div class="details">${options.details}</div>`
      }
      ${map}
      <div class="history">
        ${
          unit
            ? renderTimeline(unit, ctx, { revealed: options.historyRevealed, onReveal: options.onRevealHistory })
            : renderNoUnits(shipment, ctx)
        }
      </div>
    </div>
    ${
      // Last, so that on screen the result's first children stay its status and progress; on paper
      // it comes first (shipment-styles.ts).
      renderPrinted(view, ctx)
    }
  </article>`;
}

function renderNoUnits(shipment: Shipment, ctx: RenderContext): TemplateResult {
  const kind = inSentence(ctx.l.t(`reference.${shipment.referenceType ?? 'booking'}`), ctx.l.locale);
  return html`<p class="muted" part="notice notice-info">${ctx.l.t('shipment.noContainers', { kind })}</p>`;
}

/**
 * The route map, when the document carries route data and `map` is not `none`. The map
 * element is imported here, the first time one is shown; it loads Leaflet itself when it
 * nears the viewport (`lazy`) or at once (`eager`). Until it has drawn, its reserved room
 * shows the placeholder: as this element's child before the map element is defined, then
 * through the map's `placeholder` slot until the map is drawn (or has failed to load).
 */
function renderMap(
  view: MapView,
  settings: MapSettings,
  ctx: RenderContext,
  current: CurrentPlace | undefined,
): TemplateResult | typeof nothing {
  if (settings.loading === 'none' || !hasMapData(view.shipment)) return nothing;
  defineRouteMap();
  const loading = ctx.l.t('map.loading');
  return html`<cargo-tracker-route-map
    part="map"
    exportparts="canvas: map-canvas, hint: map-hint, attribution: map-attribution, way-back: map-way-back, description: map-description"
    loading=${settings.loading}
    theme=${settings.theme}
    tile-url=${ifDefined(settings.tileUrl)}
    tile-attribution=${ifDefined(settings.tileAttribution)}
    .view=${view}
    .current=${current}
    .messages=${settings.messages}
    ><p slot="placeholder" class="map-placeholder" part="map-placeholder" role="status">${loading}</p></cargo-tracker-route-map
  >`;
}

let routeMapModule: Promise<unknown> | undefined;

function defineRouteMap(): void {
  routeMapModule ??= import('../map/define.js').catch((error: unknown) => {
    routeMapModule = undefined;
    console.warn('[cargo-trackers] The route map could not be loaded; the route is still listed in text.', error);
  });
}
