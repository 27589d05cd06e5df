import { PROXY_REQUEST, valueTooLong } from '../urls/proxy-url.js';

/**
 * A lookup whose request is sent the moment its number is known, before the lookup controller's
 * code has arrived: that code, the shipment view and the map download alongside the request
 * instead of ahead of it. Made by whoever starts the lookup (the script-tag entry for a number in
 * the HTML, or the element) and handed by reference to the `LookupController`, which alone owns it
 * from then on: its first ask takes the answer over (`take`), and its abort cancels the request.
 */
export class PendingLookup {
  /** The carrier or airline list sent with it (the script-tag entry's), taken by the lookup's list controller. */
  list?: PendingLookup;
  readonly #abort = new AbortController();
  /** The answer until it is taken or the request cancelled. */
  #response?: Promise<Response>;

  /** `send`: whether the request leaves now (an element away from the page sends none). */
  constructor(
    readonly url: string,
    readonly number = '',
    send = true,
  ) {
    // Never sent when too long: the proxy client refuses it with a message instead.
    const response = !send
      ? undefined
      : valueTooLong(url)
        ? Promise.reject(new RangeError('A query value is longer than the proxy accepts.'))
        : fetch(url, { ...PROXY_REQUEST, signal: this.#abort.signal });
    // Read when taken; until then a failure must not be reported as unhandled.
    response?.catch(() => undefined);
    this.#response = response;
  }

  /**
   * A `fetch` for the proxy client that answers with this request's response, once; the client's
   * own abort (a newer lookup, the element leaving the page) cancels it. Undefined when the request
   * was never sent, is cancelled or was taken already: the client then sends its own.
   */
  take(): typeof fetch | undefined {
    const response = this.#response;
    this.#response = undefined;
    return (
      response &&
      ((_input, init) => {
        const signal = init?.signal;
        if (signal?.aborted) this.cancel();
        else signal?.addEventListener('abort', () => this.cancel(), { once: true });
        return response;
      })
    );
  }

  cancel(): void {
    this.#abort.abort();
    this.#response = undefined;
  }
}
