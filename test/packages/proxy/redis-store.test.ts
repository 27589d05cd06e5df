// RedisStore against a real redis-server: the store semantics the proxy relies on, and what
// happens when Redis is missing, killed, paused or out of memory.
import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { RedisStore } from '@cargo-trackers/proxy/redis';
import type { FlightLease } from '@cargo-trackers/proxy';
import type { RedisStoreLogEntry } from '@cargo-trackers/proxy/redis';
import { until } from './harness.js';
import { describeStoreContract } from './store-contract.js';
import { redisCli, redisUnavailable, startRedis } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const skip = redisUnavailable();
const PREFIX = 'cargo-trackers:v1:';

/**
 * Semantics tests give Redis a generous 1 s per call, so that a busy test machine cannot turn one
 * slow answer into a local fallback; the fault tests use the default 50 ms.
 */
function storeOn(
  redis: RedisServer,
  logs: RedisStoreLogEntry[] = [],
  options: { leaseMs?: number; callTimeoutMs?: number; expectedInstances?: number } = {},
): RedisStore {
  return new RedisStore({
    url: redis.url,
    log: (entry) => logs.push(entry),
    retryMs: 100,
    callTimeoutMs: options.callTimeoutMs ?? 1_000,
    // One instance unless a test is about the share each of several takes during an outage.
    expectedInstances: options.expectedInstances ?? 1,
    ...(options.leaseMs && { leaseMs: options.leaseMs }),
  });
}

const FAULT = { callTimeoutMs: 50 };

/** SET commands Redis has refused (OOM), from INFO commandstats. */
function rejectedSets(redis: RedisServer): number {
  const info = redisCli(redis.port, ['INFO', 'commandstats']);
  return Number(/^cmdstat_set:.*rejected_calls=(\d+)/m.exec(info)?.[1] ?? 0);
}

/** How many times Redis has run `command` (lower case), from INFO commandstats. */
function commandCalls(redis: RedisServer, command: string): number {
  const info = redisCli(redis.port, ['INFO', 'commandstats']);
  return Number(new RegExp(`^cmdstat_${command}:calls=(\\d+)`, 'm').exec(info)?.[1] ?? 0);
}

/** Time of the slowest of `runs` calls, in ms. */
async function slowest(runs: number, call: () => Promise<unknown>): Promise<number> {
  let max = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    max = Math.max(max, performance.now() - started);
  }
  return max;
}

let redis: RedisServer;
const opened: RedisStore[] = [];
before(async () => {
  if (skip === undefined) redis = await startRedis();
});
after(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await redis?.stop();
});

/**
 * Lets `ms` go by for every key matching ARGV[1], as Redis's clock cannot be moved: each key with a
 * TTL is given `ms` less of it, and one with no more than `ms` left is deleted, as it would have expired.
 */
const PASS = `
local n = 0
for _, key in ipairs(redis.call('KEYS', ARGV[1])) do
  local left = redis.call('PTTL', key)
  if left > 0 then
    if left <= tonumber(ARGV[2]) then redis.call('DEL', key) else redis.call('PEXPIRE', key, left - tonumber(ARGV[2])) end
    n = n + 1
  end
end
return n`;

if (skip === undefined) {
  let prefixes = 0;
  // The same checks as MemoryStore's, each test under a fresh prefix of one shared Redis.
  describeStoreContract(
    'RedisStore',
    () => {
      const store = new RedisStore({ url: redis.url, prefix: `contract-${++prefixes}`, callTimeoutMs: 1_000 });
      opened.push(store);
      return store;
    },
    async (ms) => {
      const moved = await redis.command('EVAL', PASS, '0', `contract-${prefixes}:*`, String(ms));
      assert.match(moved, /^:\d+$/, `the clock was not moved: ${moved}`);
    },
  );
}

