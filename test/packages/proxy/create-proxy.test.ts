import assert from 'node:assert/strict';
import { after, describe, it, mock } from 'node:test';
import { MemoryStore, createTrackingProxy } from '@cargo-trackers/proxy';
import {
  CANARY_KEY,
  assertCanaryNeverSeen,
  deferred,
  echo,
  marked,
  observe,
  readAnswer,
  startProxy,
  startUpstream,
  until,
  withFrozenDate,
} from './harness.js';
import type { RunningProxy, Upstream, UpstreamHandler } from './harness.js';

after(assertCanaryNeverSeen);

async function withProxy(
  handler: UpstreamHandler,
  options: Parameters<typeof startProxy>[1],
  body: (proxy: RunningProxy, upstream: Upstream) => Promise<void>,
): Promise<void> {
  const upstream = await startUpstream(handler);
  const proxy = await startProxy(upstream, options);
  try {
    await body(proxy, upstream);
  } finally {
    await proxy.close();
    await upstream.close();
  }
}

/**
 * A MemoryStore that counts the cache lookups it is asked for. The proxy reads the cache of a
 * MemoryStore at once (`peekCached`, no promise) and, on a miss, joins a call in flight or starts
 * one in the same turn: once a visitor's lookup has been counted here, that visitor is waiting on
 * the call. Tests wait for this count instead of sleeping and hoping a visitor has joined.
 */
class CountingStore extends MemoryStore {
  lookups = 0;

  override peekCached(key: string): Uint8Array | undefined {
    this.lookups += 1;
    return super.peekCached(key);
  }
}

function answerWith(status: number, body: string, headers: Record<string, string> = {}): UpstreamHandler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };
}

