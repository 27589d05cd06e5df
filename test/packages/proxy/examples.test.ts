// Each documented way to run the proxy, run for real against a mock service on loopback.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { CANARY_KEY, assertCanaryNeverSeen, marked, observe, readAnswer, startUpstream, until } from './harness.js';
import type { Upstream } from './harness.js';
import { startExampleProcess } from './runtimes.js';

// Next and the Worker log through console.log in this process: those lines are checked for the key too.
const consoleLog = console.log;
const logLines: string[] = [];
console.log = (...args: unknown[]) => {
  const line = args.map(String).join(' ');
  logLines.push(line);
  observe(line);
};
after(() => {
  console.log = consoleLog;
  assert.ok(
    logLines.some((line) => (JSON.parse(line) as { route?: string }).route === 'air'),
    'the default logger wrote JSON lines through console.log',
  );
});
after(assertCanaryNeverSeen);

const DOC = '{"awbNumber":"176-12345675","status":"IN_TRANSIT","milestones":[]}';

/** Answers the document at once, except for number 176-HOLD, which it never answers. */
async function upstreamWithDoc(): Promise<Upstream> {
  return startUpstream((req, res) => {
    if (req.url?.includes('176-HOLD')) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(DOC);
  });
}

function assertForwarded(upstream: Upstream): void {
  const request = upstream.requests.at(-1);
  assert.equal(request?.url, '/v1/shipments/air?number=176-12345675&routePath=true');
  assert.equal(request?.headers.authorization, `Bearer ${CANARY_KEY}`);
}

/**
 * The positive control for the key check: the process's output was really read (it holds a JSON
 * log line for each expected request), and all of it goes to the check.
 */
function assertLogged(output: string, expected: { route: string; status: number }[]): void {
  observe(output);
  const entries = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { route?: string; status?: number });
  for (const { route, status } of expected)
    assert.ok(
      entries.some((e) => e.route === route && e.status === status),
      `no ${route} ${status} log line in the example's output:\n${output}`,
    );
}

const AIR = '/api/tracking/air?number=176-12345675&routePath=true';

describe('examples', () => {
  it('node-server.ts serves the proxy on Node http and logs JSON lines on its standard output', async () => {
    const upstream = await upstreamWithDoc();
    const proxy = await startExampleProcess('node-server', { TRACKING_BASE_URL: upstream.url, TRACKING_API_KEY: CANARY_KEY });
    try {
      const answer = await readAnswer(await fetch(`${proxy.url}${AIR}`, marked()));
      assert.equal(answer.status, 200);
      assert.equal(answer.text, DOC);
      assertForwarded(upstream);
    } finally {
      await proxy.close();
      await upstream.close();
    }
    assertLogged(proxy.output(), [{ route: 'air', status: 200 }]);
  });

  it('express.ts mounts the proxy as Express middleware and logs JSON lines on its standard output', async () => {
    const upstream = await upstreamWithDoc();
    const proxy = await startExampleProcess('express', { TRACKING_BASE_URL: upstream.url, TRACKING_API_KEY: CANARY_KEY });
    try {
      const answer = await readAnswer(await fetch(`${proxy.url}${AIR}`, marked()));
      assert.equal(answer.status, 200);
      assert.equal(answer.text, DOC);
      assertForwarded(upstream);
      assert.equal((await readAnswer(await fetch(`${proxy.url}/api/tracking/nothing`))).status, 404);
      assert.equal((await readAnswer(await fetch(`${proxy.url}/`))).status, 200);
    } finally {
      await proxy.close();
      await upstream.close();
    }
    assertLogged(proxy.output(), [
      { route: 'air', status: 200 },
      { route: 'unknown', status: 404 },
    ]);
  });

  it('next-route.ts answers the way Next calls a route handler', async () => {
    const upstream = await upstreamWithDoc();
    process.env.TRACKING_BASE_URL = upstream.url;
    process.env.TRACKING_API_KEY = CANARY_KEY;
    const route = await import('../../../packages/proxy/examples/next-route.js');
    delete process.env.TRACKING_API_KEY;
    try {
      const context = { params: Promise.resolve({ path: ['air'] }) };
      const call = route.GET as (request: Request, context: unknown) => Promise<Response>;
      const answer = await readAnswer(
        await call(new Request(`https://shop.example${AIR}`, marked({ headers: { 'x-forwarded-for': '203.0.113.4' } })), context),
      );
      assert.equal(answer.status, 200);
      assert.equal(answer.text, DOC);
      assertForwarded(upstream);
      assert.equal(route.runtime, 'nodejs');
      assert.ok(route.maxDuration * 1000 > 130_000);
      // Next aborts the request's signal when the visitor leaves; the lookup goes with it.
      const controller = new AbortController();
      const pending = route.GET(
        new Request('https://shop.example/api/tracking/air?number=176-HOLD', marked({ signal: controller.signal })),
      );
      await until(() => upstream.requests.length === 2);
      controller.abort();
      assert.equal((await pending).status, 499);
      await upstream.requests[1]!.closed;
    } finally {
      delete process.env.TRACKING_BASE_URL;
      await upstream.close();
    }
  });

  it('the Worker template (templates/cloudflare-worker) runs the handler unchanged as a Worker fetch', async () => {
    const upstream = await upstreamWithDoc();
    const { default: worker } = await import('../../../templates/cloudflare-worker/src/worker.js');
    const env = { TRACKING_API_BASE_URL: upstream.url, TRACKING_API_KEY: CANARY_KEY };
    const ctx = { waitUntil: () => {}, passThroughOnException: () => {} };
    const call = worker.fetch as (request: Request, env: unknown, ctx: unknown) => Promise<Response>;
    try {
      const answer = await readAnswer(
        await call(new Request(`https://tracking.example${AIR}`, marked({ headers: { 'cf-connecting-ip': '198.51.100.2' } })), env, ctx),
      );
      assert.equal(answer.status, 200);
      assert.equal(answer.text, DOC);
      assertForwarded(upstream);
      const carriers = await readAnswer(await call(new Request('https://tracking.example/api/tracking/carriers/air', marked()), env, ctx));
      assert.equal(carriers.status, 200);
      await until(() => upstream.requests.length === 2);
      assert.equal(upstream.requests[1]?.headers.authorization, undefined);
    } finally {
      await upstream.close();
    }
  });
});
