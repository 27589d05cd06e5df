import type { UpstreamBytes } from '../primitives/byte-pool.js';
import { upstreamFailure } from './transport.js';
import type { UpstreamRequest, UpstreamResult, UpstreamTransport } from './transport.js';

// The upstream transport for every runtime: Workers, Next.js and Node, where it is the default
// unless the Node entry's `undiciTransport()` (upstream/undici.ts) is given.

export interface UpstreamCall extends UpstreamRequest {
  readonly fetch: typeof fetch;
}

/** The default transport: `fetch`, which runs on every runtime (on Node it pools connections with undici). */
export function fetchTransport(fetchImpl: typeof fetch): UpstreamTransport {
  return (call) => callUpstream({ ...call, fetch: fetchImpl });
}

/**
 * One GET to the service. The whole exchange, body included, runs under `timeoutMs`: a
 * service that trickles bytes is as stuck as a silent one. Never throws; a failure is a value
 * so that every visitor sharing the call gets the same answer.
 */
export async function callUpstream(call: UpstreamCall): Promise<UpstreamResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, call.timeoutMs);
  const onGone = () => controller.abort();
  call.signal.addEventListener('abort', onGone, { once: true });
  let stage: 'connect' | 'body' = 'connect';
  try {
    if (call.signal.aborted) return upstreamFailure('upstream_unreachable');
    // `manual` so that a redirect can never carry the key to another origin.
    const response = await call.fetch(call.url, {
      method: 'GET',
      headers: call.headers,
      redirect: 'manual',
      signal: controller.signal,
    });
    stage = 'body';
    if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
      await response.body?.cancel().catch(() => {});
      return upstreamFailure('upstream_redirect');
    }
    const declared = Number(response.headers.get('content-length'));
    if (response.headers.get('content-encoding') === null && declared > call.maxBodyBytes) {
      await response.body?.cancel().catch(() => {});
      return upstreamFailure('upstream_too_large');
    }
    const body = await readCapped(response, call.maxBodyBytes, call.bytes);
    if (body === 'proxy_memory') return upstreamFailure('proxy_memory');
    if (body === undefined) return upstreamFailure('upstream_too_large');
    return {
      kind: 'answer',
      status: response.status,
      contentType: response.headers.get('content-type'),
      retryAfter: response.headers.get('retry-after'),
      body,
    };
  } catch {
    if (timedOut) return upstreamFailure('upstream_timeout');
    return upstreamFailure(stage === 'connect' ? 'upstream_unreachable' : 'upstream_incomplete');
  } finally {
    clearTimeout(timer);
    call.signal.removeEventListener('abort', onGone);
  }
}

/**
 * The body as bytes (already decoded by fetch if it was compressed), undefined past the cap, or
 * `proxy_memory` when the proxy's byte pool has no room for the next chunk.
 */
async function readCapped(
  response: Response,
  maxBytes: number,
  pool: UpstreamBytes | undefined,
): Promise<Uint8Array | undefined | 'proxy_memory'> {
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const held = pool?.forCall();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        return undefined;
      }
      if (held !== undefined && !held.add(value.byteLength)) {
        await reader.cancel().catch(() => {});
        return 'proxy_memory';
      }
      chunks.push(value);
    }
  } finally {
    held?.release();
  }
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
