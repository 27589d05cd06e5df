// Issue 25, fall 4: Redis hiccups reset quotas and the budget. Three proxy instances on one real
// redis-server, stalled (SIGSTOP), killed and restarted, or run under an evicting policy: the
// service must never see more than one instance's limits would allow, counted in upstream calls.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { RedisStore } from '@cargo-trackers/proxy/redis';
import type { RedisStoreLogEntry } from '@cargo-trackers/proxy/redis';
import { assertCanaryNeverSeen, startProxy, startUpstream, until, withFrozenDate } from './harness.js';
import type { Answer, RunningProxy, Upstream } from './harness.js';
import { redisUnavailable, startRedis } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const skip = redisUnavailable();
after(() => {
  if (skip === undefined) assertCanaryNeverSeen();
});

const DOC = '{"awbNumber":"176-12345675","status":"IN_TRANSIT","milestones":[]}';
/** The default share: during an outage each instance allows itself 1/4 of every limit. */
const SHARE = 4;

interface Cluster {
  readonly stores: RedisStore[];
  readonly logs: RedisStoreLogEntry[][];
  get(i: number, path: string): Promise<Answer>;
  close(): Promise<void>;
}

/** `callTimeoutMs` is the default 50 ms where a test is about a hung Redis; a killed one refuses at once. */
async function cluster(
  redis: RedisServer,
  upstream: Upstream,
  limits: Record<string, unknown>,
  prefix: string,
  callTimeoutMs = 50,
): Promise<Cluster> {
  const logs: RedisStoreLogEntry[][] = [[], [], []];
  const stores = logs.map(
    (log) => new RedisStore({ url: redis.url, prefix, retryMs: 100, callTimeoutMs, log: (entry) => log.push(entry) }),
  );
  const instances: RunningProxy[] = await Promise.all(stores.map((store) => startProxy(upstream, { store, limits })));
  return {
    stores,
    logs,
    get: (i, path) => instances[i % 3]!.get(path, { headers: { 'cargo-trackers-request': '1' } }),
    close: async () => {
      await Promise.all(instances.map((p) => p.close()));
      await Promise.all(stores.map((s) => s.close()));
    },
  };
}

const calls = (upstream: Upstream) => upstream.requests.filter((r) => r.path.startsWith('/v1/shipments')).length;

function documentUpstream(): Promise<Upstream> {
  return startUpstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(DOC);
  });
}

