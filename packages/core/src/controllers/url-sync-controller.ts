import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface UrlSyncOptions {
  /** Whether the element keeps its number in the page's query string (`sync-url`). */
  readonly enabled: () => boolean;
  /** The query parameter (`url-param`, else the product's default). */
  readonly param: () => string;
  /** On connect, with the number the query string holds, when the page has not set one itself. */
  readonly found: (number: string) => void;
  /** Whether the page set a number (attribute or property): it wins over the query string. */
  readonly hasNumber: () => boolean;
}

/**
 * `sync-url`: reads the tracked number from the page's query string when the element
 * connects, and writes each lookup's number back with `history.replaceState`, keeping
 * the page's own history state and other parameters.
 */
export class UrlSyncController implements ReactiveController {
  private readonly options: UrlSyncOptions;

  constructor(host: ReactiveControllerHost, options: UrlSyncOptions) {
    this.options = options;
    host.addController(this);
  }

  hostConnected(): void {
    if (!this.options.enabled() || this.options.hasNumber()) return;
    // Exactly as written there, like any number: it decides what is billed.
    const number = new URL(globalThis.location.href).searchParams.get(this.options.param());
    if (number) this.options.found(number);
  }

  /**
   * Puts the number in the query string. `replaceState`, not `pushState`: a lookup is not a
   * navigation, and the element does not listen for `popstate`, so history entries per lookup
   * would only make Back step through numbers without effect.
   */
  write(number: string): void {
    if (!this.options.enabled()) return;
    const url = new URL(globalThis.location.href);
    const param = this.options.param();
    if (url.searchParams.get(param) === number) return;
    url.searchParams.set(param, number);
    try {
      history.replaceState(history.state, '', url);
    } catch {
      // Sandboxed frames and opaque origins refuse; the lookup itself is unaffected.
    }
  }
}
