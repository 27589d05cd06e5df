import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { formatMoment, isoOf } from '../format/dates.js';
import { formatDuration, formatRelative } from '../format/relative.js';
import { SIGNIFICANT_DELAY_MS } from './exception.js';
import type { ShipmentView, UnitView } from '../contracts/view-model.js';
import type { RenderContext } from '../contracts/render-context.js';
import { renderStopTime } from './progress.js';
import type { TimeFact } from '../contracts/journey.js';
import { heading, resultLevel, sectionHeading } from './heading.js';

/** `part="status"`: the status, the carrier, the reference and its kind, and freshness. */
export function renderStatus(view: ShipmentView, ctx: RenderContext): TemplateResult {
  const { l } = ctx;
  const { shipment, carrier } = view;
  const kind = shipment.referenceType ? l.t(`reference.${shipment.referenceType}`) : undefined;
  return html`<header part="status">
    ${heading(resultLevel(ctx), html`${kind ? `${kind} ` : ''}<bdi class="reference">${shipment.reference}</bdi>`, 'title')}
    <div class="status-line">
      <span class="visually-hidden">${l.t('shipment.labelled', { label: l.t('shipment.status') })}</span>
      <span class="status-badge" data-status=${shipment.status.code} data-tone=${ifDefined(view.tone)}>${view.status}</span>
      ${view.exceptions.map((e) => html`<span class="exception-badge" data-exception=${e.kind} data-tone=${e.tone}>${e.short}</span>`)}
      ${
        carrier
          ? html`<span
              ><span class="muted"
                >${l.t('shipment.labelled', { label: ctx.product === 'air' ? l.t('shipment.airline') : l.t('shipment.carrier') })}</span
              >
              ${carrier}</span
            >`
          : nothing
      }
      ${
        shipment.updatedAt
          ? html`<span class="muted"
              ><time datetime=${isoOf(shipment.updatedAt)}
                >${l.t('shipment.updated', { when: formatRelative(shipment.updatedAt.epochMs, ctx.now, l.locale) })}</time
              ></span
            >`
          : nothing
      }
    </div>
  </header>`;
}

/** Statuses after which no arrival is awaited, so a missing one is no news. */
const FINISHED: ReadonlySet<string> = new Set(['ARRIVED', 'READY_FOR_PICKUP', 'DELIVERED']);

/**
 * `part="eta"`: the arrival (the journey's one value, which the route list and the progress also
 * show) in the port's own zone, relative to now, and how it compares with the first ETA. Once
 * delivered, the delivery is the headline and the arrival a line under it. A difference from the
 * first ETA is a warning only while the shipment is on its way; after the arrival it is history.
 */
export function renderEta(view: ShipmentView, ctx: RenderContext, unit?: UnitView): TemplateResult | typeof nothing {
  const { shipment } = view;
  const { arrival, delivery } = (unit ?? view.units[0])?.journey ?? view.journey;
  if (!arrival && !delivery) return FINISHED.has(shipment.status.code) ? nothing : renderUnknownEta(view, ctx);
  const { l } = ctx;
  const label = (f: TimeFact | undefined) => (f?.place ? view.map.places.get(f.place.code) : undefined);
  const headline = delivery ?? arrival!;
  const place = label(headline);
  const title = delivery
    ? l.t('shipment.delivered')
    : headline.kind === 'actual'
      ? l.t('shipment.ata')
      : headline.kind === 'planned'
        ? l.t('shipment.eta.planned')
        : l.t('shipment.eta');
  return html`<section part="eta" aria-label=${title} ?data-delivered=${delivery !== undefined}>
    ${sectionHeading(ctx, html`${title}${place ? html` · ${place.label}` : nothing}`)}
    <p class="eta-time">
      <time datetime=${isoOf(headline.time)} ?data-arrival=${!delivery}>${formatMoment(headline.time, l.locale)}</time>
    </p>
    <p class="muted">${formatRelative(headline.time.epochMs, ctx.now, l.locale)}</p>
    ${
      delivery && arrival
        ? html`<p class="muted">
            <time datetime=${isoOf(arrival.time)} data-arrival
              >${l.t(arrival.kind === 'actual' ? 'route.arrived' : 'route.arrives', { date: formatMoment(arrival.time, l.locale) })}</time
            >
          </p>`
        : nothing
    }
    ${arrival ? renderDelay(arrival, view, ctx) : nothing}
  </section>`;
}

/**
 * The arrival against the first ETA: a warning while on the way ("Delayed by 9 hours"), history
 * in neutral words once arrived ("Arrived 9 hours later than first planned"); nothing under an hour.
 */
