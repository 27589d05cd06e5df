/**
 * What `<air-tracker>` loads when a lookup starts, in parallel with the request: the air
 * normalizer, the cargo figures and the flights. Kept out of the first load, which needs only
 * the form.
 */
import { formatInteger, formatWeightKg, type RenderContext, type Shipment } from '@cargo-trackers/core';
import { html, nothing, type TemplateResult } from 'lit';
import { renderFlights } from './flights.js';

export { normalizeAir as normalizer } from './air-normalizer.js';

/** `part="cargo"` (pieces and weight) and `part="flights"`. */
export function renderDetails(shipment: Shipment, ctx: RenderContext): TemplateResult {
  const { l } = ctx;
  const { pieces, weightKg } = shipment;
  return html`${pieces !== undefined || weightKg !== undefined
      ? html`<dl class="facts" part="cargo" aria-label=${l.t('shipment.cargo')}>
          ${pieces !== undefined ? html`<dt>${l.t('shipment.pieces')}</dt><dd>${formatInteger(pieces, l.locale)}</dd>` : nothing}
          ${weightKg !== undefined ? html`<dt>${l.t('shipment.weight')}</dt><dd>${formatWeightKg(weightKg, l.locale)}</dd>` : nothing}
        </dl>`
      : nothing}
    ${renderFlights(shipment.flights, ctx)}`;
}
