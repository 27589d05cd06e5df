export { en } from './en.js';
export type { MessageKey, Messages } from './en.js';
export { Localizer, registerCatalogue, catalogueFor, resolvableLocale } from './localizer.js';
export type { MessageParams } from './localizer.js';
