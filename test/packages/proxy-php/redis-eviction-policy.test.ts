// RedisCounters against a real redis-server: a Redis whose maxmemory-policy is an allkeys-* one
// evicts any key when it is full, a live counter too, so the plugin does not keep counters there
// (it counts with APCu or files instead, as where there is no Redis). The policy is read once per
// PHP process: each check here is its own `php` process, except where the cache is the point.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { redisUnavailable, startRedis } from '../proxy/redis-server.js';
import type { RedisServer } from '../proxy/redis-server.js';
import { phpExtensionMissing } from './php-proxy.js';
import { freePort } from '../../support/free-port.mjs';

const CORE = fileURLToPath(new URL('../../../packages/wordpress-plugin/includes/proxy/load.php', import.meta.url));

/** keepsCounters() for each port given, in one PHP process (APCu off, so that nothing outlives it). */
async function keepsCounters(...ports: number[]): Promise<boolean[]> {
  const script = `require ${JSON.stringify(CORE)};
$answers = array();
foreach (array_slice($argv, 1) as $port) {
    $counters = new CargoTrackers\\Proxy\\RedisCounters(array('port' => (int) $port, 'timeout' => 0.5, 'readTimeout' => 0.5), 'policy-test:');
    $answers[] = $counters->keepsCounters();
}
echo json_encode($answers);`;
  const { stdout } = await promisify(execFile)('php', ['-d', 'apc.enable_cli=0', '-r', script, '--', ...ports.map(String)]);
  return JSON.parse(stdout) as boolean[];
}

describe(
  'RedisCounters and the eviction policy of a real Redis',
  { skip: redisUnavailable() ?? phpExtensionMissing('redis', 'php-redis') },
  () => {
    let redis: RedisServer;
    before(async () => {
      redis = await startRedis({ config: { 'maxmemory-policy': 'allkeys-lru' } });
    });
    after(() => redis.stop());

    const setPolicy = async (policy: string) => assert.equal(await redis.command('CONFIG', 'SET', 'maxmemory-policy', policy), '+OK');

    it('refuses a Redis that may evict any key (allkeys-*), and keeps one under any other policy', async () => {
      await setPolicy('allkeys-lru');
      assert.deepEqual(await keepsCounters(redis.port), [false]);
      await setPolicy('allkeys-random');
      assert.deepEqual(await keepsCounters(redis.port), [false]);
      await setPolicy('noeviction');
      assert.deepEqual(await keepsCounters(redis.port), [true]);
    });

    it('reads the policy once per process', async () => {
      await setPolicy('allkeys-lfu');
      const script = `require ${JSON.stringify(CORE)};
$make = fn () => new CargoTrackers\\Proxy\\RedisCounters(array('port' => ${redis.port}), 'policy-test:');
$first = $make()->keepsCounters();
$redis = new Redis();
$redis->connect('127.0.0.1', ${redis.port});
$redis->config('SET', 'maxmemory-policy', 'noeviction');
echo json_encode(array($first, $make()->keepsCounters()));`;
      const { stdout } = await promisify(execFile)('php', ['-d', 'apc.enable_cli=0', '-r', script]);
      assert.deepEqual(JSON.parse(stdout), [false, false]);
      assert.deepEqual(await keepsCounters(redis.port), [true]);
    });

    it('counts a Redis that cannot be asked as keeping counters, which then fail loudly as before', async () => {
      // Nothing listens on a free port.
      assert.deepEqual(await keepsCounters(await freePort()), [true]);
    });
  },
);
