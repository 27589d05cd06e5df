import { VISITOR_GONE, errorOutput } from '../answer.js';
import type { ProxyOutput } from '../answer.js';
import type { ProxyLogEntry, ProxyLogger } from '../log.js';
import { isoTime } from '../log.js';
import { VisitorGone } from '../primitives/single-flight.js';
import type { Answer, Policy, RequestContext } from './policy.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Log, around everything else: one line per request, whatever answered it, and the answer for
 * a visitor who went away or a policy that failed. `logger` is read per request, so that an
 * adapter may swap in a better default after the proxy is built.
 */
export function logRequests(logger: () => ProxyLogger): Policy {
  return (ctx, next) => {
    const started = Date.now();
    let answer: Answer;
    try {
      answer = next();
    } catch (error) {
      return finish(ctx, failed(ctx, error), started, logger);
    }
    if (answer instanceof Promise) {
      return answer.then(
        (output) => finish(ctx, output, started, logger),
        (error: unknown) => finish(ctx, failed(ctx, error), started, logger),
      );
    }
    return finish(ctx, answer, started, logger);
  };
}

function failed(ctx: RequestContext, error: unknown): ProxyOutput {
  if (error instanceof VisitorGone || ctx.input.signal.aborted) {
    ctx.trace.error = 'client_closed';
    return VISITOR_GONE;
  }
  ctx.trace.error = 'proxy_error';
  return errorOutput(500, 'proxy_error', 'The proxy failed unexpectedly.');
}

function finish(ctx: RequestContext, output: ProxyOutput, started: number, logger: () => ProxyLogger): ProxyOutput {
  const { trace, input } = ctx;
  try {
    // Built member by member rather than with spreads, which cost a copy each on every request.
    const entry: Mutable<ProxyLogEntry> = {
      time: isoTime(started),
      level: output.status === 500 && trace.error === 'proxy_error' ? 'error' : output.status === 502 ? 'warn' : 'info',
      method: input.method,
      route: trace.route,
      status: output.status,
      durationMs: Date.now() - started,
      cache: trace.cache,
    };
    if (trace.upstreamStatus !== undefined) entry.upstreamStatus = trace.upstreamStatus;
    if (trace.error !== undefined) entry.error = trace.error;
    if (trace.numberHash !== undefined) entry.numberHash = trace.numberHash;
    logger()(entry);
  } catch {
    // A broken logger must not turn an answer into a failure.
  }
  return output;
}
