import assert from 'node:assert/strict';
import * as diagnostics from 'node:diagnostics_channel';
import { request, type IncomingMessage } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { demoNumbers, type DemoOutcome } from '../../../demo/mock-service/demo-numbers.js';
import { DEFAULT_PUBLIC_DIR, startDemoServer, type DemoServer } from '../../../demo/server/start-demo-server.js';
import { MARKED, marked } from '../../packages/proxy/harness.js';

/** The test chooses the mock's key so it can look for it everywhere it must not be. */
const MOCK_KEY = `trk_demo_test_${Math.random().toString(36).slice(2)}_secret`;
const BUNDLE_SOURCE = 'export const bundle = "cargo-trackers";\nimport("./cargo-trackers-chunk.js");\n';
const CHUNK_SOURCE = 'export const chunk = 1;\n';

let demo: DemoServer;
let base: string;
let bundleDir: string;
const logLines: string[] = [];
/** Every status line, header and body the server sent in this file, checked for the key at the end. */
const seen: string[] = [];

before(async () => {
  bundleDir = await mkdtemp(join(tmpdir(), 'demo-bundle-'));
  await writeFile(join(bundleDir, 'cargo-trackers.js'), BUNDLE_SOURCE);
  await writeFile(join(bundleDir, 'cargo-trackers-chunk.js'), CHUNK_SOURCE);
  await mkdir(join(bundleDir, 'chunks'));
  await writeFile(join(bundleDir, 'chunks', 'map-Bt0-R5t0.js'), CHUNK_SOURCE);
  demo = await startDemoServer({
    port: 0,
    bundleDir,
    mockHoldMs: 100,
    generateMockKey: () => MOCK_KEY,
    log: (line) => logLines.push(line),
  });
  base = demo.url.replace(/\/$/, '');
});

after(async () => {
  await demo.close();
  await rm(bundleDir, { recursive: true, force: true });
});

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** As a page's element asks (with the proxy's request marker; static files ignore it). */
async function get(path: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(`${base}${path}`, marked(init));
  const text = await response.text();
  seen.push(`${response.status} ${JSON.stringify([...response.headers])}\n${text}`);
  return { status: response.status, headers: response.headers, text };
}