describe('RedisStore', { skip }, () => {
  it('counts atomically across stores: 200 concurrent increments from two instances make 200', async () => {
    const [a, b] = [storeOn(redis), storeOn(redis)];
    try {
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).increment('count:atomic', 1, 60_000)));
      assert.deepEqual(
        [...results].sort((x, y) => x - y),
        Array.from({ length: 200 }, (_, i) => i + 1),
      );
      assert.deepEqual(await b.counts(['count:atomic', 'count:absent']), [200, 0]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('gives a counter its expiry on the first write and keeps it after', async () => {
    const store = storeOn(redis);
    try {
      await store.increment('count:ttl', 1, 60_000);
      await store.increment('count:ttl', 5, 1);
      const ttl = Number((await redis.command('PTTL', `${PREFIX}count:count:ttl`)).slice(1));
      assert.ok(ttl > 55_000 && ttl <= 60_000, `PTTL ${ttl}`);
      assert.deepEqual(await store.counts(['count:ttl']), [6]);
      await store.increment('count:short', 1, 50);
      const short = Number((await redis.command('PTTL', `${PREFIX}count:count:short`)).slice(1));
      // At most 50 ms left, or already gone (-2): not a key without expiry (-1).
      assert.ok(short !== -1 && short <= 50, `PTTL ${short}`);
      await until(async () => (await store.counts(['count:short']))[0] === 0);
    } finally {
      await store.close();
    }
  });

  it('marks a key once: addIfAbsent is true for one caller only, and reads as 1', async () => {
    const [a, b] = [storeOn(redis), storeOn(redis)];
    try {
      const marks = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).addIfAbsent('seen:once', 60_000)));
      assert.equal(marks.filter(Boolean).length, 1);
      assert.deepEqual(await a.counts(['seen:once']), [1]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('caches bytes unchanged, under prefixed keys, and lets Redis expire them', async () => {
    const store = storeOn(redis);
    try {
      const bytes = new Uint8Array([0, 255, 128, 10, 13, 0x7b, 0xe2, 0x82, 0xac]);
      await store.setCached('answer:air\nnumber=176-1', bytes, 60_000);
      assert.deepEqual(await store.getCached('answer:air\nnumber=176-1'), bytes);
      assert.equal(await redis.command('EXISTS', `${PREFIX}cache:answer:air\nnumber=176-1`), ':1');
      await store.setCached('answer:short', bytes, 30);
      const short = Number((await redis.command('PTTL', `${PREFIX}cache:answer:short`)).slice(1));
      assert.ok(short !== -1 && short <= 30, `PTTL ${short}`);
      await until(async () => (await store.getCached('answer:short')) === undefined);
    } finally {
      await store.close();
    }
  });

  it('shares one flight: the holder publishes its answer, the others wait for it', async () => {
    const [a, b] = [storeOn(redis), storeOn(redis)];
    try {
      const lead = await a.flights.lead('air\nnumber=176-FLIGHT');
      assert.equal(lead.leader, true);
      const other = await b.flights.lead('air\nnumber=176-FLIGHT');
      assert.equal(other.leader, false);
      assert.equal(other.token, lead.token);
      const polls = commandCalls(redis, 'mget');
      const waiting = b.flights.wait('air\nnumber=176-FLIGHT', other, new AbortController().signal);
      // The waiter has polled (MGET of the lease and the result) and found the lease held, no answer
      // yet: Redis ran that poll before the answer below, as it runs one command at a time.
      await until(() => commandCalls(redis, 'mget') > polls);
      if (lead.leader) await lead.finish(new TextEncoder().encode('the answer'), 5_000);
      const answer = await waiting;
      assert.ok(answer instanceof Uint8Array);
      assert.equal(new TextDecoder().decode(answer), 'the answer');
      assert.equal((await b.flights.lead('air\nnumber=176-FLIGHT')).leader, true, 'the lease was let go');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('lets a dead holder’s lease expire, so another instance takes over', async () => {
    // A lease of 3 s, renewed every second: the holder's renewal is seen in Redis, not timed.
    const [a, b] = [storeOn(redis, [], { leaseMs: 3_000 }), storeOn(redis, [], { leaseMs: 3_000 })];
    const lease = `${PREFIX}flight:air\nnumber=176-DEAD`;
    const leaseLeft = async () => Number((await redis.command('PTTL', lease)).slice(1));
    try {
      assert.equal((await a.flights.lead('air\nnumber=176-DEAD')).leader, true);
      const first = await leaseLeft();
      assert.ok(first > 0 && first <= 3_000, `PTTL ${first}`);
      let left = first;
      await until(async () => {
        const now = await leaseLeft();
        const renewed = now > left || now < 0;
        left = now;
        return renewed;
      }, 10_000);
      assert.ok(left > 0, 'a live holder renews its lease before it runs out');
      assert.equal((await b.flights.lead('air\nnumber=176-DEAD')).leader, false, 'a renewed lease is still held');
      await a.close(); // the holder dies: no more renewals, no answer
      const other = await b.flights.lead('air\nnumber=176-DEAD');
      // Resolves once the lease is gone; a lease still renewed would keep it waiting.
      assert.equal(await b.flights.wait('air\nnumber=176-DEAD', other, new AbortController().signal), undefined);
      assert.equal((await b.flights.lead('air\nnumber=176-DEAD')).leader, true);
    } finally {
      await b.close();
    }
  });
});

describe('RedisStore when Redis fails', { skip }, () => {
  it('answers from its own memory while Redis is down at start, then shares once it is up', async () => {
    const redis = await startRedis();
    await redis.stop();
    const logs: RedisStoreLogEntry[] = [];
    const store = storeOn(redis, logs, FAULT);
    try {
      for (let i = 1; i <= 20; i++) assert.equal(await store.increment('count:offline', 1, 60_000), i);
      assert.equal(store.mode, 'local');
      assert.equal(logs.filter((l) => l.level === 'warn').length, 1, 'one warning per outage');
      await redis.restart();
      await until(() => store.mode === 'shared');
      assert.equal(await store.increment('count:offline', 1, 60_000), 21, 'the outage was added to the restarted Redis');
      assert.equal(logs.filter((l) => l.level === 'info').length, 1);
    } finally {
      await store.close();
      await redis.stop();
    }
  });

  // close() that waited for a reconnection that will not come would never end: the timeout fails it.
  it('closes when Redis never came up', { timeout: 30_000 }, async () => {
    const redis = await startRedis();
    await redis.stop();
    const store = storeOn(redis, [], FAULT);
    assert.equal(await store.increment('count:never', 1, 60_000), 1);
    await store.close();
  });

  it('survives a Redis killed mid-run and returns to it after a restart', async () => {
    const redis = await startRedis();
    const logs: RedisStoreLogEntry[] = [];
    // A call bound far longer than the test: a dropped connection must end the call, not the bound.
    const store = storeOn(redis, logs, { callTimeoutMs: 60_000 });
    try {
      assert.equal(await store.increment('count:kill', 1, 60_000), 1);
      await redis.kill();
      await store.increment('count:kill', 1, 60_000);
      assert.equal(store.mode, 'local', 'the first call after the kill failed at once and went local');
      for (let i = 0; i < 29; i++) await store.increment('count:kill', 1, 60_000);
      assert.deepEqual(
        logs.map((l) => l.level),
        ['warn'],
      );
      await redis.restart();
      await until(() => store.mode === 'shared');
      await store.setCached('answer:after', new Uint8Array([1]), 60_000);
      assert.equal(await redis.command('EXISTS', `${PREFIX}cache:answer:after`), ':1');
      assert.deepEqual(
        logs.map((l) => l.level),
        ['warn', 'info'],
      );
      assert.ok(!JSON.stringify(logs).includes(redis.url), 'the log does not quote the Redis URL');
    } finally {
      await store.close();
      await redis.stop();
    }
  });

  it('bounds every call when Redis hangs (SIGSTOP), and shares again when it resumes', async () => {
    const redis = await startRedis();
    const logs: RedisStoreLogEntry[] = [];
    const store = storeOn(redis, logs, FAULT);
    const warnings = () => logs.filter((l) => l.level === 'warn').length;
    try {
      // The counter is written by another instance, whose calls have a whole second: on a busy
      // machine a call of this store can miss its 50 ms bound before the pause too, and count
      // locally (once, in a clean clone, the counter then read 0 after the pause).
      const other = storeOn(redis);
      await other.increment('count:pause', 1, 60_000);
      await other.close();
      await until(async () => (await store.counts(['count:pause']))[0] === 1 && store.mode === 'shared');
      const warnedBefore = warnings();
      redis.pause();
      const max = await slowest(20, () => store.getCached('answer:paused'));
      // The suite's one real-time bound: a stopped Redis has no clock to move, and the 50 ms call
      // bound is a real timer. 1 s is 20 times that, room for a busy machine.
      assert.ok(max < 1_000, `slowest call while paused took ${max} ms (bound 50 ms)`);
      assert.equal(store.mode, 'local');
      redis.resume();
      // Read again until this store shares again and Redis answers in time: a lost counter never reads 1.
      await until(async () => (await store.counts(['count:pause']))[0] === 1 && store.mode === 'shared');
      // One warning for the outage (two if a busy machine made a call miss its bound around it),
      // not one for each of the 20 calls.
      const warned = warnings() - warnedBefore;
      assert.ok(warned >= 1 && warned <= 2, `${warned} warnings for one outage`);
    } finally {
      redis.resume();
      await store.close();
      await redis.stop();
    }
  });

  it('says when one slow answer makes a lookup go on without the other instances: a second upstream call is never unexplained', async () => {
    const redis = await startRedis();
    const holder = storeOn(redis);
    const logs: RedisStoreLogEntry[] = [];
    const waiter = storeOn(redis, logs, FAULT);
    const published: RedisStoreLogEntry[] = [];
    const publisher = storeOn(redis, published, FAULT);
    const cachedLogs: RedisStoreLogEntry[] = [];
    const cached = storeOn(redis, cachedLogs, FAULT);
    const key = 'air\nnumber=176-SLOWWAIT';
    try {
      assert.equal((await holder.flights.lead(key)).leader, true);
      // The waiter's 50 ms calls can miss their bound before the pause too, on a busy machine:
      // it asks until Redis has told it who holds the lease (a success also ends any run of slow calls).
      let seen: FlightLease | undefined;
      await until(async () => {
        const lease = await waiter.flights.lead(key);
        if (!lease.leader) seen = lease;
        return seen !== undefined;
      });
      const own = await publisher.flights.lead('air\nnumber=176-SLOWPUBLISH');
      assert.ok(own.leader, 'a lookup nobody holds is led');
      // Read until the answer comes from Redis (this store never kept it itself): that also ends any slow run.
      await holder.setCached('answer:slow', new Uint8Array([2]), 60_000);
      await until(async () => (await cached.getCached('answer:slow')) !== undefined);
      const said = logs.length;
      const publishedBefore = published.length;
      const cachedBefore = cachedLogs.length;
      redis.pause();
      try {
        // Two slow answers in a row on each store: each costs its own call only (three would be an outage).
        assert.equal(await waiter.flights.wait(key, seen!, new AbortController().signal), undefined, 'the waiter stops waiting');
        await own.finish(new Uint8Array([1]), 5_000);
        assert.equal(await cached.getCached('answer:slow'), undefined, 'a slow read finds only what this instance keeps');
        await cached.setCached('answer:slow-kept', new Uint8Array([3]), 60_000);
        // Last: a lease led alone renews itself (every second), and a renewal inside the pause would be a third slow call.
        assert.equal((await waiter.flights.lead('air\nnumber=176-SLOWLEAD')).leader, true, 'and leads alone');
        assert.equal(waiter.mode, 'shared', 'one slow answer at a time is not an outage');
      } finally {
        redis.resume();
      }
      assert.deepEqual(
        logs.slice(said).map((l) => [l.level, l.message]),
        [
          [
            'info',
            "Redis was slow (Redis did not answer within 50 ms): this instance stops waiting for another instance's call and calls the service itself.",
          ],
          [
            'info',
            'Redis was slow (Redis did not answer within 50 ms): this lookup is called from this instance without asking whether another is calling it already.',
          ],
        ],
      );
      assert.deepEqual(
        published.slice(publishedBefore).map((l) => [l.level, l.message]),
        [
          [
            'info',
            'Redis was slow (Redis did not answer within 50 ms): this answer was not handed to the instances waiting for it, which will call the service themselves.',
          ],
        ],
      );
      assert.deepEqual(
        cachedLogs.slice(cachedBefore).map((l) => [l.level, l.message]),
        [
          [
            'info',
            'Redis was slow (Redis did not answer within 50 ms): this instance read its own cache only, and may call the service for an answer another instance keeps.',
          ],
          [
            'info',
            'Redis was slow (Redis did not answer within 50 ms): this answer may be missing from the shared cache, and another instance asked for it may call the service itself.',
          ],
        ],
      );
    } finally {
      redis.resume();
      await Promise.all([holder.close(), waiter.close(), publisher.close(), cached.close()]);
      await redis.stop();
    }
  });

  it('takes an answer that came while the process itself was busy: a blocked event loop is not a slow Redis', async () => {
    const logs: RedisStoreLogEntry[] = [];
    const store = storeOn(redis, logs, FAULT);
    try {
      assert.equal(await store.increment('count:busy', 1, 60_000), 1);
      assert.equal(store.mode, 'shared');
      // Three calls in a row, each sent and then held up by this process for 6 times the 50 ms
      // bound (a module loading, a long render): Redis answers in time, and the deadline's timer
      // is due in the same turn of the loop as the answer. Three timeouts would mean an outage.
      const wait = new Int32Array(new SharedArrayBuffer(4));
      for (const expected of [2, 3, 4]) {
        const call = store.increment('count:busy', 1, 60_000);
        // node-redis writes on the next check phase; block right after the command went out.
        await new Promise<void>((sent) => setImmediate(() => (Atomics.wait(wait, 0, 0, 300), sent())));
        assert.equal(await call, expected, 'the count Redis answered, not one from a local fallback');
      }
      assert.equal(store.mode, 'shared');
      assert.deepEqual(logs, []);
    } finally {
      await store.close();
    }
  });

  it('keeps answering when Redis is out of memory (noeviction), and stays local until writes work', async () => {
    const redis = await startRedis({ config: { 'maxmemory-policy': 'noeviction' } });
    const logs: RedisStoreLogEntry[] = [];
    const store = storeOn(redis, logs, FAULT);
    try {
      assert.equal(await store.increment('count:oom', 1, 60_000), 1);
      assert.equal(await redis.command('CONFIG', 'SET', 'maxmemory', '1'), '+OK');
      await store.setCached('answer:oom', new Uint8Array(1000), 60_000);
      assert.equal(
        await store.increment('count:oom', 1, 60_000),
        2,
        'the local counter, which knew of the first, since Redis refuses writes',
      );
      assert.equal(store.mode, 'local');
      // Two more refused writes are two probes (one every 100 ms) that found Redis still full.
      const refused = rejectedSets(redis);
      await until(() => rejectedSets(redis) >= refused + 2);
      assert.equal(store.mode, 'local', 'a probe write still fails, so it stays local');
      assert.equal(await redis.command('CONFIG', 'SET', 'maxmemory', '0'), '+OK');
      await until(() => store.mode === 'shared');
      assert.equal(await store.increment('count:oom', 1, 60_000), 3, 'the increment made while Redis refused writes was added back');
    } finally {
      await store.close();
      await redis.stop();
    }
  });
});

describe('RedisStore keeps counters safe in Redis (issue 25, fall 4)', { skip }, () => {
  it('keeps answers larger than maxSharedAnswerBytes out of Redis, in its own cache', async () => {
    const store = new RedisStore({ url: redis.url, prefix: 'large', callTimeoutMs: 1_000, maxSharedAnswerBytes: 1024 });
    opened.push(store);
    const large = new Uint8Array(4096).fill(7);
    await store.setCached('answer:large', large, 60_000);
    await store.setCached('answer:small', new Uint8Array(16).fill(1), 60_000);
    assert.equal(await redis.command('EXISTS', 'large:v1:cache:answer:large'), ':0');
    assert.equal(await redis.command('EXISTS', 'large:v1:cache:answer:small'), ':1');
    assert.deepEqual(await store.getCached('answer:large'), large);
  });

  it('warns once when Redis will not tell its eviction policy (CONFIG forbidden), and shares all the same', async () => {
    const server = await startRedis();
    assert.equal(await server.command('ACL', 'SETUSER', 'default', '-config'), '+OK');
    const logs: RedisStoreLogEntry[] = [];
    const store = storeOn(server, logs);
    try {
      assert.equal(await store.increment('count:noconfig', 1, 60_000), 1);
      assert.equal(store.mode, 'shared');
      assert.deepEqual(
        logs.map((l) => l.level),
        ['warn'],
      );
      assert.match(logs[0]?.message ?? '', /maxmemory-policy.*noeviction/);
    } finally {
      await store.close();
      await server.stop();
    }
  });

  it('counts alone when Redis does not answer CONFIG GET: a slow Redis has not said its policy is safe', async () => {
    // A Redis on a real socket that answers every command but CONFIG, as a host too busy to answer
    // in time would look to the store. A probe that took that silence for "CONFIG forbidden" once
    // shared counters with an evicting Redis (volatile-lru) on a loaded machine.
    const received: string[] = [];
    const sockets = new Set<Socket>();
    const silentConfig = createServer((socket) => {
      sockets.add(socket);
      let pending = '';
      socket.on('data', (chunk) => {
        pending += chunk.toString('latin1');
        for (let command = takeCommand(); command; command = takeCommand()) {
          received.push(command.join(' '));
          const name = command[0]?.toUpperCase();
          if (name === 'CONFIG') continue;
          socket.write(name === 'INFO' ? '$19\r\nrun_id:silent-config\r\n' : '+OK\r\n');
        }
      });
      socket.on('error', () => {});
      function takeCommand(): string[] | undefined {
        const match = /^\*(\d+)\r\n/.exec(pending);
        if (!match) return undefined;
        let at = match[0].length;
        const args: string[] = [];
        for (let i = 0; i < Number(match[1]); i++) {
          const length = /^\$(\d+)\r\n/.exec(pending.slice(at));
          if (!length || pending.length < at + length[0].length + Number(length[1]) + 2) return undefined;
          at += length[0].length;
          args.push(pending.slice(at, at + Number(length[1])));
          at += Number(length[1]) + 2;
        }
        pending = pending.slice(at);
        return args;
      }
    });
    await new Promise<void>((resolve) => silentConfig.listen(0, '127.0.0.1', resolve));
    const { port } = silentConfig.address() as AddressInfo;
    const logs: RedisStoreLogEntry[] = [];
    const store = new RedisStore({
      url: `redis://127.0.0.1:${port}`,
      log: (entry) => logs.push(entry),
      retryMs: 100,
      callTimeoutMs: 50,
      expectedInstances: 1,
    });
    try {
      assert.equal(await store.increment('count:silent', 1, 60_000), 1);
      // The first connection's question about the policy ends (unanswered) and a probe or two asks again.
      await until(() => received.filter((c) => c.startsWith('CONFIG')).length >= 3);
      assert.equal(store.mode, 'local');
      assert.equal(await store.increment('count:silent', 1, 60_000), 2);
      assert.deepEqual(
        received.filter((c) => /^(INCR|SET|EVAL|EVALSHA|PEXPIRE|GET)\b/i.test(c) && !c.includes(':probe')),
        [],
        'no counter or cached answer went to a Redis whose policy is not known',
      );
      assert.match(logs[0]?.message ?? '', /Redis is unavailable \(Redis did not answer within \d+ ms\)/);
      assert.ok(!logs.some((l) => /did not tell its maxmemory-policy/.test(l.message)), JSON.stringify(logs));
    } finally {
      await store.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silentConfig.close(resolve));
    }
  });

  it('counts at a share of each limit while Redis is away, and adds what it counted when Redis is back', async () => {
    const server = await startRedis();
    const store = storeOn(server, [], { ...FAULT, expectedInstances: 3 });
    try {
      assert.equal(await store.increment('count:share', 1, 60_000), 1);
      server.pause();
      // While alone, each unit counts as three (the instance's share of three), on top of what it knew.
      await store.increment('count:share', 1, 60_000);
      await store.increment('count:share', 1, 60_000);
      await store.increment('count:share', 1, 60_000);
      assert.equal(store.mode, 'local');
      assert.equal(await store.increment('count:share', 1, 60_000), 1 + 4 * 3);
      server.resume();
      await until(() => store.mode === 'shared');
      // The same Redis (paused, not restarted): its 1 plus the outage's 4 real units, none lost. The
      // calls that timed out before the switch reach Redis when it resumes, and count twice: on the safe side.
      const [shared = 0] = await store.counts(['count:share']);
      assert.ok(shared >= 5 && shared <= 8, `shared counter ${shared}`);
    } finally {
      server.resume();
      await store.close();
      await server.stop();
    }
  });
});
