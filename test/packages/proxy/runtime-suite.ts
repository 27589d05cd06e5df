// One contract for every runtime the examples run on: whatever starts the proxy, a site gets
// the same answers, the same cache and the same protection of its key.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CANARY_KEY, observe, readAnswer, startUpstream } from './harness.js';
import type { Upstream } from './harness.js';
import type { ProxyEnv, StartedProxy } from './runtimes.js';

export type StartProxy = (env: ProxyEnv) => Promise<StartedProxy>;

export const DOC = '{"awbNumber":"176-12345675","status":"IN_TRANSIT","milestones":[]}';
export const ACCEPTED = '{"message":"Lookup in progress; ask again in a few minutes."}';
export const CARRIERS = '[{"code":"176","name":"Example Air"}]';

/** A service that answers at once: a document, a 202 for numbers with SLOW, the carrier list. */
export function startContractUpstream(): Promise<Upstream> {
  return startUpstream((req, res) => {
    const url = req.url ?? '';
    res.setHeader('content-type', 'application/json');
    if (url.startsWith('/v1/carriers/')) {
      res.end(CARRIERS);
    } else if (url.includes('SLOW')) {
      res.writeHead(202);
      res.end(ACCEPTED);
    } else {
      res.end(DOC);
    }
  });
}

/**
 * The contract suite. `start` launches one proxy instance with the given environment and
 * returns its base URL; the suite starts its own upstream and reads only HTTP answers.
 */
export function proxyContract(name: string, start: StartProxy, options: { skip?: string | undefined } = {}): void {
  describe(name, { skip: options.skip }, () => {
    let upstream: Upstream;
    let proxy: StartedProxy;
    let numbers = 0;
    /** A number no other test used, so every test starts from an empty cache. */
    const fresh = (tag = '') => `176-${tag}${String(++numbers).padStart(8, '0')}`;
    const get = async (path: string, init?: RequestInit) => readAnswer(await fetch(`${proxy.url}${path}`, init));
    const calls = (number: string) => upstream.requests.filter((r) => r.query.get('number') === number);

    before(async () => {
      upstream = await startContractUpstream();
      proxy = await start({ TRACKING_BASE_URL: upstream.url, TRACKING_API_KEY: CANARY_KEY });
    });
    after(async () => {
      await proxy?.close();
      await upstream?.close();
      if (proxy !== undefined) observe(proxy.output());
    });

    it('forwards a shipment lookup with the key and passes the answer through', async () => {
      const number = fresh();
      const answer = await get(`/api/tracking/air?number=${number}&routePath=true`);
      assert.equal(answer.status, 200);
      assert.equal(answer.text, DOC);
      assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
      const [call] = calls(number);
      assert.equal(call?.path, '/v1/shipments/air');
      assert.equal(call?.query.get('routePath'), 'true');
      assert.equal(call?.headers.authorization, `Bearer ${CANARY_KEY}`);
    });

    it('answers a repeat from its cache without a second upstream call', async () => {
      const number = fresh();
      assert.equal((await get(`/api/tracking/air?number=${number}`)).status, 200);
      const again = await get(`/api/tracking/air?number=${number}`);
      assert.equal(again.status, 200);
      assert.equal(again.text, DOC);
      assert.equal(again.headers.get('x-proxy-cache'), 'hit');
      assert.equal(calls(number).length, 1);
    });

    it('shares one upstream call between concurrent lookups of one number', async () => {
      const number = fresh();
      const answers = await Promise.all(Array.from({ length: 10 }, () => get(`/api/tracking/air?number=${number}`)));
      assert.deepEqual(answers.map((a) => a.status), Array(10).fill(200));
      assert.equal(calls(number).length, 1);
    });

    it('passes a 202 through and never caches it', async () => {
      const number = fresh('SLOW');
      for (let i = 0; i < 2; i++) {
        const answer = await get(`/api/tracking/air?number=${number}`);
        assert.equal(answer.status, 202);
        assert.equal(answer.text, ACCEPTED);
      }
      assert.equal(calls(number).length, 2);
    });

    it('fetches the open carrier list without the key', async () => {
      const answer = await get('/api/tracking/carriers/air');
      assert.equal(answer.status, 200);
      assert.equal(answer.text, CARRIERS);
      const call = upstream.requests.find((r) => r.path === '/v1/carriers/air');
      assert.equal(call?.headers.authorization, undefined);
    });

    it('answers its own errors as JSON: a missing number, an unknown route, a wrong method', async () => {
      const missing = await get('/api/tracking/air');
      assert.equal(missing.status, 400);
      assert.equal((missing.json() as { error: string }).error, 'missing_number');
      const unknown = await get('/api/tracking/nothing');
      assert.equal(unknown.status, 404);
      assert.equal((unknown.json() as { error: string }).error, 'not_found');
      // Next answers 405 itself for a method the route file does not export.
      assert.equal((await get(`/api/tracking/air?number=${fresh()}`, { method: 'POST' })).status, 405);
    });
  });
}
