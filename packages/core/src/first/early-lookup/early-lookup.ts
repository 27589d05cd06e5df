import { parseMapLoading } from '../map-preload/map-loading.js';
import type { Product } from '../../model/shipment.js';
import { EarlyRequest } from './early-request.js';
import { buildProxyUrl, listUrl } from '../urls/proxy-url.js';
import { firstUnusableUrl } from '../urls/usable-url.js';

/**
 * The first lookup of a tag whose number is in the page's HTML, sent by the script-tag entry
 * before the element's code has arrived: the request (and the airline list an AWB prefix needs)
 * leaves with the element's chunk instead of a round trip after it. The element takes a request
 * over (`takeEarly`) only when it would send the very same URL; any other is cancelled: the
 * element removed before its code ran, or its code defined without asking for that URL.
 * The entry imports this module, so the build places it (and what it imports) in the entry,
 * where the elements' chunks take it from: one registry, and no code twice.
 */
// One registry per page even when this module runs twice: the entry loaded under another URL than
// the one its chunks import it by (a query string) is a second module, which must not send again.
const sent = ((globalThis as { [key: symbol]: unknown })[Symbol.for('cargo-trackers.early')] ??= new Map()) as Map<object, EarlyRequest[]>;

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
  if (!number || !proxyUrl || customElements.get(el.localName) || sent.has(el) || firstUnusableUrl(attr)) return undefined;
  const requests = [new EarlyRequest(buildProxyUrl(proxyUrl, lookup.query(number, el)))];
  if (lookup.needsList?.(number, el)) requests.push(new EarlyRequest(listUrl(proxyUrl, carriersUrl, lookup.product)));
  sent.set(el, requests);
  return parseMapLoading(attr('map')) !== 'none';
}

/**
 * Sends `url` now for `el`, whose lookup's controller is still downloading, unless the entry sent
 * it already; the controller takes it over when it arrives (`takeEarly`).
 */
export function sendEarly(el: object, url: string): void {
  const requests = sent.get(el) ?? [];
  if (!requests.some((r) => r.url === url)) requests.push(new EarlyRequest(url));
  sent.set(el, requests);
}

/** The request sent early for `el` to `url`, taken once; undefined when there is none. */
export function takeEarly(el: object, url: string): EarlyRequest | undefined {
  const requests = sent.get(el);
  const index = requests?.findIndex((r) => r.url === url) ?? -1;
  return index < 0 ? undefined : requests?.splice(index, 1)[0];
}

/** Cancels what `el`'s element did not take (once its code has run and asked for what it wants, or it left the page). */
export function dropUnclaimed(el: object): void {
  for (const request of sent.get(el) ?? []) request.cancel();
  sent.delete(el);
}
