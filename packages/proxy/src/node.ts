import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { PROXY_CORE, PROXY_DEFAULT_LOGGER } from './create-proxy.js';
import { createNodeJsonLogger } from './node-log.js';
import type { ProxyLogger } from './log.js';
import type { ProxyCore, ProxyInput, ProxyRequestInfo } from './create-proxy.js';
import { VISITOR_GONE, errorOutput } from './answer.js';
import type { ProxyOutput } from './answer.js';

export { createLineWriter, createNodeJsonLogger } from './node-log.js';
export { nodeHttpTransport } from './node-upstream.js';
export { undiciTransport } from './node-undici.js';
export type { NodeTransportOptions } from './node-upstream.js';
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
  if (core !== undefined) {
    const variants = new CompressedVariants(options.maxCompressedBytes ?? 32 * 1024 * 1024);
    return (req, res) => {
      serveCore(core, variants, writeTimeoutMs, req as MountedRequest, res);
    };
  }
  return (req, res) => {
    void serveFetch(handler, writeTimeoutMs, req as MountedRequest, res);
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

function serveCore(core: ProxyCore, variants: CompressedVariants, writeTimeoutMs: number, req: MountedRequest, res: ServerResponse): void {
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
      (output) => send(variants, writeTimeoutMs, req, res, header, output),
      () => writeFailure(res),
    );
  } else {
    send(variants, writeTimeoutMs, req, res, header, result);
  }
}

function send(
  variants: CompressedVariants,
  writeTimeoutMs: number,
  req: MountedRequest,
  res: ServerResponse,
  header: (name: string) => string | null,
  output: ProxyOutput,
): void {
  try {
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
    if (writePrepared(req, res, output, compressible, encoding, body, writeTimeoutMs)) return;
    write(res, output.status, headersOf(output, compressible, encoding), body, writeTimeoutMs);
  } catch {
    writeFailure(res);
  }
}

type Encoding = 'identity' | 'gzip' | 'br';

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
 * of one cached answer hold one buffer between them; a visitor that does not read it within
 * `writeTimeoutMs` is cut off, which releases the socket's hold on it.
 */
function write(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  body: Uint8Array | null,
  writeTimeoutMs: number,
): void {
  if (res.destroyed) return;
  if (body !== null) headers['content-length'] = body.byteLength;
  res.writeHead(status, headers);
  if (body === null || body.byteLength === 0) {
    res.end();
    return;
  }
  res.end(body);
  boundWrite(res, writeTimeoutMs);
}

function boundWrite(res: ServerResponse, writeTimeoutMs: number): void {
  // Most answers are in the kernel's socket buffer by now: nothing of it is held here, so a hit
  // needs no timer. Only what is still queued in the process (a visitor reading slowly, or an
  // answer waiting behind a pipelined one) is bounded in time.
  if (res.writableLength === 0 || res.destroyed) return;
  const timer = setTimeout(() => res.destroy(), writeTimeoutMs);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
}

/** The parts of Node's ServerResponse that a prepared answer sets in place of `writeHead`. */
interface PreparedResponse {
  _header: string | null;
  _contentLength: number | null;
  readonly _keepAliveTimeout?: number;
  readonly _maxRequestsPerSocket?: number;
  readonly _defaultKeepAlive?: boolean;
  readonly maxRequestsOnConnectionReached?: boolean;
  readonly chunkedEncoding?: boolean;
  readonly _removedConnection?: boolean;
}

/** Bodies up to this size leave in the same write as their headers; larger ones keep their own buffer. */
const PREPARED_BODY_MAX_BYTES = 16 * 1024;
/** A header value Node itself would accept (it refuses control characters, CR and LF above all). */
const SAFE_HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Most bytes of whole answers kept for the current second (see `wholeAnswer`). */
const WHOLE_ANSWERS_MAX_BYTES = 8 * 1024 * 1024;
let wholeDate = '';
let wholeBytes = 0;
const sentBefore = new WeakSet<ProxyOutput>();
const wholeAnswers = new Map<ProxyOutput, { tail: string; identity?: string; gzip?: string; br?: string }>();

/**
 * A small answer whole, status line to last body byte, as a one-byte string (each body byte one
 * character). Kept for the rest of the current second, since its `Date` line changes with the
 * next: every visitor of a cached answer in that second is sent the same flat string, and
 * nothing is built or copied on the heap per request (a string joined per request is copied
 * flat by V8 when written). Only answers sent more than once, up to 8 MiB of them; past that,
 * answers are joined per request.
 */
function wholeAnswer(output: ProxyOutput, encoding: Encoding, head: string, tail: string, body: Uint8Array): string {
  const date = currentDateLine();
  if (date !== wholeDate) {
    wholeDate = date;
    wholeAnswers.clear();
    wholeBytes = 0;
  }
  let kept = wholeAnswers.get(output);
  if (kept !== undefined && kept.tail !== tail) kept = undefined;
  const known = kept?.[encoding];
  if (known !== undefined) return known;
  const whole = head + date + tail + Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  // Kept from an answer's second visitor on: an upstream answer sent once (a miss) is not worth holding.
  if (!sentBefore.has(output)) {
    sentBefore.add(output);
    return whole;
  }
  if (wholeBytes + whole.length > WHOLE_ANSWERS_MAX_BYTES) return whole;
  wholeBytes += whole.length;
  if (kept === undefined) {
    kept = { tail };
    wholeAnswers.set(output, kept);
  }
  kept[encoding] = whole;
  return whole;
}

let dateSecond = -1;
let dateLine = '';

