// Three proxy instances (each its own handler, Node server, port and Redis connection) in front
// of one upstream and one real redis-server: the service must see what one instance would send.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_LIMITS } from '@cargo-trackers/proxy';
import { RedisStore } from '@cargo-trackers/proxy/redis';
import type { RedisStoreLogEntry } from '@cargo-trackers/proxy/redis';
import { CANARY_KEY, assertCanaryNeverSeen, startProxy, startUpstream, until } from './harness.js';
import type { Answer, RunningProxy, Upstream } from './harness.js';
import { redisCli, redisUnavailable, startRedis } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const skip = redisUnavailable();
after(() => {
  if (skip === undefined) assertCanaryNeverSeen();
});

const DOC = '{"awbNumber":"176-12345675","status":"IN_TRANSIT","milestones":[]}';

/** Holds every shipment lookup `holdMs` so that concurrent lookups really overlap; SLOW numbers answer 202. */
function slowUpstream(holdMs: number): Promise<Upstream> {
  return startUpstream((req, res) => {
    setTimeout(() => {
      res.writeHead(req.url?.includes('SLOW') ? 202 : 200, { 'content-type': 'application/json' });
      res.end(req.url?.includes('SLOW') ? '{"message":"accepted"}' : DOC);
    }, holdMs);
  });
}

