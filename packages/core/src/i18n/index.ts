export { en } from './en.js';
export type { Message, MessageKey, Messages, PluralMessage } from './en.js';
export { Localizer, registerEnglish, registerCatalogue, catalogueFor, resolvableLocale, textDirection } from './localizer.js';
export { loadCatalogue, catalogueSettled, shippedLocales } from './catalogues.js';
export type { MessageParams } from './localizer.js';
