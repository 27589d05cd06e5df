/**
 * The whole demo on one origin: the demo pages, the script-tag bundle, and the reference proxy
 * at /api/tracking/*, forwarding either to the real service or to the built-in mock.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LIMITS,
  createTrackingProxy,
  type ProxyLogEntry,
  type TrackingProxyOptions,
  type UpstreamTransport,
} from '@cargo-trackers/proxy';
import { createLineWriter, toNodeListener, undiciTransport } from '@cargo-trackers/proxy/node';
import { storeFromRedisUrl } from '@cargo-trackers/proxy/redis';
import { selfHostName, selfHostZip } from '../../scripts/self-host.mjs';
import { demoNumbers } from '../mock-service/demo-numbers.js';
import { createMockTrackingService, VISITOR_HEADER } from '../mock-service/mock-tracking-service.js';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_TIMEOUT_MS, type RealService } from './demo-config.js';
import { chooseEncoding, createStaticFiles, type ContentEncoding } from './static-files.js';

export const DEFAULT_PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));
export const DEFAULT_BUNDLE_DIR = fileURLToPath(new URL('../../packages/cargo-trackers/dist/cdn/', import.meta.url));
export const BUNDLE_FILE = 'cargo-trackers.js';
const PROXY_PREFIX = '/api/tracking/';
/** Every chunk of the bundle carries a content hash in its name (chunkFileNames in vite.config.ts), so none ever changes. */
const HASHED_CHUNKS = /^\/chunks\/[^/]+-[\w-]+\.js(\.map)?$/;
/** The self-host download the configurator links to, made from the bundle this server serves (scripts/self-host.mjs). */
const SELF_HOST_PATH = `/${selfHostName()}.zip`;
/** The demo-number table as the page reads it; generated from the module so page and mock agree. */
const DEMO_NUMBERS_PATH = '/demo-numbers.json';
const demoNumbersJson = Buffer.from(
  JSON.stringify(
    demoNumbers.map(({ product, number, carrierCode, shows }) => ({ product, number, ...(carrierCode && { carrierCode }), shows })),
  ),
);
/** Compressed once, as the static files are: the page asks for the list on every load. */
const demoNumbersEncoded: Readonly<Record<ContentEncoding, Buffer>> = {
  br: brotliCompressSync(demoNumbersJson),
  gzip: gzipSync(demoNumbersJson),
};

export interface DemoServerOptions {
  readonly host?: string;
  /** 0 picks a free port. Default 8080. */
  readonly port?: number;
  /** The real tracking service. Absent: a mock on an ephemeral loopback port, with a key made up at start. */
  readonly service?: RealService;
  /** A Redis shared by several demo servers. Absent: this server's own memory store. */
  readonly redisUrl?: string;
  /**
   * Bound on each Redis call before the store answers alone (the store's default, 50 ms, unless
   * given): a test of the sharing gives more, so that a busy test machine does not turn a slow
   * answer into a second upstream call.
   */
  readonly redisCallTimeoutMs?: number;
  /** Whole-exchange limit of each upstream call. Default 130 000 ms. */
  readonly timeoutMs?: number;
  readonly publicDir?: string;
  readonly bundleDir?: string;
  /** How long the mock holds a slow lookup before its 202. Default: the mock's own (3 s). */
  readonly mockHoldMs?: number;
  /** Makes the mock's key. Tests pass their own, to prove the key leaks nowhere. */
  readonly generateMockKey?: () => string;
  /** Where the server's log lines go. Default standard output, written without blocking the event loop. */
  readonly log?: (line: string) => void;
  /** Proxy settings beyond the defaults: page origins on other hosts allowed to call the proxy (`CORS_ORIGINS`), and limits. */
  readonly proxy?: Pick<TrackingProxyOptions, 'corsOrigins' | 'limits'>;
}

export interface DemoServer {
  /** `http://host:port/`, with the port actually bound. */
  readonly url: string;
  /** Whether the demo is using the built-in mock service. */
  readonly usingMock: boolean;
  close(): Promise<void>;
}

/** A fresh key per start: it exists only in this process, between the proxy and the mock. */
export function generateMockKey(): string {
  return `trk_demo_${randomBytes(24).toString('base64url')}`;
}

async function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    // Keep-alive sockets and held lookups would otherwise keep close() waiting.
    server.closeAllConnections();
  });
}

