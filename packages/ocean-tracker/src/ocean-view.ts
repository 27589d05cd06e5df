/**
 * What `<ocean-tracker>` loads when a lookup starts, in parallel with the request: the ocean
 * normalizer and the vessels section. Kept out of the first load, which needs only the form.
 */
import type { RenderContext, ShipmentView } from '@cargo-trackers/core';
import { html, nothing, type TemplateResult } from 'lit';

export { normalizeOcean as normalizer } from './ocean-normalizer.js';

/** `part="vessels"`: each vessel with its IMO number and the voyages it sails for the shipment. */
export function renderDetails({ shipment }: ShipmentView, ctx: RenderContext): TemplateResult | typeof nothing {
  if (shipment.vessels.length === 0) return nothing;
  const { l } = ctx;
  return html`<section part="vessels" aria-label=${l.t('shipment.vessels')}>
    <h3>${l.t('shipment.vessels')}</h3>
    <ul class="plain">
      ${shipment.vessels.map(
        (v) => html`<li>
          <strong>${v.name}</strong>${v.imo ? html` <span class="muted">IMO ${v.imo}</span>` : nothing}
          ${v.voyages.length > 0 ? html` · ${v.voyages.map((voyage) => l.t('shipment.voyage', { voyage })).join(', ')}` : nothing}
        </li>`,
      )}
    </ul>
  </section>`;
}
