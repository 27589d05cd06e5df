import { MEMORY_RETRY_S } from './byte-pool.js';
import type { UpstreamBytes } from './byte-pool.js';

/** The upstream's answer, read whole. Only the headers the proxy passes on are kept. */
export interface UpstreamAnswer {
  readonly kind: 'answer';
  readonly status: number;
  readonly contentType: string | null;
  readonly retryAfter: string | null;
  readonly body: Uint8Array;
}

export type UpstreamErrorCode =
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'upstream_incomplete'
  | 'upstream_redirect'
  | 'upstream_too_large'
  | 'upstream_key_echo'
  | 'upstream_not_json'
  | 'proxy_memory';

export interface UpstreamFailure {
  readonly kind: 'failure';
  readonly error: UpstreamErrorCode;
  readonly message: string;
  /** The status the visitor gets; 502 when absent (the upstream's fault). */
  readonly status?: number;
  /** Seconds, for a failure worth trying again soon. */
  readonly retryAfter?: string;
}

export type UpstreamResult = UpstreamAnswer | UpstreamFailure;

/** One GET the proxy needs made, whatever makes it. */
export interface UpstreamRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The whole exchange, body included. */
  readonly timeoutMs: number;
  /** Most body bytes accepted, after decompression. */
  readonly maxBodyBytes: number;
  /** Aborted when no visitor waits for the answer any more. */
  readonly signal: AbortSignal;
  /**
   * The proxy's cap on bytes held for answers in motion: each body chunk is taken from it as it
   * arrives and given back when the call ends; a chunk that does not fit fails the call with
   * `proxy_memory`. Absent: no cap but `maxBodyBytes`.
   */
  readonly bytes?: UpstreamBytes;
}

/**
 * Makes upstream calls. It never throws and never follows a redirect; every fault is an
 * `UpstreamFailure`. The default uses `fetch`; on Node, `undiciTransport()` from
 * `@cargo-trackers/proxy/node` is faster.
 */
export type UpstreamTransport = (call: UpstreamRequest) => Promise<UpstreamResult>;

export interface UpstreamCall extends UpstreamRequest {
  readonly fetch: typeof fetch;
}

/** The default transport: `fetch`, which runs on every runtime (on Node it pools connections with undici). */
export function fetchTransport(fetchImpl: typeof fetch): UpstreamTransport {
  return (call) => callUpstream({ ...call, fetch: fetchImpl });
}

const MESSAGES: Record<UpstreamErrorCode, string> = {
  upstream_unreachable: 'The tracking service could not be reached.',
  upstream_timeout: 'The tracking service did not answer in time.',
  upstream_incomplete: 'The tracking service closed the connection before its answer was complete.',
  upstream_redirect: 'The tracking service answered with a redirect, which the proxy does not follow.',
  upstream_too_large: 'The tracking service answer was larger than the proxy accepts.',
  upstream_key_echo: 'The tracking service answer contained the API key; it was withheld.',
  upstream_not_json: 'The tracking service answered with something other than JSON; it was withheld.',
  proxy_memory: 'The proxy is holding as many answers as its memory allows; try again shortly.',
};

export function upstreamFailure(error: UpstreamErrorCode): UpstreamFailure {
  // Not the upstream's fault, and over in seconds: a 429 makes the widget wait and ask again.
  if (error === 'proxy_memory')
    return { kind: 'failure', error, message: MESSAGES[error], status: 429, retryAfter: String(MEMORY_RETRY_S) };
  return { kind: 'failure', error, message: MESSAGES[error] };
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
