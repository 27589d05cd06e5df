import type { Localizer } from '../i18n/localizer.js';
import type { Milestone, Place, Product, Status } from '../model/shipment.js';
import { countryName } from '../format/numbers.js';

/** Everything a render helper needs besides its data. */
export interface RenderContext {
  readonly l: Localizer;
  /** The controller's clock, for relative times and countdowns. */
  readonly now: number;
  readonly product: Product;
}

/** Our words for a known status; the document's own text for an unknown one, never nothing. */
export function statusLabel(status: Status, ctx: RenderContext): string {
  const ours = status.known ? ctx.l.lookup(`status.${ctx.product}.${status.code}`) : undefined;
  return ours ?? status.text ?? status.code;
}

/** Our words for a known event code; the document's text for an unknown one. */
export function eventLabel(milestone: Milestone, ctx: RenderContext): string {
  const ours = milestone.known ? ctx.l.lookup(`event.${ctx.product}.${milestone.code}`) : undefined;
  return ours ?? milestone.description ?? milestone.code;
}

/** "Ningbo, China" / "Dubai (DXB), United Arab Emirates" / the code alone. */
export function placeLabel(place: Place, ctx: RenderContext): string {
  const name = ctx.product === 'air' ? `${place.city ?? place.name ?? place.code} (${place.code})` : place.name ?? place.code;
  return place.country ? `${name}, ${countryName(place.country, ctx.l.locale)}` : name;
}

/**
 * A noun such as "Bill of lading" inside a sentence: the first letter lowered, except
 * for acronyms ("BL") and in German, where nouns keep their capital.
 */
export function inSentence(text: string, locale: string): string {
  if (/^de\b/i.test(locale) || /^\p{Lu}{2}/u.test(text)) return text;
  return text.charAt(0).toLocaleLowerCase(locale) + text.slice(1);
}
