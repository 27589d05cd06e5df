/**
 * What a product element (ocean or air) hands the shared shipment view when a lookup starts: the
 * element declares how to load it (first/element/tracker-element.ts, `loadProductView`), the view
 * renders with it (view/shipment-view.ts).
 */
import type { CSSResult, nothing, TemplateResult } from 'lit';
import type { Normalizer } from '../model/shipment.js';
import type { RenderContext } from './render-context.js';
import type { ShipmentView } from './view-model.js';

/** What a product element loads when a lookup starts: its normalizer and its details section. */
export interface ProductView {
  readonly normalizer: Normalizer;
  /** Styles of the product's details, adopted with the shared shipment styles. */
  readonly styles?: CSSResult;
  renderDetails(view: ShipmentView, ctx: RenderContext): TemplateResult | typeof nothing;
}
