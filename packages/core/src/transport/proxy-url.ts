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
