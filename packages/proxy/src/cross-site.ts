/** The request headers the cross-site check reads. */
export interface SiteHeaders {
  readonly origin: string | null;
  readonly secFetchSite: string | null;
  /** The Host the request was sent to; compared with `Origin`, used for nothing else. */
  readonly host: string | null;
}

/**
 * Whether a request may spend credits. A browser marks a request another page made: it sends
 * `Sec-Fetch-Site: cross-site` or `same-site` (also for `<img src>` and `no-cors` fetches, which
 * carry no `Origin`), and `Origin` on every CORS and non-GET request. Such a request is allowed
 * only from the proxy's own origin or an origin in `corsOrigins`. A request with neither header
 * is not a browser acting for another page (a server, a script, curl) and is allowed; anything it
 * does it could do by sending no headers anyway.
 *
 * The proxy's own origin is `publicOrigins` when the operator named them; otherwise an `Origin`
 * whose host equals the request's Host. A browser sends the Host it connects to, which no page
 * can change, so the comparison only ever admits a page on the host the proxy answers on.
 */
export function allowedSite(headers: SiteHeaders, corsOrigins: ReadonlySet<string>, publicOrigins: ReadonlySet<string>): boolean {
  const { origin, secFetchSite } = headers;
  if (origin !== null) return corsOrigins.has(origin) || isOwnOrigin(origin, headers.host, publicOrigins);
  if (secFetchSite === null) return true;
  const site = secFetchSite.trim().toLowerCase();
  // `none` is the visitor opening the address themselves; `same-origin` is the proxy's own page.
  return site === 'same-origin' || site === 'none';
}

function isOwnOrigin(origin: string, host: string | null, publicOrigins: ReadonlySet<string>): boolean {
  if (publicOrigins.size > 0) return publicOrigins.has(origin);
  if (host === null || origin === 'null') return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === host.trim().toLowerCase();
  } catch {
    return false;
  }
}
