// The plugin's proxy routes (cargo-trackers/v1/…) in a real WordPress, addressed as a site with
// plain permalinks exposes them (/?rest_route=/cargo-trackers/v1/ocean&…): the shared proxy
// contract and the PHP attack suite, in Debian's WordPress 6.1 with a Redis object-cache drop-in
// against a real redis-server, and in the newest WordPress this project installs (6.5) without a
// persistent object cache (file counters). One WordPress per combination serves every case;
// each case points the plugin at its own upstream and a fresh state through a test mu-plugin. The
// key comes from CARGO_TRACKERS_API_KEY, as wp-config.php would define it, and is looked for in
// every answer, the debug log, the database and the settings page.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { describeProxyContract, MARKER } from '../proxy/contract-suite.js';
import { assertCanaryNeverSeen, CANARY_KEY, observe, readAnswer, startUpstream } from '../proxy/harness.js';
import { redisUnavailable, startRedis } from '../proxy/redis-server.js';
import type { RedisServer } from '../proxy/redis-server.js';
import { describePhpProxy } from '../proxy-php/php-suite.js';
import { phpExtensionMissing, phpLimits, phpValue } from '../proxy-php/php-proxy.js';
import type { PhpProxy, PhpProxyOptions } from '../proxy-php/php-proxy.js';
import {
  debianWordPress,
  logInCookie,
  PHP_MESSAGE,
  playgroundWordPress,
  reservePort,
  startWordPressSite,
  wpCli,
} from './wordpress-site.js';
import type { WordPressSite, WordPressSource } from './wordpress-site.js';

after(assertCanaryNeverSeen);

const DROP_IN = fileURLToPath(new URL('./fixtures/redis-object-cache.php', import.meta.url));
const TEST_CONFIG = 'wp-content/cargo-trackers-test-config.json';

/** The key as wp-config.php defines it; everything else a case changes comes through the config filter. */
const MU_PLUGIN = `<?php
if (!is_file(WP_CONTENT_DIR . '/cargo-trackers-test-no-constant')) {
    define('CARGO_TRACKERS_API_KEY', ${phpValue(CANARY_KEY)});
}
add_filter('cargo_trackers_proxy_config', function ($config) {
    $file = WP_CONTENT_DIR . '/cargo-trackers-test-config.json';
    return is_file($file) ? array_merge($config, json_decode(file_get_contents($file), true)) : $config;
});
`;

/** `/api/tracking/ocean?a=b` (the contract's default routes) as the plugin's route under plain permalinks. */
function restAddress(origin: string, path: string): string {
  const match = /^\/api\/tracking\/([^?]*)(?:\?(.*))?$/.exec(path);
  if (match === null) throw new Error(`not a proxy path: ${path}`);
  const query = match[2] === undefined ? '' : `&${match[2]}`;
  return `${origin}/?rest_route=/cargo-trackers/v1/${match[1]}${query}`;
}

// Each WordPress once and each counter store once, not every pairing: the proxy's PHP does not ask
// which WordPress runs it. With the Redis drop-in the plugin counts in that Redis directly; without
// an object cache the site is set to file counters (APCu's own contract is counter-stores.test.ts).
const sites: Array<[string, () => Promise<WordPressSource>, boolean]> = [
  ["Debian's WordPress 6.1", () => debianWordPress(), true],
  ['WordPress 6.5 (Playground build)', () => playgroundWordPress('6.5'), false],
];

