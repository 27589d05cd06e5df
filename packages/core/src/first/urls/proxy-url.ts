// Apart from the proxy client: the element builds the URL at once (it is also what tells one
// lookup from another), while the client that sends it loads with the first lookup.

/**
 * How every request to the proxy is made (lookups, carrier lists, early requests). The marker
 * header tells the proxy that the element asked: another site's `<img>`, form or no-cors fetch
 * cannot send it, and a cross-origin page only after a preflight the proxy answers for its
 * listed origins alone.
 */
export const PROXY_REQUEST = {
  method: 'GET',
  headers: { Accept: 'application/json', 'Cargo-Trackers-Request': '1' },
  credentials: 'same-origin',
} as const satisfies RequestInit;

/** The longest query value the reference proxy accepts (its `maxValueLength` default). */
export const MAX_VALUE_LENGTH = 256;

/** Whether a value in `url`'s query is longer than the proxy accepts: such a request is refused here, never sent. */
export function valueTooLong(url: string): boolean {
  for (const [, value] of new URL(url, 'http://localhost/').searchParams) if (value.length > MAX_VALUE_LENGTH) return true;
  return false;
}

/**
 * Builds `proxyUrl?name=value&…` keeping any query the proxy URL already has.
 * Values are encoded, never altered: what the visitor typed is what the proxy receives.
 */
export function buildProxyUrl(proxyUrl: string, params: ReadonlyArray<readonly [string, string]>, base?: string): string {
  const url = new URL(proxyUrl, base ?? globalThis.document?.baseURI ?? 'http://localhost/');
  for (const [name, value] of params) url.searchParams.append(name, value);
  return url.href;
}

/**
 * Where the carrier or airline list is: `carriers-url` as given, else `carriers/<product>` beside
 * the proxy path (the element, and the script-tag entry when it asks for a list before the element's code has arrived).
 */
export function listUrl(proxyUrl: string, carriersUrl: string | undefined, product: string): string {
  if (carriersUrl) return carriersUrl;
  const base = new URL(proxyUrl, globalThis.document?.baseURI ?? 'http://localhost/');
  return new URL(`carriers/${product}`, base.href.replace(/[^/]*$/, '')).href;
}
