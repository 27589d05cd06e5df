// The Worker template (templates/cloudflare-worker) as a site owner deploys it: its wrangler.toml's
// vars and Durable Object binding, the key as a secret, run by workerd (through Miniflare) against
// a mock service on loopback, asked over real sockets. (The proxy contract and the example checks
// run on it in runtimes.test.ts; two isolates sharing its Durable Object in durable-object-store.test.ts.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import { CANARY_KEY, assertCanaryNeverSeen, observe, readAnswer, startUpstream } from './harness.js';
import type { Upstream } from './harness.js';
import {
  WORKER_TEMPLATE,
  workerExample,
  workerTemplateBindings,
  workerTemplateConfig,
  workerdRuntime,
  type StartedProxy,
} from './runtimes.js';

after(assertCanaryNeverSeen);

const SITE = 'https://shop.example';
const DOC = '{"awbNumber":"176-12345675","status":"IN_TRANSIT","milestones":[]}';
/** What the elements send on every request to a proxy (the shared request-marker rule). */
const MARKER = { 'cargo-trackers-request': '1' };

describe('the Worker template under workerd', { skip: workerdRuntime.unavailable(), timeout: 180_000 }, () => {
  let upstream: Upstream;
  let worker: StartedProxy;
  const started: StartedProxy[] = [];
  const start = async (vars: Record<string, string>) => {
    const proxy = await workerExample.start(
      workerTemplateBindings({ TRACKING_BASE_URL: upstream.url, TRACKING_API_KEY: CANARY_KEY }, vars),
      workerTemplateConfig().durableObjects,
    );
    started.push(proxy);
    return proxy;
  };
  const get = async (proxy: StartedProxy, path: string, headers: Record<string, string> = {}, method = 'GET') =>
    readAnswer(await fetch(`${proxy.url}${path}`, { method, headers }));

  before(async () => {
    upstream = await startUpstream((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.startsWith('/v1/carriers/') ? '[]' : DOC);
    });
    workerExample.prepare();
    // CORS_ORIGINS as an owner types it: two origins, a space after the comma.
    worker = await start({ CORS_ORIGINS: `${SITE}, https://www.shop.example` });
  });
  after(async () => {
    await Promise.all(started.map((proxy) => proxy.close()));
    await upstream?.close();
    for (const proxy of started) observe(proxy.output());
  });

  it('declares its configuration in wrangler.toml (the vars, a Durable Object binding with its migration, no key) and .dev.vars.example', () => {
    const config = workerTemplateConfig();
    assert.deepEqual(Object.keys(config.vars).sort(), ['CORS_ORIGINS', 'TRACKING_API_BASE_URL']);
    assert.equal(config.durableObjects.TRACKING_STORE, 'TrackingStoreObject');
    assert.ok(config.migratedClasses.includes('TrackingStoreObject'), 'a bound class needs a migration, or the deploy is refused');
    const toml = readFileSync(join(WORKER_TEMPLATE, 'wrangler.toml'), 'utf8');
    assert.doesNotMatch(toml, /^\s*TRACKING_API_KEY\s*=/m, 'the key is a secret, never a var');
    const pkg = JSON.parse(readFileSync(join(WORKER_TEMPLATE, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
      engines: unknown;
    };
    assert.equal(pkg.scripts.deploy, 'wrangler deploy');
    assert.ok(pkg.dependencies['@cargo-trackers/proxy'] && pkg.devDependencies.wrangler);
    const rootPkg = JSON.parse(readFileSync(join(WORKER_TEMPLATE, '../../package.json'), 'utf8')) as { engines: unknown };
    assert.deepEqual(pkg.engines, rootPkg.engines, 'the template asks for the Node the repository does');
    // npm run dev (wrangler dev) reads .dev.vars: an example to copy, with every setting the Worker
    // reads, and the copy (which may hold a real key) kept out of git.
    const example = readFileSync(join(WORKER_TEMPLATE, '.dev.vars.example'), 'utf8');
    const names = [...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]).sort();
    assert.deepEqual(names, ['CORS_ORIGINS', 'TRACKING_API_BASE_URL', 'TRACKING_API_KEY']);
    assert.match(readFileSync(join(WORKER_TEMPLATE, '.gitignore'), 'utf8'), /^\.dev\.vars$/m);
  });

  it('answers a lookup from a listed site, adding the key upstream and never sending it back', async () => {
    const answer = await get(worker, '/api/tracking/air?number=176-12345675', { origin: SITE, 'sec-fetch-site': 'cross-site', ...MARKER });
    assert.equal(answer.status, 200);
    assert.equal(answer.text, DOC);
    assert.equal(answer.headers.get('access-control-allow-origin'), SITE);
    const call = upstream.requests.at(-1);
    assert.equal(call?.path, '/v1/shipments/air');
    assert.equal(call?.headers.authorization, `Bearer ${CANARY_KEY}`);
    // The second origin of the list, after its space, is listed too.
    const other = await get(worker, '/api/tracking/air?number=176-12345675', { origin: 'https://www.shop.example', ...MARKER });
    assert.equal(other.headers.get('access-control-allow-origin'), 'https://www.shop.example');
  });

  it('refuses another site before any upstream call: its fetches, its <img> requests, its preflight', async () => {
    const before = upstream.requests.length;
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', ...MARKER };
    const refused = await get(worker, '/api/tracking/air?number=176-99999990', evil);
    assert.equal(refused.status, 403);
    assert.equal((refused.json() as { error: string }).error, 'cross_site');
    assert.equal(refused.headers.get('access-control-allow-origin'), null);
    // An <img src> or no-cors fetch: no Origin, but the browser says where it comes from.
    assert.equal((await get(worker, '/api/tracking/air?number=176-99999991', { 'sec-fetch-site': 'cross-site' })).status, 403);
    const preflight = await get(
      worker,
      '/api/tracking/air?number=176-99999992',
      { ...evil, 'access-control-request-method': 'GET' },
      'OPTIONS',
    );
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
    assert.equal(upstream.requests.length, before, 'no upstream call for any of them');
  });

  it('applies the request-marker rule exactly as the Node proxy it is built from', async () => {
    // The Node core in this process, configured alike: whichever way it answers a listed site's
    // request without the marker header (403 once the shared rule is in the core, 200 before),
    // the Worker must answer the same.
    const node = createTrackingProxy({ baseUrl: upstream.url, apiKey: CANARY_KEY, corsOrigins: [SITE] });
    const path = '/api/tracking/air?number=176-12345675';
    const headers = { origin: SITE, 'sec-fetch-site': 'cross-site' };
    const expected = await readAnswer(await node(new Request(`https://proxy.example${path}`, { headers })));
    const actual = await get(worker, path, headers);
    assert.equal(actual.status, expected.status);
    if (expected.status === 403) assert.equal((actual.json() as { error: string }).error, 'cross_site');
  });

  it('tells whoever deployed it what is missing, as JSON, when the secret or the address is unset', async () => {
    const noKey = await start({ TRACKING_API_KEY: '' });
    const answer = await get(noKey, '/api/tracking/air?number=176-12345675', MARKER);
    assert.equal(answer.status, 500);
    assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    const message = (answer.json() as { message: string }).message;
    // Each way the README gives: the dashboard, the command, and .dev.vars for npm run dev.
    assert.match(message, /dashboard/);
    assert.match(message, /wrangler secret put TRACKING_API_KEY/);
    assert.match(message, /\.dev\.vars/);
    const badOrigins = await start({ CORS_ORIGINS: 'https://shop.example/path' });
    const refused = await get(badOrigins, '/api/tracking/air?number=176-12345675', MARKER);
    assert.equal(refused.status, 500);
    assert.match((refused.json() as { message: string }).message, /corsOrigins must hold bare origins/);
  });
});
