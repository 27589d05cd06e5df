import {
  formatMoment,
  isoOf,
  sectionHeading,
  type FlightTimes,
  type FlightView,
  type Moment,
  type RenderContext,
} from '@cargo-trackers/core/internal/lazy';
import { html, nothing, type TemplateResult } from 'lit';

/**
 * `part="flights"`: one `part="flight"` row per flight, in the document's order. Each says
 * its state in words (a cancelled flight is marked in text, not by styling alone), and every
 * time is shown in its own airport's zone, scheduled beside the estimate or the actual.
 */
export function renderFlights(flights: readonly FlightView[], ctx: RenderContext): TemplateResult | typeof nothing {
  if (flights.length === 0) return nothing;
  const { l } = ctx;
  return html`<section part="flights" aria-label=${l.t('shipment.flights')}>
    ${sectionHeading(ctx, l.t('shipment.flights'))}
    <ol class="flights">
      ${flights.map((flight) => renderFlight(flight, ctx))}
    </ol>
  </section>`;
}

function renderFlight({ flight, route }: FlightView, ctx: RenderContext): TemplateResult {
  const { l } = ctx;
  return html`<li part="flight" data-state=${flight.state}>
    <div class="flight-title">
      <strong class="flight-number">${flight.flightNumber}</strong>
      <span class="flight-state">${l.t(`flight.state.${flight.state}`)}</span>
    </div>
    <div class="flight-route">${route}</div>
    ${flight.aircraftType ? html`<div class="muted">${l.t('flight.aircraft', { type: flight.aircraftType })}</div>` : nothing}
    <dl class="facts">
      <dt>${l.t('flight.departure')}</dt>
      <dd>${renderTimes(flight.departure, ctx)}</dd>
      <dt>${l.t('flight.arrival')}</dt>
      <dd>${renderTimes(flight.arrival, ctx)}</dd>
    </dl>
  </li>`;
}

/**
 * Scheduled, then the actual time, else the estimate: what changed is what a reader looks for.
 * Each is a row of its own, its label beside it while both fit, so a time never breaks into
 * a column of words.
 */
function renderTimes(times: FlightTimes, ctx: RenderContext): TemplateResult {
  const { l } = ctx;
  const latest: readonly ['actual' | 'estimated', Moment] | undefined = times.actual
    ? ['actual', times.actual]
    : times.estimated
      ? ['estimated', times.estimated]
      : undefined;
  const shown: Array<readonly [string, Moment]> = [];
  if (times.scheduled) shown.push([l.t('time.scheduled'), times.scheduled]);
  if (latest) shown.push([l.t(`time.${latest[0]}`), latest[1]]);
  if (shown.length === 0) return html`<span class="muted">${l.t('time.unknown')}</span>`;
  return html`${shown.map(
    ([label, moment], i) =>
      html`${i > 0 ? ' ' : ''}<span class="flight-time"
          ><span class="muted">${label}</span> <time datetime=${isoOf(moment)}>${formatMoment(moment, l.locale)}</time></span
        >`,
  )}`;
}
