import { checkUpstreamBody } from '../primitives/json-guard.js';
import { upstreamFailure } from '../upstream/transport.js';
import type { CallPolicy } from './policy.js';

/**
 * Guard the answer: what comes back from the upstream goes to visitors only as JSON, with a
 * status a browser can read, and never holding the key.
 */
export function guardAnswer(apiKey: string): CallPolicy {
  return async (_call, next) => {
    const result = await next();
    if (result.kind === 'failure') return result;
    if (result.status < 200 || result.status > 599 || result.status === 204 || result.status === 205)
      return upstreamFailure('upstream_incomplete');
    const verdict = checkUpstreamBody(result.body, apiKey);
    if (verdict === 'not_json') return upstreamFailure('upstream_not_json');
    if (verdict === 'key_echo' || (result.retryAfter?.includes(apiKey) ?? false)) return upstreamFailure('upstream_key_echo');
    return result;
  };
}