interface Cluster {
  readonly instances: RunningProxy[];
  readonly stores: RedisStore[];
  readonly logs: RedisStoreLogEntry[][];
  /** GET on instance `i % 3`. */
  get(i: number, path: string): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * `callTimeoutMs` is generous where a test is about sharing (a busy test machine must not turn a
 * slow answer into a fallback) and the default 50 ms where it is about faults.
 */
async function cluster(
  redis: RedisServer,
  upstream: Upstream,
  limits: Record<string, unknown> = {},
  prefix = 'cargo-trackers',
  callTimeoutMs = 1_000,
): Promise<Cluster> {
  const logs: RedisStoreLogEntry[][] = [[], [], []];
  const stores = logs.map(
    (log) => new RedisStore({ url: redis.url, prefix, retryMs: 100, callTimeoutMs, log: (entry) => log.push(entry) }),
  );
  const instances = await Promise.all(stores.map((store) => startProxy(upstream, { store, limits: { cacheTtlMs: 60_000, ...limits } })));
  return {
    instances,
    stores,
    logs,
    get: (i, path) => instances[i % 3]!.get(path),
    close: async () => {
      // A single slow call says so at `info` and costs that call only; an outage or a refused policy is a warning or an error.
      assert.ok(
        callTimeoutMs < 1_000 || logs.every((log) => log.every((entry) => entry.level === 'info')),
        `no outage expected: ${JSON.stringify(logs)}`,
      );
      await Promise.all(instances.map((p) => p.close()));
      await Promise.all(stores.map((s) => s.close()));
    },
  };
}

const shipmentCalls = (upstream: Upstream, number?: string) =>
  upstream.requests.filter((r) => r.path.startsWith('/v1/shipments') && (number === undefined || r.query.get('number') === number)).length;

describe('three proxy instances sharing one Redis', { skip }, () => {
  let redis: RedisServer;
  before(async () => {
    redis = await startRedis();
  });
  after(() => redis?.stop());

  it('makes one upstream call for 30 concurrent lookups of one number spread over the three', async () => {
    const upstream = await slowUpstream(150);
    const c = await cluster(redis, upstream, {}, 'one-call');
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => c.get(i, '/api/tracking/air?number=176-00000001')));
      assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
      assert.ok(answers.every((a) => a.text === DOC));
      assert.equal(shipmentCalls(upstream), 1);
      // And afterwards every instance answers it from the shared cache.
      for (let i = 0; i < 3; i++)
        assert.equal((await c.get(i, '/api/tracking/air?number=176-00000001')).headers.get('x-proxy-cache'), 'hit');
      assert.equal(shipmentCalls(upstream), 1);
    } finally {
      await c.close();
      await upstream.close();
    }
  });

  it('answers 3 × 100 concurrent first lookups of one number from one client with one call, none refused (issue 25)', async () => {
    const upstream = await slowUpstream(300);
    const c = await cluster(
      redis,
      upstream,
      {
        newNumbersPerClientPerHour: DEFAULT_LIMITS.newNumbersPerClientPerHour,
        upstreamBudget: DEFAULT_LIMITS.upstreamBudget,
        upstreamCallsPerClient: DEFAULT_LIMITS.upstreamCallsPerClient,
      },
      'cold-crowd',
    );
    try {
      const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => c.get(i, '/api/tracking/air?number=176-COLD0001')));
      const refused = answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text}`);
      assert.deepEqual(refused, []);
      assert.equal(shipmentCalls(upstream), 1);
    } finally {
      await c.close();
      await upstream.close();
    }
  });

  it('shares a 202 too: concurrent lookups of a slow number over the three make one call', async () => {
    const upstream = await slowUpstream(150);
    const c = await cluster(redis, upstream, {}, 'accepted');
    try {
      const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => c.get(i, '/api/tracking/air?number=176-SLOW0001')));
      assert.deepEqual(
        answers.map((a) => a.status),
        Array(9).fill(202),
      );
      assert.equal(shipmentCalls(upstream), 1);
      // A 202 is kept until the element's next poll: asking again at once is no new call.
      assert.equal((await c.get(1, '/api/tracking/air?number=176-SLOW0001')).status, 202);
      assert.equal(shipmentCalls(upstream), 1);
    } finally {
      await c.close();
      await upstream.close();
    }
  });

  it('answers 50 of 60 new numbers from one visitor spread over the three (one quota)', async () => {
    const upstream = await slowUpstream(0);
    const c = await cluster(redis, upstream, { newNumbersPerClientPerHour: 50 }, 'quota');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await c.get(i, `/api/tracking/air?number=176-${String(i).padStart(8, '0')}`)).status);
      assert.equal(statuses.filter((s) => s === 200).length, 50);
      assert.equal(statuses.filter((s) => s === 429).length, 10);
      assert.equal(shipmentCalls(upstream), 50);
    } finally {
      await c.close();
      await upstream.close();
    }
  });

  it('spends one upstream budget between the three', async () => {
    const upstream = await slowUpstream(0);
    const c = await cluster(redis, upstream, { upstreamBudget: { requests: 12, windowMs: 20_000 } }, 'budget');
    try {
      const answers = await Promise.all(
        Array.from({ length: 36 }, (_, i) => c.get(i, `/api/tracking/air?number=176-B${String(i).padStart(7, '0')}`)),
      );
      assert.equal(answers.filter((a) => a.status === 200).length, 12);
      assert.ok(answers.filter((a) => a.status === 429).every((a) => (a.json() as { error: string }).error === 'upstream_budget'));
      assert.equal(shipmentCalls(upstream), 12);
    } finally {
      await c.close();
      await upstream.close();
    }
  });

  it('stores neither the key nor a client address: every Redis key and value, dumped', async () => {
    const upstream = await slowUpstream(0);
    const c = await cluster(redis, upstream, { newNumbersPerClientPerHour: 50 }, 'dump');
    try {
      for (let i = 0; i < 9; i++) assert.equal((await c.get(i, `/api/tracking/air?number=176-D${i % 4}`)).status, 200);
      await c.get(0, '/api/tracking/carriers/air');
      const keys = redisCli(redis.port, ['--scan'])
        .split('\n')
        .filter((k) => k.startsWith('dump:'));
      assert.ok(
        keys.some((k) => k.startsWith('dump:v1:cache:')) && keys.some((k) => k.startsWith('dump:v1:count:quota:')),
        keys.join('\n'),
      );
      for (const key of keys) {
        // DUMP serialises any type, so nothing escapes the check whatever the proxy stored.
        const value = redisCli(redis.port, ['--no-raw', 'DUMP', key]);
        for (const secret of [CANARY_KEY, 'CANARY', '127.0.0.1', '::1']) {
          assert.ok(!key.includes(secret), `${secret} in key ${key}`);
          assert.ok(!value.includes(secret), `${secret} in the value of ${key}`);
        }
      }
    } finally {
      await c.close();
      await upstream.close();
    }
  });
});

describe('three proxy instances when Redis fails', { skip }, () => {
  it('keep answering while Redis is killed, warn once each, and share again once it is back', async () => {
    const redis = await startRedis();
    const upstream = await slowUpstream(100);
    // A killed Redis refuses connections at once; the call bound matters only for a hung one (below).
    const c = await cluster(redis, upstream, {}, 'kill', 999);
    try {
      assert.equal((await c.get(0, '/api/tracking/air?number=176-K0000001')).status, 200);
      await redis.kill();
      const during = await Promise.all(
        Array.from({ length: 30 }, (_, i) => c.get(i, `/api/tracking/air?number=176-K${String(i % 3).padStart(7, '0')}`)),
      );
      assert.deepEqual(new Set(during.map((a) => a.status)), new Set([200]));
      assert.deepEqual(
        c.logs.map((log) => log.filter((e) => e.level === 'warn').length),
        [1, 1, 1],
        `one warning per instance per outage: ${JSON.stringify(c.logs)}`,
      );
      await redis.restart();
      await until(() => c.stores.every((s) => s.mode === 'shared'));
      const before = shipmentCalls(upstream);
      const after = await Promise.all(Array.from({ length: 30 }, (_, i) => c.get(i, '/api/tracking/air?number=176-K0000099')));
      assert.deepEqual(new Set(after.map((a) => a.status)), new Set([200]));
      assert.equal(shipmentCalls(upstream) - before, 1, `one call again across the three: ${JSON.stringify(c.logs)}`);
    } finally {
      await c.close();
      await upstream.close();
      await redis.stop();
    }
  });

  it('keep answering while Redis hangs (SIGSTOP), then share again when it resumes', async () => {
    const redis = await startRedis();
    const upstream = await slowUpstream(0);
    const c = await cluster(redis, upstream, {}, 'pause', 50);
    try {
      assert.equal((await c.get(0, '/api/tracking/air?number=176-P0000001')).status, 200);
      redis.pause();
      // A stopped Redis never answers: each lookup ends only because every store call gives up (after
      // 50 ms), and after three in a row the instance stays local until Redis answers again.
      for (let i = 0; i < 12; i++)
        assert.equal((await c.get(i, `/api/tracking/air?number=176-P${String(i).padStart(7, '0')}`)).status, 200);
      assert.deepEqual(
        c.stores.map((s) => s.mode),
        ['local', 'local', 'local'],
      );
      redis.resume();
      await until(() => c.stores.every((s) => s.mode === 'shared'));
      const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => c.get(i, '/api/tracking/air?number=176-P0000042')));
      assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
    } finally {
      redis.resume();
      await c.close();
      await upstream.close();
      await redis.stop();
    }
  });
});
