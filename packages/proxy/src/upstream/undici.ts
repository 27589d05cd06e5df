import { Pool } from 'undici';
import type { Dispatcher } from 'undici';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import { upstreamFailure } from './transport.js';
import type { UpstreamRequest, UpstreamResult, UpstreamTransport } from './transport.js';

export interface NodeTransportOptions {
  /** Most connections open to the service at once. Default no cap: `limits.maxConcurrentLookups` already bounds them, and a held lookup needs its own. */
  readonly maxSockets?: number;
  /** How long an idle connection is kept for the next call. Default 15 000 ms. */
  readonly keepAliveMsecs?: number;
}

/**
 * The upstream transport for Node: calls over undici's `Pool` (keep-alive, one request per
 * connection at a time), the HTTP client under Node's own `fetch`, driven through its dispatcher
 * so that no stream or `Response` is made per call. It answers exactly as the fetch-based
 * transport does (the upstream fault tests run against both). It is the one Node transport: a
 * second, over a `node:http(s)` Agent, was removed because `npm run bench:proxy-clients` measured
 * a miss over undici at about 30% less proxy CPU (186 µs against 268) and nothing measured
 * favoured the other.
 */
export function undiciTransport(options: NodeTransportOptions = {}): UpstreamTransport {
  const pools = new Map<string, Pool>();
  const poolOptions: Pool.Options = {
    pipelining: 1,
    keepAliveTimeout: options.keepAliveMsecs ?? 15_000,
    // The proxy's own timer bounds the whole exchange; undici's per-stage timers would only add work.
    headersTimeout: 0,
    bodyTimeout: 0,
    ...(options.maxSockets === undefined || !Number.isFinite(options.maxSockets) ? {} : { connections: options.maxSockets }),
  };
  const poolFor = (origin: string): Pool => {
    let pool = pools.get(origin);
    if (pool === undefined) {
      // Every call goes to the one service: more than a few origins means something else is
      // calling, and their pools are let go rather than kept for ever.
      if (pools.size >= 16) {
        for (const old of pools.values()) void old.close().catch(() => {});
        pools.clear();
      }
      pool = new Pool(origin, poolOptions);
      pools.set(origin, pool);
    }
    return pool;
  };
  return (call) => request(call, poolFor);
}

interface Target {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
  readonly path: string;
}

/** Origins parsed lately: every call goes to the one service, so its origin is parsed once, not per call. */
const origins = new Map<string, Omit<Target, 'path'>>();

/**
 * What `http.request` needs of a URL. The proxy's calls are its service's origin plus a path and
 * query it encoded itself; their origin is parsed once. Anything else (a character a URL would
 * escape, a fragment) goes through the URL parser, as every call did before.
 */
function target(href: string): Target {
  const slash = href.indexOf('/', href.indexOf('//') + 2);
  const path = slash === -1 ? '/' : href.slice(slash);
  if (slash !== -1 && /^\/[\x21-\x22\x24-\x7e]*$/.test(path)) {
    const origin = href.slice(0, slash);
    let known = origins.get(origin);
    if (known === undefined) {
      const url = new URL(origin);
      if (`${url.origin}` === origin) {
        known = { protocol: url.protocol, hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port };
        if (origins.size >= 16) origins.clear();
        origins.set(origin, known);
      }
    }
    if (known !== undefined) return { ...known, path };
  }
  const url = new URL(href);
  return {
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port,
    path: `${url.pathname}${url.search}`,
  };
}

/**
 * How one call ends: the first result wins, and takes the timer, the abort listener and the
 * call's bytes in the proxy's byte pool with it. `fail` also runs `drop`, which cuts the call off. The call times out after `call.timeoutMs`
 * and fails as unreachable when its signal aborts.
 */
function settleOnce(
  call: UpstreamRequest,
  resolve: (result: UpstreamResult) => void,
  drop: () => void,
): {
  finish: (result: UpstreamResult) => void;
  fail: (result: UpstreamResult) => void;
  settled: () => boolean;
  /** Takes room for a body chunk in the proxy's byte pool; false (and the call failed) when it does not fit. */
  hold: (bytes: number) => boolean;
} {
  const held = call.bytes?.forCall();
  let settled = false;
  const finish = (result: UpstreamResult) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    call.signal.removeEventListener('abort', onGone);
    held?.release();
    resolve(result);
  };
  const fail = (result: UpstreamResult) => {
    finish(result);
    drop();
  };
  const timer = setTimeout(() => fail(upstreamFailure('upstream_timeout')), call.timeoutMs);
  const onGone = () => fail(upstreamFailure('upstream_unreachable'));
  call.signal.addEventListener('abort', onGone, { once: true });
  const hold = (bytes: number): boolean => {
    // A chunk that arrives after the end is dropped: its bytes would never be given back.
    if (settled) return false;
    if (held === undefined || held.add(bytes)) return true;
    fail(upstreamFailure('proxy_memory'));
    return false;
  };
  return { finish, fail, settled: () => settled, hold };
}