/** The address to show: a wildcard bind is reachable at localhost; IPv6 needs brackets. */
function displayUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}/`;
}

/** One readable line per proxied request. The proxy's entry holds no key and no number. */
function proxyLogLine(entry: ProxyLogEntry): string {
  const upstream = entry.upstreamStatus === undefined ? '' : ` upstream ${entry.upstreamStatus}`;
  const error = entry.error === undefined ? '' : ` ${entry.error}`;
  return `proxy ${entry.method} ${entry.route} → ${entry.status}${upstream}${error} (${entry.durationMs} ms, cache ${entry.cache})`;
}

/**
 * Tells the built-in mock which visitor a lookup is for, so that each sees a slow number's whole
 * 202 sequence (see VISITOR_HEADER). The visitor is the client's address, hashed so that the mock
 * holds no addresses; the proxy's upstream call runs inside the visitor's request, so the address
 * is read from the async context, with no change to the proxy. Never used with the real service.
 */
function visitorTagging(transport: UpstreamTransport): {
  transport: UpstreamTransport;
  asVisitor: <T>(address: string | undefined, run: () => T) => T;
} {
  const visitors = new AsyncLocalStorage<string>();
  return {
    transport: (call) => {
      const visitor = visitors.getStore();
      return transport(visitor === undefined ? call : { ...call, headers: { ...call.headers, [VISITOR_HEADER]: visitor } });
    },
    asVisitor: (address, run) =>
      visitors.run(
        createHash('sha256')
          .update(address ?? '')
          .digest('hex')
          .slice(0, 16),
        run,
      ),
  };
}

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const log = options.log ?? createLineWriter();
  const host = options.host ?? DEFAULT_HOST;
  const publicDir = options.publicDir ?? DEFAULT_PUBLIC_DIR;
  const bundleDir = options.bundleDir ?? DEFAULT_BUNDLE_DIR;

  let mock: Server | undefined;
  let service = options.service;
  if (service === undefined) {
    const apiKey = (options.generateMockKey ?? generateMockKey)();
    mock = createMockTrackingService({ apiKey, ...(options.mockHoldMs === undefined ? {} : { holdMs: options.mockHoldMs }) });
    const address = await listen(mock, 0, '127.0.0.1');
    service = { baseUrl: `http://127.0.0.1:${address.port}`, apiKey };
  }

  const upstream = mock ? visitorTagging(undiciTransport()) : undefined;
  const store = storeFromRedisUrl(options.redisUrl, {
    log: (entry) => log(`store: ${entry.message}`),
    ...(options.redisCallTimeoutMs === undefined ? {} : { callTimeoutMs: options.redisCallTimeoutMs }),
  });
  const proxy = createTrackingProxy({
    baseUrl: service.baseUrl,
    store,
    apiKey: service.apiKey,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    logger: (entry) => log(proxyLogLine(entry)),
    transport: upstream?.transport ?? undiciTransport(),
    corsOrigins: options.proxy?.corsOrigins ?? [],
    // The mock's slow numbers answer 202, 202, then 200; a cached 200 or 202 would stop the demo
    // replaying, and with nothing cached one visitor trying the demo numbers may use the whole
    // budget (the mock bills nothing). With the real service, a 202 is kept for the demo page's
    // poll-interval (1 s).
    limits: {
      pendingCacheTtlMs: 1_000,
      ...(mock && { cacheTtlMs: 0, pendingCacheTtlMs: 0, upstreamCallsPerClient: DEFAULT_LIMITS.upstreamBudget }),
      ...options.proxy?.limits,
    },
  });
  const proxyListener = toNodeListener(proxy);
  // The bundle and its chunks are public code, readable from any origin as on a public CDN:
  // a page elsewhere loads them as module scripts, which are fetched in CORS mode.
  const staticFiles = createStaticFiles([
    { dir: publicDir },
    { dir: bundleDir, headers: { 'access-control-allow-origin': '*' }, immutable: (path) => HASHED_CHUNKS.test(path) },
  ]);

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith(PROXY_PREFIX)) {
      if (upstream) upstream.asVisitor(req.socket.remoteAddress, () => proxyListener(req, res));
      else proxyListener(req, res);
      return;
    }
    if (path === DEMO_NUMBERS_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      const encoding = chooseEncoding(req.headers['accept-encoding']);
      const body = encoding ? demoNumbersEncoded[encoding] : demoNumbersJson;
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(body.length),
        'cache-control': 'no-cache',
        vary: 'accept-encoding',
        ...(encoding ? { 'content-encoding': encoding } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (path === SELF_HOST_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      // Made at each download from the files on disk, so it is never older than the bundle the page runs.
      let zip: Buffer;
      try {
        zip = selfHostZip(bundleDir);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The script-tag bundle is not built here: run npm run build:bundle.\n');
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/zip',
        'content-length': String(zip.length),
        'content-disposition': `attachment; filename="${SELF_HOST_PATH.slice(1)}"`,
        'cache-control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : zip);
      return;
    }
    staticFiles(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal error\n');
    });
  });

  let address: AddressInfo;
  try {
    address = await listen(server, options.port ?? DEFAULT_PORT, host);
  } catch (error) {
    if (mock) await closeServer(mock);
    await store?.close();
    throw error;
  }

  if (mock) log('Tracking: the built-in mock service (no key needed; set TRACKING_API_BASE_URL and TRACKING_API_KEY for the real one).');
  else log(`Tracking: ${service.baseUrl}`);
  // The address only: a REDIS_URL may carry a password.
  if (options.redisUrl !== undefined)
    log(`Store: Redis at ${new URL(options.redisUrl).host}, shared with every server given the same REDIS_URL.`);
  if (!existsSync(`${bundleDir}/${BUNDLE_FILE}`)) {
    log(`The script-tag bundle is missing (${BUNDLE_FILE} in ${bundleDir}): run npm run build:bundle, then reload the page.`);
  }

  let closing: Promise<void> | undefined;
  return {
    url: displayUrl(host, address.port),
    usingMock: mock !== undefined,
    close: () => {
      closing ??= Promise.all([closeServer(server), mock ? closeServer(mock) : Promise.resolve()]).then(() => store?.close());
      return closing;
    },
  };
}
