import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { after, describe, it, mock } from 'node:test';
import zlib from 'node:zlib';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import type { ProxyLogEntry, ProxyRequestInfo } from '@cargo-trackers/proxy';
import { toNodeListener } from '@cargo-trackers/proxy/node';
import { CANARY_KEY, MARKED, assertCanaryNeverSeen, deferred, marked, observe, readAnswer, startUpstream, until } from './harness.js';

after(assertCanaryNeverSeen);

async function serve(
  handler: (request: Request, info?: ProxyRequestInfo) => Promise<Response>,
): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const server = http.createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends bytes as they are, for request targets that fetch would normalise. */
async function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('end', () => {
      observe(received);
      resolve(received);
    });
    socket.on('error', reject);
  });
}

describe('toNodeListener', () => {
  it('passes the socket address, the path, the query and the headers to the handler', async () => {
    let seen: { url: string; method: string; info?: ProxyRequestInfo; language: string | null } | undefined;
    const server = await serve(async (request, info) => {
      seen = { url: request.url, method: request.method, info, language: request.headers.get('accept-language') };
      return new Response('ok', { status: 201, headers: { 'x-a': '1' } });
    });
    try {
      const answer = await readAnswer(
        await fetch(`${server.url}/a/b?x=1+2&y=%2B`, { headers: { 'accept-language': 'fr', host: 'evil.example' } }),
      );
      assert.equal(answer.status, 201);
      assert.equal(answer.text, 'ok');
      assert.equal(answer.headers.get('x-a'), '1');
      assert.equal(seen?.url, 'http://localhost/a/b?x=1+2&y=%2B');
      assert.equal(seen?.method, 'GET');
      assert.equal(seen?.language, 'fr');
      assert.equal(seen?.info?.clientAddress, '127.0.0.1');
    } finally {
      await server.close();
    }
  });

  it('keeps a path that starts with // a path, and reads an absolute-form target for its path only', async () => {
    const urls: string[] = [];
    const server = await serve(async (request) => {
      urls.push(request.url);
      return new Response(null, { status: 204 });
    });
    try {
      await raw(server.port, 'GET //evil.example/x?q=1 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
      await raw(server.port, 'GET http://evil.example/y?q=2 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
      assert.deepEqual(urls, ['http://localhost//evil.example/x?q=1', 'http://localhost/y?q=2']);
    } finally {
      await server.close();
    }
  });

  it('answers 400 to a method the Fetch API refuses, without calling the handler', async () => {
    let called = false;
    const server = await serve(async () => {
      called = true;
      return new Response('no');
    });
    try {
      const answer = await raw(server.port, 'TRACE /api/tracking/ocean HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
      assert.match(answer, /^HTTP\/1\.1 400 /);
      assert.equal(called, false);
    } finally {
      await server.close();
    }
  });

  it('answers 500 when the handler throws', async () => {
    const server = await serve(async () => {
      throw new Error('bug');
    });
    try {
      const answer = await readAnswer(await fetch(`${server.url}/x`));
      assert.equal(answer.status, 500);
      assert.equal((answer.json() as { error: string }).error, 'proxy_error');
    } finally {
      await server.close();
    }
  });

  it('aborts the request signal when the visitor disconnects, and not after a normal answer', async () => {
    const aborted: boolean[] = [];
    const entered = deferred();
    const server = await serve(async (request) => {
      if (request.url.endsWith('/hold')) {
        entered.resolve();
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
      }
      queueMicrotask(() => aborted.push(request.signal.aborted));
      return new Response('done');
    });
    try {
      assert.equal((await readAnswer(await fetch(`${server.url}/quick`))).text, 'done');
      const controller = new AbortController();
      const pending = fetch(`${server.url}/hold`, { signal: controller.signal }).catch(() => 'aborted');
      await entered.promise;
      controller.abort();
      assert.equal(await pending, 'aborted');
      await until(() => aborted.length === 2);
      assert.deepEqual(aborted, [false, true]);
    } finally {
      await server.close();
    }
  });
});

describe('toNodeListener with the tracking proxy (the direct path)', () => {
  const BIG = JSON.stringify({ referenceNumber: 'BIG', filler: 'x'.repeat(4 * 1024 * 1024) });

  async function bigProxy(listenerOptions: Parameters<typeof toNodeListener>[1] = {}) {
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(BIG);
    });
    const logs: ProxyLogEntry[] = [];
    const proxy = createTrackingProxy({ baseUrl: upstream.url, apiKey: CANARY_KEY, logger: (entry) => logs.push(entry) });
    const server = http.createServer(toNodeListener(proxy, listenerOptions));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      server,
      logs,
      close: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await upstream.close();
      },
    };
  }

  /** A visitor that sends its request and never reads the answer. */
  function stalledVisitor(port: number, path: string): net.Socket {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${MARKER}\r\n`));
    socket.pause();
    socket.on('error', () => {});
    return socket;
  }

  it('serves a cached answer without building a Fetch Request or Response', async () => {
    const target = await bigProxy();
    const counts = { request: 0, response: 0 };
    const { Request: OriginalRequest, Response: OriginalResponse } = globalThis;
    try {
      assert.equal((await readAnswer(await fetch(`${target.url}/api/tracking/ocean?referenceNumber=BIG`, marked()))).status, 200);
      globalThis.Request = class extends OriginalRequest {
        constructor(...args: ConstructorParameters<typeof Request>) {
          super(...args);
          counts.request++;
        }
      };
      globalThis.Response = class extends OriginalResponse {
        constructor(...args: ConstructorParameters<typeof Response>) {
          super(...args);
          counts.response++;
        }
      };
      for (let i = 0; i < 5; i++) assert.equal((await rawGet(target.port, '/api/tracking/ocean?referenceNumber=BIG')).status, 200);
      assert.deepEqual(counts, { request: 0, response: 0 });
      assert.equal(target.logs.filter((e) => e.cache === 'hit').length, 5);
      // The same spy does see the Fetch-API path, so the zero above is not a blind spot.
      const fetchPath = http.createServer(
        toNodeListener((request) => Promise.resolve(new Response(`{"url":${JSON.stringify(request.url)}}`))),
      );
      await new Promise<void>((resolve) => fetchPath.listen(0, '127.0.0.1', resolve));
      await rawGet((fetchPath.address() as AddressInfo).port, '/x');
      fetchPath.close();
      assert.ok(counts.request > 0 && counts.response > 0);
    } finally {
      globalThis.Request = OriginalRequest;
      globalThis.Response = OriginalResponse;
      await target.close();
    }
  });

  it('sends gzip and brotli variants of a cached answer, compressed once, and 304 for a known ETag', async () => {
    const target = await bigProxy();
    try {
      const path = '/api/tracking/ocean?referenceNumber=BIG';
      const first = await rawGet(target.port, path, { 'accept-encoding': 'gzip, br' });
      assert.equal(first.headers['content-encoding'], undefined, 'the first answer does not wait for compression');
      assert.equal(first.headers.vary, 'Origin, Accept-Encoding');
      for (const encoding of ['br', 'gzip'] as const) {
        let answer = await rawGet(target.port, path, { 'accept-encoding': encoding });
        for (let i = 0; i < 100 && answer.headers['content-encoding'] === undefined; i++) {
          await new Promise((r) => setTimeout(r, 20));
          answer = await rawGet(target.port, path, { 'accept-encoding': encoding });
        }
        assert.equal(answer.headers['content-encoding'], encoding);
        assert.ok(answer.body.byteLength < BIG.length / 100, `${encoding}: ${answer.body.byteLength} bytes`);
        const decoded = encoding === 'br' ? zlib.brotliDecompressSync(answer.body) : zlib.gunzipSync(answer.body);
        assert.equal(decoded.toString('utf8'), BIG);
        assert.equal(answer.headers['content-length'], String(answer.body.byteLength));
      }
      const identity = await rawGet(target.port, path, { 'accept-encoding': 'br;q=0, gzip;q=0' });
      assert.equal(identity.headers['content-encoding'], undefined);
      const notModified = await rawGet(target.port, path, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
      assert.equal(notModified.status, 304);
      assert.equal(notModified.body.byteLength, 0);
    } finally {
      await target.close();
    }
  });

  it('shares one buffer between visitors who do not read a large cached answer', async () => {
    const target = await bigProxy({ writeTimeoutMs: 60_000 });
    const sockets: net.Socket[] = [];
    const served: net.Socket[] = [];
    try {
      await rawGet(target.port, '/api/tracking/ocean?referenceNumber=BIG');
      target.server.on('connection', (socket: net.Socket) => served.push(socket));
      global.gc?.();
      const before = process.memoryUsage().arrayBuffers;
      for (let i = 0; i < 40; i++) sockets.push(stalledVisitor(target.port, '/api/tracking/ocean?referenceNumber=BIG'));
      // Measured once every visitor's whole answer has been handed to its socket (bytesWritten
      // counts what the socket still queues), which is where a copy per visitor would be held.
      await until(() => served.length === 40 && served.every((socket) => socket.bytesWritten > BIG.length), 60_000);
      assert.equal(target.logs.length, 41);
      const grown = process.memoryUsage().arrayBuffers - before;
      // A copy per visitor would be 40 × 4 MiB; one shared buffer leaves room only for socket bookkeeping.
      assert.ok(grown < 24 * 1024 * 1024, `array buffers grew ${(grown / 1048576).toFixed(1)} MiB`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await target.close();
    }
  });

  it('writes a cached answer through writeHead: the same header lines on a keep-alive and a closing connection', async () => {
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(SMALL);
    });
    const proxy = createTrackingProxy({
      baseUrl: upstream.url,
      apiKey: CANARY_KEY,
      corsOrigins: ['https://shop.example'],
      logger: () => {},
    });
    const server = http.createServer(toNodeListener(proxy));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const path = '/api/tracking/ocean?referenceNumber=SMALL1';
      const origin = 'Origin: https://shop.example\r\n';
      await rawExchange(port, [`GET ${path} HTTP/1.1\r\nHost: x\r\n${MARKER}${origin}\r\n`]);
      // Two hits on one keep-alive connection, then the same answer on a closing one.
      const [hit, again] = await rawExchange(port, [
        `GET ${path} HTTP/1.1\r\nHost: x\r\n${MARKER}${origin}\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: x\r\n${MARKER}${origin}\r\n`,
      ]);
      const [closing] = await rawExchange(port, [`GET ${path} HTTP/1.1\r\nHost: x\r\n${MARKER}${origin}Connection: close\r\n\r\n`]);
      const lines = (text: string | undefined) => (text ?? '').split('\r\n\r\n')[0]?.split('\r\n') ?? [];
      const general = /^(date|connection|keep-alive):/i;
      assert.deepEqual(
        lines(hit).filter((l) => !general.test(l)),
        lines(closing).filter((l) => !general.test(l)),
      );
      assert.ok(lines(hit).includes('x-proxy-cache: hit') && lines(hit).includes('access-control-allow-origin: https://shop.example'));
      assert.deepEqual(
        lines(hit)
          .filter((l) => general.test(l))
          .map((l) => l.split(':')[0]),
        ['Date', 'Connection', 'Keep-Alive'],
      );
      assert.ok(lines(hit).includes('Keep-Alive: timeout=5'));
      assert.equal(hit?.split('\r\n\r\n')[1], SMALL);
      assert.equal(again, hit?.replace(/Date: [^\r]*/, `Date: ${/Date: ([^\r]*)/.exec(again ?? '')?.[1]}`));
      assert.equal(closing?.split('\r\n\r\n')[1], SMALL);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await upstream.close();
    }
  });

  it('answers pipelined cache hits in order, each whole', async () => {
    const upstream = await startUpstream();
    const proxy = createTrackingProxy({ baseUrl: upstream.url, apiKey: CANARY_KEY, logger: () => {} });
    const server = http.createServer(toNodeListener(proxy));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const get = (n: string) => `GET /api/tracking/ocean?referenceNumber=${n} HTTP/1.1\r\nHost: x\r\n${MARKER}\r\n`;
      await rawExchange(port, [get('PIPE1'), get('PIPE2')]);
      const answers = await raw(port, get('PIPE1') + get('PIPE2') + get('PIPE1'));
      const bodies = [...answers.matchAll(/\r\n\r\n(\{[^}]*\})/g)].map((m) => JSON.parse(m[1] as string) as { rawQuery: string });
      assert.deepEqual(
        bodies.map((b) => b.rawQuery),
        ['referenceNumber=PIPE1', 'referenceNumber=PIPE2', 'referenceNumber=PIPE1'],
      );
      assert.equal(answers.match(/x-proxy-cache: hit/g)?.length, 3);
      assert.equal(upstream.requests.length, 2);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await upstream.close();
    }
  });

  it('cuts off a visitor who stops reading once the write timeout passes, and not before', async () => {
    const target = await bigProxy({ writeTimeoutMs: 300 });
    const served: net.Socket[] = [];
    let socket: net.Socket | undefined;
    try {
      await rawGet(target.port, '/api/tracking/ocean?referenceNumber=BIG');
      target.server.on('connection', (s: net.Socket) => served.push(s));
      // The write timeout's timer is the test's to move: it is set while setTimeout is mocked.
      mock.timers.enable({ apis: ['setTimeout'] });
      socket = stalledVisitor(target.port, '/api/tracking/ocean?referenceNumber=BIG');
      // A cache hit is written in the turn its line is logged. (setImmediate: setTimeout stands still.)
      while (target.logs.length < 2) await new Promise((r) => setImmediate(r));
      const open = () => new Promise<number>((resolve) => target.server.getConnections((_e, n) => resolve(n)));
      assert.equal(await open(), 1);
      const [held] = served;
      assert.ok(held !== undefined && served.length === 1);
      mock.timers.tick(299);
      assert.equal(held.destroyed, false, 'cut off before the write timeout');
      mock.timers.tick(1);
      assert.equal(held.destroyed, true, 'not cut off at the write timeout');
      mock.timers.reset();
      if (!held.closed) await once(held, 'close');
      assert.equal(await open(), 0);
    } finally {
      mock.timers.reset();
      socket?.destroy();
      await target.close();
    }
  });
});

const SMALL = JSON.stringify({
  referenceNumber: 'SMALL1',
  note: 'caf\u00e9 \u2014 ok',
  milestones: Array.from({ length: 30 }, (_, i) => ({ code: 'DEPA', i })),
});

/**
 * Sends requests one after another on one connection and returns each raw answer; each answer
 * here carries Content-Length, which marks where it ends.
 */
function rawExchange(port: number, requests: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const answers: string[] = [];
    let buffer = Buffer.alloc(0);
    const socket = net.connect(port, '127.0.0.1', () => socket.write(requests[0] as string));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const length = Number(/content-length: (\d+)/i.exec(buffer.subarray(0, end).toString('latin1'))?.[1] ?? 0);
        if (buffer.byteLength < end + 4 + length) return;
        const head = buffer.subarray(0, end + 4).toString('latin1');
        answers.push(head + buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
        buffer = buffer.subarray(end + 4 + length);
        observe(answers[answers.length - 1] as string);
        if (answers.length === requests.length) {
          socket.destroy();
          resolve(answers);
          return;
        }
        socket.write(requests[answers.length] as string);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answers));
  });
}

interface RawAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** The request marker as a raw header line. */
const MARKER = 'Cargo-Trackers-Request: 1\r\n';

/** A GET with node:http, which neither adds nor decodes Accept-Encoding. */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { ...MARKED, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        observe(`${JSON.stringify(res.headers)}\n${body.byteLength < 100_000 ? body.toString('latin1') : ''}`);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
  });
}
