// The PHP proxy's counter stores, each held to one contract: Redis through phpredis against a real
// redis-server, APCu, and flock-guarded files. The counters (visitor quotas, the upstream budget,
// the locks that make one upstream call of concurrent identical lookups) stand between a flood and
// the site owner's bill, so each store must count every one of concurrent increments from several
// PHP processes, keep the expiry its first write set, and fail loudly (a StoreFailure, which the
// proxy answers 429 quota_unavailable) when it cannot count.
//
// Every store runs in the same place: a small PHP page under Apache prefork with mod_php and four
// processes (each request in a process of its own, as shared hosting runs PHP; APCu shared through
// Apache's parent), or, where Apache is not installed, `php -S` with four workers (separate processes
// that share APCu as php-fpm's pool does; APCu is per process under the plain CLI). .ci/run installs
// Apache. Expiries are awaited on the real clock: APCu keeps them on the system's monotonic clock,
// which libfaketime does not move for it, and Redis on its own.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { redisUnavailable, startRedis } from '../proxy/redis-server.js';
import type { RedisServer } from '../proxy/redis-server.js';
import { phpExtensionMissing, stopGroup } from './php-proxy.js';
import { freePort } from '../../support/free-port.mjs';
import { apachePreforkUnavailable, startApachePrefork } from '../../support/apache-prefork.mjs';

/** The PHP proxy core, copied beside the page: Apache's processes may not read the repository's folder. */
const CORE = fileURLToPath(new URL('../../../packages/wordpress-plugin/includes/proxy/', import.meta.url));

/** Apache prefork where installed, else php -S with workers (see above). */
const APACHE = apachePreforkUnavailable() === undefined;
const WORKERS = 4;

/** One operation on one store per request; a StoreFailure is a 503 with its message. */
const PAGE = `<?php
// The core's files answer nothing to a web request outside WordPress (their direct-access guard):
// this page stands where WordPress would.
define('ABSPATH', __DIR__ . '/');
require __DIR__ . '/../core/load.php';

use CargoTrackers\\Proxy\\ApcuCounters;
use CargoTrackers\\Proxy\\FileStore;
use CargoTrackers\\Proxy\\RedisCounters;
use CargoTrackers\\Proxy\\StoreFailure;

header('content-type: application/json');

/**
 * Holds the request until requests from $q['need'] different worker processes are here (or 10 s
 * have passed), so that the increments that follow really run side by side.
 */
function barrier(array $q)
{
    if (!isset($q['barrier'])) {
        return;
    }
    touch($q['barrier'] . '/' . getmypid());
    $until = microtime(true) + 10;
    while (count(glob($q['barrier'] . '/*')) < (int) $q['need'] && microtime(true) < $until) {
        usleep(2000);
    }
}

$q = $_GET;
switch ($q['store']) {
    case 'files':
        $store = new FileStore($q['dir']);
        break;
    case 'apcu':
        $store = new ApcuCounters('counter-contract:');
        break;
    case 'redis':
        $store = new RedisCounters(array('port' => (int) $q['port'], 'timeout' => 0.5, 'readTimeout' => 0.5), 'counter-contract:');
        break;
    default:
        http_response_code(400);
        exit;
}
try {
    switch ($q['op']) {
        case 'increment':
            barrier($q);
            $values = array();
            for ($i = 0; $i < (int) ($q['times'] ?? 1); $i++) {
                $values[] = $store->increment($q['key'], (int) $q['by'], (int) $q['ttl']);
            }
            echo json_encode(array('values' => $values, 'pid' => getmypid()));
            break;
        case 'within':
            // Steps on pairs of counters that count each other, as a window's slices on either side
            // of an edge: step $i on the pair $i, from the one side or (flip) the other.
            barrier($q);
            $added = 0;
            for ($i = 0; $i < (int) ($q['times'] ?? 1); $i++) {
                $pair = array($q['key'] . ':' . $i, $q['other'] . ':' . $i);
                list($key, $other) = isset($q['flip']) ? array_reverse($pair) : $pair;
                list($took) = $store->incrementWithin($key, 1, (int) $q['ttl'], array($other), (int) $q['limit']);
                $added += $took ? 1 : 0;
            }
            echo json_encode(array('added' => $added, 'pid' => getmypid()));
            break;
        case 'counts':
            echo json_encode(array('values' => $store->counts(explode(',', $q['keys']))));
            break;
        case 'addIfAbsent':
            echo json_encode(array('added' => $store->addIfAbsent($q['key'], (int) $q['ttl']), 'pid' => getmypid()));
            break;
        case 'delete':
            $store->delete($q['key']);
            echo json_encode(array('deleted' => true));
            break;
    }
} catch (StoreFailure $failure) {
    http_response_code(503);
    echo json_encode(array('failure' => $failure->getMessage()));
}
`;