/** A request whose path goes out exactly as written: fetch would resolve `..` before sending. */
function rawGet(path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        seen.push(`${res.statusCode ?? 0}\n${text}`);
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('demo server: pages and bundle', () => {
  it('serves the demo page at / with both trackers pointed at the proxy and the bundle at the root', async () => {
    const page = await get('/');
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(page.text, /<script type="module" src="\/cargo-trackers\.js"><\/script>/);
    assert.match(page.text, /<ocean-tracker proxy-url="\/api\/tracking\/ocean" poll-interval="1"[ >]/);
    assert.match(page.text, /<air-tracker proxy-url="\/api\/tracking\/air" poll-interval="1"[ >]/);
    assert.equal((await get('/index.html')).text, page.text);
  });

  it('serves the bundle and its chunks from the bundle folder with a JavaScript type', async () => {
    const bundle = await get('/cargo-trackers.js');
    assert.equal(bundle.status, 200);
    assert.equal(bundle.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(bundle.text, BUNDLE_SOURCE);
    const chunk = await get('/cargo-trackers-chunk.js');
    assert.equal(chunk.status, 200);
    assert.equal(chunk.text, CHUNK_SOURCE);
  });

  it('caches the bundle’s hashed chunks as immutable and revalidates the entry and the page', async () => {
    assert.equal((await get('/chunks/map-Bt0-R5t0.js')).headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await get('/cargo-trackers.js')).headers.get('cache-control'), 'no-cache');
    assert.equal((await get('/')).headers.get('cache-control'), 'no-cache');
  });

  it('sends the bundle compressed to a browser that accepts brotli', async () => {
    const bundle = await get('/cargo-trackers.js', { headers: { 'accept-encoding': 'br' } });
    assert.equal(bundle.headers.get('content-encoding'), 'br');
    assert.equal(bundle.text, BUNDLE_SOURCE);
  });

  it('serves the bundle and its chunks to any origin, as a public CDN does, but not the page', async () => {
    const origin = { headers: { origin: 'https://shop.example' } };
    for (const path of ['/cargo-trackers.js', '/cargo-trackers-chunk.js']) {
      assert.equal((await get(path, origin)).headers.get('access-control-allow-origin'), '*', path);
    }
    assert.equal((await get('/', origin)).headers.get('access-control-allow-origin'), null);
    assert.equal((await get('/demo.js', origin)).headers.get('access-control-allow-origin'), null);
  });

  it('has a favicon, named by the page, so the browser does not log a 404 for it', async () => {
    const page = await get('/');
    const href = /<link rel="icon" href="([^"]+)"/.exec(page.text)?.[1];
    assert.ok(href, 'the page names an icon');
    const icon = await get(href);
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get('content-type'), 'image/svg+xml');
    assert.match(icon.text, /^<svg /);
  });

  it('serves the page’s own script and styles with their types', async () => {
    const script = await get('/demo.js');
    assert.equal(script.status, 200);
    assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(script.text, await readFile(join(DEFAULT_PUBLIC_DIR, 'demo.js'), 'utf8'));
    const styles = await get('/demo.css');
    assert.equal(styles.headers.get('content-type'), 'text/css; charset=utf-8');
  });

  it('lists the demo numbers for the page from the same table the mock answers from', async () => {
    const list = await get('/demo-numbers.json');
    assert.equal(list.status, 200);
    // Compressed as the page's other text is (fetch asks for it, brotli from Node 22, and decodes it).
    assert.match(list.headers.get('content-encoding') ?? '', /^(br|gzip)$/);
    assert.equal(list.headers.get('vary'), 'accept-encoding');
    const entries = JSON.parse(list.text) as Array<{ product: string; number: string; shows: string }>;
    assert.deepEqual(
      entries.map((e) => `${e.product} ${e.number} ${e.shows}`),
      demoNumbers.map((e) => `${e.product} ${e.number} ${e.shows}`),
    );
    assert.ok(!list.text.includes('outcome'), 'the page gets what a visitor needs, not the mock’s routing');
  });

  it('answers HEAD without a body and other methods with 405', async () => {
    const head = await get('/', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    assert.equal((await get('/', { method: 'POST', body: 'x' })).status, 405);
  });

  it('answers 404 for files that are not there', async () => {
    assert.equal((await get('/nothing-here.html')).status, 404);
    assert.equal((await get('/api/other')).status, 404);
  });
});

