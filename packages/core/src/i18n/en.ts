/**
 * The English catalogue: every string either element shows, by key. Placeholders are
 * `{name}`; the values put into them are always text (never HTML). Other catalogues
 * use the same keys; a key missing there falls back to English.
 *
 * It is written in four parts so that the first load carries only what the form says
 * (en-form.ts); the notices of a lookup (en-notices.ts) load with the lookup's code, the shipment's
 * words (en-shipment.ts) with the shipment view, and the recent numbers' (en-recent.ts) with them.
 */
import { enForm } from './en-form.js';
import { enNotices } from './en-notices.js';
import { enShipment } from './en-shipment.js';
import { enRecent } from './en-recent.js';

function merge<A extends object, B extends object, C extends object, D extends object>(a: A, b: B, c: C, d: D): A & B & C & D {
  return { ...a, ...b, ...c, ...d };
}

export const en = /* @__PURE__ */ merge(enForm, enNotices, enShipment, enRecent);

export type MessageKey = keyof typeof enForm | keyof typeof enNotices | keyof typeof enShipment | keyof typeof enRecent;

/**
 * A message that counts something: one text per plural category (`Intl.PluralRules`) the
 * language uses, chosen by the `count` parameter; `other` is required, the categories the
 * language needs (`one` in English; `zero`, `one`, `two`, `few`, `many` too in Arabic) are
 * checked by the catalogue test.
 */
export type PluralMessage = { readonly other: string } & { readonly [C in Exclude<Intl.LDMLPluralRule, 'other'>]?: string };
export type Message = string | PluralMessage;

/** A shipped catalogue: every key, and a plural message exactly where English has one. */
export type Catalogue = { readonly [K in MessageKey]: (typeof en)[K] extends string ? string : PluralMessage };

/** A catalogue: any subset of the keys (the rest fall back to English). */
export type Messages = { readonly [K in MessageKey]?: Message };
