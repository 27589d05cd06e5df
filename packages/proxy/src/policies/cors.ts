import { JSON_HEADERS } from '../answer.js';
import { refuse } from './refuse.js';
import type { Policy } from './policy.js';

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

/** A listed origin's preflight; the request marker is among the allowed headers, and one preflight lasts two hours. */
export function preflightHeaders(origin: string | null, allowed: ReadonlySet<string>): Record<string, string> {
  const headers = corsHeaders(origin, allowed);
  if (headers['access-control-allow-origin'] === undefined) return {};
  return {
    ...headers,
    'access-control-allow-methods': 'GET',
    'access-control-allow-headers': 'Accept, Accept-Language, Cargo-Trackers-Request',
    'access-control-max-age': '7200',
  };
}

/**
 * CORS and methods: answers a preflight (when CORS is on), refuses anything but GET, and gives
 * the request the CORS headers its answer carries, made once per origin.
 */
export function cors(allowedOrigins: ReadonlySet<string>): Policy {
  const corsOn = allowedOrigins.size > 0;
  const allow = corsOn ? 'GET, OPTIONS' : 'GET';
  const sets = new Map<string | null, Readonly<Record<string, string>>>();
  const headersFor = (origin: string | null): Readonly<Record<string, string>> => {
    const key = origin !== null && allowedOrigins.has(origin) ? origin : null;
    let set = sets.get(key);
    if (set === undefined) {
      set = { vary: 'Origin', ...corsHeaders(key, allowedOrigins) };
      sets.set(key, set);
    }
    return set;
  };
  return (ctx, next) => {
    const { input } = ctx;
    const origin = input.header('origin');
    if (input.method === 'OPTIONS' && corsOn) {
      return {
        status: 204,
        headers: { vary: 'Origin', allow, ...JSON_HEADERS, ...preflightHeaders(origin, allowedOrigins) },
        body: null,
      };
    }
    if (input.method !== 'GET') return refuse(ctx, 405, 'method_not_allowed', `Only ${allow} is allowed here.`, { vary: 'Origin', allow });
    ctx.cors = headersFor(origin);
    return next();
  };
}
