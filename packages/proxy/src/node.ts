import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProxyRequestInfo } from './create-proxy.js';

/** Any Fetch-API handler; the tracking proxy is one. */
export type FetchHandler = (request: Request, info?: ProxyRequestInfo) => Promise<Response>;

/** The parts of Express's request this adapter reads, so Express itself is not a dependency. */
interface MountedRequest extends IncomingMessage {
  readonly originalUrl?: string;
}

/**
 * Runs a Fetch-API handler on Node's `http` server, or as Express middleware:
 * `http.createServer(toNodeListener(proxy))`, `app.use('/api/tracking', toNodeListener(proxy))`.
 *
 * The client address comes from the socket, out of the visitor's reach. When the visitor
 * disconnects, the Request's signal aborts, so an upstream lookup nobody waits for is dropped.
 */
export function toNodeListener(handler: FetchHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void serve(handler, req as MountedRequest, res);
  };
}

async function serve(handler: FetchHandler, req: MountedRequest, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  let request: Request;
  try {
    request = new Request(requestUrl(req), {
      method: req.method ?? 'GET',
      headers: requestHeaders(req),
      signal: controller.signal,
    });
  } catch {
    // Request refuses methods such as TRACE and CONNECT; none is a tracking request.
    writeResponse(res, 400, { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify({ message: 'Unsupported request.', error: 'bad_request' }));
    return;
  }
  try {
    const response = await handler(request, { clientAddress: req.socket.remoteAddress });
    if (res.destroyed) return;
    const body = response.body === null ? undefined : new Uint8Array(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    writeResponse(res, response.status, headers, body);
  } catch {
    if (!res.headersSent && !res.destroyed) {
      writeResponse(res, 500, { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify({ message: 'The proxy failed unexpectedly.', error: 'proxy_error' }));
    } else {
      res.destroy();
    }
  }
}

function writeResponse(res: ServerResponse, status: number, headers: Record<string, string>, body: Uint8Array | string | undefined): void {
  if (res.destroyed) return;
  res.writeHead(status, headers);
  res.end(body);
}

/**
 * Only the path and query matter to the handler. The origin is fixed rather than taken from
 * the Host header, which the visitor controls, and a path is appended rather than resolved so
 * that `//host/path` stays a path.
 */
function requestUrl(req: MountedRequest): string {
  const target = req.originalUrl ?? req.url ?? '/';
  if (target.startsWith('/')) return `http://localhost${target}`;
  try {
    const absolute = new URL(target);
    return `http://localhost${absolute.pathname}${absolute.search}`;
  } catch {
    return 'http://localhost/';
  }
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
