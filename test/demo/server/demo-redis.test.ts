// REDIS_URL on the demo server: unset means its own memory store; set, several demo servers in
// front of one service share one Redis, and the URL's password appears in no log line.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DemoConfigError, readDemoConfig } from '../../../demo/server/demo-config.js';
import { startDemoServer } from '../../../demo/server/start-demo-server.js';
import type { DemoServer } from '../../../demo/server/start-demo-server.js';
import { CANARY_KEY, assertCanaryNeverSeen, marked, observe, readAnswer, startUpstream } from '../../packages/proxy/harness.js';
import { redisUnavailable, startRedis } from '../../packages/proxy/redis-server.js';
import type { RedisServer } from '../../packages/proxy/redis-server.js';

describe('REDIS_URL in the demo configuration', () => {
  it('is optional, and read when set', () => {
    assert.equal(readDemoConfig({}).redisUrl, undefined);
    assert.equal(readDemoConfig({ REDIS_URL: '' }).redisUrl, undefined);
    assert.equal(readDemoConfig({ REDIS_URL: 'redis://:pw@10.0.0.5:6380/2' }).redisUrl, 'redis://:pw@10.0.0.5:6380/2');
    assert.equal(readDemoConfig({ REDIS_URL: 'rediss://cache.example:6380' }).redisUrl, 'rediss://cache.example:6380');
  });

  it('refuses a malformed one without quoting it (it may hold a password)', () => {
    for (const value of ['http://:secret-pw@host', 'secret-pw', 'redis://']) {
      assert.throws(
        () => readDemoConfig({ REDIS_URL: value }),
        (error: unknown) => error instanceof DemoConfigError && /REDIS_URL/.test(error.message) && !error.message.includes('secret-pw'),
      );
    }
  });
});

const skip = redisUnavailable();

describe('demo servers sharing one Redis', { skip }, () => {
  let redis: RedisServer;
  before(async () => {
    redis = await startRedis({ config: { requirepass: 'demo-redis-pw' } });
  });
  after(async () => {
    await redis?.stop();
    assertCanaryNeverSeen();
  });

  it('make one upstream call between them for one number, and log the Redis host only', async () => {
    const upstream = await startUpstream((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"awbNumber":"176-12345675","status":"IN_TRANSIT","milestones":[]}');
      }, 100);
    });
    const lines: string[] = [];
    const redisUrl = `redis://:demo-redis-pw@127.0.0.1:${redis.port}`;
    const servers: DemoServer[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        servers.push(
          await startDemoServer({
            port: 0,
            service: { baseUrl: upstream.url, apiKey: CANARY_KEY },
            redisUrl,
            // As the proxy's own sharing tests: a slow answer on a busy machine must not make a second call.
            redisCallTimeoutMs: 1_000,
            log: (line) => lines.push(line),
          }),
        );
      }
      const answers = await Promise.all(
        Array.from({ length: 12 }, async (_, i) =>
          readAnswer(await fetch(`${servers[i % 3]!.url}api/tracking/air?number=176-12345675`, marked())),
        ),
      );
      assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
      assert.deepEqual(
        lines.filter((line) => line.startsWith('store: ')),
        [],
        'no Redis outage or refusal on the way',
      );
      assert.equal(upstream.requests.length, 1);
      assert.equal(
        lines.filter((line) => line === `Store: Redis at 127.0.0.1:${redis.port}, shared with every server given the same REDIS_URL.`)
          .length,
        3,
      );
      for (const line of lines) {
        observe(line);
        assert.ok(!line.includes('demo-redis-pw'), line);
      }
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await upstream.close();
    }
  });
});
