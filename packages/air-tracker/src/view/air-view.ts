/**
 * What `<air-tracker>` loads when a lookup starts, in parallel with the request: the air
 * normalizer, the cargo figures and the flights. Kept out of the first load, which needs only
 * the form.
 */
import { formatInteger, formatWeightKg, type RenderContext, type ShipmentView } from '@cargo-trackers/core/internal/lazy';
import { css, html, nothing, type TemplateResult } from 'lit';
import { renderFlights } from './flights.js';

export { normalizeAir as normalizer } from '../lookup/air-normalizer.js';

/** The flights' look, adopted with the shipment view. */
export const styles = css`
  ol.flights {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    /* Side by side where the width allows (a wide host), one under another on a phone. */
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 24em), 1fr));
    gap: 0.5em;
  }
  [part~='flight'] {
    /* Each flight lays out by its own width, whichever column it is in. */
    container: flight / inline-size;
    display: grid;
    gap: 0.2em;
    padding: 0.5em 0.75em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .flight-title {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em;
    align-items: baseline;
  }
  .flight-state {
    font-size: 0.85em;
  }
  .flight-time {
    display: flex;
    flex-wrap: wrap;
    column-gap: 0.3em;
  }
  /* A narrow flight (a phone, or one of several side by side): each label above its times. */
  @container flight (max-width: 30em) {
    [part~='flight'] dl.facts {
      grid-template-columns: minmax(0, 1fr);
      row-gap: 0;
    }
    [part~='flight'] dl.facts dt {
      font-weight: 600;
    }
    [part~='flight'] dl.facts dd + dt {
      margin-block-start: 0.35em;
    }
  }
  [part~='flight'][data-state='cancelled'] .flight-number {
    text-decoration: line-through;
  }
  [part~='flight'][data-state='cancelled'] .flight-state {
    color: var(--_danger);
    font-weight: 700;
  }
`;

/** `part="cargo"` (pieces and weight) and `part="flights"`. */
export function renderDetails(view: ShipmentView, ctx: RenderContext): TemplateResult {
  const { l } = ctx;
  const { pieces, weightKg } = view.shipment;
  return html`${
    pieces !== undefined || weightKg !== undefined
      ? html`<dl class="facts" part="cargo" aria-label=${l.t('shipment.cargo')}>
          ${
            pieces !== undefined
              ? html`<dt>${l.t('shipment.pieces')}</dt>
                  <dd>${formatInteger(pieces, l.locale)}</dd>`
              : nothing
          }
          ${
            weightKg !== undefined
              ? html`<dt>${l.t('shipment.weight')}</dt>
                  <dd>${formatWeightKg(weightKg, l.locale)}</dd>`
              : nothing
          }
        </dl>`
      : nothing
  }
  ${renderFlights(view.flights, ctx)}`;
}
