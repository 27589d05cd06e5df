import type { BytePool } from '../primitives/byte-pool.js';
import type { UpstreamTransport } from '../upstream/transport.js';
import { upstreamQuery } from './lookup-key.js';
import type { CallContext, CallResult } from './policy.js';

/** The only headers an upstream call carries besides the key: visitor headers never reach it. */
const UPSTREAM_ACCEPT = 'application/json';

export interface ForwardOptions {
  /** The service's origin and path prefix, without a trailing slash. */
  readonly base: string;
  readonly apiKey: string;
  readonly transport: UpstreamTransport;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  /** The proxy's one cap on bytes held for bodies in motion; each upstream chunk is taken from it. */
  readonly bytePool: BytePool;
}

/**
 * Forward, the end of the call stage: the one upstream call, built from the canonical lookup
 * alone. The key goes only to the shipment endpoints.
 */
export function forward(options: ForwardOptions): (call: CallContext) => Promise<CallResult> {
  const { base, apiKey, transport, timeoutMs, maxBodyBytes, bytePool } = options;
  return async ({ spec, lookup, signal }) => {
    const query = upstreamQuery(lookup);
    const url = `${base}${spec.upstreamPath}${query === '' ? '' : `?${query}`}`;
    const headers: Record<string, string> =
      spec.numberParam === undefined ? { accept: UPSTREAM_ACCEPT } : { accept: UPSTREAM_ACCEPT, authorization: `Bearer ${apiKey}` };
    const result = await transport({ url, headers, timeoutMs, maxBodyBytes, signal, bytes: bytePool });
    if (result.kind === 'failure') return result;
    return { kind: 'answer', status: result.status, retryAfter: result.retryAfter, body: result.body };
  };
}
