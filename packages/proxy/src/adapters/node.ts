import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { PROXY_CORE, PROXY_DEFAULT_LOGGER } from '../create-proxy.js';
import { createNodeJsonLogger } from './node-log.js';
import type { ProxyLogger } from '../log.js';
import type { ProxyCore, ProxyInput, ProxyRequestInfo } from '../create-proxy.js';
import { VISITOR_GONE, errorOutput } from '../answer.js';
import type { ProxyOutput } from '../answer.js';
import { BytePool, MEMORY_RETRY_S, MEMORY_WAIT_MS, poolOf } from '../primitives/byte-pool.js';
import { DEFAULT_LIMITS } from '../options.js';

export { createLineWriter, createNodeJsonLogger } from './node-log.js';
export { undiciTransport } from '../upstream/undici.js';
export type { NodeTransportOptions } from '../upstream/undici.js';
export type { LineWriterOptions } from './node-log.js';

/** Any Fetch-API handler; the tracking proxy is one. */
export type FetchHandler = (request: Request, info?: ProxyRequestInfo) => Promise<Response>;

export interface NodeListenerOptions {
  /**
   * Longest time an answer may take to reach the visitor once writing starts. A visitor that
   * stops reading is cut off then, and the memory its answer pinned is freed. Default 30 000 ms.
   */
  readonly writeTimeoutMs?: number;
  /** Most bytes of compressed variants kept for cached answers. Default 32 MiB. */
  readonly maxCompressedBytes?: number;
}

/** The parts of Express's request this adapter reads, so Express itself is not a dependency. */
interface MountedRequest extends IncomingMessage {
  readonly originalUrl?: string;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** What every write needs: the byte pool that bounds queued answers, and how long a write may take. */
interface Outlet {
  readonly pool: BytePool;
  readonly writeTimeoutMs: number;
}

/** Bodies smaller than this go out as they are: compressing them saves less than it costs. */
const MIN_COMPRESS_BYTES = 1_024;

/**
 * Runs a Fetch-API handler on Node's `http` server, or as Express middleware:
 * `http.createServer(toNodeListener(proxy))`, `app.use('/api/tracking', toNodeListener(proxy))`.
 *
 * For the tracking proxy itself it skips the Fetch API altogether: the request is read straight
 * from Node's, and the answer, a buffer shared by every visitor of a cached answer, is written
 * straight to the socket, with gzip and brotli variants compressed once per cached answer.
 *
 * A proxy built without a `logger` logs through `createNodeJsonLogger()` (standard output, never
 * blocking) once it is given to this adapter.
 *
 * The client address comes from the socket, out of the visitor's reach. When the visitor
 * disconnects, the request's signal aborts, so an upstream lookup nobody waits for is dropped.
 * The Host header is passed on only for the cross-site check (see `publicOrigin`).
 */
export function toNodeListener(handler: FetchHandler, options: NodeListenerOptions = {}): Listener {
  const writeTimeoutMs = options.writeTimeoutMs ?? 30_000;
  const core = (handler as Partial<Record<typeof PROXY_CORE, ProxyCore>>)[PROXY_CORE];
  // A proxy built without a logger logs through the non-blocking line writer on standard output
  // rather than console.log, which on Linux blocks the event loop on a slow pipe or file.
  (handler as Partial<Record<typeof PROXY_DEFAULT_LOGGER, (make: () => ProxyLogger) => void>>)[PROXY_DEFAULT_LOGGER]?.(() =>
    createNodeJsonLogger(),
  );
  // The proxy's own byte pool, shared with its upstream calls; another handler gets one of its own.
  const pool = poolOf(handler) ?? new BytePool(DEFAULT_LIMITS.maxHeldBytes);
  if (core !== undefined) {
    const variants = new CompressedVariants(options.maxCompressedBytes ?? 32 * 1024 * 1024);
    const out: Outlet = { pool, writeTimeoutMs };
    return (req, res) => {
      serveCore(core, variants, out, req as MountedRequest, res);
    };
  }
  return (req, res) => {
    void serveFetch(handler, { pool, writeTimeoutMs }, req as MountedRequest, res);
  };
}

/** Aborts when the visitor goes away before the answer is complete. */
function visitorSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  // Made lazily, so the visitor may already have gone: then it is aborted from the start.
  if (res.destroyed && !res.writableFinished) controller.abort();
  else {
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
  }
  return controller.signal;
}

