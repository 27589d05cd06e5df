/** Renders a fixture's arrival box, route and progress to text in Node (Lit SSR), for the journey tests. */
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import type { TemplateResult } from 'lit';
import { loadFixture } from '../../../fixtures/load-fixture.js';
import { normalizeOcean } from '../../../../packages/ocean-tracker/src/lookup/ocean-normalizer.js';
import { normalizeAir } from '../../../../packages/air-tracker/src/lookup/air-normalizer.js';
import { Localizer } from '../../../../packages/core/src/i18n/localizer.js';
import { createPresenter } from '../../../../packages/core/src/view/present.js';
import { mapMessagesFor } from '../../../../packages/core/src/view/map-messages.js';
import { renderEta, renderRoute } from '../../../../packages/core/src/view/summary.js';
import { renderProgress } from '../../../../packages/core/src/view/progress.js';
import type { Shipment } from '../../../../packages/core/src/model/shipment.js';
import type { ShipmentView } from '../../../../packages/core/src/contracts/view-model.js';
import type { RenderContext } from '../../../../packages/core/src/contracts/render-context.js';

/** The fixtures' "now" (test/fixtures/README.md). */
export const FIXTURE_NOW = Date.parse('2026-11-20T00:00:00Z');

export function shipmentOf(name: string): Shipment {
  const result = (name.startsWith('air') ? normalizeAir : normalizeOcean)(loadFixture(name));
  if (!result.ok) throw new Error(`${name}: ${result.reason}`);
  return result.shipment;
}

export function present(shipment: Shipment, locale = 'en'): { view: ShipmentView; ctx: RenderContext } {
  const l = new Localizer(locale);
  const view = createPresenter()(shipment, undefined, l, mapMessagesFor(l));
  return { view, ctx: { l, now: FIXTURE_NOW, product: shipment.product, headingLevel: 0 } };
}

export async function html(template: TemplateResult | symbol): Promise<string> {
  if (typeof template === 'symbol') return '';
  return (await collectResult(render(template))).replace(/<!--[\s\S]*?-->/g, '');
}

/** Markup to visible text. */
export function text(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The arrival box, the route list (one string per stop) and the progress of a shipment's first unit, as markup. */
export async function parts(
  shipment: Shipment,
  locale = 'en',
): Promise<{ eta: string; stops: string[]; progress: string; view: ShipmentView }> {
  const { view, ctx } = present(shipment, locale);
  const unit = view.units[0];
  const route = await html(renderRoute(view, ctx, unit));
  return {
    view,
    eta: await html(renderEta(view, ctx, unit)),
    stops: [...route.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!),
    progress: await html(renderProgress(view, unit, ctx)),
  };
}