/** `Date: …\r\n` as Node writes it, formatted once a second rather than per answer. */
function currentDateLine(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(second * 1000).toUTCString()}\r\n`;
  }
  return dateLine;
}

/**
 * The status line and headers of an answer, up to (not including) `Date`, per answer object and
 * encoding: a cached answer is one object for all its visitors, so its lines are made once. An
 * empty string marks an answer whose header values Node would refuse (it then goes through
 * `writeHead`, which says so).
 */
const preparedHeads = new WeakMap<ProxyOutput, { identity?: string; gzip?: string; br?: string }>();

function preparedHead(output: ProxyOutput, compressible: boolean, encoding: Encoding, bodyLength: number): string {
  let heads = preparedHeads.get(output);
  if (heads === undefined) {
    heads = {};
    preparedHeads.set(output, heads);
  }
  let head = heads[encoding];
  if (head !== undefined) return head;
  const headers = headersOf(output, compressible, encoding);
  head = `HTTP/1.1 ${output.status} ${STATUS_CODES[output.status] ?? 'unknown'}\r\n`;
  for (const name in headers) {
    const value = String(headers[name]);
    if (!SAFE_HEADER_VALUE.test(value)) {
      head = '';
      break;
    }
    head += `${name}: ${value}\r\n`;
  }
  if (head !== '') head += `content-length: ${bodyLength}\r\n`;
  heads[encoding] = head;
  return head;
}

/**
 * Writes an answer as one prepared string, status line, headers and (small) body together, in a
 * single write to the socket, in place of `writeHead` and `end(body)`, which send the headers and
 * the body as two chunks (a writev) after checking every header again. The bytes are the ones
 * Node would send: the same header lines in the same order, then `Date`, `Connection` and
 * `Keep-Alive` as Node adds them. Only for the plain case, a keep-alive HTTP/1.1 GET answered
 * with a body by a response nobody else has touched; anything else (HTTP/1.0, `Connection:
 * close`, the last request a socket may carry, a 304, headers set by a framework) goes through
 * `writeHead` as before. The ServerResponse still ends the answer, so keep-alive, pipelining,
 * timeouts and back-pressure stay Node's.
 */
function writePrepared(
  req: MountedRequest,
  res: ServerResponse,
  output: ProxyOutput,
  compressible: boolean,
  encoding: Encoding,
  body: Uint8Array | null,
  writeTimeoutMs: number,
): boolean {
  const prepared = res as unknown as PreparedResponse;
  const status = output.status;
  if (
    body === null ||
    body.byteLength === 0 ||
    status < 200 ||
    status === 204 ||
    status === 304 ||
    req.method !== 'GET' ||
    req.httpVersion !== '1.1' ||
    req.originalUrl !== undefined ||
    res.destroyed ||
    prepared._header !== null ||
    !res.shouldKeepAlive ||
    !res.sendDate ||
    prepared.maxRequestsOnConnectionReached !== false ||
    prepared.chunkedEncoding !== false ||
    prepared._removedConnection === true ||
    res.getHeaderNames().length !== 0
  ) {
    return false;
  }
  const head = preparedHead(output, compressible, encoding, body.byteLength);
  if (head === '') return false;
  const keepAlive = prepared._keepAliveTimeout;
  const tail =
    keepAlive !== undefined && keepAlive !== 0 && prepared._defaultKeepAlive === true
      ? keepAliveLines(keepAlive, prepared._maxRequestsPerSocket)
      : 'Connection: keep-alive\r\n\r\n';
  res.statusCode = status;
  prepared._contentLength = body.byteLength;
  if (body.byteLength <= PREPARED_BODY_MAX_BYTES) {
    // `end()` sends `_header` with the (empty) last chunk: one write of one string.
    prepared._header = wholeAnswer(output, encoding, head, tail, body);
    res.end();
  } else {
    prepared._header = head + currentDateLine() + tail;
    res.end(body);
  }
  boundWrite(res, writeTimeoutMs);
  return true;
}

let keepAliveTimeout = -1;
let keepAliveMax: number | undefined = -1;
let keepAliveText = '';

/** `Connection` and `Keep-Alive` as Node writes them for a server's settings, and the blank line; made again only when the settings change. */
function keepAliveLines(timeoutMs: number, maxRequests: number | undefined): string {
  if (timeoutMs !== keepAliveTimeout || maxRequests !== keepAliveMax) {
    keepAliveTimeout = timeoutMs;
    keepAliveMax = maxRequests;
    const max = maxRequests !== undefined && maxRequests > 0 ? `, max=${maxRequests}` : '';
    keepAliveText = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(timeoutMs / 1000)}${max}\r\n\r\n`;
  }
  return keepAliveText;
}

function writeFailure(res: ServerResponse): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  writeOutput(res, errorOutput(500, 'proxy_error', 'The proxy failed unexpectedly.'), 5_000);
}

function writeOutput(res: ServerResponse, output: ProxyOutput, writeTimeoutMs: number): void {
  write(res, output.status, { ...output.headers }, output.body, writeTimeoutMs);
}

async function serveFetch(handler: FetchHandler, writeTimeoutMs: number, req: MountedRequest, res: ServerResponse): Promise<void> {
  const signal = visitorSignal(res);
  let request: Request;
  try {
    const { path, search } = requestTarget(req);
    request = new Request(`http://localhost${path}${search}`, { method: req.method ?? 'GET', headers: requestHeaders(req), signal });
  } catch {
    // Request refuses methods such as TRACE and CONNECT; none is a tracking request.
    writeOutput(res, errorOutput(400, 'bad_request', 'Unsupported request.'), writeTimeoutMs);
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
    write(res, response.status, headers, body, writeTimeoutMs);
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
