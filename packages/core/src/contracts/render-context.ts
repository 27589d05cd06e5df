import type { Localizer } from '../i18n/localizer.js';
import type { Product } from '../model/shipment.js';

/** Everything a render helper needs besides its data. */
export interface RenderContext {
  readonly l: Localizer;
  /** The controller's clock, for relative times and countdowns. */
  readonly now: number;
  readonly product: Product;
  /** The element's `heading-level` as set; `resultLevel` (heading.ts) makes it a level, with the result's view. */
  readonly headingLevel: number;
}

/**
 * A noun such as "Bill of lading" inside a sentence: the first letter lowered, except
 * for acronyms ("BL") and in German, where nouns keep their capital.
 */
export function inSentence(text: string, locale: string): string {
  if (/^de\b/i.test(locale) || /^\p{Lu}{2}/u.test(text)) return text;
  return text.charAt(0).toLocaleLowerCase(locale) + text.slice(1);
}
