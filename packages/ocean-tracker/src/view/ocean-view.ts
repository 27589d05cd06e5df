/**
 * What `<ocean-tracker>` loads when a lookup starts, in parallel with the request: the ocean
 * normalizer and the vessels section. Kept out of the first load, which needs only the form.
 */
import { formatList, sectionHeading, type RenderContext, type ShipmentView, type Vessel } from '@cargo-trackers/core/internal/lazy';
import { html, nothing, type TemplateResult } from 'lit';

export { normalizeOcean as normalizer } from '../lookup/ocean-normalizer.js';

/** A vessel with more voyages than this shows its latest and a count; the rest fold away. */
export const LISTED_VOYAGES = 3;
/** More vessels than this: the latest stay in view, the earlier fold away, as a long timeline does. */
export const LISTED_VESSELS = 5;

/**
 * `part="vessels"`: each distinct vessel with its IMO number and the voyages it sails for the
 * shipment. A container that shuttled for years on one vessel reads "Voyage 0417S · 38 voyages",
 * not 38 lines; the full list stays one click away.
 */
export function renderDetails({ shipment }: ShipmentView, ctx: RenderContext): TemplateResult | typeof nothing {
  const { vessels } = shipment;
  if (vessels.length === 0) return nothing;
  const { l } = ctx;
  const folded = vessels.length > LISTED_VESSELS ? vessels.length - LISTED_VESSELS : 0;
  const list = (shown: readonly Vessel[]) =>
    html`<ul class="plain">
      ${shown.map((v) => renderVessel(v, ctx))}
    </ul>`;
  return html`<section part="vessels" aria-label=${l.t('shipment.vessels')}>
    ${sectionHeading(ctx, l.t('shipment.vessels'))}
    ${
      folded > 0
        ? html`<details class="vessels-earlier">
            <summary>${l.t('shipment.vesselsEarlier', { count: folded })}</summary>
            ${list(vessels.slice(0, folded))}
          </details>`
        : nothing
    }
    ${list(vessels.slice(folded))}
  </section>`;
}

/**
 * The name and "IMO 9839272" are each isolated, and the number joined to its label by a no-break
 * space: in a right-to-left line, a bare "IMO" took the name's direction and the number its own,
 * which read "IMO | MSC ARINA | 9839272".
 */
function renderVessel(v: Vessel, { l }: RenderContext): TemplateResult {
  const voyages = v.voyages.map((voyage) => l.t('shipment.voyage', { voyage }));
  const many = voyages.length > LISTED_VOYAGES;
  return html`<li data-voyages=${v.voyages.length}>
    <strong><bdi>${v.name}</bdi></strong
    >${v.imo ? html` <bdi class="muted">IMO&nbsp;${v.imo}</bdi>` : nothing}
    ${voyages.length === 0 ? nothing : many ? html` · ${voyages.at(-1)} · ${l.t('shipment.voyageCount', { count: voyages.length })}` : html` · ${formatList(voyages, l.locale)}`}
    ${
      many
        ? html`<details class="voyages">
            <summary>${l.t('shipment.voyagesAll')}</summary>
            <ol class="plain">
              ${voyages.map((voyage) => html`<li>${voyage}</li>`)}
            </ol>
          </details>`
        : nothing
    }
  </li>`;
}
