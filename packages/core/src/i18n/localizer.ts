import type { Message, MessageKey, Messages } from './en.js';
import { isolate, isolatePhrase } from './bidi.js';
import { enForm } from './en-form.js';

/**
 * English, the fallback of every catalogue: the form's part from the start, the shipment's
 * part once the shipment view registers it (`registerEnglish`). Before that, no shipment is
 * on screen, so none of its keys is asked for.
 */
const english: Messages = { ...enForm };

export function registerEnglish(part: Messages): void {
  Object.assign(english, part);
}

/** Catalogues other than English, registered by locale (`es`, `pt-BR`, …). */
const catalogues = new Map<string, Messages>([['en', english]]);

export function registerCatalogue(locale: string, messages: Messages): void {
  catalogues.set(locale.toLowerCase(), messages);
}

/** `pt-BR` → the `pt-br` catalogue, else `pt`, else English. */
export function catalogueFor(locale: string): Messages {
  const lower = locale.toLowerCase();
  return catalogues.get(lower) ?? catalogues.get(lower.split('-')[0] ?? '') ?? english;
}

/** Numbers are formatted in the locale (`Intl.NumberFormat`); `count` also picks a plural message's form. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Translates keys for one element. Each element has its own localizer, so two
 * elements on one page can speak two languages; there is no page-global locale.
 */
export class Localizer {
  readonly locale: string;
  /** Writing direction of the element: the page's `dir`, else that of the locale (see `LocalizationController`). */
  readonly dir: 'ltr' | 'rtl';
  readonly #catalogue: Messages;
  readonly #overrides: Messages;
  readonly #plurals: Intl.PluralRules;
  readonly #numbers: Intl.NumberFormat;
  /** Right-to-left sentences isolate every value they are given (see bidi.ts). */
  readonly #isolating: boolean;

  constructor(locale: string, overrides: Messages = {}, dir?: 'ltr' | 'rtl') {
    this.locale = resolvableLocale(locale);
    this.dir = dir ?? textDirection(this.locale);
    this.#catalogue = catalogueFor(this.locale);
    this.#overrides = overrides;
    this.#plurals = new Intl.PluralRules(this.locale);
    this.#numbers = new Intl.NumberFormat(this.locale);
    // In a right-to-left element even English words take their values' neighbours' direction.
    this.#isolating = this.dir === 'rtl';
  }

  t(key: MessageKey, params: MessageParams = {}): string {
    // The key itself is the last resort: visible, and never a crash, should a key be asked
    // for before its part of English has loaded.
    return this.#fill(this.#overrides[key] ?? this.#catalogue[key] ?? english[key] ?? key, params);
  }

  /** A key built at run time (status and event codes); undefined when no catalogue has it. */
  lookup(key: string): string | undefined {
    const message =
      (this.#overrides as Record<string, Message | undefined>)[key] ??
      (this.#catalogue as Record<string, Message | undefined>)[key] ??
      (english as Record<string, Message | undefined>)[key];
    return message === undefined ? undefined : this.#fill(message);
  }

  /**
   * The plural form `count` needs in this language, with every number in the locale's digits and
   * separators, and every value isolated in a right-to-left language.
   */
  #fill(message: Message, params: MessageParams = {}): string {
    const count = params['count'];
    const template =
      typeof message === 'string'
        ? message
        : ((typeof count === 'number' ? message[this.#plurals.select(count)] : undefined) ?? message.other);
    // An arrow points the way the text reads: left in a right-to-left element, whatever the catalogue.
    return (this.dir === 'rtl' ? template.replace(/→/g, '←') : template).replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      const text = typeof value === 'number' ? this.#numbers.format(value) : value;
      if (!this.#isolating) return text;
      // A value that holds isolated values is a phrase this localizer built, in its own direction.
      return text.includes('\u2069') ? isolatePhrase(text, this.dir) : isolate(text);
    });
  }
}

/** A locale Intl accepts, else English. */
export function resolvableLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

// Primary subtags of the scripts written right to left that a catalogue could serve.
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'yi', 'dv', 'ug', 'ckb']);

export function textDirection(locale: string): 'ltr' | 'rtl' {
  const lower = locale.toLowerCase();
  // A script subtag decides over the language (`az-Arab`, `ar-Latn`).
  if (/-(arab|hebr|thaa|syrc|nkoo|adlm)\b/.test(lower)) return 'rtl';
  if (/-(latn|cyrl)\b/.test(lower)) return 'ltr';
  return RTL_LANGUAGES.has(lower.split('-')[0] ?? '') ? 'rtl' : 'ltr';
}
