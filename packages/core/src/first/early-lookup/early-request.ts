import { PROXY_REQUEST, valueTooLong } from '../urls/proxy-url.js';

/**
 * A lookup's request sent the moment the element knows the number, before the tracking
 * controller's code has arrived: that code, the shipment view and the map download alongside it
 * instead of ahead of it. The controller takes the answer over when its code is here
 * (`fetchFor`); an early request that nobody takes is cancelled (`cancel`).
 */
export class EarlyRequest {
  readonly url: string;
  private readonly abort = new AbortController();
  private readonly response: Promise<Response>;

  constructor(url: string) {
    this.url = url;
    // Never sent when too long: the proxy client refuses it with a message when it takes it over.
    this.response = valueTooLong(url)
      ? Promise.reject(new RangeError('A query value is longer than the proxy accepts.'))
      : fetch(url, { ...PROXY_REQUEST, signal: this.abort.signal });
    // Read when taken; until then a failure must not be reported as unhandled.
    this.response.catch(() => undefined);
  }

  /**
   * A `fetch` for the proxy client that answers with this request's response, once; the
   * client's own abort (a newer lookup, the element leaving the page) cancels it.
   */
  fetchFor(): typeof fetch {
    return (_input, init) => {
      const signal = init?.signal;
      if (signal?.aborted) this.cancel();
      else signal?.addEventListener('abort', () => this.cancel(), { once: true });
      return this.response;
    };
  }

  cancel(): void {
    this.abort.abort();
  }
}