describe('createTrackingProxy', () => {
  describe('configuration', () => {
    it('refuses to start without a key', () => {
      assert.throws(() => createTrackingProxy({ baseUrl: 'http://127.0.0.1:1', apiKey: '' }), /apiKey/);
    });

    it('refuses a base address that is not plain http(s)', () => {
      assert.throws(() => createTrackingProxy({ baseUrl: 'ftp://127.0.0.1', apiKey: CANARY_KEY }), /http/);
      assert.throws(() => createTrackingProxy({ baseUrl: 'http://127.0.0.1/?a=1', apiKey: CANARY_KEY }), /origin/);
    });

    it('refuses two routes on one path', () => {
      assert.throws(
        () => createTrackingProxy({ baseUrl: 'http://127.0.0.1', apiKey: CANARY_KEY, routes: { air: '/api/tracking/ocean' } }),
        /repeats/,
      );
    });

    it('answers on configured paths and keeps a base path prefix', async () => {
      const upstream = await startUpstream();
      const proxy = await startProxy({ url: `${upstream.url}/tracking/` }, { routes: { ocean: '/track/sea' } });
      try {
        assert.equal((await proxy.get('/api/tracking/ocean?referenceNumber=A')).status, 404);
        const answer = await proxy.get('/track/sea?referenceNumber=A');
        assert.equal(answer.status, 200);
        assert.equal(upstream.requests.at(-1)?.path, '/tracking/v1/shipments/ocean');
      } finally {
        await proxy.close();
        await upstream.close();
      }
    });
  });

  describe('forwarding', () => {
    it('sends an ocean lookup to /v1/shipments/ocean with the key', () =>
      withProxy(echo, {}, async (proxy, upstream) => {
        const answer = await proxy.get('/api/tracking/ocean?referenceNumber=MSCU1234567&carrierCode=MSCU&routeDetails=true');
        assert.equal(answer.status, 200);
        const [request] = upstream.requests;
        assert.equal(request?.path, '/v1/shipments/ocean');
        assert.equal(request?.rawQuery, 'referenceNumber=MSCU1234567&carrierCode=MSCU&routeDetails=true');
        assert.equal(request?.headers.authorization, `Bearer ${CANARY_KEY}`);
      }));

    it('sends an air lookup to /v1/shipments/air with the key', () =>
      withProxy(echo, {}, async (proxy, upstream) => {
        assert.equal((await proxy.get('/api/tracking/air?routePath=true&number=176-12345675')).status, 200);
        const [request] = upstream.requests;
        assert.equal(request?.path, '/v1/shipments/air');
        assert.equal(request?.rawQuery, 'number=176-12345675&routePath=true');
        assert.equal(request?.headers.authorization, `Bearer ${CANARY_KEY}`);
      }));

    it('asks for the carrier lists without the key and keeps them', () =>
      withProxy(answerWith(200, '{"airlines":[]}'), {}, async (proxy, upstream) => {
        for (const path of ['/api/tracking/carriers/ocean', '/api/tracking/carriers/air', '/api/tracking/carriers/air']) {
          const answer = await proxy.get(`${path}?referenceNumber=X`);
          assert.equal(answer.status, 200);
          assert.equal(answer.text, '{"airlines":[]}');
        }
        assert.deepEqual(
          upstream.requests.map((r) => r.url),
          ['/v1/carriers/ocean', '/v1/carriers/air'],
        );
        assert.ok(upstream.requests.every((r) => r.headers.authorization === undefined));
      }));

    it('lets browsers keep a carrier list, but never an error of it or a shipment answer', () =>
      withProxy(
        (req, res) => {
          const busy = req.url?.includes('/air') ?? false;
          res.writeHead(busy ? 429 : 200, { 'content-type': 'application/json', ...(busy ? { 'retry-after': '30' } : {}) });
          res.end(busy ? '{"message":"slow down"}' : '{"carriers":[]}');
        },
        {},
        async (proxy) => {
          const list = await proxy.get('/api/tracking/carriers/ocean');
          assert.equal(list.status, 200);
          assert.equal(list.headers.get('cache-control'), 'public, max-age=600');
          const refused = await proxy.get('/api/tracking/carriers/air');
          assert.equal(refused.status, 429);
          assert.equal(refused.headers.get('cache-control'), 'no-store');
          assert.equal(refused.headers.get('retry-after'), '30');
          const shipment = await proxy.get('/api/tracking/ocean?referenceNumber=A');
          assert.equal(shipment.headers.get('cache-control'), 'no-store');
        },
      ));

    it('keeps an empty carrierCode empty and an absent one absent', () =>
      withProxy(echo, {}, async (proxy, upstream) => {
        await proxy.get('/api/tracking/ocean?referenceNumber=A&carrierCode=');
        await proxy.get('/api/tracking/ocean?referenceNumber=B');
        assert.equal(upstream.requests[0]?.query.get('carrierCode'), '');
        assert.equal(upstream.requests[1]?.query.has('carrierCode'), false);
      }));

    it('forwards no parameter outside the contract', () =>
      withProxy(echo, {}, async (proxy, upstream) => {
        await proxy.get('/api/tracking/ocean?referenceNumber=A&referenceType=booking&apiKey=x&number=1');
        await proxy.get('/api/tracking/air?number=176-1&referenceNumber=A&carrierCode=EK');
        assert.deepEqual([...upstream.requests[0]!.query.keys()], ['referenceNumber']);
        assert.deepEqual([...upstream.requests[1]!.query.keys()], ['number']);
      }));

    it('refuses a duplicated parameter with 400 and forwards nothing', () =>
      withProxy(echo, {}, async (proxy, upstream) => {
        const answer = await proxy.get('/api/tracking/ocean?referenceNumber=A&referenceNumber=B');
        assert.equal(answer.status, 400);
        assert.deepEqual(answer.json(), {
          message: 'The query parameter referenceNumber appears more than once.',
          error: 'duplicate_parameter',
        });
        assert.equal((await proxy.get('/api/tracking/ocean?referenceNumber=A&routeDetails=true&routeDetails=false')).status, 400);
        assert.equal(upstream.requests.length, 0);
      }));

    it('ignores a duplicated parameter it does not forward', () =>
      withProxy(echo, {}, async (proxy, upstream) => {
        assert.equal((await proxy.get('/api/tracking/ocean?referenceNumber=A&_=1&_=2')).status, 200);
        assert.equal(upstream.requests[0]?.rawQuery, 'referenceNumber=A');
      }));

    it('refuses a lookup without a number, or with an absurdly long value', () =>
      withProxy(echo, { limits: { maxValueLength: 40 } }, async (proxy, upstream) => {
        assert.equal((await proxy.get('/api/tracking/ocean')).status, 400);
        assert.equal((await proxy.get('/api/tracking/ocean?referenceNumber=')).status, 400);
        assert.equal((await proxy.get('/api/tracking/air?routePath=true')).status, 400);
        const long = await proxy.get(`/api/tracking/air?number=${'1'.repeat(41)}`);
        assert.equal(long.status, 400);
        assert.equal((long.json() as { error: string }).error, 'value_too_long');
        assert.equal((await proxy.get(`/api/tracking/air?number=${'1'.repeat(40)}`)).status, 200);
        assert.equal(upstream.requests.length, 1);
      }));

    it('sends a fixed Accept and no visitor header at all', () =>
      withProxy(echo, {}, async (proxy, upstream) => {
        await proxy.get('/api/tracking/ocean?referenceNumber=A', {
          headers: {
            accept: 'application/json',
            'accept-language': 'de-CH',
            authorization: 'Bearer visitor',
            cookie: 'session=1',
            'x-forwarded-for': '10.0.0.1',
            'user-agent': 'visitor-agent',
            referer: 'https://shop.example/',
          },
        });
        const headers = upstream.requests[0]!.headers;
        assert.equal(headers.accept, 'application/json');
        assert.notEqual(headers['accept-language'], 'de-CH');
        assert.equal(headers.authorization, `Bearer ${CANARY_KEY}`);
        for (const name of ['cookie', 'x-forwarded-for', 'referer']) assert.equal(headers[name], undefined, name);
        assert.notEqual(headers['user-agent'], 'visitor-agent');
      }));
  });

  describe('answers', () => {
    it('returns a 200 body byte for byte as JSON, with a correct Content-Length and no upstream headers', async () => {
      const body = Buffer.from('{"referenceNumber":"A","status":"IN_TRANSIT","note":"caf\u00e9 \u2603 \ud83d\udea2"}\n', 'utf8');
      await withProxy(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/vnd.tracking+json; charset=utf-8', 'set-cookie': 'a=1', 'x-internal': '1' });
          res.end(body);
        },
        {},
        async (proxy) => {
          const answer = await proxy.get('/api/tracking/ocean?referenceNumber=A');
          assert.equal(answer.status, 200);
          assert.deepEqual(Buffer.from(answer.bytes), body);
          assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
          assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
          assert.equal(answer.headers.get('content-length'), String(body.byteLength));
          assert.equal(answer.headers.get('set-cookie'), null);
          assert.equal(answer.headers.get('x-internal'), null);
        },
      );
    });

    for (const [status, body, headers] of [
      [202, '{"message":"Accepted, still looking"}', {}],
      [401, '{"message":"Invalid key"}', {}],
      [402, '{"message":"No credits","error":"insufficient_credits","product":"ocean"}', {}],
      [429, '{"message":"Slow down"}', { 'retry-after': '17' }],
      [500, '{"message":"Carrier down"}', {}],
      [404, '{"message":"No such shipment"}', {}],
    ] as const) {
      it(`returns an upstream ${status} with its body unchanged`, () =>
        withProxy(answerWith(status, body, headers), {}, async (proxy) => {
          const answer = await proxy.get('/api/tracking/air?number=176-1');
          assert.equal(answer.status, status);
          assert.equal(answer.text, body);
          assert.equal(answer.headers.get('retry-after'), 'retry-after' in headers ? headers['retry-after'] : null);
        }));
    }

    it('withholds an answer that contains the key', () =>
      withProxy(
        (req, res) => {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: `Key ${req.headers.authorization} is revoked` }));
        },
        {},
        async (proxy) => {
          const answer = await proxy.get('/api/tracking/ocean?referenceNumber=A');
          assert.equal(answer.status, 502);
          assert.equal((answer.json() as { error: string }).error, 'upstream_key_echo');
        },
      ));
  });

  describe('cache', () => {
    it('serves a 200 from the cache and says so', () =>
      withProxy(echo, {}, async (proxy, upstream) => {
        const first = await proxy.get('/api/tracking/ocean?referenceNumber=A');
        const second = await proxy.get('/api/tracking/ocean?referenceNumber=A');
        assert.equal(first.headers.get('x-proxy-cache'), 'miss');
        assert.equal(second.headers.get('x-proxy-cache'), 'hit');
        assert.deepEqual(second.bytes, first.bytes);
        assert.equal(second.headers.get('content-type'), 'application/json; charset=utf-8');
        assert.equal(upstream.requests.length, 1);
        // A different parameter set is a different lookup.
        await proxy.get('/api/tracking/ocean?referenceNumber=A&routeDetails=true');
        assert.equal(upstream.requests.length, 2);
      }));

    it('keeps an answer only for the configured time', () =>
      // The clock stands still until the test moves it, so a slow machine cannot age the answer
      // between the two lookups that must share it.
      withFrozenDate(() =>
        withProxy(echo, { limits: { cacheTtlMs: 80 } }, async (proxy, upstream) => {
          await proxy.get('/api/tracking/air?number=176-1');
          mock.timers.tick(79);
          await proxy.get('/api/tracking/air?number=176-1');
          assert.equal(upstream.requests.length, 1);
          mock.timers.tick(1);
          await proxy.get('/api/tracking/air?number=176-1');
          assert.equal(upstream.requests.length, 2);
        }),
      ));

    for (const status of [202, 401, 404, 429, 500]) {
      it(`keeps a ${status} only briefly, and says when to ask again`, () =>
        withFrozenDate(() =>
          withProxy(
            answerWith(status, '{"message":"m"}'),
            { limits: { pendingCacheTtlMs: 300, errorCacheTtlMs: 300, failureCacheTtlMs: 300 } },
            async (proxy, upstream) => {
              assert.equal((await proxy.get('/api/tracking/air?number=176-1')).status, status);
              mock.timers.tick(299);
              const repeat = await proxy.get('/api/tracking/air?number=176-1');
              assert.equal(repeat.status, status);
              assert.equal(repeat.headers.get('x-proxy-cache'), 'hit');
              assert.equal(repeat.headers.get('retry-after'), '1');
              assert.equal(repeat.headers.get('cache-control'), 'no-store');
              assert.equal(upstream.requests.length, 1);
              mock.timers.tick(1);
              assert.equal((await proxy.get('/api/tracking/air?number=176-1')).status, status);
              assert.equal(upstream.requests.length, 2);
            },
          ),
        ));
    }
  });

  describe('sharing and abandoning', () => {
    it('lets concurrent identical lookups share one upstream call', async () => {
      const release = deferred();
      const store = new CountingStore();
      await withProxy(
        (_req, res, recorded) => {
          void release.promise.then(() => echo(_req, res, recorded));
        },
        { store },
        async (proxy, upstream) => {
          const pending = Array.from({ length: 5 }, () => proxy.get('/api/tracking/ocean?referenceNumber=SHARED'));
          // All five have looked in the cache, so all five wait on the one call, which is still held.
          await until(() => store.lookups === 5 && upstream.requests.length === 1);
          assert.equal(proxy.logs.length, 0);
          release.resolve();
          const answers = await Promise.all(pending);
          assert.equal(upstream.requests.length, 1);
          assert.ok(answers.every((a) => a.status === 200 && a.text === answers[0]!.text));
          assert.deepEqual(answers.map((a) => a.headers.get('x-proxy-cache')).sort(), ['miss', 'shared', 'shared', 'shared', 'shared']);
        },
      );
    });

    it('aborts the upstream call when its only visitor goes away', () =>
      withProxy(
        () => {},
        {},
        async (proxy, upstream) => {
          const controller = new AbortController();
          const pending = fetch(`${proxy.url}/api/tracking/ocean?referenceNumber=GONE`, marked({ signal: controller.signal })).catch(
            () => 'aborted',
          );
          await until(() => upstream.requests.length === 1);
          controller.abort();
          assert.equal(await pending, 'aborted');
          await upstream.requests[0]!.closed;
          await until(() => proxy.logs.length === 1);
          assert.equal(proxy.logs[0]?.error, 'client_closed');
        },
      ));

    it('keeps the upstream call while another visitor still waits for it', async () => {
      const release = deferred();
      const store = new CountingStore();
      await withProxy(
        (req, res, recorded) => {
          void release.promise.then(() => echo(req, res, recorded));
        },
        { store },
        async (proxy, upstream) => {
          const controller = new AbortController();
          const leaving = fetch(`${proxy.url}/api/tracking/ocean?referenceNumber=TWO`, marked({ signal: controller.signal })).catch(
            () => 'aborted',
          );
          await until(() => upstream.requests.length === 1);
          const staying = proxy.get('/api/tracking/ocean?referenceNumber=TWO');
          // The second visitor has looked in the cache, and so joined the call, before the first leaves.
          await until(() => store.lookups === 2);
          controller.abort();
          assert.equal(await leaving, 'aborted');
          await until(() => proxy.logs.some((l) => l.error === 'client_closed'));
          release.resolve();
          const answer = await staying;
          assert.equal(answer.status, 200);
          assert.equal(answer.headers.get('x-proxy-cache'), 'shared');
          assert.equal(upstream.requests.length, 1);
        },
      );
    });
  });

  describe('credit and load protection', () => {
    it('limits the distinct numbers one client looks up per hour, not its repeats', () =>
      withProxy(echo, { limits: { newNumbersPerClientPerHour: 2, cacheTtlMs: 0 } }, async (proxy, upstream) => {
        assert.equal((await proxy.get('/api/tracking/ocean?referenceNumber=N1')).status, 200);
        assert.equal((await proxy.get('/api/tracking/air?number=N2')).status, 200);
        const refused = await proxy.get('/api/tracking/ocean?referenceNumber=N3');
        assert.equal(refused.status, 429);
        assert.equal((refused.json() as { error: string }).error, 'client_quota');
        const wait = Number(refused.headers.get('retry-after'));
        assert.ok(wait >= 1 && wait <= 3600, `Retry-After ${wait}`);
        assert.equal((await proxy.get('/api/tracking/ocean?referenceNumber=N1')).status, 200);
        assert.equal(upstream.requests.length, 3);
        // A visitor-supplied address header does not open a new quota when no proxy is trusted.
        assert.equal((await proxy.get('/api/tracking/ocean?referenceNumber=N4', { headers: { 'x-real-ip': '203.0.113.9' } })).status, 429);
      }));

    it('keeps quotas and the budget however many answers are cached (a cache flood evicts no counter)', () =>
      withProxy(
        echo,
        {
          store: new MemoryStore({ maxCacheEntries: 20 }),
          trustedProxyHeader: 'x-real-ip',
          limits: { newNumbersPerClientPerHour: 3, upstreamBudget: { requests: 95, windowMs: 20_000 } },
        },
        async (proxy, upstream) => {
          const from = (ip: string) => ({ headers: { 'x-real-ip': ip } });
          for (const n of ['N1', 'N2', 'N3'])
            assert.equal((await proxy.get(`/api/tracking/air?number=${n}`, from('203.0.113.1'))).status, 200);
          assert.equal((await proxy.get('/api/tracking/air?number=N4', from('203.0.113.1'))).status, 429);
          // Thirty other clients fill the cache many times over with their own lookups.
          for (let c = 0; c < 30; c++) {
            for (let n = 0; n < 3; n++)
              assert.equal((await proxy.get(`/api/tracking/air?number=F${c}-${n}`, from(`198.51.100.${c}`))).status, 200);
          }
          const again = await proxy.get('/api/tracking/air?number=N4', from('203.0.113.1'));
          assert.equal(again.status, 429);
          assert.equal((again.json() as { error: string }).error, 'client_quota');
          // 93 calls spent of 95: the budget remembers them too.
          assert.equal((await proxy.get('/api/tracking/air?number=X1', from('192.0.2.1'))).status, 200);
          assert.equal((await proxy.get('/api/tracking/air?number=X2', from('192.0.2.1'))).status, 200);
          const spent = await proxy.get('/api/tracking/air?number=X3', from('192.0.2.1'));
          assert.equal((spent.json() as { error: string }).error, 'upstream_budget');
          assert.equal(upstream.requests.length, 95);
        },
      ));

    it('refuses lookups, rather than forget counters, when the store has no room for more', () =>
      withProxy(
        echo,
        {
          store: new MemoryStore({ maxCounters: 4 }),
          // A budget window of ten hours counts in slices of one clock hour, as the quota does: two
          // lookups a few milliseconds apart cannot fall on either side of a slice's end and take a counter more.
          limits: { newNumbersPerClientPerHour: 50, upstreamBudget: { requests: 90, windowMs: 36_000_000 } },
        },
        async (proxy, upstream) => {
          // One lookup takes a quota counter, a seen-mark and a budget slice: 3 counters, then 1 more mark.
          assert.equal((await proxy.get('/api/tracking/air?number=A')).status, 200);
          assert.equal((await proxy.get('/api/tracking/air?number=B')).status, 200);
          const refused = await proxy.get('/api/tracking/air?number=C');
          assert.equal(refused.status, 429);
          assert.equal((refused.json() as { error: string }).error, 'quota_unavailable');
          assert.ok(Number(refused.headers.get('retry-after')) > 0);
          assert.equal((await proxy.get('/api/tracking/air?number=A')).status, 200, 'a cached answer still comes');
          assert.equal(upstream.requests.length, 2);
        },
      ));

    it('counts clients by the trusted proxy header when one is named', () =>
      withProxy(echo, { trustedProxyHeader: 'X-Forwarded-For', limits: { newNumbersPerClientPerHour: 1 } }, async (proxy) => {
        const from = (ip: string) => ({ headers: { 'x-forwarded-for': `198.51.100.1, ${ip}` } });
        assert.equal((await proxy.get('/api/tracking/air?number=A', from('203.0.113.1'))).status, 200);
        assert.equal((await proxy.get('/api/tracking/air?number=B', from('203.0.113.1'))).status, 429);
        assert.equal((await proxy.get('/api/tracking/air?number=B', from('203.0.113.2'))).status, 200);
      }));

    it('refuses with Retry-After rather than spend past the upstream budget, carrier lists included', () =>
      // The budget's window is one second: the clock stands still until the test moves it, so that a
      // slow machine taking more than a second over the first four lookups cannot let the third through.
      withFrozenDate(() =>
        withProxy(echo, { limits: { upstreamBudget: { requests: 3, windowMs: 1_000 } } }, async (proxy, upstream) => {
          assert.equal((await proxy.get('/api/tracking/carriers/air')).status, 200);
          for (const n of ['B1', 'B2']) assert.equal((await proxy.get(`/api/tracking/air?number=${n}`)).status, 200);
          const refused = await proxy.get('/api/tracking/air?number=B3');
          assert.equal(refused.status, 429);
          assert.equal((refused.json() as { error: string }).error, 'upstream_budget');
          // The window is counted in tenths and spans at least 1 s, so the wait is at most 1.1 s.
          assert.ok(['1', '2'].includes(refused.headers.get('retry-after') ?? ''), `Retry-After ${refused.headers.get('retry-after')}`);
          // Cached answers cost nothing from the budget.
          assert.equal((await proxy.get('/api/tracking/air?number=B1')).status, 200);
          assert.equal((await proxy.get('/api/tracking/carriers/air')).status, 200);
          assert.equal(upstream.requests.filter((r) => r.path === '/v1/shipments/air').length, 2);
          assert.equal(upstream.requests.filter((r) => r.path === '/v1/carriers/air').length, 1);
          mock.timers.tick(1_250);
          assert.equal((await proxy.get('/api/tracking/air?number=B3')).status, 200);
        }),
      ));

    it('caps the lookups held open at once', async () => {
      const release = deferred();
      const store = new CountingStore();
      await withProxy(
        (req, res, recorded) => {
          void release.promise.then(() => echo(req, res, recorded));
        },
        { store, limits: { maxConcurrentLookups: 2 } },
        async (proxy, upstream) => {
          const held = [proxy.get('/api/tracking/air?number=H1'), proxy.get('/api/tracking/ocean?referenceNumber=H2')];
          await until(() => upstream.requests.length === 2);
          const refused = await proxy.get('/api/tracking/air?number=H3');
          assert.equal(refused.status, 429);
          assert.equal((refused.json() as { error: string }).error, 'proxy_busy');
          assert.ok(Number(refused.headers.get('retry-after')) > 0);
          // Joining a lookup already in flight takes no new slot: the visitor has joined (looked in
          // the cache) while both slots are still held, and shares the call's answer.
          const joined = proxy.get('/api/tracking/air?number=H1');
          await until(() => store.lookups === 4);
          release.resolve();
          const answers = await Promise.all([...held, joined]);
          assert.deepEqual(
            answers.map((a) => a.status),
            [200, 200, 200],
          );
          assert.equal(answers[2]?.headers.get('x-proxy-cache'), 'shared');
          assert.equal((await proxy.get('/api/tracking/air?number=H3')).status, 200);
        },
      );
    });
  });

  describe('methods, paths and CORS', () => {
    it('answers 404 on unknown paths and 405 with Allow on other methods', () =>
      withProxy(echo, {}, async (proxy, upstream) => {
        for (const path of ['/', '/api/tracking', '/api/tracking/ocean/', '/api/tracking/OCEAN', '/v1/shipments/ocean']) {
          assert.equal((await proxy.get(`${path}?referenceNumber=A`)).status, 404, path);
        }
        for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
          const answer = await proxy.get('/api/tracking/ocean?referenceNumber=A', { method });
          assert.equal(answer.status, 405, method);
          assert.equal(answer.headers.get('allow'), 'GET');
        }
        const head = await fetch(`${proxy.url}/api/tracking/ocean?referenceNumber=A`, marked({ method: 'HEAD' }));
        assert.equal(head.status, 405);
        assert.equal(upstream.requests.length, 0);
      }));

    it('sends no CORS headers by default', () =>
      withProxy(echo, {}, async (proxy) => {
        const answer = await proxy.get('/api/tracking/ocean?referenceNumber=A', { headers: { origin: 'https://shop.example' } });
        assert.equal(answer.headers.get('access-control-allow-origin'), null);
      }));

    it('opens CORS to the allowlisted origins only, and exposes Retry-After', () =>
      withProxy(answerWith(429, '{"message":"m"}', { 'retry-after': '5' }), { corsOrigins: ['https://shop.example'] }, async (proxy) => {
        const allowed = await proxy.get('/api/tracking/ocean?referenceNumber=A', { headers: { origin: 'https://shop.example' } });
        assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.example');
        assert.equal(allowed.headers.get('access-control-expose-headers'), 'Retry-After');
        assert.equal(allowed.headers.get('vary'), 'Origin');
        const other = await proxy.get('/api/tracking/ocean?referenceNumber=A', { headers: { origin: 'https://evil.example' } });
        assert.equal(other.headers.get('access-control-allow-origin'), null);

        const preflight = await proxy.get('/api/tracking/ocean', {
          method: 'OPTIONS',
          headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
        });
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://shop.example');
        assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET');
        const refused = await proxy.get('/api/tracking/ocean', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
        assert.equal(refused.headers.get('access-control-allow-origin'), null);
        const post = await proxy.get('/api/tracking/ocean', { method: 'POST', headers: { origin: 'https://shop.example' } });
        assert.equal(post.status, 405);
        assert.equal(post.headers.get('allow'), 'GET, OPTIONS');
      }));
  });

  describe('logs', () => {
    it('writes one line per request with the number hashed, never the number or the key', () =>
      withProxy(echo, {}, async (proxy) => {
        await proxy.get('/api/tracking/ocean?referenceNumber=MSCU7654321');
        await proxy.get('/api/tracking/ocean?referenceNumber=MSCU7654321');
        await proxy.get('/api/tracking/nothing');
        assert.equal(proxy.logs.length, 3);
        const [miss, hit, missing] = proxy.logs;
        assert.equal(miss?.route, 'ocean');
        assert.equal(miss?.status, 200);
        assert.equal(miss?.cache, 'miss');
        assert.equal(miss?.upstreamStatus, 200);
        assert.match(miss?.numberHash ?? '', /^[0-9a-f]{16}$/);
        assert.equal(hit?.cache, 'hit');
        assert.equal(hit?.numberHash, miss?.numberHash);
        assert.equal(hit?.upstreamStatus, undefined);
        assert.equal(missing?.status, 404);
        assert.ok(typeof miss?.durationMs === 'number' && miss.durationMs >= 0);
        for (const entry of proxy.logs) assert.ok(!JSON.stringify(entry).includes('7654321'));
      }));

    it('answers even when the logger throws', async () => {
      const upstream = await startUpstream();
      const handler = createTrackingProxy({
        baseUrl: upstream.url,
        apiKey: CANARY_KEY,
        logger: () => {
          throw new Error('disk full');
        },
      });
      try {
        const answer = await readAnswer(await handler(new Request('http://localhost/api/tracking/air?number=1', marked())));
        assert.equal(answer.status, 200);
      } finally {
        await upstream.close();
      }
    });
  });
});