describe('Redis faults keep the counters (issue 25, fall 4)', { skip }, () => {
  it('a visitor whose quota is used up gets at most a share of it while Redis stalls, however often it flaps', () =>
    withFrozenDate(async () => {
      const redis = await startRedis();
      const upstream = await documentUpstream();
      const c = await cluster(redis, upstream, { newNumbersPerClientPerHour: 50, cacheTtlMs: 60_000 }, 'stall');
      try {
        for (let i = 0; i < 50; i++)
          assert.equal((await c.get(i, `/api/tracking/air?number=176-U${String(i).padStart(7, '0')}`)).status, 200);
        assert.equal((await c.get(0, '/api/tracking/air?number=176-U9999999')).status, 429, 'the quota is used up');
        const before = calls(upstream);
        let asked = 0;
        // Three stalls with recoveries between them: each switch to local mode used to start a fresh quota.
        for (let flap = 0; flap < 3; flap++) {
          redis.pause();
          for (let i = 0; i < 45; i++) await c.get(i, `/api/tracking/air?number=176-F${flap}${String(asked++).padStart(6, '0')}`);
          redis.resume();
          await until(() => c.stores.every((s) => s.mode === 'shared'));
        }
        const during = calls(upstream) - before;
        // Each instance allows itself 1/4 of the quota while alone, counting what it spent before.
        assert.ok(during <= 3 * Math.ceil(50 / SHARE), `${during} upstream calls for a visitor whose quota was used up`);
        // Once shared again, the outage's lookups are in Redis's counter: the quota holds.
        assert.equal((await c.get(1, '/api/tracking/air?number=176-AFTER001')).status, 429);
        assert.equal(calls(upstream) - before, during);
        assert.ok(
          c.logs.every((log) => log.some((e) => e.level === 'warn' && e.message.includes(`1/${SHARE}`))),
          JSON.stringify(c.logs),
        );
      } finally {
        redis.resume();
        await c.close();
        await upstream.close();
        await redis.stop();
      }
    }));

  it('an outage followed by a restart spends one budget in the window, not one per instance and another after', async () => {
    const redis = await startRedis();
    const upstream = await documentUpstream();
    // The budget's window is an hour, not the service's 20 s: every call of the test falls in one
    // window however slow the machine, and Redis, whose clock no test can move, keeps each slice's
    // counter for 1.2 windows of real time. What is tested, that the outage's calls are carried
    // into the restarted Redis rather than forgotten, does not depend on the window's length.
    const c = await cluster(
      redis,
      upstream,
      { upstreamBudget: { requests: 90, windowMs: 3_600_000 }, cacheTtlMs: 60_000 },
      'restart',
      1_000,
    );
    try {
      assert.equal((await c.get(0, '/api/tracking/air?number=176-R0000000')).status, 200);
      await redis.kill();
      const outage = await Promise.all(
        Array.from({ length: 150 }, (_, i) => c.get(i, `/api/tracking/air?number=176-O${String(i).padStart(7, '0')}`)),
      );
      const duringOutage = calls(upstream) - 1;
      assert.ok(duringOutage <= 3 * Math.ceil(90 / SHARE), `${duringOutage} calls during the outage`);
      assert.ok(outage.some((a) => a.status === 429 && (a.json() as { error: string }).error === 'upstream_budget'));
      await redis.restart();
      await until(() => c.stores.every((s) => s.mode === 'shared'));
      await Promise.all(Array.from({ length: 150 }, (_, i) => c.get(i, `/api/tracking/air?number=176-A${String(i).padStart(7, '0')}`)));
      // All of it inside one window: the budget is 90.
      assert.ok(calls(upstream) <= 90, `${calls(upstream)} upstream calls in one window`);
      assert.ok(
        calls(upstream) > duringOutage + 1,
        `the restarted Redis took lookups again: ${duringOutage} then ${calls(upstream)}; ${JSON.stringify(c.logs)}`,
      );
    } finally {
      await c.close();
      await upstream.close();
      await redis.stop();
    }
  });

  it('three instances through four stalls keep one upstream budget: what the others spent still counts while each is alone', async () => {
    const redis = await startRedis();
    const upstream = await documentUpstream();
    // One window for the whole test (an hour), so "at most the budget in any window" is "at most
    // the budget in all": the claim does not depend on how fast the machine runs the stalls.
    const c = await cluster(redis, upstream, { upstreamBudget: { requests: 90, windowMs: 3_600_000 }, cacheTtlMs: 60_000 }, 'stalls');
    try {
      // The three spend 81 of the 90 together, 27 each, before Redis first stalls.
      for (let i = 0; i < 81; i++)
        assert.equal((await c.get(i, `/api/tracking/air?number=176-S${String(i).padStart(7, '0')}`)).status, 200);
      let asked = 0;
      for (let stall = 0; stall < 4; stall++) {
        redis.pause();
        await Promise.all(
          Array.from({ length: 30 }, (_, i) => c.get(i, `/api/tracking/air?number=176-T${stall}${String(asked++).padStart(6, '0')}`)),
        );
        redis.resume();
        await until(() => c.stores.every((s) => s.mode === 'shared'));
      }
      // Alone, each used to count only its own 27: a quarter of the 63 it thought left, 15 more
      // each in the first stall alone.
      assert.ok(calls(upstream) <= 90, `${calls(upstream)} upstream calls in one window whose budget is 90`);
      assert.ok(
        c.logs.every((log) => log.some((e) => e.level === 'warn')),
        `each instance really went alone: ${JSON.stringify(c.logs)}`,
      );
      // Shared again, the window holds what every instance spent: what is left of the budget
      // goes, then the next lookup is refused, and the service has seen no more than 90.
      let refused: Answer | undefined;
      for (let i = 0; i < 10 && refused === undefined; i++) {
        const answer = await c.get(i, `/api/tracking/air?number=176-Z${String(i).padStart(7, '0')}`);
        if (answer.status === 429) refused = answer;
      }
      assert.equal((refused?.json() as { error: string } | undefined)?.error, 'upstream_budget');
      assert.ok(calls(upstream) <= 90, `${calls(upstream)} upstream calls in one window whose budget is 90`);
    } finally {
      redis.resume();
      await c.close();
      await upstream.close();
      await redis.stop();
    }
  });

  // On the real clock: with Date stood still the store wrote one key to this Redis on Node 20 (CI,
  // 2026-11-28), which it never does on the real clock; why is not known yet.
  it('does not share counters with a Redis that could evict them (volatile-lru): says so, and cached answers cannot reset a quota', async () => {
    const redis = await startRedis({ config: { 'maxmemory-policy': 'volatile-lru', maxmemory: '8mb' } });
    const big = `{"pad":"${'x'.repeat(1024 * 1024)}"}`;
    const upstream = await startUpstream((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.includes('BIG') ? big : DOC);
    });
    const c = await cluster(redis, upstream, { newNumbersPerClientPerHour: 50, cacheTtlMs: 60_000 }, 'evict');
    try {
      const statuses: number[] = [];
      const lookUp = async (i: number, number: string) => statuses.push((await c.get(i, `/api/tracking/air?number=${number}`)).status);
      for (let i = 0; i < 20; i++) await lookUp(i, `176-E${String(i).padStart(7, '0')}`);
      // Large answers that, cached in this Redis, would push the counters out.
      for (let i = 0; i < 12; i++) await lookUp(i, `176-BIG${String(i).padStart(5, '0')}`);
      for (let i = 20; i < 90; i++) await lookUp(i, `176-E${String(i).padStart(7, '0')}`);
      const answered = statuses.filter((s) => s === 200).length;
      assert.ok(answered <= 50, `${answered} lookups answered for one visitor with a quota of 50`);
      assert.equal(calls(upstream), answered);
      for (const log of c.logs) {
        assert.ok(
          log.some((e) => e.level === 'error' && e.message.includes('volatile-lru') && e.message.includes('noeviction')),
          JSON.stringify(log),
        );
      }
      assert.ok(c.stores.every((s) => s.mode === 'local'));
      assert.equal(await redis.command('DBSIZE'), ':0', 'nothing was written to the evicting Redis');
    } finally {
      await c.close();
      await upstream.close();
      await redis.stop();
    }
  });
});