function renderDelay(arrival: TimeFact, view: ShipmentView, ctx: RenderContext): TemplateResult | typeof nothing {
  const original = view.shipment.originalEta;
  if (!original) return nothing;
  const delayMs = arrival.time.epochMs - original.time.epochMs;
  // Say nothing rather than "delayed by 0 minutes".
  if (Math.abs(delayMs) < SIGNIFICANT_DELAY_MS) return nothing;
  const { l } = ctx;
  const words = { duration: formatDuration(delayMs, l.locale), original: formatMoment(original.time, l.locale) };
  if (arrival.kind === 'actual') {
    return html`<p class="muted">${l.t(delayMs > 0 ? 'shipment.arrivedLate' : 'shipment.arrivedEarly', words)}</p>`;
  }
  return html`<p class=${delayMs > 0 ? 'delay' : 'muted'}>${l.t(delayMs > 0 ? 'shipment.delay' : 'shipment.early', words)}</p>`;
}

/**
 * The arrival box of a shipment still on its way without an arrival: it says that the arrival is
 * unknown and why (a cancelled leg awaiting re-booking, else the carrier has not given one), in the
 * place where the visitor looks for the date.
 */
function renderUnknownEta(view: ShipmentView, ctx: RenderContext): TemplateResult {
  const { l } = ctx;
  const title = l.t('shipment.eta');
  const destination = view.map.route.at(-1)?.place;
  const rebooking = view.exceptions.some((e) => e.kind === 'cancelled');
  return html`<section part="eta" aria-label=${title} data-unknown>
    ${sectionHeading(ctx, html`${title}${destination ? html` · ${destination.label}` : nothing}`)}
    <p class="eta-time">${l.t('shipment.eta.unknown')}</p>
    <p class="muted">${l.t(rebooking ? 'shipment.eta.unknown.rebooking' : 'shipment.eta.unknown.notGiven')}</p>
  </section>`;
}

/**
 * `part="route"`: the stops in order with what each is for the shipment and when the cargo left
 * or reaches it (from the journey of `unit`, the container shown: see journey.ts). Each stop after the
 * first carries its own arrow, joined to its name, so a line never ends or starts with an arrow
 * alone; the arrow points the way the text reads. A narrow summary stacks the stops as labelled
 * rows instead (see shipment-styles.ts), where the order needs no arrow.
 */
export function renderRoute(view: ShipmentView, ctx: RenderContext, unit?: UnitView): TemplateResult | typeof nothing {
  const { route } = view.map;
  if (route.length === 0) return nothing;
  const { l } = ctx;
  const journey = unit?.journey ?? view.journey;
  const arrow = l.dir === 'rtl' ? '←' : '→';
  return html`<section part="route" aria-label=${l.t('shipment.route')}>
    ${sectionHeading(ctx, l.t('shipment.route'))}
    <ol>
      ${route.map(
        (stop, i) =>
          html`<li>
            <span class="place-role">${stop.roleLabels.join(' · ')}</span>
            <span class="place-line"
              >${i > 0 ? html`<span class="route-arrow" aria-hidden="true">${arrow}&nbsp;</span>` : nothing}<span class="place-name"
                >${stop.place.label}</span
              ></span
            >
            ${renderStopTime(journey.stops[i], journey, unit, ctx)}
          </li>`,
      )}
    </ol>
  </section>`;
}

/**
 * `part="exception"`: what went wrong and what comes next, right under the status so that a phone
 * shows it without scrolling (a delay too: the arrival box is further down), with the leg or place
 * it concerns. Not a live region itself: the announcer says the same words once, with the status.
 */
export function renderExceptions(view: ShipmentView, ctx: RenderContext): TemplateResult | typeof nothing {
  const { exceptions, tone } = view;
  if (exceptions.length === 0) return nothing;
  const { l } = ctx;
  // The most pressing first, and the tone of them all on the section: a cancellation is drawn apart from a delay.
  return html`<section
    part="exception"
    aria-label=${exceptions[0]!.short}
    data-exception=${exceptions[0]!.kind}
    data-tone=${ifDefined(tone)}
  >
    ${exceptions.map(
      (e) =>
        html`<div class="exception" data-exception=${e.kind} data-tone=${e.tone}>
          <p><strong>${e.text}</strong>${e.next ? html` <span class="exception-next">${e.next}</span>` : nothing}</p>
          ${e.leg ? html`<p class="exception-leg">${l.t('exception.affected', { leg: e.leg })}</p>` : nothing}
        </div>`,
    )}
  </section>`;
}
