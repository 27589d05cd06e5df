// Apart from the proxy client: the element builds the URL at once (it is also what tells one
// lookup from another), while the client that sends it loads with the first lookup.

/** How every lookup is asked for (the proxy client, and an early request sent before its code has arrived). */
export const PROXY_REQUEST = {
  method: 'GET',
  headers: { Accept: 'application/json' },
  credentials: 'same-origin',
} as const satisfies RequestInit;

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
