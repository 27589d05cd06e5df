/**
 * CORS headers for an allowed origin, or none. The widgets normally live on the same origin as
 * the proxy and need no CORS at all; an allowlist opens it to named origins only, never to
 * every site (which would let any page spend the account's credits).
 */
export function corsHeaders(origin: string | null, allowed: ReadonlySet<string>): Record<string, string> {
  if (origin === null || !allowed.has(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    // The widget reads Retry-After to know when to ask again; it is not exposed by default.
    'access-control-expose-headers': 'Retry-After',
  };
}

export function preflightHeaders(origin: string | null, allowed: ReadonlySet<string>): Record<string, string> {
  const headers = corsHeaders(origin, allowed);
  if (headers['access-control-allow-origin'] === undefined) return {};
  return {
    ...headers,
    'access-control-allow-methods': 'GET',
    'access-control-allow-headers': 'Accept, Accept-Language',
    'access-control-max-age': '600',
  };
}
