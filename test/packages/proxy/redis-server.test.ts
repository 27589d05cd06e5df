// The Redis harness itself: the fault tests below trust that it really stops, restarts and pauses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redisUnavailable, startRedis } from './redis-server.js';

const skip = redisUnavailable();

describe('redis-server harness', { skip }, () => {
  it('starts without persistence, restarts empty on the same port, pauses and resumes', async () => {
    const redis = await startRedis();
    try {
      assert.equal(await redis.command('CONFIG', 'GET', 'save'), '*2\r\n$4\r\nsave\r\n$0');
      assert.equal(await redis.command('SET', 'k', 'v'), '+OK');
      await redis.kill();
      assert.equal(redis.running, false);
      await assert.rejects(redis.command('PING'));
      await redis.restart();
      assert.equal(await redis.command('EXISTS', 'k'), ':0');
      redis.pause();
      await assert.rejects(redis.command('PING'), /no answer/);
      redis.resume();
      assert.equal(await redis.command('PING'), '+PONG');
    } finally {
      await redis.stop();
    }
  });
});
