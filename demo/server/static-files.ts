/**
 * Serves files from a short list of folders, first match wins: the demo pages, then the
 * script-tag bundle, both at the site root so the bundle's chunks resolve beside it.
 * Nothing outside those folders is reachable, whatever the encoding of the path.
 *
 * Text is sent compressed (brotli, else gzip, as the request accepts), each file compressed
 * once and kept until it changes on disk. Files whose names carry a content hash are cached
 * for a year as `immutable`; everything else is revalidated (`no-cache` with an ETag, so an
 * unchanged file costs a 304).
 */
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);

export type ContentEncoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header: brotli when accepted, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name !== '' && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

interface Compressed {
  readonly version: string;
  readonly br: Promise<Buffer>;
  readonly gzip: Promise<Buffer>;
}

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

/**
 * The decoded path segments of a request, or undefined when the path tries to step out
 * (`..`, encoded or not), names a hidden file, or carries bytes no file name here has.
 */
export function safeSegments(pathname: string): string[] | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || /[\\\0]/.test(decoded)) return undefined;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return undefined;
  return segments;
}

/** A folder to serve, and headers its files are served with. */
export interface StaticRoot {
  readonly dir: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Whether a request path names a file whose name changes with its content (cached a year as immutable). */
  readonly immutable?: (pathname: string) => boolean;
}

async function findFile(
  roots: readonly StaticRoot[],
  segments: readonly string[],
): Promise<{ path: string; root: StaticRoot } | undefined> {
  for (const entry of roots) {
    const root = entry.dir;
    const candidate = join(root, ...segments);
    try {
      // Resolve links too: a link inside a root must not lead outside it.
      const [real, realRoot] = await Promise.all([realpath(candidate), realpath(root)]);
      if (!real.startsWith(realRoot + sep)) continue;
      if ((await stat(real)).isFile()) return { path: real, root: entry };
    } catch {
      // Not in this root; try the next.
    }
  }
  return undefined;
}

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createStaticFiles(roots: readonly StaticRoot[]): StaticHandler {
  const compressed = new Map<string, Compressed>();

  /** Both encodings of a file at this version, made on first request (quality 11 and level 9: made once, sent often). */
  function compressedOf(file: string, version: string): Compressed {
    let entry = compressed.get(file);
    if (entry?.version !== version) {
      const body = readFile(file);
      entry = {
        version,
        br: body.then((b) =>
          compressBrotli(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
        ),
        gzip: body.then((b) => compressGzip(b, { level: 9 })),
      };
      // A failed read or compression is not kept: the next request tries again.
      const made = entry;
      const forget = (): void => {
        if (compressed.get(file) === made) compressed.delete(file);
      };
      made.br.catch(forget);
      made.gzip.catch(forget);
      compressed.set(file, made);
    }
    return entry;
  }

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed\n', { allow: 'GET, HEAD' });
      return;
    }
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const segments = safeSegments(pathname);
    if (segments === undefined) {
      sendText(res, 404, 'Not found\n');
      return;
    }
    if (segments.length === 0 || pathname.endsWith('/')) segments.push('index.html');
    const found = await findFile(roots, segments);
    if (found === undefined) {
      // A folder's page (e.g. `configure/index.html` at `/configure`) is at the folder's own path,
      // so that its relative links resolve inside the folder, as on any static host.
      if (!pathname.endsWith('/') && segments.length > 0 && (await findFile(roots, [...segments, 'index.html']))) {
        // Built from the checked segments, so `//host` can never become a redirect off the site.
        const query = (req.url ?? '').slice(pathname.length);
        res.writeHead(301, { location: `/${segments.map(encodeURIComponent).join('/')}/${query}`, 'content-length': '0' });
        res.end();
        return;
      }
      sendText(res, 404, 'Not found\n');
      return;
    }
    const file = found.path;
    const { size, mtimeMs } = await stat(file);
    const version = `${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}`;
    const compressible = COMPRESSIBLE.has(extname(file).toLowerCase());
    const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    const etag = `"${version}${encoding ? `-${encoding}` : ''}"`;
    const headers: Record<string, string> = {
      ...found.root.headers,
      'content-type': contentTypeOf(file),
      'cache-control': found.root.immutable?.(pathname)
        ? 'public, max-age=31536000, immutable'
        : // The demo is rebuilt often; always revalidate rather than run a stale bundle.
          'no-cache',
      etag,
      'x-content-type-options': 'nosniff',
      ...(compressible && { vary: 'accept-encoding' }),
    };
    if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (encoding) {
      const body = await compressedOf(file, version)[encoding];
      res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': String(size) });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
}
