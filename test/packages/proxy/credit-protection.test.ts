// Issue 25's attacks on the proxy, each through real sockets against a real upstream on
// loopback, each counting the upstream calls it cost. Every case failed on the proxy before the
// policies were composed in their stated order (policies/pipeline.ts).
import assert from 'node:assert/strict';
import { after, describe, it, mock } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { DEFAULT_LIMITS, MemoryStore } from '@cargo-trackers/proxy';
import type { ProxyStore } from '@cargo-trackers/proxy';
import { assertCanaryNeverSeen, startProxy, startUpstream } from './harness.js';
import type { RunningProxy, Upstream, UpstreamHandler } from './harness.js';

after(assertCanaryNeverSeen);

/** The limits `npm start` runs with, which the harness otherwise lifts. */
const DEFAULTS = {
  newNumbersPerClientPerHour: DEFAULT_LIMITS.newNumbersPerClientPerHour,
  upstreamBudget: DEFAULT_LIMITS.upstreamBudget,
  upstreamCallsPerClient: DEFAULT_LIMITS.upstreamCallsPerClient,
  maxConcurrentLookups: DEFAULT_LIMITS.maxConcurrentLookups,
};

/** A store that answers after a few milliseconds, as Redis across a network does (no `peekCached`). */
class DistantStore implements ProxyStore {
  readonly #near = new MemoryStore();
  #later<T>(value: Promise<T>): Promise<T> {
    return value.then((v) => new Promise((resolve) => setTimeout(() => resolve(v), 3)));
  }
  getCached(key: string): Promise<Uint8Array | undefined> {
    return this.#later(this.#near.getCached(key));
  }
  setCached(key: string, value: Uint8Array, ttlMs: number): Promise<void> {
    return this.#later(this.#near.setCached(key, value, ttlMs));
  }
  increment(key: string, by: number, ttlMs: number): Promise<number> {
    return this.#later(this.#near.increment(key, by, ttlMs));
  }
  counts(keys: readonly string[]): Promise<number[]> {
    return this.#later(this.#near.counts(keys));
  }
  addIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    return this.#later(this.#near.addIfAbsent(key, ttlMs));
  }
}

const DOC = '{"referenceNumber":"MSCU1234567","status":"IN_TRANSIT"}';

function answerWith(status: number, body: string, delayMs = 0): UpstreamHandler {
  return (_req, res) => {
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    }, delayMs);
  };
}

async function withProxy(
  handler: UpstreamHandler,
  options: Parameters<typeof startProxy>[1],
  body: (proxy: RunningProxy, upstream: Upstream) => Promise<void>,
): Promise<void> {
  const upstream = await startUpstream(handler);
  const proxy = await startProxy(upstream, { trustedProxyHeader: 'x-real-ip', ...options });
  try {
    await body(proxy, upstream);
  } finally {
    await proxy.close();
    await upstream.close();
  }
}

const from = (ip: string) => ({ headers: { 'x-real-ip': ip } });
const errorOf = (answer: { json(): unknown }) => (answer.json() as { error?: string }).error;

