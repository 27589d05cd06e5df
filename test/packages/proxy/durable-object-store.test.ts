// The Workers store: two isolates of the Worker template, in workerd, bound to one Durable Object,
// share one cache and one quota, as several isolates of one deployed Worker would.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CANARY_KEY, assertCanaryNeverSeen, deferred, marked, observe, readAnswer, startUpstream, until } from './harness.js';
import type { Answer } from './harness.js';
import { WORKER_TEMPLATE, startWorkerPair, workerTemplateBindings, workerTemplateConfig, workerd, workerdRuntime } from './runtimes.js';

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

/**
 * The Worker template with its Durable Object counting the wait requests it holds and those it
 * answered with the leader's answer, read at `/test-counts`: each waiter's progress must come from its own request
 * to the object, never from awaiting the leader's request (which workerd cancels as hung).
 */
const countingWorker = workerd(
  'worker-counting-store',
  () => `
import template from ${JSON.stringify(join(WORKER_TEMPLATE, 'src/worker.ts'))};
import { TrackingStoreObject as Store } from '@cargo-trackers/proxy/durable-object';
let answeredWaits = 0;
let heldWaits = 0;
export class TrackingStoreObject extends Store {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/test-counts') return Response.json({ answeredWaits, heldWaits });
    if (pathname !== '/wait') return super.fetch(request);
    heldWaits++;
    const response = await super.fetch(request);
    heldWaits--;
    if (response.status === 200) answeredWaits++;
    return response;
  }
}
export default {
  fetch(request, env) {
    if (new URL(request.url).pathname !== '/test-counts') return template.fetch(request, env);
    const ns = env.TRACKING_STORE;
    return ns.get(ns.idFromName('tracking-proxy')).fetch('https://tracking-store.internal/test-counts');
  },
};
`,
);

describe('identical lookups in one isolate, after a flood', { skip: workerdRuntime.unavailable(), timeout: 300_000 }, () => {
  const SITE = 'https://shop.example';
  const CACHED = '176-12345675';
  const HELD = '176-22222222';
  const asVisitor = (i: number) => ({
    origin: SITE,
    'cargo-trackers-request': '1',
    'cf-connecting-ip': `198.51.${(i >> 8) & 255}.${i & 255}`,
  });

  async function start(hold: (number: string) => Promise<void>) {
    const calls: string[] = [];
    const upstream = await startUpstream((req, res) => {
      const number = new URL(req.url ?? '/', 'http://x').searchParams.get('number') ?? '';
      calls.push(number);
      void hold(number).then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(DOC.replace(CACHED, number));
      });
    });
    countingWorker.prepare();
    const worker = await countingWorker.start(
      workerTemplateBindings({ TRACKING_BASE_URL: upstream.url, TRACKING_API_KEY: CANARY_KEY }, { CORS_ORIGINS: SITE }),
      workerTemplateConfig().durableObjects,
    );
    const get = async (number: string, visitor: number, signal?: AbortSignal): Promise<Answer> =>
      readAnswer(await fetch(`${worker.url}/api/tracking/air?number=${number}`, { headers: asVisitor(visitor), signal }));
    const counts = async () => (await (await fetch(`${worker.url}/test-counts`)).json()) as { answeredWaits: number; heldWaits: number };
    const close = async () => {
      await worker.close();
      await upstream.close();
      observe(worker.output());
    };
    return { calls, get, counts, close };
  }

  /**
   * Many visitors asking, 50 at a time, for a cached number: the isolate and its Durable Object busy
   * first. A request whose kept-alive connection the server closed as it was reused (undici's
   * "other side closed", seen on a loaded machine) is the flood's own noise: it is asked again.
   */
  async function flood(get: (number: string, visitor: number) => Promise<Answer>, requests: number): Promise<void> {
    let next = 0;
    const ask = async (visitor: number): Promise<Answer> => {
      try {
        return await get(CACHED, visitor);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        return get(CACHED, visitor);
      }
    };
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < requests) assert.equal((await ask(next++)).status, 200);
      }),
    );
  }

  it("each waiter gets the one call's answer through its own requests to the Durable Object", async () => {
    const release = deferred();
    const worker = await start((number) => (number === HELD ? release.promise : Promise.resolve()));
    try {
      assert.equal((await worker.get(CACHED, 0)).status, 200);
      await flood(worker.get, 2_000);
      const leader = worker.get(HELD, 10_000);
      while (!worker.calls.includes(HELD)) await new Promise((resolve) => setTimeout(resolve, 10));
      const waiters = Array.from({ length: 9 }, (_, i) => worker.get(HELD, 10_001 + i));
      // Should the test fail before the answers, the requests still open end with the Worker, handled here.
      void Promise.allSettled([leader, ...waiters]);
      // Every waiter is in a wait request of its own, held by the object, before the answer comes.
      await until(async () => (await worker.counts()).heldWaits === 9).catch(() => {
        throw new Error('the waiters did not each wait by a request of their own to the Durable Object');
      });
      release.resolve();
      const answers = await Promise.all([leader, ...waiters]);
      assert.deepEqual(
        answers.map((a) => a.status),
        Array(10).fill(200),
        answers.map((a) => a.text).join('\n'),
      );
      assert.deepEqual(answers.map((a) => a.headers.get('x-proxy-cache')).sort(), ['miss', ...Array(9).fill('shared')]);
      assert.equal(worker.calls.filter((n) => n === HELD).length, 1, 'one upstream call');
      assert.equal((await worker.counts()).answeredWaits, 9, 'each waiter read the answer through a request of its own');
    } finally {
      await worker.close();
    }
  });

  it('tells a waiter to ask again (202, Retry-After) once its few waits pass, and keeps the call going for the next ask', async () => {
    const release = deferred();
    const worker = await start((number) => (number === HELD ? release.promise : Promise.resolve()));
    try {
      assert.equal((await worker.get(CACHED, 0)).status, 200);
      await flood(worker.get, 500);
      const leader = worker.get(HELD, 10_000);
      while (!worker.calls.includes(HELD)) await new Promise((resolve) => setTimeout(resolve, 10));
      // The upstream holds the call until the waiter has its answer: the waiter never holds its request for the whole call.
      const waiter = await worker.get(HELD, 10_001);
      assert.equal(waiter.status, 202, waiter.text);
      assert.equal((waiter.json() as { error: string }).error, 'lookup_in_progress');
      assert.match(waiter.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
      release.resolve();
      assert.equal((await leader).status, 200);
      const again = await worker.get(HELD, 10_001);
      assert.equal(again.status, 200);
      assert.equal(again.headers.get('x-proxy-cache'), 'hit', 'asked again, the waiter gets the answer the call cached');
      assert.equal(worker.calls.filter((n) => n === HELD).length, 1, 'one upstream call');
    } finally {
      await worker.close();
    }
  });
});
