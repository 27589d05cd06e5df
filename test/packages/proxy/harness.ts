// Shared by the proxy tests: a scriptable upstream on loopback, the proxy behind the real Node
// adapter, and a record of every response and log line so each file can prove the key never leaked.
import assert from 'node:assert/strict';
import http from 'node:http';
import { mock } from 'node:test';
import type { AddressInfo } from 'node:net';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import type { ProxyLogEntry, TrackingProxyOptions } from '@cargo-trackers/proxy';
import { toNodeListener } from '@cargo-trackers/proxy/node';

/** A key that must never be seen outside the upstream's Authorization header. */
export const CANARY_KEY = `trk_CANARY_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

/** Everything a visitor or an operator could see, across the file. */
const observed: string[] = [];

export function observe(text: string): void {
  observed.push(text);
}

/** Call in `after()`: the key appears in no response and no log line seen by this file. */
export function assertCanaryNeverSeen(): void {
  assert.ok(observed.length > 0, 'the file observed nothing, so the check would prove nothing');
  for (const text of observed) assert.ok(!text.includes(CANARY_KEY), `key leaked in: ${text.slice(0, 200)}`);
  assert.ok(!observed.some((t) => t.includes('CANARY')), 'part of the key leaked');
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  /** The raw query string, without `?`. */
  readonly rawQuery: string;
  readonly query: URLSearchParams;
  readonly headers: http.IncomingHttpHeaders;
  /** Resolves when the proxy closes this request (answered or aborted). */
  readonly closed: Promise<void>;
}

export interface Upstream {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export type UpstreamHandler = (req: http.IncomingMessage, res: http.ServerResponse, recorded: RecordedRequest) => void;

/** A JSON 200 that echoes what arrived, so tests can compare it with what was sent. */
export const echo: UpstreamHandler = (_req, res, recorded) => {
  const body = JSON.stringify({ path: recorded.path, rawQuery: recorded.rawQuery });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
};

export async function startUpstream(handler: UpstreamHandler = echo): Promise<Upstream> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      url,
      path: q === -1 ? url : url.slice(0, q),
      rawQuery: q === -1 ? '' : url.slice(q + 1),
      query: new URLSearchParams(q === -1 ? '' : url.slice(q + 1)),
      headers: req.headers,
      closed: new Promise((resolve) => res.once('close', () => resolve())),
    };
    requests.push(recorded);
    handler(req, res, recorded);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface RunningProxy {
  readonly url: string;
  readonly logs: ProxyLogEntry[];
  /** GETs a path on the proxy as the element does, with the request marker (unless `init` sets it), and reads the whole answer. */
  get(path: string, init?: RequestInit): Promise<Answer>;
  close(): Promise<void>;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly bytes: Uint8Array;
  json(): unknown;
}

export async function readAnswer(response: Response): Promise<Answer> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  observe(text);
  response.headers.forEach((value, name) => observe(`${name}: ${value}`));
  return { status: response.status, headers: response.headers, text, bytes, json: () => JSON.parse(text) as unknown };
}

/** The request marker the element sends on every proxy request (BRIEF: cross-site refusal without Fetch Metadata). */
export const MARKED: Readonly<Record<string, string>> = { 'cargo-trackers-request': '1' };

/** `init` with the request marker added to its headers (a plain object, if any), unless it names the marker itself. */
export function marked(init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...MARKED, ...(init.headers as Record<string, string> | undefined) } };
}

/** Limits that stay out of the way of tests about something else. */
export const UNLIMITED = {
  newNumbersPerClientPerHour: Infinity,
  upstreamBudget: { requests: Infinity, windowMs: 20_000 },
  upstreamCallsPerClient: { requests: Infinity, windowMs: 20_000 },
  maxConcurrentLookups: 10_000,
} as const;

export async function startProxy(upstream: { url: string }, options: Partial<TrackingProxyOptions> = {}): Promise<RunningProxy> {
  const logs: ProxyLogEntry[] = [];
  const handler = createTrackingProxy({
    baseUrl: upstream.url,
    apiKey: CANARY_KEY,
    // The upstream's timeout, out of the way of tests about something else: on a machine as busy as
    // CI a loopback answer can take seconds. The timeout's own tests set theirs (upstream.test.ts).
    timeoutMs: 30_000,
    ...options,
    limits: { ...UNLIMITED, ...options.limits },
    logger: (entry) => {
      observe(JSON.stringify(entry));
      logs.push(entry);
      options.logger?.(entry);
    },
  });
  const server = http.createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    logs,
    get: async (path, init) => readAnswer(await fetch(`${url}${path}`, marked(init))),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Waits until `condition` holds, polling; fails after `ms`. The bound stops a hang, it bounds no
 * speed: long enough for a machine as busy as CI (npm test runs the proxy on three Node lines beside
 * the browsers), where a wait of 2 s once ran out.
 */
export async function until(condition: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Runs `body` with Date stood still (mock.timers, Date only) in the middle of a clock hour, which
 * the test moves with `mock.timers.tick`: a TTL or a budget window ends only when the test says,
 * and the per-hour quota cannot find a fresh hour mid-test. Timers, sockets and Redis keep real time.
 */
export async function withFrozenDate(body: () => Promise<void>): Promise<void> {
  mock.timers.enable({ apis: ['Date'], now: Date.UTC(2026, 0, 5, 12, 30, 0, 200) });
  try {
    await body();
  } finally {
    mock.timers.reset();
  }
}
