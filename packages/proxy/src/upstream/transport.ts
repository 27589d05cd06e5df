import { MEMORY_RETRY_S } from '../primitives/byte-pool.js';
import type { UpstreamBytes } from '../primitives/byte-pool.js';

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
