import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { fetchJson } from './proxy-client.js';
import { takeEarly } from '../first/shared.js';

/** Reads a list's body; undefined when it is not such a list. */
export type ListParser<T> = (body: unknown) => T | undefined;

export type ListControllerOptions<T> = {
  /** Where the list is, read at each update of the host; undefined means no list. A new URL loads anew. */
  readonly url: () => string | undefined;
} & (
  | { readonly parse: ListParser<T> }
  /** The reader imported when a list is first asked for (in parallel with it), so that the form's first load does without it. */
  | { readonly parser: () => Promise<ListParser<T>> }
);

/**
 * Loads an open list (the carriers, the airlines) for the form: once per URL, the host
 * updated when it arrives, the request aborted when the host leaves the page (and asked
 * again when it comes back without the list). Any failure leaves `value` undefined: the
 * form works without the list.
 */
export class ListController<T> implements ReactiveController {
  /** The list, once loaded; undefined while loading, without a URL, or when it could not be read. */
  value: T | undefined;

  readonly #host: ReactiveControllerHost;
  readonly #options: ListControllerOptions<T>;
  #url: string | undefined;
  #abort: AbortController | undefined;
  #interrupted = false;

  constructor(host: ReactiveControllerHost, options: ListControllerOptions<T>) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    // A load that the disconnection interrupted starts again with the next update.
    if (this.#url === undefined && this.#interrupted) this.#host.requestUpdate();
    this.#interrupted = false;
  }

  hostUpdate(): void {
    const url = this.#options.url();
    if (url !== this.#url) this.#load(url);
  }

  hostDisconnected(): void {
    if (!this.#abort) return;
    this.#abort.abort();
    this.#abort = undefined;
    // Not loaded: the next update after reconnection asks again.
    this.#url = undefined;
    this.#interrupted = true;
  }

  #load(url: string | undefined): void {
    this.#abort?.abort();
    this.#abort = undefined;
    this.#url = url;
    this.value = undefined;
    if (url === undefined) return;
    const abort = new AbortController();
    this.#abort = abort;
    // The controller and the client come with the lookup's code, not with the form. The script-tag
    // entry may have asked for this list already, before the element's code arrived (../transport/early-lookup.ts).
    const options = this.#options;
    const early = takeEarly(this.#host, url);
    void Promise.all([fetchJson(url, abort.signal, early?.fetchFor()), 'parse' in options ? options.parse : options.parser()])
      .then(([body, parse]) => (body === undefined ? undefined : parse(body)))
      .catch(() => undefined)
      .then((value) => {
        if (this.#abort !== abort) return;
        this.#abort = undefined;
        this.value = value;
        this.#host.requestUpdate();
      });
  }
}
