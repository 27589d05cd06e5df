/** The label of each kind of thing, built once; only the presenter calls these. */
import { countryName } from '../format/numbers.js';
import type { Localizer } from '../i18n/localizer.js';
import type { Milestone, Place, Product, Shipment, Status } from '../model/shipment.js';

/** Our words for a known status; the document's own text for an unknown one, never nothing. */
export function statusLabel(status: Status, product: Product, l: Localizer): string {
  const ours = status.known ? l.lookup(`status.${product}.${status.code}`) : undefined;
  return ours ?? status.text ?? status.code;
}

/** Ocean steps whose words change with the transport: a train is not loaded "on vessel". */
const LAND_AND_RIVER_MODES: ReadonlySet<string> = new Set(['rail', 'truck', 'barge']);

/**
 * Which words of an event code fit this event: the ocean step's transport (rail, truck, barge;
 * a feeder is a vessel), or for an air transfer whether the onward flight is the airline's own
 * ("online", by its flight-number designator against the airline's IATA code) or another's.
 */
function wordingVariant(m: Milestone, shipment: Shipment): string | undefined {
  if (shipment.product === 'ocean') return m.mode !== undefined && LAND_AND_RIVER_MODES.has(m.mode) ? m.mode : undefined;
  const iata = shipment.carrier?.iata;
  if (m.code !== 'TFD' || m.flightNumber === undefined || iata === undefined) return undefined;
  return m.flightNumber.slice(0, 2).toUpperCase() === iata.toUpperCase() ? 'online' : 'interline';
}

/**
 * Our words for a known event code, in the words of its mode; the document's text for an unknown
 * one. An event whose time is not actual has not happened, so it is named, not told as done: its
 * key's `.expected` form ("Vessel arrival", not "Vessel arrived").
 */
export function eventLabel(milestone: Milestone, shipment: Shipment, l: Localizer): string {
  if (!milestone.known) return milestone.description ?? milestone.code;
  const base = `event.${shipment.product}.${milestone.code}`;
  const variant = wordingVariant(milestone, shipment);
  const keys = variant ? [`${base}.${variant}`, base] : [base];
  const forms = milestone.kind === 'actual' ? keys : keys.map((key) => `${key}.expected`);
  for (const key of forms) {
    const words = l.lookup(key);
    if (words) return words;
  }
  return milestone.description ?? milestone.code;
}

/** "Ningbo" / "Dubai (DXB)": the place without its country; a no-break space keeps the code with its city. */
export function shortPlaceLabel(place: Place, product: Product): string {
  return product === 'air' ? `${place.city ?? place.name ?? place.code}\u00a0(${place.code})` : (place.name ?? place.code);
}

/**
 * "Ningbo, China" / "Dubai (DXB), United Arab Emirates" / the code alone; the separator is the
 * language's ("،" in Arabic). A city that is its country says it once: "Singapore", "Hong Kong (HKG)".
 */
export function placeLabel(place: Place, product: Product, l: Localizer): string {
  const name = shortPlaceLabel(place, product);
  if (!place.country) return name;
  const country = countryName(place.country, l.locale);
  const city = (product === 'air' ? place.city : undefined) ?? place.name;
  return city !== undefined && namesCity(country, city, l.locale) ? name : l.t('place.inCountry', { place: name, country });
}

/** Whether a country's name is the city's ("Singapore") or starts with it as a word ("Hong Kong SAR China"). */
function namesCity(country: string, city: string, locale: string): boolean {
  const head = country.slice(0, city.length);
  return (
    head.localeCompare(city, locale, { sensitivity: 'base' }) === 0 &&
    (country.length === city.length || country.charAt(city.length) === ' ')
  );
}

/**
 * Words a carrier adds to an event's name that say nothing the title and the row do not: "full" in "Gate in
 * full" (an empty container is said apart), "on board", "at terminal" (the facility is shown), "from
 * vessel" (so is the vessel), articles and prepositions.
 */
const FILLER_WORDS: ReadonlySet<string> = new Set([
  ...['a', 'an', 'the', 'on', 'at', 'of', 'to', 'from', 'by'],
  ...['full', 'laden', 'board', 'container', 'terminal', 'vessel'],
]);

/** Endings that turn one word of an event into another: departure/departed, arrival/arrived, discharge/discharged. */
const ENDINGS = ['ation', 'ure', 'ing', 'ed', 'al', 'es', 's', 'e'] as const;

/** A word's stem: lower case, one ending off, at least three letters left ("departure", "departed" → "depart"). */
function stem(word: string): string {
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= 3) return word.slice(0, -ending.length);
  }
  return word;
}

function words(text: string, locale: string): string[] {
  return text
    .toLocaleLowerCase(locale)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/**
 * Whether a document's description of an event says no more than our title for it: every word of
 * it is a filler word or, by stem, a word of one of the titles. "Vessel departure" under "Vessel
 * departed", "Gate in full" under "Gate in", "Loaded on board" under "Loaded on vessel" say
 * nothing more; "Offloaded: space shortage" under "Discrepancy" does.
 */
export function impliedBy(description: string, titles: readonly string[], locale: string): boolean {
  const said = new Set(titles.flatMap((title) => words(title, locale).map(stem)));
  return words(description, locale).every((w) => FILLER_WORDS.has(w) || said.has(stem(w)));
}