/** The decompressor for a (trimmed, lower-case) `Content-Encoding`; none for identity; 'unsupported' for any other. */
function decoderFor(encoding: string | undefined): Transform | undefined | 'unsupported' {
  if (encoding === undefined || encoding === 'identity') return undefined;
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'br') return createBrotliDecompress();
  if (encoding === 'deflate') return createInflate();
  return 'unsupported';
}

function request(call: UpstreamRequest, poolFor: (origin: string) => Pool): Promise<UpstreamResult> {
  return new Promise((resolve) => {
    if (call.signal.aborted) {
      resolve(upstreamFailure('upstream_unreachable'));
      return;
    }
    let url;
    try {
      url = target(call.url);
    } catch {
      resolve(upstreamFailure('upstream_unreachable'));
      return;
    }
    let headersSeen = false;
    let abortCall: ((error?: Error) => void) | undefined;
    let decoder: Transform | undefined;
    let status = 0;
    let contentType: string | null = null;
    let retryAfter: string | null = null;
    const chunks: Buffer[] = [];
    let total = 0;

    const { finish, fail, settled, hold } = settleOnce(call, resolve, () => {
      decoder?.destroy();
      abortCall?.(new Error('upstream call dropped'));
    });
    const answer = (): UpstreamResult => ({
      kind: 'answer',
      status,
      contentType,
      retryAfter,
      body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total),
    });
    const take = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > call.maxBodyBytes) fail(upstreamFailure('upstream_too_large'));
      else if (hold(chunk.byteLength)) chunks.push(chunk);
    };

    const handler: Dispatcher.DispatchHandlers = {
      onConnect(abort) {
        abortCall = abort;
        // Dropped while it waited for a connection: it goes no further.
        if (settled()) abort(new Error('upstream call dropped'));
      },
      onHeaders(statusCode, rawHeaders) {
        if (settled()) return false;
        headersSeen = true;
        status = statusCode;
        if (status >= 300 && status < 400) {
          fail(upstreamFailure('upstream_redirect'));
          return false;
        }
        let encoding: string | undefined;
        let declared: number | undefined;
        // Node's client keeps the first of a repeated Content-Type, Retry-After or Content-Length; so does this.
        for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
          const name = (rawHeaders[i] as Buffer).toString('latin1').toLowerCase();
          if (name === 'content-encoding') {
            const value = (rawHeaders[i + 1] as Buffer).toString('latin1');
            encoding = encoding === undefined ? value : `${encoding}, ${value}`;
          } else if (name === 'content-length') declared ??= Number((rawHeaders[i + 1] as Buffer).toString('latin1'));
          else if (name === 'content-type') contentType ??= (rawHeaders[i + 1] as Buffer).toString('latin1');
          else if (name === 'retry-after') retryAfter ??= (rawHeaders[i + 1] as Buffer).toString('latin1');
        }
        encoding = encoding?.trim().toLowerCase();
        if ((encoding === undefined || encoding === 'identity') && declared !== undefined && declared > call.maxBodyBytes) {
          fail(upstreamFailure('upstream_too_large'));
          return false;
        }
        const decoding = decoderFor(encoding);
        if (decoding === 'unsupported') {
          fail(upstreamFailure('upstream_incomplete'));
          return false;
        }
        decoder = decoding;
        if (decoder !== undefined) {
          decoder.on('data', take);
          decoder.on('end', () => finish(answer()));
          decoder.on('error', () => fail(upstreamFailure('upstream_incomplete')));
        }
        return true;
      },
      onData(chunk) {
        if (settled()) return false;
        if (decoder === undefined) take(chunk);
        else decoder.write(chunk);
        return true;
      },
      onComplete() {
        if (settled()) return;
        if (decoder === undefined) finish(answer());
        else decoder.end();
      },
      onError() {
        fail(upstreamFailure(headersSeen ? 'upstream_incomplete' : 'upstream_unreachable'));
      },
    };
    try {
      const origin = `${url.protocol}//${url.hostname.includes(':') ? `[${url.hostname}]` : url.hostname}${url.port === '' ? '' : `:${url.port}`}`;
      poolFor(origin).dispatch({ method: 'GET', path: url.path, headers: call.headers }, handler);
    } catch {
      fail(upstreamFailure('upstream_unreachable'));
    }
  });
}