describe('demo server: no way out of the served folders', () => {
  const attempts = [
    '/../server/main.ts',
    '/../../package.json',
    '/%2e%2e/server/main.ts',
    '/%2e%2e%2fserver%2fmain.ts',
    '/..%2f..%2fpackage.json',
    '/%2E%2E/%2E%2E/package.json',
    '/..%5c..%5cpackage.json',
    '/%5c..%5cserver%5cmain.ts',
    '/.%2e/server/main.ts',
    '/index.html%00.js',
    '/%c0%ae%c0%ae/server/main.ts',
    '//etc/passwd',
    '/%2Fetc%2Fpasswd',
  ];
  for (const path of attempts) {
    it(`refuses ${path}`, async () => {
      const { status, text } = await rawGet(path);
      assert.equal(status, 404);
      assert.ok(!text.includes('startDemoServer') && !text.includes('workspaces') && !text.includes('root:'), 'no file content leaked');
    });
  }

  it('does not follow a link inside a served folder to a file outside it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'demo-link-'));
    const publicDir = join(root, 'public');
    await mkdir(publicDir);
    await writeFile(join(root, 'secret.txt'), 'outside the public folder');
    await writeFile(join(publicDir, 'inside.txt'), 'inside');
    await symlink(join(root, 'secret.txt'), join(publicDir, 'link.txt'));
    const linked = await startDemoServer({ port: 0, publicDir, bundleDir: publicDir, log: () => {}, generateMockKey: () => MOCK_KEY });
    try {
      assert.equal(await (await fetch(`${linked.url}inside.txt`)).text(), 'inside');
      const response = await fetch(`${linked.url}link.txt`);
      assert.equal(response.status, 404);
      assert.ok(!(await response.text()).includes('outside'));
    } finally {
      await linked.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('demo server: the proxy, end to end with the mock', () => {
  it('passes a 200 ocean document through unchanged in shape', async () => {
    const { status, headers, text } = await get('/api/tracking/ocean?referenceNumber=MEDU9091004&routeDetails=true');
    assert.equal(status, 200);
    assert.match(headers.get('content-type') ?? '', /^application\/json/);
    const document = JSON.parse(text) as { referenceNumber: string; status: string; routeDetails?: { vessel?: unknown } };
    assert.equal(document.referenceNumber, 'MEDU9091004');
    assert.equal(document.status, 'IN_TRANSIT');
    assert.ok(document.routeDetails?.vessel, 'routeDetails=true reached the mock');
  });

  it('passes a 200 air document through', async () => {
    const { status, text } = await get('/api/tracking/air?number=176-22817340&routePath=true');
    assert.equal(status, 200);
    const document = JSON.parse(text) as { awbNumber: string; routePath?: unknown };
    assert.equal(document.awbNumber, '176-22817340');
    assert.ok(document.routePath);
  });

  it('serves both carrier lists', async () => {
    const ocean = await get('/api/tracking/carriers/ocean');
    assert.equal(ocean.status, 200);
    assert.ok((JSON.parse(ocean.text) as { carriers: unknown[] }).carriers.length > 0);
    const air = await get('/api/tracking/carriers/air');
    assert.equal(air.status, 200);
    assert.ok((JSON.parse(air.text) as { airlines: unknown[] }).airlines.length > 0);
  });

  for (const [product, path] of [
    ['ocean', '/api/tracking/ocean?referenceNumber=DEMO202&routeDetails=true'],
    ['air', '/api/tracking/air?number=172-20200003&routePath=true'],
  ] as const) {
    it(`answers a slow ${product} number 202, 202, then 200`, async () => {
      const answers = [await get(path), await get(path), await get(path)];
      assert.deepEqual(
        answers.map((a) => a.status),
        [202, 202, 200],
      );
      assert.equal(typeof (JSON.parse(answers[0]?.text ?? '{}') as { message?: unknown }).message, 'string');
    });
  }

  it('counts a slow number per visitor: two visitors taking turns, from two addresses, each see 202, 202, 200', async () => {
    // Two loopback addresses stand for two visitors' machines (Linux routes all of 127/8 to lo).
    const ask = (localAddress: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          `${base}/api/tracking/air?number=172-20200003&routePath=true`,
          { localAddress, agent: false, headers: MARKED },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end();
      });
    // The first visitor asks once and leaves mid-poll; the second, arriving next, still sees the whole sequence.
    assert.equal(await ask('127.0.0.3'), 202);
    const first: number[] = [];
    const second: number[] = [];
    // Turns, not the same instant: two identical lookups in flight together share one upstream
    // call (the proxy's single-flight), which the mock counts for one visitor only.
    for (let round = 0; round < 3; round++) {
      first.push(await ask('127.0.0.2'));
      second.push(await ask('127.0.0.1'));
    }
    assert.deepEqual(first, [202, 202, 200]);
    assert.deepEqual(second, [202, 202, 200]);
  });

  const expected: Partial<Record<DemoOutcome, number>> = {
    unauthorized: 401,
    'insufficient-credits': 402,
    'usage-limit-reached': 402,
    'rate-limited': 429,
    'not-found': 404,
    'server-error': 500,
  };
  for (const entry of demoNumbers) {
    const status = expected[entry.outcome];
    if (status === undefined) continue;
    it(`passes ${entry.product} ${entry.number} through as ${status} with its body`, async () => {
      const path =
        entry.product === 'ocean'
          ? `/api/tracking/ocean?referenceNumber=${entry.number}&routeDetails=true`
          : `/api/tracking/air?number=${entry.number}&routePath=true`;
      const answer = await get(path);
      assert.equal(answer.status, status);
      const body = JSON.parse(answer.text) as Record<string, unknown>;
      assert.equal(typeof body.message, 'string');
      if (entry.outcome === 'insufficient-credits') assert.deepEqual([body.error, body.product], ['insufficient_credits', entry.product]);
      if (entry.outcome === 'usage-limit-reached') {
        assert.equal(body.error, 'usage_limit_reached');
        assert.equal(typeof body.limit, 'number');
        assert.ok(!Number.isNaN(Date.parse(String(body.resets_at))));
      }
      if (entry.outcome === 'rate-limited') assert.equal(answer.headers.get('retry-after'), '5');
      if (entry.outcome === 'not-found') assert.match(String(body.message), /^No shipment found for /);
    });
  }

  it('turns a 200 that is not JSON into a 502 JSON error and never reflects its body', async () => {
    const answer = await get('/api/tracking/ocean?referenceNumber=DEMOBADJSON');
    assert.equal(answer.status, 502);
    assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    assert.equal((JSON.parse(answer.text) as { error: string }).error, 'upstream_not_json');
    assert.doesNotMatch(answer.text, /</);
  });

  it('passes a 200 missing a required field through as it came', async () => {
    const answer = await get('/api/tracking/ocean?referenceNumber=DEMOINCOMPLETE');
    assert.equal(answer.status, 200);
    assert.equal('status' in (JSON.parse(answer.text) as object), false);
  });
});

describe('demo server: the key stays on the server', () => {
  it('never sends the generated key in any page, file or answer, nor logs it', async () => {
    // Runs last in this file, over everything the tests above received and logged.
    await get('/');
    await get('/demo.js');
    assert.ok(seen.length > 40, `enough answers were checked (${seen.length})`);
    for (const answer of seen) assert.ok(!answer.includes(MOCK_KEY), `key in: ${answer.slice(0, 120)}`);
    assert.ok(logLines.length > 0);
    for (const line of logLines) assert.ok(!line.includes(MOCK_KEY), `key in log: ${line}`);
    assert.ok(logLines.every((line) => !line.includes('trk_')));
  });
});

describe('demo server: lifecycle', () => {
  it('says how to build the bundle when it is missing, and still serves the page', async () => {
    const emptyBundleDir = await mkdtemp(join(tmpdir(), 'demo-no-bundle-'));
    const lines: string[] = [];
    const bare = await startDemoServer({ port: 0, bundleDir: emptyBundleDir, log: (line) => lines.push(line) });
    try {
      assert.ok(
        lines.some((line) => line.includes('npm run build:bundle')),
        lines.join('\n'),
      );
      assert.equal((await fetch(bare.url)).status, 200);
      assert.equal((await fetch(`${bare.url}cargo-trackers.js`)).status, 404);
    } finally {
      await bare.close();
      await rm(emptyBundleDir, { recursive: true, force: true });
    }
  });

  it('closes promptly while a slow lookup is still held', async () => {
    // The hold is what close must not wait for: were it waited for, the lookup would get its 202
    // (after the minute) before close returned, which the last assertions see. No clock is read.
    const slow = await startDemoServer({ port: 0, bundleDir, mockHoldMs: 60_000, log: () => {} });
    // The built-in mock is not reachable from here; Node's HTTP server says when it takes a request.
    let held!: () => void;
    const mockHolds = new Promise<void>((resolve) => (held = resolve));
    const onRequest = (message: unknown) => {
      if ((message as { request: IncomingMessage }).request.url?.startsWith('/v1/shipments/ocean?referenceNumber=DEMO202')) held();
    };
    diagnostics.subscribe('http.server.request.start', onRequest);
    try {
      const pending = fetch(`${slow.url}api/tracking/ocean?referenceNumber=DEMO202`, marked()).then(
        (response) => response.status,
        () => 'closed',
      );
      await mockHolds;
      // The channel speaks just before the mock's handler runs: once that has run, the hold has started.
      await new Promise((resolve) => setImmediate(resolve));
      await slow.close();
      assert.notEqual(await pending, 202, 'the lookup got its 202: close waited for the hold');
      await assert.rejects(fetch(slow.url));
    } finally {
      diagnostics.unsubscribe('http.server.request.start', onRequest);
      await slow.close();
    }
  });
});
