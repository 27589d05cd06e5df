import { JSON_HEADERS, errorOutput, matchesEtag } from '../answer.js';
import type { ProxyOutput } from '../answer.js';
import type { CacheOutcome } from '../log.js';
import type { CallResult, RequestContext } from './policy.js';

/**
 * A call's result as this visitor's answer: its CORS headers, a 304 when its validator matches,
 * and `public` caching only where `publicMaxAgeS` allows it (a carrier list's 200).
 */
export function renderResult(ctx: RequestContext, result: CallResult, cache: CacheOutcome, publicMaxAgeS: number | undefined): ProxyOutput {
  const { trace } = ctx;
  trace.cache = cache;
  const headers: Record<string, string> = { ...ctx.cors, 'x-proxy-cache': cache };
  if (result.kind === 'failure') {
    trace.error = result.error;
    if (result.retryAfter !== undefined) headers['retry-after'] = result.retryAfter;
    return errorOutput(result.status ?? 502, result.error, result.message, headers);
  }
  if (cache !== 'hit') trace.upstreamStatus = result.status;
  const cacheControl = publicMaxAgeS !== undefined && result.status === 200 ? `public, max-age=${publicMaxAgeS}` : 'no-store';
  Object.assign(headers, JSON_HEADERS, { 'cache-control': cacheControl });
  if (result.retryAfter !== null) headers['retry-after'] = result.retryAfter;
  if (result.etag === undefined) return { status: result.status, headers, body: result.body };
  headers.etag = result.etag;
  if (matchesEtag(ctx.input.header('if-none-match'), result.etag)) return { status: 304, headers, body: null, etag: result.etag };
  return { status: result.status, headers, body: result.body, etag: result.etag };
}