function headerOf(req: IncomingMessage): (name: string) => string | null {
  return (name) => {
    const value = req.headers[name];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

function serveCore(core: ProxyCore, variants: CompressedVariants, out: Outlet, req: MountedRequest, res: ServerResponse): void {
  const { path, search } = requestTarget(req);
  const header = headerOf(req);
  let signal: AbortSignal | undefined;
  const input: ProxyInput = {
    method: req.method ?? 'GET',
    path,
    search,
    header,
    host: header('host'),
    clientAddress: req.socket.remoteAddress,
    // Made on first use: a cache hit never needs one, and it is a measurable cost per request.
    get signal() {
      signal ??= visitorSignal(res);
      return signal;
    },
  };
  let result: ProxyOutput | Promise<ProxyOutput>;
  try {
    result = core(input);
  } catch {
    writeFailure(res);
    return;
  }
  // A cache hit comes back at once and is written in the same turn; the rest when ready.
  if (result instanceof Promise) {
    result.then(
      (output) => send(variants, out, res, header, output),
      () => writeFailure(res),
    );
  } else {
    send(variants, out, res, header, result);
  }
}

function send(
  variants: CompressedVariants,
  out: Outlet,
  res: ServerResponse,
  header: (name: string) => string | null,
  output: ProxyOutput,
): void {
  try {
    // A visitor who went away has nothing to be written to; any status the upstream gave goes out.
    if (res.destroyed || output === VISITOR_GONE) return;
    let body = output.body;
    let encoding: Encoding = 'identity';
    const compressible = output.etag !== undefined && body !== null && body.byteLength >= MIN_COMPRESS_BYTES;
    if (compressible) {
      const preferred = preferredEncoding(header('accept-encoding'));
      if (preferred !== undefined) {
        const compressed = variants.get(output.etag as string, preferred, body as Uint8Array);
        if (compressed !== undefined) {
          encoding = preferred;
          body = compressed;
        }
      }
    }
    write(out, res, output.status, preparedHeaders(output, compressible, encoding, body), body, () => {
      // No room in the byte pool: wait a little for answers to drain, then refuse.
      void out.pool.whenFits(body as Uint8Array, MEMORY_WAIT_MS).then((fits) => {
        if (fits) send(variants, out, res, header, output);
        else writeOutput(out, res, memoryRefusal(output));
      });
    });
  } catch {
    writeFailure(res);
  }
}

/** A clean JSON refusal, with the CORS headers the answer would have carried. */
function memoryRefusal(output: ProxyOutput): ProxyOutput {
  const kept: Record<string, string> = { 'retry-after': String(MEMORY_RETRY_S) };
  for (const [name, value] of Object.entries(output.headers)) {
    if (name === 'vary' || name.startsWith('access-control-')) kept[name] = value;
  }
  return errorOutput(429, 'proxy_memory', 'The proxy is holding as many answers as its memory allows; try again shortly.', kept);
}

type Encoding = 'identity' | 'gzip' | 'br';

/**
 * The headers of an answer as they go out, made once per answer object and encoding: a cached
 * answer is one object for all its visitors, so its headers are built once and handed to
 * `writeHead` as they are. Node checks and writes them; no private field of the response is set.
 */
const headersByOutput = new WeakMap<ProxyOutput, Partial<Record<Encoding, Record<string, string | number>>>>();

function preparedHeaders(
  output: ProxyOutput,
  compressible: boolean,
  encoding: Encoding,
  body: Uint8Array | null,
): Record<string, string | number> {
  let known = headersByOutput.get(output);
  if (known === undefined) {
    known = {};
    headersByOutput.set(output, known);
  }
  let headers = known[encoding];
  if (headers === undefined || headers['content-length'] !== (body?.byteLength ?? undefined)) {
    headers = headersOf(output, compressible, encoding);
    if (body !== null) headers['content-length'] = body.byteLength;
    known[encoding] = headers;
  }
  return headers;
}

/** The answer's headers as they go out: `Vary` names `Accept-Encoding` when the answer may be compressed. */
function headersOf(output: ProxyOutput, compressible: boolean, encoding: Encoding): Record<string, string | number> {
  const headers: Record<string, string | number> = { ...output.headers };
  if (compressible) headers.vary = headers.vary === undefined ? 'Accept-Encoding' : `${headers.vary}, Accept-Encoding`;
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return headers;
}

/** Brotli when the visitor takes it, then gzip; `q=0` refuses one. */
function preferredEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  if (acceptEncoding === null) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compressed copies of cached answers, made once each off the event loop (zlib's thread pool)
 * and kept under their ETag, least recently used dropped first. Until a copy is ready the
 * answer goes out uncompressed, so no visitor waits for compression.
 */
class CompressedVariants {
  readonly #ready = new Map<string, Buffer>();
  readonly #pending = new Set<string>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get(etag: string, encoding: 'br' | 'gzip', body: Uint8Array): Buffer | undefined {
    const key = `${encoding}${etag}`;
    const ready = this.#ready.get(key);
    if (ready !== undefined) {
      this.#ready.delete(key);
      this.#ready.set(key, ready);
      return ready;
    }
    if (!this.#pending.has(key) && body.byteLength <= this.#maxBytes) {
      this.#pending.add(key);
      const done = (error: Error | null, out: Buffer) => {
        this.#pending.delete(key);
        if (error === null) this.#keep(key, out);
      };
      if (encoding === 'br') {
        // Quality 5: most of brotli's gain at a fraction of the time of its default 11.
        brotliCompress(
          body,
          { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } },
          done,
        );
      } else {
        gzip(body, { level: 6 }, done);
      }
    }
    return undefined;
  }

  #keep(key: string, value: Buffer): void {
    if (value.byteLength > this.#maxBytes) return;
    this.#ready.set(key, value);
    this.#bytes += value.byteLength;
    for (const [k, v] of this.#ready) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#ready.delete(k);
      this.#bytes -= v.byteLength;
    }
  }
}

/**
 * Writes an answer whole. The body is passed by reference, never copied, so a thousand visitors
 * of one cached answer hold one buffer between them. While the socket holds it (a visitor
 * reading slowly), the body is held in the byte pool, once however many visitors share it; a
 * body that does not fit is not written, and `noRoom` runs instead. A visitor that does not read
 * it within `writeTimeoutMs` is cut off, which releases the socket's hold on it.
 */
function write(
  out: Outlet,
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  body: Uint8Array | null,
  noRoom?: () => void,
): void {
  if (res.destroyed) return;
  let release: (() => void) | undefined;
  if (body !== null && body.byteLength > 0) {
    release = out.pool.hold(body);
    if (release === undefined) {
      if (noRoom !== undefined) {
        noRoom();
        return;
      }
      // The proxy's own small answers (refusals, failures) always go out: they are bounded by the connections.
    }
  }
  if (body !== null && headers['content-length'] !== body.byteLength) headers['content-length'] = body.byteLength;
  res.writeHead(status, headers);
  if (body === null || body.byteLength === 0) {
    res.end();
    return;
  }
  res.end(body);
  // Most answers are in the kernel's socket buffer by now: nothing of it is held here, so a hit
  // needs no timer. Only what is still queued in the process (a visitor reading slowly, or an
  // answer waiting behind a pipelined one) is held and bounded in time.
  if (res.writableLength === 0 || res.destroyed) {
    release?.();
    return;
  }
  if (release !== undefined) {
    res.once('finish', release);
    res.once('close', release);
  }
  const timer = setTimeout(() => res.destroy(), out.writeTimeoutMs);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
}

function writeFailure(res: ServerResponse): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  writeOutput(FAILURE_OUTLET, res, errorOutput(500, 'proxy_error', 'The proxy failed unexpectedly.'));
}

