import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { catalogueSettled, loadCatalogue } from '../../i18n/catalogues.js';
import type { Messages } from '../../i18n/en.js';
import { Localizer, textDirection } from '../../i18n/localizer.js';

export interface LocalizationOptions {
  /** The host's own language: its `lang` property or attribute; empty when it has none. */
  readonly lang: () => string | null | undefined;
  /** The integrator's overrides (`messages`). */
  readonly messages: () => Messages;
}

/**
 * The element's language: the host's `lang`, else the nearest ancestor's, else the browser's;
 * its direction: the page's, as HTML computes it from `dir` on the host or any ancestor, and only
 * where no `dir` is set at all that of the language; a localizer for both with the integrator's
 * overrides; and the catalogue download, after which the host renders again in that language.
 * English shows meanwhile. Only the newest download counts, so a quick change of `lang` cannot
 * land an older language.
 */
export class LocalizationController implements ReactiveController {
  /** The current localizer; a new object whenever the language, the overrides or the catalogue changed. */
  localizer = new Localizer('en');

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: LocalizationOptions;
  #locale: string | undefined;
  #dir: 'ltr' | 'rtl' | undefined;
  #messages: Messages | undefined;
  #catalogueArrived = false;
  #download: Promise<void> | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, options: LocalizationOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** Back on a page, perhaps under another ancestor's `lang`: look again. */
  hostConnected(): void {
    this.#host.requestUpdate();
  }

  /** The catalogue download under way, if any: `updateComplete` waits for it. */
  get pending(): Promise<void> | undefined {
    return this.#download;
  }

  /**
   * Brings the localizer up to date with the host's language and overrides; called by the
   * host before it renders (`willUpdate`). True when the localizer is a new one.
   */
  refresh(): boolean {
    const locale = this.#resolveLocale();
    const dir = pageDirection(this.#host) ?? textDirection(locale);
    const messages = this.#options.messages();
    if (locale === this.#locale && dir === this.#dir && messages === this.#messages && !this.#catalogueArrived) return false;
    this.#locale = locale;
    this.#dir = dir;
    this.#messages = messages;
    this.#catalogueArrived = false;
    this.localizer = new Localizer(locale, messages, dir);
    this.#fetchCatalogue(this.localizer.locale);
    return true;
  }

  #resolveLocale(): string {
    const own = this.#options.lang();
    if (own) return own;
    const ancestor = this.#host.parentElement?.closest('[lang]')?.getAttribute('lang');
    return ancestor || globalThis.navigator?.language || 'en';
  }

  #fetchCatalogue(locale: string): void {
    if (catalogueSettled(locale)) {
      this.#download = undefined;
      return;
    }
    const download: Promise<void> = loadCatalogue(locale).then((found) => {
      if (this.#download !== download) return;
      this.#download = undefined;
      if (!found) return;
      this.#catalogueArrived = true;
      this.#host.requestUpdate();
    });
    this.#download = download;
  }
}

/**
 * The direction the page gives the host: its computed `direction` when the host or an ancestor
 * (across shadow roots too) has a `dir`; undefined when none has, and the page said nothing,
 * or on a server, which renders without a page (the browser's first update then looks).
 */
function pageDirection(host: Element): 'ltr' | 'rtl' | undefined {
  if (typeof getComputedStyle !== 'function') return undefined;
  for (let node: Element | undefined = host; node;) {
    if (node.closest('[dir]')) return getComputedStyle(host).direction === 'rtl' ? 'rtl' : 'ltr';
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : undefined;
  }
  return undefined;
}
