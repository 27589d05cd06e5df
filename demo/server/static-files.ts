/**
 * Serves files from a short list of folders, first match wins: the demo pages, then the
 * script-tag bundle, both at the site root so the bundle's chunks resolve beside it.
 * Nothing outside those folders is reachable, whatever the encoding of the path.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';

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
}

async function findFile(roots: readonly StaticRoot[], segments: readonly string[]): Promise<{ path: string; root: StaticRoot } | undefined> {
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
      sendText(res, 404, 'Not found\n');
      return;
    }
    const file = found.path;
    const { size } = await stat(file);
    res.writeHead(200, {
      ...found.root.headers,
      'content-type': contentTypeOf(file),
      'content-length': String(size),
      // The demo is rebuilt often; always revalidate rather than run a stale bundle.
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
}
