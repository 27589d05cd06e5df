// The Workers store: two isolates of the Worker template, in workerd, bound to one Durable Object,
// share one cache and one quota, as several isolates of one deployed Worker would.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { CANARY_KEY, assertCanaryNeverSeen, marked, readAnswer, startUpstream } from './harness.js';
import { startWorkerPair, workerdRuntime } from './runtimes.js';

after(assertCanaryNeverSeen);

const DOC = '{"awbNumber":"176-12345675","status":"IN_TRANSIT","milestones":[]}';

describe('DurableObjectStore behind the Worker template', { skip: workerdRuntime.unavailable() }, () => {
  it('gives two isolates one quota and one cache', { timeout: 120_000 }, async () => {
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(DOC);
    });
    const pair = await startWorkerPair({ TRACKING_BASE_URL: upstream.url, TRACKING_API_KEY: CANARY_KEY });
    const visitor = marked({ headers: { 'cf-connecting-ip': '203.0.113.9' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const answer = await readAnswer(
          await pair.fetch((i % 2) as 0 | 1, `/api/tracking/air?number=176-${String(i).padStart(8, '0')}`, visitor),
        );
        statuses.push(answer.status);
      }
      // One visitor's share of the budget, 20 upstream calls per 20 s, counted across both isolates.
      assert.equal(statuses.filter((s) => s === 200).length, 20, 'one rate of 20 across both isolates');
      assert.equal(statuses.filter((s) => s === 429).length, 40);
      const calls = upstream.requests.length;
      const other = await readAnswer(await pair.fetch(1, '/api/tracking/air?number=176-00000000', visitor));
      assert.equal(other.status, 200);
      assert.equal(other.headers.get('x-proxy-cache'), 'hit', 'isolate b answers from what isolate a cached');
      assert.equal(upstream.requests.length, calls);
    } finally {
      await pair.close();
      await upstream.close();
    }
  });
});