interface StoreUnderTest {
  /** Query parameters that select the store on the page. */
  readonly params: Record<string, string>;
  /** Makes the store unusable; undefined where a store cannot go away while PHP runs. */
  break?(): Promise<void>;
  /** Makes it usable again. */
  repair?(): Promise<void>;
}

interface Kind {
  readonly name: string;
  readonly skip?: string;
  /** Sets the store up beside the page. */
  setUp(dir: string): Promise<StoreUnderTest & { close(): Promise<void> }>;
}

const kinds: Kind[] = [
  {
    name: 'Redis through phpredis, a real redis-server',
    skip: redisUnavailable() ?? phpExtensionMissing('redis', 'php-redis'),
    async setUp() {
      const redis: RedisServer = await startRedis();
      return {
        params: { store: 'redis', port: String(redis.port) },
        break: () => redis.stop(),
        repair: () => redis.restart(),
        close: () => redis.stop(),
      };
    },
  },
  {
    name: `APCu, shared by ${APACHE ? "Apache's prefork processes" : "php -S's workers"}`,
    skip: phpExtensionMissing('apcu', 'php-apcu'),
    async setUp() {
      // APCu lives in the server's own memory: it cannot be stopped while PHP runs, and where it is
      // off or not shared (CGI), the plugin and proxy.php do not choose it.
      return { params: { store: 'apcu' }, close: async () => {} };
    },
  },
  {
    name: 'files under flock',
    async setUp(dir) {
      const state = join(dir, 'state');
      const params = { store: 'files', dir: state };
      return {
        params,
        // A state folder that cannot be made (its parent is a file), as a full or read-only disk.
        break: async () => {
          await writeFile(join(dir, 'blocked'), '');
          params.dir = join(dir, 'blocked', 'state');
        },
        repair: async () => {
          params.dir = state;
        },
        close: async () => {},
      };
    },
  },
];

