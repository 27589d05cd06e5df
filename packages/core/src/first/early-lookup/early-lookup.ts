import { parseMapLoading } from '../map-preload/map-loading.js';
import type { Product } from '../../model/shipment.js';
import { PendingLookup } from './early-request.js';
import { buildProxyUrl, listUrl } from '../urls/proxy-url.js';
import { firstUnusableUrl } from '../urls/usable-url.js';

/**
 * The first lookup of a tag whose number is in the page's HTML, sent by the script-tag entry
 * before the element's code has arrived: the request (and the airline list an AWB prefix needs)
 * leaves with the element's chunk instead of a round trip after it. The entry hands the
 * `PendingLookup` it made to the element through one property of the element, set once here and
 * taken once (`takeEarlyLookup`): by the element on its first update, which adopts it when it asks
 * for that very lookup and cancels it otherwise; or by the entry, which cancels it for a tag removed
 * before its code ran (never upgraded) or whose code could not be loaded.
 * The entry imports this module, so the build places it (and what it imports) in the entry,
 * where the elements' chunks take it from: no code twice.
 */
// A registered symbol, so that the entry loaded twice (under another URL than the one its chunks
// import it by: a query string) finds the lookup its first copy sent, and sends no second one.
export const HANDED_OVER = Symbol.for('cargo-trackers.early');
type Handing = { [HANDED_OVER]?: PendingLookup };

/** What a product element sends first for a number given at load; its element builds the same query. */
export interface EarlyLookup {
  readonly product: Product;
  /** The number attribute (`reference-number`, `awb-number`). */
  readonly numberAttribute: string;
  /** The lookup's query for `number` as the element would send it at load. */
  readonly query: (number: string, el: Element) => ReadonlyArray<readonly [string, string]>;
  /** Whether the form asks for the carrier or airline list at once for this number (or for the element's preset carrier). */
  readonly needsList?: (number: string, el: Element) => boolean;
}

/**
 * Sends the first lookup of `el` now, as its element would on its first update, and says whether
 * the map's code is wanted too; undefined when the element would send none (no number, no
 * `proxy-url`, an unusable URL attribute, or the tag is already defined and so sends its own).
 */
export function sendEarlyLookup(el: Element, lookup: EarlyLookup): boolean | undefined {
  const attr = (name: string): string | undefined => el.getAttribute(name) ?? undefined;
  const number = attr(lookup.numberAttribute);
  const proxyUrl = attr('proxy-url');
  const carriersUrl = attr('carriers-url');
  if (!number || !proxyUrl || customElements.get(el.localName) || (el as Handing)[HANDED_OVER] || firstUnusableUrl(attr)) return undefined;
  const pending = new PendingLookup(buildProxyUrl(proxyUrl, lookup.query(number, el)), number);
  if (lookup.needsList?.(number, el)) pending.list = new PendingLookup(listUrl(proxyUrl, carriersUrl, lookup.product));
  (el as Handing)[HANDED_OVER] = pending;
  return parseMapLoading(attr('map')) !== 'none';
}

/** The lookup the script-tag entry sent for `el`, taken once; undefined when there is none (or no longer). */
export function takeEarlyLookup(el: Element): PendingLookup | undefined {
  const pending = (el as Handing)[HANDED_OVER];
  delete (el as Handing)[HANDED_OVER];
  return pending;
}