/** For the proxy's own failure answers, a few dozen bytes each, which always go out. */
const FAILURE_OUTLET: Outlet = { pool: new BytePool(Number.MAX_SAFE_INTEGER), writeTimeoutMs: 5_000 };

function writeOutput(out: Outlet, res: ServerResponse, output: ProxyOutput): void {
  write(out, res, output.status, { ...output.headers }, output.body);
}

async function serveFetch(handler: FetchHandler, out: Outlet, req: MountedRequest, res: ServerResponse): Promise<void> {
  const signal = visitorSignal(res);
  let request: Request;
  try {
    const { path, search } = requestTarget(req);
    request = new Request(`http://localhost${path}${search}`, { method: req.method ?? 'GET', headers: requestHeaders(req), signal });
  } catch {
    // Request refuses methods such as TRACE and CONNECT; none is a tracking request.
    writeOutput(out, res, errorOutput(400, 'bad_request', 'Unsupported request.'));
    return;
  }
  try {
    const response = await handler(request, {
      clientAddress: req.socket.remoteAddress,
      ...(req.headers.host === undefined ? {} : { host: req.headers.host }),
    });
    if (res.destroyed) return;
    const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    write(out, res, response.status, headers, body, () => writeOutput(out, res, memoryRefusal({ status: 429, headers, body: null })));
  } catch {
    writeFailure(res);
  }
}

/**
 * Only the path and query matter to the handler. The origin is never taken from the Host
 * header, which the visitor controls, and a path is appended rather than resolved so that
 * `//host/path` stays a path. The path is normalised as a URL would be, so that both adapters
 * see the same path.
 */
function requestTarget(req: MountedRequest): { path: string; search: string } {
  const target = req.originalUrl ?? req.url ?? '/';
  const q = target.indexOf('?');
  const rawPath = q === -1 ? target : target.slice(0, q);
  // Most targets are a plain path: nothing a URL parser would change (dot segments, escapes,
  // backslashes, fragments), so it is taken as it is. Anything else goes through the parser.
  if (rawPath.startsWith('/') && !/[.%\\#\s]/.test(rawPath) && !target.includes('#')) {
    return { path: rawPath, search: q === -1 || q === target.length - 1 ? '' : target.slice(q) };
  }
  let url: URL;
  try {
    if (target.startsWith('/')) url = new URL(`http://localhost${target}`);
    else {
      const absolute = new URL(target);
      url = new URL(`http://localhost${absolute.pathname}${absolute.search}`);
    }
  } catch {
    return { path: '/', search: '' };
  }
  return { path: url.pathname, search: url.search };
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      // Node accepts a few header values the Fetch API refuses; the handler reads none of them.
    }
  }
  return headers;
}