describe('the proxy core on a cache hit', () => {
  it('answers a hit from the MemoryStore at once (no promise), and a cross-site refusal at once too', async () => {
    const upstream = await startUpstream();
    const logs: string[] = [];
    const proxy = createTrackingProxy({ baseUrl: upstream.url, apiKey: CANARY_KEY, logger: (entry) => logs.push(JSON.stringify(entry)) });
    const core = (proxy as unknown as Record<symbol, (input: unknown) => unknown>)[Symbol.for('cargo-trackers.proxy.core')];
    assert.equal(typeof core, 'function');
    const input = (headers: Record<string, string>) => ({
      method: 'GET',
      path: '/api/tracking/ocean',
      search: '?referenceNumber=ATONCE1',
      header: (name: string) => ({ 'cargo-trackers-request': '1', ...headers })[name] ?? null,
      host: 'shop.example',
      clientAddress: '127.0.0.1',
      signal: new AbortController().signal,
    });
    try {
      const first = core?.(input({}));
      assert.ok(first instanceof Promise, 'a miss is answered later');
      assert.equal(((await first) as { status: number }).status, 200);
      const hit = core?.(input({})) as { status: number; headers: Record<string, string> };
      assert.ok(!(hit instanceof Promise), 'a hit is answered at once');
      assert.equal(hit.status, 200);
      assert.equal(hit.headers['x-proxy-cache'], 'hit');
      assert.equal(core?.(input({})), hit, 'one answer object for every visitor of the hit');
      const refused = core?.(input({ 'sec-fetch-site': 'cross-site' }));
      assert.ok(!(refused instanceof Promise), 'a refusal that needs no counter is answered at once');
      assert.equal((refused as { status: number }).status, 403);
      assert.equal(upstream.requests.length, 1);
      assert.deepEqual(
        logs.map((l) => (JSON.parse(l) as { cache: string; status: number }).status),
        [200, 200, 200, 403],
      );
      for (const line of logs) observe(line);
    } finally {
      await upstream.close();
    }
  });
});
