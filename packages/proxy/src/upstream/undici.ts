import { Pool } from 'undici';
import type { Dispatcher } from 'undici';
import type { Transform } from 'node:stream';
import { decoderFor, settleOnce, target } from './node-http.js';
import type { NodeTransportOptions } from './node-http.js';
import { upstreamFailure } from './transport.js';
import type { UpstreamRequest, UpstreamResult, UpstreamTransport } from './transport.js';

/**
 * Upstream calls over undici's `Pool` (keep-alive, one request per connection at a time), the
 * HTTP client under Node's own `fetch`, driven through its dispatcher so that no stream or
 * `Response` is made per call. It answers exactly as `nodeHttpTransport()` and the fetch-based
 * transport do (the upstream fault tests run against all three), with less CPU per call than
 * `node:http`'s client: `npm run bench:proxy-clients` measures the proxy and a bare pass-through
 * over each.
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
