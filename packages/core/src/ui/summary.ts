import { html, nothing, type TemplateResult } from 'lit';
import { formatMoment, isoOf } from '../format/dates.js';
import { formatDuration, formatRelative } from '../format/relative.js';
import type { ShipmentView } from '../presentation/view-model.js';
import type { RenderContext } from './labels.js';

/** `part="status"`: the status, the carrier, the reference and its kind, and freshness. */
export function renderStatus(view: ShipmentView, ctx: RenderContext): TemplateResult {
  const { l } = ctx;
  const { shipment, carrier } = view;
  const kind = shipment.referenceType ? l.t(`reference.${shipment.referenceType}`) : undefined;
  return html`<header part="status">
    <h2>${kind ? `${kind} ` : ''}<span class="reference">${shipment.reference}</span></h2>
    <div class="status-line">
      <span class="visually-hidden">${l.t('shipment.labelled', { label: l.t('shipment.status') })}</span>
      <span class="status-badge" data-status=${shipment.status.code}>${view.status}</span>
      ${carrier
        ? html`<span><span class="muted">${l.t('shipment.labelled', { label: ctx.product === 'air' ? l.t('shipment.airline') : l.t('shipment.carrier') })}</span> ${carrier}</span>`
        : nothing}
      ${shipment.updatedAt
        ? html`<span class="muted"
            ><time datetime=${isoOf(shipment.updatedAt)}>${l.t('shipment.updated', { when: formatRelative(shipment.updatedAt.epochMs, ctx.now, l.locale) })}</time></span
          >`
        : nothing}
    </div>
  </header>`;
}

/** `part="eta"`: arrival in the port's own zone, relative to now, and any delay against the first ETA. */
export function renderEta(view: ShipmentView, ctx: RenderContext): TemplateResult | typeof nothing {
  const { shipment, etaPlace } = view;
  const eta = shipment.eta;
  if (!eta) return nothing;
  const { l } = ctx;
  const heading = eta.kind === 'actual' ? l.t('shipment.ata') : eta.kind === 'planned' ? l.t('shipment.eta.planned') : l.t('shipment.eta');
  const original = shipment.originalEta;
  const delayMs = original ? eta.time.epochMs - original.time.epochMs : 0;
  // Under an hour is noise in ocean schedules; say nothing rather than "delayed by 0 minutes".
  const showDelay = original !== undefined && Math.abs(delayMs) >= 3600_000;
  return html`<section part="eta" aria-label=${heading}>
    <h3>${heading}${etaPlace ? html` · ${etaPlace.label}` : nothing}</h3>
    <p class="eta-time"><time datetime=${isoOf(eta.time)}>${formatMoment(eta.time, l.locale)}</time></p>
    <p class="muted">${formatRelative(eta.time.epochMs, ctx.now, l.locale)}</p>
    ${showDelay && original
      ? html`<p class=${delayMs > 0 ? 'delay' : 'muted'}>
          ${l.t(delayMs > 0 ? 'shipment.delay' : 'shipment.early', {
            duration: formatDuration(delayMs, l.locale),
            original: formatMoment(original.time, l.locale),
          })}
        </p>`
      : nothing}
  </section>`;
}

/** `part="route"`: the stops in order with what each is for the shipment. */
export function renderRoute(view: ShipmentView, ctx: RenderContext): TemplateResult | typeof nothing {
  const { route } = view.map;
  if (route.length === 0) return nothing;
  const { l } = ctx;
  return html`<section part="route" aria-label=${l.t('shipment.route')}>
    <h3>${l.t('shipment.route')}</h3>
    <ol>
      ${route.map(
        (stop) => html`<li>
          <span>
            <span class="place-role">${stop.roleLabels.join(' · ')}</span>
            <span class="place-name">${stop.place.label}</span>
          </span>
        </li>`,
      )}
    </ol>
  </section>`;
}
