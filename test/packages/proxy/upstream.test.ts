// The service misbehaving in every way a network allows: each case ends in a clean 502 with a
// JSON error body, never a partial 200, or in the upstream's answer passed on unchanged.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it, mock } from 'node:test';
import type { TrackingProxyOptions } from '@cargo-trackers/proxy';
import { DEFAULT_LIMITS } from '@cargo-trackers/proxy';
import { undiciTransport } from '@cargo-trackers/proxy/node';
import { assertCanaryNeverSeen, marked, startProxy, startUpstream } from './harness.js';
import type { Answer, UpstreamHandler } from './harness.js';

after(assertCanaryNeverSeen);

/** Every transport meets every fault the same way; each suite below runs with one. */
const TRANSPORTS: ReadonlyArray<readonly [string, Partial<TrackingProxyOptions>]> = [
  ['fetch', {}],
  ['undici', { transport: undiciTransport() }],
];
let transportOptions: Partial<TrackingProxyOptions> = {};

function startProxyOver(upstream: { url: string }, options: Partial<TrackingProxyOptions> = {}) {
  return startProxy(upstream, { ...transportOptions, ...options });
}

async function lookUpThrough(handler: UpstreamHandler, options: Partial<TrackingProxyOptions> = {}): Promise<Answer & { ms: number }> {
  const upstream = await startUpstream(handler);
  const proxy = await startProxyOver(upstream, options);
  try {
    const started = Date.now();
    const answer = await proxy.get('/api/tracking/ocean?referenceNumber=FAULT1');
    return { ...answer, ms: Date.now() - started };
  } finally {
    await proxy.close();
    await upstream.close();
  }
}

function assert502(answer: Answer, error: string): void {
  assert.equal(answer.status, 502);
  assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
  const body = answer.json() as { message: unknown; error: unknown };
  assert.equal(body.error, error);
  assert.equal(typeof body.message, 'string');
}

const JSON_DOC = '{"referenceNumber":"FAULT1","status":"IN_TRANSIT","containers":[]}';

