import type { Outcome } from '../contracts/outcome.js';
import { parseRetryAfter } from './retry-after-header.js';
import { MAX_VALUE_LENGTH, PROXY_REQUEST, valueTooLong } from '../first/shared.js';

/** The service holds a lookup up to 2 minutes and the proxy gives up at 130 s; wait a little longer. */
export const DEFAULT_TIMEOUT_MS = 140_000;

export interface ProxyRequestOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** A request already under way (a PendingLookup's answer, ../first/early-lookup/early-request.ts), or a unit test's stand-in. */
  readonly fetch?: typeof fetch;
  /** The element's clock, against which a Retry-After date is read. */
  readonly now?: () => number;
}

/** GETs a proxy URL and classifies the outcome. Never throws. */
export async function askProxy(url: string, options: ProxyRequestOptions = {}): Promise<Outcome> {
  // The proxy would refuse it (or the server cut the connection on its size, which reads as a fault worth retrying).
  if (valueTooLong(url)) {
    return { kind: 'rejected', status: 0, code: 'value_too_long', message: `The number is longer than ${MAX_VALUE_LENGTH} characters.` };
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  try {
    if (options.signal?.aborted) return { kind: 'aborted', status: 0 };
    const response = await doFetch(url, { ...PROXY_REQUEST, signal: controller.signal });
    const text = await response.text();
    return classify(response.status, text, response.headers, options.now?.());
  } catch (error) {
    if (timedOut) return { kind: 'timeout', status: 0, message: `No answer within ${timeoutMs} ms` };
    if (options.signal?.aborted) return { kind: 'aborted', status: 0 };
    const message = error instanceof Error ? error.message : String(error);
    // The browser's own word decides: retries are pointless until it is back online.
    return { kind: globalThis.navigator?.onLine === false ? 'offline' : 'network_error', status: 0, message };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** Maps a status, body text and headers to one outcome. Exported for unit tests. */
export function classify(status: number, text: string, headers: Headers, nowMs = Date.now()): Outcome {
  if (status === 200) {
    try {
      return { kind: 'document', status, body: JSON.parse(text) as unknown };
    } catch {
      return { kind: 'unexpected_response', status, message: text.trim() === '' ? 'empty body' : 'body is not JSON' };
    }
  }
  const body = readErrorBody(text);
  const error = { status, code: body.error, message: body.message };
  if (status === 202) return { kind: 'pending', status, message: body.message };
  if (status === 401) return { kind: 'unauthorized', ...error };
  if (status === 402) {
    if (body.error === 'usage_limit_reached') {
      return { kind: 'usage_limit_reached', ...error, product: body.product, limit: body.limit, resetsAt: parseResetsAt(body.resets_at) };
    }
    return { kind: 'insufficient_credits', ...error, product: body.product };
  }
  if (status === 429) {
    return {
      kind: 'rate_limited',
      ...error,
      message: body.message ?? 'Too many requests',
      retryAfterMs: parseRetryAfter(headers.get('Retry-After'), nowMs),
    };
  }
  if (status === 404) return { kind: 'not_found', ...error };
  if (status >= 400 && status < 500) return { kind: 'rejected', ...error };
  // 5xx, and 1xx/3xx (a redirect that was not followed) and the other 2xx, which are not in the contract.
  return { kind: 'server_error', ...error, message: body.message ?? `HTTP ${status}` };
}

/** `resets_at` is untyped in the interface: an ISO time, or epoch seconds/milliseconds. Anything else is ignored. */
function parseResetsAt(value: string | number | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const ms = typeof value === 'number' ? (value < 1e11 ? value * 1000 : value) : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms) : undefined;
}

interface RawErrorBody {
  message?: string;
  error?: string;
  product?: string;
  limit?: number;
  resets_at?: string | number;
}

/** The error body is typed loosely by the interface: keep what has the expected type, ignore the rest. */
function readErrorBody(text: string): RawErrorBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const o = parsed as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  const limit =
    typeof o.limit === 'number' && Number.isFinite(o.limit)
      ? o.limit
      : typeof o.limit === 'string' && /^\d+(\.\d+)?$/.test(o.limit)
        ? Number(o.limit)
        : undefined;
  const resets = typeof o.resets_at === 'string' || typeof o.resets_at === 'number' ? o.resets_at : undefined;
  return { message: str(o.message), error: str(o.error), product: str(o.product), limit, resets_at: resets };
}

/**
 * GETs an open JSON list (the carrier lists), or reads the answer of the request `fetch` stands
 * for (one the script-tag entry sent early). Undefined on any failure: the form works without it.
 */
export async function fetchJson(url: string, signal?: AbortSignal, fetch?: typeof globalThis.fetch): Promise<unknown> {
  const answer = await askProxy(url, { signal, timeoutMs: 30_000, fetch });
  return answer.kind === 'document' ? answer.body : undefined;
}