for (const [label, load, objectCache] of sites) {
  const name = `the plugin's routes in ${label}, ${objectCache ? 'Redis object cache' : 'no persistent object cache'}`;
  describe(name, { skip: objectCache ? redisUnavailable() : undefined }, () => {
    let site: WordPressSite;
    let redis: RedisServer | undefined;

    before(async () => {
      const missing = objectCache ? phpExtensionMissing('redis', 'php-redis') : undefined;
      if (missing !== undefined) throw new Error(missing);
      const source = await load();
      const files: Record<string, string> = { 'wp-content/mu-plugins/cargo-trackers-proxy-test.php': MU_PLUGIN };
      let constants: Record<string, unknown> = {};
      if (objectCache) {
        redis = await startRedis();
        // As a site owner installs it: the drop-in unchanged, its settings in wp-config.php, and its
        // documented graceful mode, in which the site keeps running while Redis is away.
        files['wp-content/object-cache.php'] = await readFile(DROP_IN, 'utf8');
        constants = { WP_REDIS_HOST: '127.0.0.1', WP_REDIS_PORT: redis.port, WP_REDIS_GRACEFUL: true };
      }
      const { port } = await reservePort();
      site = await startWordPressSite(source, {
        port,
        scriptUrl: 'http://127.0.0.1:9/unused.js',
        proxyBase: 'http://127.0.0.1:9/',
        posts: [],
        files,
        constants,
        movableClock: true,
      });
    });

    after(async () => {
      await site?.close();
      await redis?.stop();
    });

    /** Points the running site at this case's upstream, with fresh counters and cache. */
    async function start(options: PhpProxyOptions): Promise<PhpProxy> {
      const stateDir = await mkdtemp(join(tmpdir(), 'cargo-trackers-wp-state-'));
      const { apiKey, ...rest } = options;
      assert.equal(apiKey, CANARY_KEY, 'the key comes from the constant the mu-plugin defines');
      const config = {
        ...rest,
        corsOrigins: options.corsOrigins ?? [],
        // Out of the way of tests about something else (a busy machine); the timeout's own tests set theirs.
        timeoutMs: options.timeoutMs ?? 30_000,
        limits: phpLimits(options.limits),
        stateDir,
        // Without an object cache, this site keeps its counters in files (APCu, which php -S shares
        // too, would carry counts from one case to the next); with Redis, the plugin chooses.
        ...(objectCache ? {} : { counters: 'files' }),
      };
      await writeFile(join(site.dir, TEST_CONFIG), JSON.stringify(config));
      if (redis !== undefined) await redis.command('FLUSHALL');
      return {
        url: site.origin,
        address: (path) => restAddress(site.origin, path),
        logs: () => [],
        ...(site.moveClock && { moveClock: site.moveClock }),
        close: async () => {
          await rm(join(site.dir, TEST_CONFIG), { force: true });
          await rm(stateDir, { recursive: true, force: true });
        },
      };
    }

    describeProxyContract(name, start);
    describePhpProxy(name, start, { logs: false });

    if (objectCache) {
      describe(`${name}: counters through the site's Redis`, () => {
        /**
         * The remaining lifetimes (ms) of the Redis keys whose names end with the glob `suffix`,
         * read over a raw socket (not through the code under test): -1 for a key without an expiry.
         * (The drop-in writes a counter `budget:…` as `budget-…`.)
         */
        async function lifetimes(suffix: string): Promise<number[]> {
          const script =
            "local out = {} for _, k in ipairs(redis.call('KEYS', '*' .. ARGV[1])) do out[#out + 1] = redis.call('PTTL', k) end return table.concat(out, ',')";
          const reply = await redis!.command('EVAL', script, '0', suffix);
          const body = reply.split('\r\n')[1] ?? '';
          return body === '' ? [] : body.split(',').map(Number);
        }

        it('counts every one of many concurrent increments from separate PHP processes, and the counter keeps its expiry', async () => {
          const upstream = await startUpstream();
          const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY });
          const key = `probe-${Date.now().toString(36)}`;
          const processes = 6;
          const each = 300;
          try {
            // The counters the plugin's proxy uses for a request, whatever store it chose.
            // Each process waits, WordPress loaded, until all are ready (or 20 s have passed), so
            // that their increments run side by side rather than one process after another.
            const ready = await mkdtemp(join(tmpdir(), 'cargo-trackers-ready-'));
            const code = `$config = cargo_trackers_proxy_config();
$counters = cargo_trackers_counters($config, cargo_trackers_file_store($config));
touch(${phpValue(ready)} . '/' . getmypid());
$until = microtime(true) + 20;
while (count(glob(${phpValue(ready)} . '/*')) < ${processes} && microtime(true) < $until) { usleep(2000); }
$last = 0;
for ($i = 0; $i < ${each}; $i++) { $last = $counters->increment(${phpValue(key)}, 1, 600000); }
echo json_encode(array('last' => $last, 'pid' => getmypid()));`;
            await wpCli(site, 'echo 1;'); // WordPress's first-run writes (its options), done once
            const runs = await Promise.all(Array.from({ length: processes }, () => wpCli(site, code)));
            const pids = new Set(
              runs.map((out) => {
                assert.ok(out.startsWith('{'), out);
                return (JSON.parse(out) as { pid: number }).pid;
              }),
            );
            assert.equal(pids.size, processes, 'each run in a process of its own');
            const total = JSON.parse(
              await wpCli(
                site,
                `$config = cargo_trackers_proxy_config();
echo json_encode(cargo_trackers_counters($config, cargo_trackers_file_store($config))->counts(array(${phpValue(key)})));`,
              ),
            ) as number[];
            assert.deepEqual(total, [processes * each], 'no increment lost');
            await rm(ready, { recursive: true, force: true });
            const ttls = await lifetimes(key);
            assert.equal(ttls.length, 1, 'one key in Redis');
            assert.ok(
              ttls.every((ms) => ms > 0 && ms <= 600_000),
              `the expiry the first write set, not none: ${ttls.join(', ')}`,
            );
          } finally {
            await proxy.close();
            await upstream.close();
          }
        });

        it('gives every budget and quota counter that lookups write an expiry', async () => {
          const upstream = await startUpstream();
          const proxy = await start({
            baseUrl: upstream.url,
            apiKey: CANARY_KEY,
            limits: { upstreamBudget: { requests: 50, windowMs: 20_000 }, newNumbersPerClientPerHour: 50 },
          });
          try {
            for (const number of ['MSCU1000001', 'MSCU1000002', 'MSCU1000003']) {
              const answer = await readAnswer(
                await fetch(restAddress(site.origin, `/api/tracking/ocean?referenceNumber=${number}`), { headers: MARKER }),
              );
              assert.equal(answer.status, 200);
            }
            assert.equal(upstream.requests.length, 3);
            const budget = await lifetimes('budget?[0-9]*');
            const quota = await lifetimes('quota?[0-9]*');
            assert.ok(budget.length > 0 && quota.length > 0, 'the budget and the quota are counted in Redis');
            for (const ms of [...budget, ...quota]) assert.ok(ms > 0, `every counter expires: ${[...budget, ...quota].join(', ')}`);
          } finally {
            await proxy.close();
            await upstream.close();
          }
        });

        it('refuses new lookups while Redis is down, and still serves an answer it already has', async () => {
          const upstream = await startUpstream();
          const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY });
          const lookup = (number: string) =>
            fetch(restAddress(site.origin, `/api/tracking/ocean?referenceNumber=${number}`), { headers: MARKER }).then(readAnswer);
          try {
            assert.equal((await lookup('MSCU2000001')).status, 200);
            assert.equal(upstream.requests.length, 1);
            await redis!.stop();
            const cached = await lookup('MSCU2000001');
            assert.equal(cached.status, 200, 'the cached answer');
            assert.equal(cached.headers.get('x-proxy-cache'), 'hit');
            const fresh = await Promise.all(
              [...Array.from({ length: 6 }, (_, i) => `MSCU20001${i}`), ...Array.from({ length: 4 }, () => 'MSCU2000999')].map(lookup),
            );
            for (const answer of fresh) {
              assert.equal(answer.status, 429, answer.text);
              assert.equal((answer.json() as { error?: string }).error, 'quota_unavailable');
              assert.ok(answer.headers.get('retry-after') !== null);
            }
            assert.equal(upstream.requests.length, 1, 'nothing new went upstream');
          } finally {
            await redis!.restart();
            await proxy.close();
            await upstream.close();
          }
        });
      });
    }

    describe(`${name}: WordPress around the proxy`, () => {
      it('adds none of its REST headers: no CORS for every site, no X-WP-*, no Link', async () => {
        const upstream = await startUpstream();
        const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY });
        try {
          const answer = await readAnswer(
            await fetch(restAddress(site.origin, '/api/tracking/ocean?referenceNumber=A1'), {
              headers: { ...MARKER, origin: 'https://evil.example' },
            }),
          );
          assert.equal(answer.status, 403);
          const listed = await readAnswer(
            await fetch(restAddress(site.origin, '/api/tracking/ocean?referenceNumber=A1'), { headers: MARKER }),
          );
          assert.equal(listed.status, 200);
          for (const response of [answer, listed]) {
            const names = [...response.headers.keys()];
            assert.deepEqual(
              names.filter(
                (n) =>
                  n.startsWith('x-wp') ||
                  n === 'link' ||
                  n === 'x-powered-by' ||
                  n === 'x-robots-tag' ||
                  n === 'access-control-allow-credentials' ||
                  n === 'access-control-allow-headers',
              ),
              [],
              names.join(', '),
            );
            assert.equal(response.headers.get('access-control-allow-origin'), null);
          }
          assert.equal(upstream.requests.length, 1);
        } finally {
          await proxy.close();
          await upstream.close();
        }
      });

      it("asks the service through WordPress's HTTP API, where the site's filters and HTTP settings apply", async () => {
        const upstream = await startUpstream();
        const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY });
        // What a site's own code can do to every plugin's requests: answer one itself, here saying what it was asked.
        const muPlugin = join(site.dir, 'wp-content/mu-plugins/cargo-trackers-http-api-test.php');
        await writeFile(
          muPlugin,
          `<?php
add_filter('pre_http_request', function ($pre, $args, $url) {
    if (strpos($url, ${phpValue(upstream.url)}) !== 0) {
        return $pre;
    }
    $seen = array(
        'answeredBy' => 'pre_http_request',
        'url' => $url,
        'redirection' => $args['redirection'],
        'keySent' => ($args['headers']['authorization'] ?? '') === 'Bearer ' . CARGO_TRACKERS_API_KEY,
    );
    return array(
        'headers' => array('content-type' => 'application/json'),
        'body' => json_encode($seen),
        'response' => array('code' => 200, 'message' => 'OK'),
        'cookies' => array(),
        'filename' => null,
    );
}, 10, 3);
`,
        );
        try {
          const answer = await readAnswer(
            await fetch(restAddress(site.origin, '/api/tracking/ocean?referenceNumber=MEDU9091004'), { headers: MARKER }),
          );
          assert.equal(answer.status, 200, answer.text);
          assert.deepEqual(JSON.parse(answer.text), {
            answeredBy: 'pre_http_request',
            url: `${upstream.url}/v1/shipments/ocean?referenceNumber=MEDU9091004`,
            redirection: 0,
            keySent: true,
          });
          assert.equal(upstream.requests.length, 0, 'the service itself was not asked');
        } finally {
          await rm(muPlugin, { force: true });
          await proxy.close();
          await upstream.close();
        }
      });

      it('refuses Test connection without an administrator and a nonce, and asks the service nothing', async () => {
        const upstream = await startUpstream();
        const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY });
        try {
          const body = `option_page=cargo_trackers&action=update&cargo_trackers_test=1&cargo_trackers_api_key=trk_x&cargo_trackers_api_base_url=${encodeURIComponent(upstream.url)}`;
          const post = (cookie?: string) =>
            fetch(`${site.origin}/wp-admin/options.php`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie && { cookie }) },
              body,
              redirect: 'manual',
            });
          const anonymous = await post();
          observe(await anonymous.text());
          assert.ok(anonymous.status >= 300, `status ${anonymous.status}`);
          const withoutNonce = await post(await logInCookie(site));
          observe(await withoutNonce.text());
          assert.equal(withoutNonce.status, 403, 'an administrator without the form nonce');
          assert.equal(upstream.requests.length, 0);
        } finally {
          await proxy.close();
          await upstream.close();
        }
      });

      it('tests the connection with a number that cannot exist: 404 says the key works, 401 that it does not', async () => {
        for (const [status, verdict] of [
          [404, 'good_key'],
          [401, 'bad_key'],
          [500, 'other'],
        ] as const) {
          const upstream = await startUpstream((_req, res) =>
            res.writeHead(status, { 'content-type': 'application/json' }).end('{"message":"said the service"}'),
          );
          const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY });
          try {
            const probe = JSON.parse(await wpCli(site, 'echo json_encode(cargo_trackers_probe());')) as Record<string, unknown>;
            assert.deepEqual(probe, { verdict, status, detail: 'said the service', address: upstream.url, typed: '' });
            assert.equal(upstream.requests.length, 1);
            assert.equal(upstream.requests[0]?.path, '/v1/shipments/ocean');
            assert.equal(upstream.requests[0]?.headers.authorization, `Bearer ${CANARY_KEY}`);
          } finally {
            await proxy.close();
            await upstream.close();
          }
        }
      });

      it('shows the administrator that the constant wins, and the key only by its last four characters', async () => {
        const page = await wpCli(site, 'cargo_trackers_settings_page();');
        observe(page);
        assert.match(page, /CARGO_TRACKERS_API_KEY in wp-config\.php, which wins over this page/);
        assert.ok(page.includes(`…${CANARY_KEY.slice(-4)}`), 'the last four characters');
        assert.ok(!page.includes('name="cargo_trackers_api_key"'), 'no key field while the constant is set');
        assert.match(page, /name=['"]option_page['"] value=['"]cargo_trackers['"]/);
        assert.match(page, /name="_wpnonce"/);
      });

      it('answers under pretty permalinks too, as /wp-json/cargo-trackers/v1/…', async () => {
        const upstream = await startUpstream();
        const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY });
        await wpCli(site, "update_option('permalink_structure', '/%postname%/'); flush_rewrite_rules();");
        try {
          const answer = await readAnswer(
            await fetch(`${site.origin}/wp-json/cargo-trackers/v1/air?number=176-22817340&routePath=true`, { headers: MARKER }),
          );
          assert.equal(answer.status, 200);
          assert.equal(upstream.requests[0]?.url, '/v1/shipments/air?number=176-22817340&routePath=true');
          const carriers = await readAnswer(await fetch(`${site.origin}/wp-json/cargo-trackers/v1/carriers/ocean`, { headers: MARKER }));
          assert.equal(carriers.status, 200);
          assert.equal(upstream.requests[1]?.url, '/v1/carriers/ocean');
        } finally {
          await wpCli(site, "update_option('permalink_structure', ''); flush_rewrite_rules();");
          await proxy.close();
          await upstream.close();
        }
      });

      it("takes on parse_request exactly the spellings WordPress's REST server routes to the plugin's routes", async () => {
        const upstream = await startUpstream();
        const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY });
        // Values of the rest_route query variable, as ?rest_route= or /wp-json/… (decoded) sets it.
        const candidates = [
          '/cargo-trackers/v1/ocean',
          '/cargo-trackers/v1/ocean/',
          '/cargo-trackers/v1/ocean//',
          '/cargo-trackers/v1/ocean\\',
          '/cargo-trackers/v1/ocean/\\/',
          '/CARGO-TRACKERS/v1/ocean',
          '/Cargo-Trackers/V1/OCEAN',
          '/cargo-trackers/v1/Carriers/Ocean',
          '/cargo-trackers/v1/carriers/air/',
          '/cargo-trackers/v1/ocean\n',
          '/cargo-trackers/v1/ocean\n/',
          '/cargo-trackers/v1/ocean/\n',
          '/cargo-trackers/v1/ocean ',
          '/cargo-trackers/v1//ocean',
          '//cargo-trackers/v1/ocean',
          'cargo-trackers/v1/ocean',
          '/cargo-trackers/v1/oceans',
          '/cargo-trackers/v1/ocean/x',
          '/cargo-trackers/v1/carriers',
          '/cargo-trackers/v2/ocean',
          '/cargo-trackers/v1',
          '/cargo-trackers%2Fv1%2Focean',
        ];
        try {
          // rest_api_loaded() serves untrailingslashit(rest_route); the REST server routes it, here
          // unmarked, so that the plugin's routes answer with the proxy's 403 and nothing is called.
          const out = await wpCli(
            site,
            `$verdicts = array();
foreach (${phpValue(candidates)} as $candidate) {
    $ours = cargo_trackers_requested_route($candidate);
    $path = untrailingslashit($candidate);
    $data = rest_do_request(new WP_REST_Request('GET', $path === '' ? '/' : $path))->get_data();
    $verdicts[] = array($ours !== null && isset(CARGO_TRACKERS_REST_ROUTES[$ours]), is_array($data) && isset($data['error']));
}
echo json_encode($verdicts);`,
          );
          const verdicts = JSON.parse(out) as Array<[boolean, boolean]>;
          for (const [i, candidate] of candidates.entries()) {
            const [early, restServer] = verdicts[i] ?? [];
            assert.equal(
              early,
              restServer,
              `${JSON.stringify(candidate)}: answered early ${early}, routed by the REST server ${restServer}`,
            );
          }
          // Not a vacuous agreement: WordPress routes all of these to the proxy.
          assert.deepEqual(
            candidates.filter((_, i) => verdicts[i]?.[1] === true),
            candidates.slice(0, 11),
          );
          assert.equal(upstream.requests.length, 0);
        } finally {
          await proxy.close();
          await upstream.close();
        }
      });

      it('counts every spelling of a route against the one visitor, answered by the proxy itself', async () => {
        const upstream = await startUpstream();
        const spellings = [
          '/wp-json/cargo-trackers/v1/ocean?',
          '/?rest_route=/CARGO-TRACKERS/v1/ocean&',
          '/?rest_route=/Cargo-Trackers/V1/Ocean/&',
          '/?rest_route=/cargo-trackers/v1/ocean//&',
          '/?rest_route=/cargo-trackers/v1/ocean%5C&',
          '/?rest_route=/cargo-trackers/v1/ocean%0A&',
          '/?rest_route=%2Fcargo-trackers%2Fv1%2Focean&',
          '/index.php?rest_route=/cargo-trackers/v1/OCEAN&',
          '/wp-json/CARGO-TRACKERS/v1/ocean/?',
          '/wp-json/cargo-trackers%2Fv1%2Focean?',
        ];
        const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY, limits: { newNumbersPerClientPerHour: spellings.length } });
        await wpCli(site, "update_option('permalink_structure', '/%postname%/'); flush_rewrite_rules();");
        try {
          for (const [i, spelling] of spellings.entries()) {
            const answer = await readAnswer(await fetch(`${site.origin}${spelling}referenceNumber=N${i}`, { headers: MARKER }));
            assert.equal(answer.status, 200, spelling);
            // Byte for byte from the proxy: WordPress's REST server would have added its headers.
            assert.equal(answer.headers.get('x-robots-tag'), null, spelling);
            assert.equal(answer.headers.get('link'), null, spelling);
            assert.equal(upstream.requests.at(-1)?.url, `/v1/shipments/ocean?referenceNumber=N${i}`, spelling);
          }
          // The visitor has used its quota through every spelling together: one more new number is refused.
          const over = await readAnswer(
            await fetch(`${site.origin}/?rest_route=/CARGO-TRACKERS/v1/ocean&referenceNumber=OVER`, { headers: MARKER }),
          );
          assert.equal(over.status, 429);
          assert.equal((over.json() as { error: string }).error, 'client_quota');
          const again = await readAnswer(
            await fetch(`${site.origin}/wp-json/cargo-trackers/v1/ocean?referenceNumber=OVER`, { headers: MARKER }),
          );
          assert.equal(again.status, 429);
          assert.equal(upstream.requests.length, spellings.length);
        } finally {
          await wpCli(site, "update_option('permalink_structure', ''); flush_rewrite_rules();");
          await proxy.close();
          await upstream.close();
        }
      });

      it('lists the routes in the REST server, where rest_do_request gets the same answer', async () => {
        const upstream = await startUpstream();
        const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY });
        try {
          const out = await wpCli(
            site,
            `$request = new WP_REST_Request('GET', '/cargo-trackers/v1/ocean');
$request->set_query_params(array('referenceNumber' => 'A1', 'carrierCode' => ''));
$request->set_header('Cargo-Trackers-Request', '1');
$response = rest_do_request($request);
$unmarked = rest_do_request(new WP_REST_Request('GET', '/cargo-trackers/v1/ocean'));
echo json_encode(array($response->get_status(), $response->get_data(), $unmarked->get_status(), $unmarked->get_data()['error']));`,
          );
          observe(out);
          assert.deepEqual(JSON.parse(out), [
            200,
            { path: '/v1/shipments/ocean', rawQuery: 'referenceNumber=A1&carrierCode=' },
            403,
            'cross_site',
          ]);
          assert.equal(upstream.requests.length, 1);
        } finally {
          await proxy.close();
          await upstream.close();
        }
      });

      it('counts a lookup made inside WordPress (rest_do_request) against the visitor whose request made it', async () => {
        const upstream = await startUpstream();
        const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY, limits: { newNumbersPerClientPerHour: 1 } });
        try {
          const out = await wpCli(
            site,
            `$statuses = array();
foreach (array(array('203.0.113.50', 'I1'), array('203.0.113.50', 'I2'), array('203.0.113.51', 'I3')) as list($visitor, $number)) {
    $_SERVER['REMOTE_ADDR'] = $visitor;
    $request = new WP_REST_Request('GET', '/cargo-trackers/v1/ocean');
    $request->set_query_params(array('referenceNumber' => $number));
    $request->set_header('Cargo-Trackers-Request', '1');
    $statuses[] = rest_do_request($request)->get_status();
}
echo json_encode($statuses);`,
          );
          // The second visitor has a quota of its own; the first has spent its one new number.
          assert.deepEqual(JSON.parse(out), [200, 429, 200]);
          assert.equal(upstream.requests.length, 2);
        } finally {
          await proxy.close();
          await upstream.close();
        }
      });

      it('lets only an administrator set the key, with a nonce, stores it unautoloaded and shows its last four characters', async () => {
        const key = `trk_settings_${Date.now().toString(36)}WXYZ`;
        const login = (role: string) => logInCookie(site, role);
        const page = `${site.origin}/wp-admin/options-general.php?page=cargo-trackers`;
        const save = (cookie: string, fields: Record<string, string>) =>
          fetch(`${site.origin}/wp-admin/options.php`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              option_page: 'cargo_trackers',
              action: 'update',
              _wp_http_referer: '/wp-admin/options-general.php?page=cargo-trackers',
              ...fields,
            }).toString(),
            redirect: 'manual',
          });
        const stored = async () =>
          JSON.parse(
            await wpCli(
              site,
              "global $wpdb; echo json_encode(array(get_option('cargo_trackers_api_key'), $wpdb->get_var(\"SELECT autoload FROM {$wpdb->options} WHERE option_name = 'cargo_trackers_api_key'\")));",
            ),
          ) as [string, string];
        await writeFile(join(site.dir, 'wp-content/cargo-trackers-test-no-constant'), '');
        try {
          const subscriberCookie = await login('subscriber');
          const subscriber = await fetch(page, { headers: { cookie: subscriberCookie }, redirect: 'manual' });
          observe(await subscriber.text());
          assert.equal(subscriber.status, 403, 'a subscriber does not get the page');
          const subscriberTab = await fetch(`${page}&tab=build`, { headers: { cookie: subscriberCookie }, redirect: 'manual' });
          observe(await subscriberTab.text());
          assert.equal(subscriberTab.status, 403, 'nor its Build a tracker tab');

          const admin = await login('administrator');
          const form = await (await fetch(page, { headers: { cookie: admin } })).text();
          observe(form);
          // WordPress's own update check warns that it cannot reach WordPress.org from the test; the plugin must add nothing.
          const notices = form.split(/<br\s*\/?>|\n/).filter((line) => PHP_MESSAGE.test(line) && line.includes('plugins/cargo-trackers/'));
          assert.deepEqual(notices, [], 'no PHP notice from the plugin on the page');
          const nonce = /name="_wpnonce" value="([0-9a-f]+)"/.exec(form)?.[1];
          assert.ok(nonce !== undefined && form.includes('name="cargo_trackers_api_key"'), 'the form has a key field and a nonce');

          const forged = await save(admin, { _wpnonce: '0000000000', cargo_trackers_api_key: key });
          observe(await forged.text());
          assert.equal(forged.status, 403, 'a wrong nonce is refused');
          assert.equal((await stored())[0], '');

          const saved = await save(admin, { _wpnonce: nonce, cargo_trackers_api_key: key });
          assert.equal(saved.status, 302);
          const [value, autoload] = await stored();
          assert.equal(value, key);
          assert.ok(autoload === 'no' || autoload === 'off', `autoload ${autoload}`);

          const after = await (await fetch(page, { headers: { cookie: admin } })).text();
          assert.ok(!after.includes(key), 'the stored key is never shown');
          assert.ok(after.includes('…WXYZ'), 'only its last four characters');
          assert.match(
            after,
            /<a href="[^"]*page=cargo-trackers&#038;tab=build"[^>]*>Build a tracker<\/a>/,
            'the link to the configurator',
          );
          const tab = await fetch(`${page}&tab=build`, { headers: { cookie: admin } });
          const tabHtml = await tab.text();
          observe(tabHtml);
          assert.equal(tab.status, 200);
          assert.match(tabHtml, /class="nav-tab nav-tab-active" aria-current="page">Build a tracker</);
          assert.ok(!tabHtml.includes(key), 'the configurator tab does not print the key');
          assert.equal((await save(admin, { _wpnonce: nonce, cargo_trackers_api_key: '' })).status, 302);
          assert.equal((await stored())[0], key, 'an empty field keeps the stored key');
        } finally {
          await rm(join(site.dir, 'wp-content/cargo-trackers-test-no-constant'), { force: true });
          await wpCli(site, "delete_option('cargo_trackers_api_key');");
        }
      });

      it('takes the held-lookup cap from CARGO_TRACKERS_MAX_CONCURRENT_LOOKUPS in wp-config.php, at least 1, and defaults to the core', async () => {
        const limitsWith = async (define: string) =>
          JSON.parse(await wpCli(site, `${define}echo json_encode(cargo_trackers_proxy_config()['limits']);`)) as Record<string, unknown>;
        assert.equal((await limitsWith(''))['maxConcurrentLookups'], undefined, "the core's default (4) applies");
        assert.equal((await limitsWith("define('CARGO_TRACKERS_MAX_CONCURRENT_LOOKUPS', 2);"))['maxConcurrentLookups'], 2);
        assert.equal((await limitsWith("define('CARGO_TRACKERS_MAX_CONCURRENT_LOOKUPS', '0');"))['maxConcurrentLookups'], 1);
      });

      it('sweeps expired cached answers from a WP-Cron event that activation schedules and deactivation clears', async () => {
        const upstream = await startUpstream();
        const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY });
        try {
          // Ten answers that expire within a millisecond and one that lives; WP-Cron runs an event as do_action.
          // Written by a store that never sweeps on its own: one whose last sweep was a minute ago
          // (how long ago depends on the tests before) would sweep the first answers while writing the others.
          const out = await wpCli(
            site,
            `$config = cargo_trackers_proxy_config();
$store = new CargoTrackers\\Proxy\\FileStore($config['stateDir'], CargoTrackers\\Proxy\\FileStore::DEFAULT_CACHE_MAX_BYTES, PHP_INT_MAX);
for ($i = 0; $i < 10; $i++) {
    $store->set('old:' . $i, str_repeat('x', 1000), 1);
}
$store->set('live', 'y', 3600000);
$written = CargoTrackers\\Proxy\\Clock::nowMs();
while (CargoTrackers\\Proxy\\Clock::nowMs() <= $written + 1) {
    usleep(1000);
}
$count = function () use ($config) {
    return count(glob($config['stateDir'] . '/cache/*'));
};
$before = $count();
$next = wp_next_scheduled('cargo_trackers_sweep');
$schedule = wp_get_schedule('cargo_trackers_sweep');
$interval = wp_get_schedules()[$schedule]['interval'] ?? null;
do_action('cargo_trackers_sweep');
$after = $count();
deactivate_plugins('cargo-trackers/cargo-trackers.php');
$deactivated = wp_next_scheduled('cargo_trackers_sweep');
activate_plugin('cargo-trackers/cargo-trackers.php');
echo json_encode(array($before, is_int($next), $interval, $after, $deactivated, is_int(wp_next_scheduled('cargo_trackers_sweep'))));`,
          );
          observe(out);
          const [before, scheduled, interval, after, deactivated, again] = JSON.parse(out) as [
            number,
            boolean,
            number,
            number,
            unknown,
            boolean,
          ];
          assert.equal(before, 11);
          assert.equal(scheduled, true, 'activation scheduled the sweep');
          assert.ok(interval <= 300, `the sweep runs every ${interval} s`);
          assert.equal(after, 1, 'the sweep left only the live answer');
          assert.equal(deactivated, false, 'deactivation cleared the event');
          assert.equal(again, true, 'activating again schedules it again');
        } finally {
          await proxy.close();
          await upstream.close();
        }
      });

      it('keeps the key out of the database and the debug log', async () => {
        const database = join(site.dir, 'wp-content/database');
        for (const file of await readdir(database)) observe((await readFile(join(database, file))).toString('latin1'));
        observe(await site.debugLog());
        observe(site.serverOutput());
      });
    });
  });
}