for (const kind of kinds) {
  describe(`counter store: ${kind.name}, under ${APACHE ? 'Apache prefork' : 'php -S'}`, { skip: kind.skip }, () => {
    let dir: string;
    let server: ChildProcess | undefined;
    let apache: { stop(): Promise<void>; errorLog(): Promise<string> } | undefined;
    let origin: string;
    let store: StoreUnderTest & { close(): Promise<void> };
    let output = '';
    let keys = 0;

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'cargo-trackers-counters-'));
      const root = join(dir, 'public');
      await mkdir(root);
      await writeFile(join(root, 'store.php'), PAGE);
      store = await kind.setUp(dir);
      await cp(CORE, join(dir, 'core'), { recursive: true });
      if (APACHE) {
        const started = await startApachePrefork({ dir, docRoot: root, workers: WORKERS, phpValues: { 'apc.enabled': '1' } });
        apache = started;
        origin = started.origin;
        return;
      }
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      const php = spawn(
        'php',
        ['-d', 'apc.enabled=1', '-d', 'display_errors=1', '-d', 'error_reporting=-1', '-S', `127.0.0.1:${port}`, '-t', root],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, PHP_CLI_SERVER_WORKERS: String(WORKERS) },
          detached: true,
        },
      );
      server = php;
      php.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      php.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      for (;;) {
        try {
          await fetch(`${origin}/nothing`);
          break;
        } catch {
          if (php.exitCode !== null) throw new Error(`php -S exited:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    });

    after(async () => {
      if (server !== undefined) await stopGroup(server);
      await apache?.stop();
      await store?.close();
      await rm(dir, { recursive: true, force: true });
    });

    /** A key no other case has used. */
    const fresh = (name: string) => `${name}:${++keys}:${Date.now().toString(36)}`;

    async function call(op: string, params: Record<string, string | number>): Promise<{ status: number; body: Record<string, unknown> }> {
      const query = new URLSearchParams({
        ...store.params,
        op,
        ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      });
      const response = await fetch(`${origin}/store.php?${query}`);
      const text = await response.text();
      try {
        return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
      } catch {
        throw new Error(`not JSON (${response.status}): ${text}`);
      }
    }

    async function ok(op: string, params: Record<string, string | number>): Promise<Record<string, unknown>> {
      const answer = await call(op, params);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body;
    }

    const increment = async (key: string, by: number, ttl: number) => ((await ok('increment', { key, by, ttl })).values as number[])[0];
    const count = async (key: string) => ((await ok('counts', { keys: key })).values as number[])[0];

    it('adds and returns the new value, counts an absent key as 0, adds once, deletes', async () => {
      const key = fresh('basic');
      assert.equal(await count(key), 0);
      assert.equal(await increment(key, 1, 60_000), 1);
      assert.equal(await increment(key, 4, 60_000), 5);
      assert.equal(await increment(key, -1, 60_000), 4);
      assert.deepEqual((await ok('counts', { keys: `${key},${fresh('absent')}` })).values, [4, 0]);
      const lock = fresh('lock');
      assert.equal((await ok('addIfAbsent', { key: lock, ttl: 60_000 })).added, true);
      assert.equal((await ok('addIfAbsent', { key: lock, ttl: 60_000 })).added, false);
      await ok('delete', { key: lock });
      assert.equal(await count(lock), 0);
      assert.equal((await ok('addIfAbsent', { key: lock, ttl: 60_000 })).added, true);
    });

    it('counts every one of concurrent increments from several PHP processes', async () => {
      const key = fresh('concurrent');
      const workers = WORKERS;
      const requests = 16;
      const times = 150;
      const barrier = join(dir, key.replaceAll(':', '-'));
      await mkdir(barrier);
      // Apache's processes (www-data, when the test runs as root) mark their arrival here.
      await chmod(barrier, 0o777);
      // A php -S worker takes every connection that is waiting when it looks, so a burst could all
      // go to one. The first requests are sent one at a time, each once the one before is held at
      // the barrier inside PHP (where its worker accepts nothing more): each lands in another
      // worker, and all of them count at once when the last arrives. The rest follow in a burst.
      const answers: Array<Promise<Record<string, unknown>>> = [];
      for (let i = 0; i < requests; i++) {
        answers.push(ok('increment', { key, by: 1, ttl: 600_000, times, barrier, need: workers }));
        if (i < workers - 1) {
          while ((await readdir(barrier)).length < i + 1) await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      const done = await Promise.all(answers);
      const pids = new Set(done.map((answer) => answer.pid));
      assert.ok(pids.size >= workers, `served by ${pids.size} process(es): the increments did not run side by side`);
      assert.equal(await count(key), requests * times, 'no increment lost');
      // Each value was handed out once: no two increments saw the same total.
      const values = done.flatMap((answer) => answer.values as number[]);
      assert.equal(new Set(values).size, values.length, 'every returned value is distinct');
    });

    it('adds within a limit in one step: the others read and the counter written together', async () => {
      const [key, other] = [fresh('within'), fresh('within-other')];
      await increment(`${other}:0`, 2, 60_000);
      const within = async () => (await ok('within', { key, other, ttl: 60_000, limit: 4, times: 1 })).added;
      assert.deepEqual([await within(), await within(), await within()], [1, 1, 0]);
      assert.deepEqual((await ok('counts', { keys: `${key}:0,${other}:0` })).values, [2, 2], 'nothing left behind by a refusal');
    });

    it('lets exactly the limit through when steps from several PHP processes count each other', async () => {
      const [key, other] = [fresh('edge'), fresh('edge-other')];
      const times = 200;
      const barrier = join(dir, key.replaceAll(':', '-'));
      await mkdir(barrier);
      await chmod(barrier, 0o777);
      // One request per worker, held at the barrier until all are in (as the concurrent increments
      // above), then each takes step i on pair i, half of them from the other side: the workers
      // reach each pair at about the same moment, and each pair has a limit of 1.
      const answers: Array<Promise<Record<string, unknown>>> = [];
      for (let i = 0; i < WORKERS; i++) {
        answers.push(ok('within', { key, other, ttl: 600_000, limit: 1, times, barrier, need: WORKERS, ...(i % 2 === 1 && { flip: 1 }) }));
        if (i < WORKERS - 1) {
          while ((await readdir(barrier)).length < i + 1) await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      const done = await Promise.all(answers);
      assert.equal(new Set(done.map((answer) => answer.pid)).size, WORKERS, 'the steps did not run side by side');
      assert.equal(
        done.reduce((sum, answer) => sum + (answer.added as number), 0),
        times,
        'one unit on each pair',
      );
    });

    it('lets exactly one of concurrent adds of one key win', async () => {
      const key = fresh('race');
      const answers = await Promise.all(Array.from({ length: 16 }, () => ok('addIfAbsent', { key, ttl: 600_000 })));
      assert.equal(answers.filter((answer) => answer.added === true).length, 1);
    });

    it('keeps the expiry its first write set: later writes neither remove nor extend it', { timeout: 60_000 }, async () => {
      const key = fresh('window');
      const lock = fresh('lock');
      const started = performance.now();
      assert.equal(await increment(key, 1, 2_000), 1);
      assert.equal((await ok('addIfAbsent', { key: lock, ttl: 2_000 })).added, true);
      assert.equal(await increment(key, 1, 3_600_000), 2, 'a later write asks for an hour');
      assert.equal((await ok('addIfAbsent', { key: lock, ttl: 3_600_000 })).added, false);
      // Awaited: the counter goes when the first write said, not an hour after the last (nor never).
      while ((await count(key)) !== 0) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.ok(performance.now() - started >= 1_950, 'not before its time');
      assert.equal(await increment(key, 1, 60_000), 1, 'a new window starts from zero');
      while ((await ok('addIfAbsent', { key: lock, ttl: 60_000 })).added !== true) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });

    it('fails every operation with a StoreFailure while the store is down, and works again when it is back', async (t) => {
      if (store.break === undefined || store.repair === undefined) {
        t.skip('this store cannot go away while PHP runs');
        return;
      }
      const key = fresh('down');
      assert.equal(await increment(key, 1, 60_000), 1);
      await store.break();
      try {
        for (const [op, params] of [
          ['increment', { key, by: 1, ttl: 60_000 }],
          ['counts', { keys: key }],
          ['addIfAbsent', { key: fresh('lock'), ttl: 60_000 }],
          ['within', { key, other: fresh('other'), ttl: 60_000, limit: 10, times: 1 }],
        ] as const) {
          const answer = await call(op, params);
          assert.equal(answer.status, 503, `${op}: ${JSON.stringify(answer.body)}`);
          assert.equal(typeof answer.body.failure, 'string');
        }
      } finally {
        await store.repair();
      }
      assert.equal(await increment(fresh('back'), 1, 60_000), 1);
    });
  });
}