for (const [transportName, options] of TRANSPORTS)
  describe(`upstream faults over ${transportName}`, () => {
    before(() => {
      transportOptions = options;
    });

    it('connection refused: 502 upstream_unreachable', async () => {
      // A port that was just free is closed now.
      const probe = http.createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      const proxy = await startProxyOver({ url: `http://127.0.0.1:${port}` });
      try {
        assert502(await proxy.get('/api/tracking/air?number=176-1'), 'upstream_unreachable');
      } finally {
        await proxy.close();
      }
    });

    it('connection reset before any answer: 502 upstream_unreachable', async () => {
      assert502(await lookUpThrough((req) => req.socket.destroy()), 'upstream_unreachable');
    });

    it('reset in the middle of the body: 502, not a partial 200', async () => {
      const answer = await lookUpThrough((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(JSON_DOC.length) });
        res.write(JSON_DOC.slice(0, 20));
        setTimeout(() => res.socket?.destroy(), 20);
      });
      assert502(answer, 'upstream_incomplete');
    });

    it('truncated body (Content-Length larger than what is sent): 502', async () => {
      const answer = await lookUpThrough((req, res) => {
        const socket = req.socket;
        res.detachSocket(socket);
        socket.end(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${JSON_DOC.length + 50}\r\n\r\n${JSON_DOC}`);
      });
      assert502(answer, 'upstream_incomplete');
    });

    it('the visitor leaves while the service is silent: the upstream call is dropped at once', async () => {
      let upstreamClosed: (() => void) | undefined;
      const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
      let arrived: (() => void) | undefined;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const upstream = await startUpstream((req) => {
        req.socket.once('close', () => upstreamClosed?.());
        arrived?.();
      });
      // A timeout longer than any test run: only the visitor leaving can end the upstream call.
      const proxy = await startProxyOver(upstream, { timeoutMs: 3_600_000 });
      try {
        const controller = new AbortController();
        const pending = fetch(`${proxy.url}/api/tracking/ocean?referenceNumber=GONE1`, marked({ signal: controller.signal })).catch(
          () => 'aborted',
        );
        await reached;
        controller.abort();
        assert.equal(await pending, 'aborted');
        await closed;
      } finally {
        await proxy.close();
        await upstream.close();
      }
    });

    it('silent past the timeout: 502 upstream_timeout, on time', async () => {
      const answer = await lookUpThrough(() => {}, { timeoutMs: 300 });
      assert502(answer, 'upstream_timeout');
      // Not before the timeout; how long after it depends on the machine, so that is not checked.
      assert.ok(answer.ms >= 280, `took ${answer.ms} ms`);
    });

    it('headers on time, then a trickle past the timeout: 502 upstream_timeout', async () => {
      let timer: NodeJS.Timeout | undefined;
      const answer = await lookUpThrough(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          timer = setInterval(() => res.write(' '), 50);
          res.once('close', () => clearInterval(timer));
        },
        { timeoutMs: 300 },
      );
      clearInterval(timer);
      // The service keeps sending: only the timeout over the whole exchange can end the call.
      assert502(answer, 'upstream_timeout');
      assert.ok(answer.ms >= 280, `took ${answer.ms} ms`);
    });

    it('redirect: not followed, 502 upstream_redirect, and the key goes nowhere else', async () => {
      const elsewhere = await startUpstream();
      try {
        for (const status of [301, 302, 307, 308]) {
          const answer = await lookUpThrough((_req, res) => {
            res.writeHead(status, { location: `${elsewhere.url}/steal` });
            res.end();
          });
          assert502(answer, 'upstream_redirect');
        }
        assert.equal(elsewhere.requests.length, 0);
      } finally {
        await elsewhere.close();
      }
    });

    it('oversize body with a Content-Length: 502 upstream_too_large', async () => {
      const answer = await lookUpThrough(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '2048' });
          res.end('x'.repeat(2048));
        },
        { limits: { maxBodyBytes: 1024 } },
      );
      assert502(answer, 'upstream_too_large');
    });

    it('oversize body sent in chunks without a length: 502 upstream_too_large', async () => {
      const answer = await lookUpThrough(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          for (let i = 0; i < 8; i++) res.write('y'.repeat(256));
          res.end();
        },
        { limits: { maxBodyBytes: 1024 } },
      );
      assert502(answer, 'upstream_too_large');
    });

    it('a body exactly at the cap passes', async () => {
      const body = `"${'z'.repeat(1022)}"`;
      const answer = await lookUpThrough(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(body);
        },
        { limits: { maxBodyBytes: 1024 } },
      );
      assert.equal(answer.status, 200);
      assert.equal(answer.text, body);
    });

    it('gzip-encoded body: decoded bytes, no stale Content-Encoding, a matching Content-Length', async () => {
      const answer = await lookUpThrough((_req, res) => {
        const zipped = gzipSync(JSON_DOC);
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(zipped.length) });
        res.end(zipped);
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.text, JSON_DOC);
      assert.equal(answer.headers.get('content-encoding'), null);
      assert.equal(answer.headers.get('content-length'), String(Buffer.byteLength(JSON_DOC)));
    });

    it('a gzip bomb is capped on its decoded size', async () => {
      const answer = await lookUpThrough(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          res.end(gzipSync(Buffer.alloc(1_000_000, 0x20)));
        },
        { limits: { maxBodyBytes: 64 * 1024 } },
      );
      assert502(answer, 'upstream_too_large');
    });

    it('invalid JSON on a 200 becomes a 502 JSON error, its body never reflected', async () => {
      const body = '{"referenceNumber": "FAULT1", "status": IN_TRANSIT';
      const answer = await lookUpThrough((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
      assert.equal(answer.status, 502);
      assert.equal((answer.json() as { error: string }).error, 'upstream_not_json');
      assert.ok(!answer.text.includes('FAULT1'));
    });

    it('an empty 200 becomes a 502 JSON error', async () => {
      const answer = await lookUpThrough((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' });
        res.end();
      });
      assert.equal(answer.status, 502);
      assert.equal((answer.json() as { error: string }).error, 'upstream_not_json');
    });

    it('a failure is kept only for failureCacheTtlMs: a lookup after it asks again', async () => {
      let calls = 0;
      const upstream = await startUpstream((req, res) => {
        calls += 1;
        if (calls === 1) {
          req.socket.destroy();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON_DOC);
      });
      // The clock stands still until the test moves it (Date only), so no real time need pass.
      mock.timers.enable({ apis: ['Date'], now: Date.UTC(2026, 0, 5, 12, 30) });
      const proxy = await startProxyOver(upstream);
      try {
        assert.equal((await proxy.get('/api/tracking/ocean?referenceNumber=FAULT1')).status, 502);
        mock.timers.tick(DEFAULT_LIMITS.failureCacheTtlMs - 1);
        assert.equal((await proxy.get('/api/tracking/ocean?referenceNumber=FAULT1')).status, 502, 'kept until failureCacheTtlMs');
        mock.timers.tick(1);
        const second = await proxy.get('/api/tracking/ocean?referenceNumber=FAULT1');
        assert.equal(second.status, 200);
        assert.equal(second.text, JSON_DOC);
        assert.equal(calls, 2);
      } finally {
        mock.timers.reset();
        await proxy.close();
        await upstream.close();
      }
    });
  });
