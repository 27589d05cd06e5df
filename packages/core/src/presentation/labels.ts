/** The label of each kind of thing, built once; only the presenter calls these. */
import { countryName } from '../format/numbers.js';
import type { Localizer } from '../i18n/localizer.js';
import type { Milestone, Place, Product, Status } from '../model/shipment.js';

/** Our words for a known status; the document's own text for an unknown one, never nothing. */
export function statusLabel(status: Status, product: Product, l: Localizer): string {
  const ours = status.known ? l.lookup(`status.${product}.${status.code}`) : undefined;
  return ours ?? status.text ?? status.code;
}

/** Our words for a known event code; the document's text for an unknown one. */
export function eventLabel(milestone: Milestone, product: Product, l: Localizer): string {
  const ours = milestone.known ? l.lookup(`event.${product}.${milestone.code}`) : undefined;
  return ours ?? milestone.description ?? milestone.code;
}

/** "Ningbo" / "Dubai (DXB)": the place without its country. */
export function shortPlaceLabel(place: Place, product: Product): string {
  return product === 'air' ? `${place.city ?? place.name ?? place.code} (${place.code})` : place.name ?? place.code;
}

/** "Ningbo, China" / "Dubai (DXB), United Arab Emirates" / the code alone. */
export function placeLabel(place: Place, product: Product, l: Localizer): string {
  const name = shortPlaceLabel(place, product);
  return place.country ? `${name}, ${countryName(place.country, l.locale)}` : name;
}
