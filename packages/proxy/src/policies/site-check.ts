import { refuse } from './refuse.js';
import type { Policy } from './policy.js';

/**
 * The header the element sends on every request it makes to a proxy. A page on another site
 * cannot make a browser send it: `<img>`, `<script>`, forms and no-cors fetches set no custom
 * header, and a cross-origin fetch that sets one is preceded by a CORS preflight, which the
 * proxy answers for its listed origins alone.
 */
export const REQUEST_MARKER = 'cargo-trackers-request';

/** The request headers the cross-site check reads. */
export interface SiteHeaders {
  readonly origin: string | null;
  readonly secFetchSite: string | null;
  /** The Host the request was sent to; compared with `Origin`, used for nothing else. */
  readonly host: string | null;
}

/**
 * Whether a browser says another page made the request. A browser marks such a request: it
 * sends `Sec-Fetch-Site: cross-site` or `same-site` (also for `<img src>` and `no-cors` fetches,
 * which carry no `Origin`), and `Origin` on every CORS and non-GET request. Such a request is
 * allowed only from the proxy's own origin or an origin in `corsOrigins`. Browsers send neither
 * header to a page on plain HTTP, which is why the request marker, not these, is the rule; they
 * stay as a second line.
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

/** Whether the request carries the element's marker (any non-empty value). */
export function hasRequestMarker(header: (name: string) => string | null): boolean {
  const value = header(REQUEST_MARKER);
  return value !== null && value.trim() !== '';
}

/**
 * Site check, before anything that costs: another site's page never gets an upstream call or
 * a counter. A request without the marker is refused, whatever its other headers say; a
 * preflight cannot carry it (browsers send none of a request's own headers with one), so an
 * `OPTIONS` passes on its `Origin` alone, to be answered by the CORS policy.
 */
export function siteCheck(corsOrigins: ReadonlySet<string>, publicOrigins: ReadonlySet<string>): Policy {
  return (ctx, next) => {
    const { input } = ctx;
    const vary = { vary: 'Origin' };
    if (input.method !== 'OPTIONS' && !hasRequestMarker(input.header)) {
      return refuse(
        ctx,
        403,
        'cross_site',
        'This proxy answers only requests that carry the header Cargo-Trackers-Request, as the tracking elements send it; server-to-server callers send Cargo-Trackers-Request: 1.',
        vary,
      );
    }
    const site = { origin: input.header('origin'), secFetchSite: input.header('sec-fetch-site'), host: input.host };
    if (!allowedSite(site, corsOrigins, publicOrigins)) {
      return refuse(ctx, 403, 'cross_site', 'Requests from other sites are not accepted here.', vary);
    }
    return next();
  };
}