describe('credit protection (issue 25)', () => {
  describe('repeats are charged', () => {
    for (const status of [404, 202, 503]) {
      it(`answers a loop on one number the service answers ${status} with one upstream call, and another visitor's new number still goes through`, async () => {
        // The clock stands still (Date only): however slow the loop, the answer is kept throughout,
        // a 5xx too, which is kept only briefly since the service says to retry it.
        mock.timers.enable({ apis: ['Date'], now: Date.UTC(2026, 0, 5, 12, 30) });
        try {
          await withProxy(answerWith(status, '{"message":"no"}'), { limits: DEFAULTS }, async (proxy, upstream) => {
            for (let i = 0; i < 200; i++) {
              assert.equal((await proxy.get('/api/tracking/ocean?referenceNumber=LOOP1', from('203.0.113.7'))).status, status);
            }
            assert.equal(upstream.requests.length, 1);
            const other = await proxy.get('/api/tracking/ocean?referenceNumber=OTHER1', from('198.51.100.4'));
            assert.equal(other.status, status, `another visitor got ${other.status} ${other.text}`);
            assert.equal(upstream.requests.length, 2);
          });
        } finally {
          mock.timers.reset();
        }
      });
    }

    it('lets one address make at most 20 upstream calls in 20 s, repeats included, and leaves the budget to others', () =>
      withProxy(answerWith(404, '{"message":"no"}'), { limits: { ...DEFAULTS, errorCacheTtlMs: 0 } }, async (proxy, upstream) => {
        const statuses: number[] = [];
        for (let i = 0; i < 120; i++) {
          statuses.push((await proxy.get(`/api/tracking/ocean?referenceNumber=R${i % 5}`, from('203.0.113.7'))).status);
        }
        assert.equal(upstream.requests.length, 20);
        assert.equal(statuses.filter((s) => s === 404).length, 20);
        const refused = await proxy.get('/api/tracking/ocean?referenceNumber=R1', from('203.0.113.7'));
        assert.equal(refused.status, 429);
        assert.equal(errorOf(refused), 'client_rate');
        assert.ok(Number(refused.headers.get('retry-after')) > 0);
        for (let v = 0; v < 3; v++) {
          const other = await proxy.get(`/api/tracking/ocean?referenceNumber=V${v}`, from(`198.51.100.${v + 1}`));
          assert.equal(other.status, 404, `visitor ${v} got ${other.status} ${other.text}`);
        }
        assert.equal(upstream.requests.length, 23);
      }));
  });

  describe('counters that cannot be filled', () => {
    it('answers a fresh address once a flood from many addresses, which the budget absorbed, has passed', () =>
      withProxy(
        answerWith(200, DOC),
        {
          store: new MemoryStore({ maxCounters: 300 }),
          limits: { ...DEFAULTS, upstreamBudget: { requests: 10, windowMs: 1_000 } },
        },
        async (proxy, upstream) => {
          const statuses = new Map<string, number>();
          for (let a = 0; a < 120; a++) {
            const batch = Array.from({ length: 5 }, (_, n) =>
              proxy.get(`/api/tracking/air?number=F${a}-${n}`, from(`10.${a >> 8}.${a & 255}.9`)),
            );
            for (const answer of await Promise.all(batch)) {
              const key = answer.status === 200 ? '200' : `${answer.status} ${errorOf(answer)}`;
              statuses.set(key, (statuses.get(key) ?? 0) + 1);
            }
          }
          assert.equal(statuses.get('429 quota_unavailable'), undefined, JSON.stringify([...statuses]));
          assert.ok((statuses.get('429 upstream_budget') ?? 0) > 0, 'the budget absorbed the flood');
          await new Promise((r) => setTimeout(r, 1_200));
          const calls = upstream.requests.length;
          const fresh = await proxy.get('/api/tracking/air?number=FRESH-1', from('192.0.2.200'));
          assert.equal(fresh.status, 200, `${fresh.status} ${fresh.text}`);
          assert.equal(upstream.requests.length, calls + 1);
        },
      ));
  });

  describe('concurrent identical first lookups', () => {
    for (const [where, store] of [
      ['a store in the process', () => new MemoryStore()],
      ['a store across the network (each call a few milliseconds)', () => new DistantStore()],
    ] as const) {
      it(`answers 150 concurrent requests for one cold number with one upstream call and 150 answers, none refused, with ${where}`, () =>
        withProxy(answerWith(200, DOC, 300), { store: store(), limits: DEFAULTS }, async (proxy, upstream) => {
          const answers = await Promise.all(
            Array.from({ length: 150 }, () => proxy.get('/api/tracking/ocean?referenceNumber=COLD1', from('203.0.113.50'))),
          );
          assert.deepEqual(
            answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${errorOf(a)}`),
            [],
          );
          assert.equal(upstream.requests.length, 1);
          // Nothing was charged but the one call: this visitor's rate has 19 calls left.
          for (let i = 0; i < 19; i++) {
            assert.equal((await proxy.get(`/api/tracking/ocean?referenceNumber=NEXT${i}`, from('203.0.113.50'))).status, 200);
          }
          assert.equal(upstream.requests.length, 20);
        }));
    }
  });

  describe('small ones', () => {
    it('answers an upstream 499 as any other status', () =>
      withProxy(answerWith(499, '{"message":"odd"}'), {}, async (proxy, upstream) => {
        const answer = await proxy.get('/api/tracking/air?number=176-499', { signal: AbortSignal.timeout(3_000) });
        assert.equal(answer.status, 499);
        assert.equal(answer.text, '{"message":"odd"}');
        assert.equal(upstream.requests.length, 1);
      }));

    it('keeps the query memo small however long the junk queries are', () =>
      withProxy(answerWith(200, DOC), {}, async (proxy, upstream) => {
        v8.setFlagsFromString('--expose-gc');
        const gc = vm.runInNewContext('gc') as () => void;
        const junk = 'x'.repeat(15_000);
        await proxy.get('/api/tracking/air?number=176-1');
        gc();
        const before = process.memoryUsage().heapUsed;
        for (let i = 0; i < 1_200; i += 40) {
          await Promise.all(Array.from({ length: 40 }, (_, j) => proxy.get(`/api/tracking/air?number=176-1&junk${i + j}=${junk}`)));
        }
        gc();
        const grown = process.memoryUsage().heapUsed - before;
        assert.equal(upstream.requests.length, 1);
        // 1,200 queries of 15 KB are 18 MB of query text; the memo may keep about one of them.
        assert.ok(grown < 8 * 1024 * 1024, `heap grew by ${(grown / 1024 / 1024).toFixed(1)} MB`);
      }));
  });
});
