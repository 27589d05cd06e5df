import { errorOutput } from '../answer.js';
import type { ProxyOutput } from '../answer.js';
import { retryAfterSeconds } from '../primitives/retry-after.js';
import type { Refusal, RequestContext } from './policy.js';

/** The proxy's own refusal, named in the log line. */
export function refuse(ctx: RequestContext, status: number, error: string, message: string, headers: Record<string, string>): ProxyOutput {
  ctx.trace.error = error;
  return errorOutput(status, error, message, headers);
}

/** A refusal decided inside a call, as this visitor's answer. */
export function refusalOutput(ctx: RequestContext, refusal: Refusal): ProxyOutput {
  const headers =
    refusal.retryAfterMs === undefined ? { ...ctx.cors } : { ...ctx.cors, 'retry-after': retryAfterSeconds(refusal.retryAfterMs) };
  return refuse(ctx, refusal.status, refusal.error, refusal.message, headers);
}
