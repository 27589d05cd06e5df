import type { Messages } from './en.js';
import { registerCatalogue } from './localizer.js';

/**
 * The translated catalogues, each in its own chunk: a page in one language downloads
 * that language only, and English (bundled) shows until it arrives. Keyed by the
 * primary language subtag; a regional variant reads the one catalogue of its language
 * (`pt-PT` reads `pt-BR`, `zh-TW` reads `zh-CN`, which beats English for those readers).
 */
const loaders: Readonly<Record<string, () => Promise<Messages>>> = {
  es: () => import('./es.js').then((m) => m.es),
  de: () => import('./de.js').then((m) => m.de),
  fr: () => import('./fr.js').then((m) => m.fr),
  pt: () => import('./pt-BR.js').then((m) => m.ptBR),
  zh: () => import('./zh-CN.js').then((m) => m.zhCN),
  ja: () => import('./ja.js').then((m) => m.ja),
  ar: () => import('./ar.js').then((m) => m.ar),
};

/** The locales with a shipped catalogue, as `lang` values. */
export const shippedLocales = ['en', 'es', 'de', 'fr', 'pt-BR', 'zh-CN', 'ja', 'ar'] as const;

const registered = new Set<string>();

/** One promise per language, so every element asking for it shares one download. */
const loads = new Map<string, Promise<boolean>>();

/**
 * Fetches and registers the catalogue for `locale`. Resolves true once it is registered
 * (at once when it already is), false when there is none (English stays). A failed
 * download resolves false and is forgotten, so a later element tries again.
 */
export function loadCatalogue(locale: string): Promise<boolean> {
  const language = locale.toLowerCase().split('-')[0] ?? '';
  const loader = loaders[language];
  if (!loader) return Promise.resolve(false);
  let load = loads.get(language);
  if (!load) {
    load = loader().then(
      (messages) => {
        registerCatalogue(language, messages);
        registered.add(language);
        return true;
      },
      () => {
        loads.delete(language);
        return false;
      },
    );
    loads.set(language, load);
  }
  return load;
}

/**
 * Downloads the catalogue of `locale` ahead of time, for a renderer that cannot wait for it: Lit's
 * server rendering renders each element once, at once, so an element in a language not loaded yet
 * renders in English there. Once this resolves, elements in that language render in it from their
 * first render, on the server and in the browser. Resolves false when no catalogue is shipped for it.
 */
export function preloadLanguage(locale: string): Promise<boolean> {
  return loadCatalogue(locale);
}

/** Whether `loadCatalogue(locale)` has nothing left to do. */
export function catalogueSettled(locale: string): boolean {
  const language = locale.toLowerCase().split('-')[0] ?? '';
  return !(language in loaders) || registered.has(language);
}
