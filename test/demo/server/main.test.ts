import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createMockTrackingService } from '../../../demo/mock-service/mock-tracking-service.js';
import { listenOnLoopback } from '../listen-on-loopback.js';
import { marked } from '../../packages/proxy/harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = 'demo/server/main.ts';
const MOCK_MAIN = 'demo/mock-service/main.ts';

interface Run {
  readonly child: ChildProcess;
  readonly output: { stdout: string; stderr: string };
  readonly exited: Promise<number | null>;
}

/** `main.ts` as `npm start` runs it (or `script` as its npm script does), with only the environment the test gives (plus PATH). */
function runMain(env: Record<string, string>, script = MAIN): Run {
  const child = spawn(process.execPath, ['--conditions=cargo-trackers-source', '--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/** The address the server prints once it listens; fails as soon as it exits without one. No time limit: the line or the exit ends the wait. */
async function waitForUrl(run: Run, label = 'Demo'): Promise<string> {
  const printed = () => new RegExp(`^${label}: (http:\\/\\/\\S+)$`, 'm').exec(run.output.stdout)?.[1];
  const fail = () => new Error(`No "${label}:" line.\nstdout: ${run.output.stdout}\nstderr: ${run.output.stderr}`);
  return new Promise<string>((resolve, reject) => {
    const check = () => {
      const url = printed();
      if (url === undefined) return;
      run.child.stdout?.off('data', check);
      resolve(url);
    };
    // Registered after runMain's own listener, so the output read here includes each new chunk.
    run.child.stdout?.on('data', check);
    check();
    void run.exited.then(async () => {
      // What was printed before the exit counts: read the output to its end.
      const stdout = run.child.stdout;
      if (stdout && !stdout.closed) await once(stdout, 'close');
      stdout?.off('data', check);
      const url = printed();
      if (url === undefined) reject(fail());
      else resolve(url);
    });
  });
}

async function stop(run: Run): Promise<number | null> {
  run.child.kill('SIGTERM');
  return run.exited;
}

describe('demo server command: refuses a bad configuration', () => {
  const BAD_KEY = 'sk_live_looks_like_someone_elses_key_5f2c';
  const cases: Array<[string, Record<string, string>, RegExp, string?]> = [
    ['a base URL without a key', { TRACKING_API_BASE_URL: 'https://api.example.com' }, /TRACKING_API_KEY is required/],
    [
      'a base URL with an empty key',
      { TRACKING_API_BASE_URL: 'https://api.example.com', TRACKING_API_KEY: '' },
      /TRACKING_API_KEY is required/,
    ],
    [
      'a key without the trk_ prefix',
      { TRACKING_API_BASE_URL: 'https://api.example.com', TRACKING_API_KEY: BAD_KEY },
      /must start with trk_/,
      BAD_KEY,
    ],
    [
      'a key with a space in it',
      { TRACKING_API_BASE_URL: 'https://api.example.com', TRACKING_API_KEY: 'trk_abc def_hidden' },
      /one continuous string/,
      'abc def_hidden',
    ],
    [
      'a base URL that is not a URL',
      { TRACKING_API_BASE_URL: 'api.example.com', TRACKING_API_KEY: 'trk_valid_but_unused_77' },
      /TRACKING_API_BASE_URL must be an absolute URL/,
      'trk_valid_but_unused_77',
    ],
    [
      'a base URL carrying credentials',
      { TRACKING_API_BASE_URL: 'https://user:pw@api.example.com', TRACKING_API_KEY: 'trk_valid_but_unused_78' },
      /without credentials/,
      'trk_valid_but_unused_78',
    ],
    ['a port that is not a number', { PORT: 'eighty' }, /PORT must be a whole number/],
    ['a timeout that is not a number', { TRACKING_API_TIMEOUT_MS: '2m' }, /TRACKING_API_TIMEOUT_MS must be a positive whole number/],
    ['a CORS origin with a path', { CORS_ORIGINS: 'https://shop.example/page' }, /CORS_ORIGINS must list page origins/],
    ['a CORS wildcard', { CORS_ORIGINS: '*' }, /CORS_ORIGINS must list page origins/],
  ];
  for (const [name, env, message, secret] of cases) {
    it(`stops on ${name}, says why${secret ? ', and does not echo the key' : ''}`, async () => {
      const run = runMain({ PORT: '0', ...env });
      const code = await run.exited;
      assert.notEqual(code, 0);
      assert.match(run.output.stderr, message);
      assert.doesNotMatch(run.output.stdout, /^Demo: /m, 'it never started listening');
      if (secret) {
        assert.ok(!run.output.stderr.includes(secret) && !run.output.stdout.includes(secret), 'the key was printed');
      }
    });
  }
});

describe('demo server command: a busy port', () => {
  it('stops with a line that names PORT and how to pick another', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const run = runMain({ PORT: String(port) });
      assert.notEqual(await run.exited, 0);
      assert.match(run.output.stderr, new RegExp(`Port ${port} is already in use.*PORT=\\d+ npm start`));
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});

describe('mock service command (npm run mock)', () => {
  it('prints its address and key, answers a lookup with a document, and stops on SIGTERM', async () => {
    const run = runMain({ PORT: '0' }, MOCK_MAIN);
    try {
      const url = await waitForUrl(run, 'Mock tracking service');
      const key = /^ {2}TRACKING_API_KEY=(\S+)/m.exec(run.output.stdout)?.[1];
      assert.ok(key !== undefined, run.output.stdout);
      assert.match(run.output.stdout, new RegExp(`^ {2}TRACKING_API_BASE_URL=${url.replace(/[.]/g, '\\.')}$`, 'm'));
      assert.match(run.output.stdout, /^ {2}ocean MEDU9091004 /m, 'it lists the numbers to try');
      const lookup = await fetch(`${url}/v1/shipments/ocean?referenceNumber=MEDU9091004`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(lookup.status, 200);
      assert.equal(((await lookup.json()) as { referenceNumber: string }).referenceNumber, 'MEDU9091004');
    } finally {
      assert.equal(await stop(run), 0, run.output.stderr);
    }
  });
});

describe('demo server command: starts', () => {
  it('with the built-in mock: prints its URL, serves page and lookups, never prints a key, stops on SIGTERM', async () => {
    const run = runMain({ PORT: '0' });
    try {
      const url = await waitForUrl(run);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(url);
      assert.equal(page.status, 200);
      const pageText = await page.text();
      const lookup = await fetch(`${url}api/tracking/ocean?referenceNumber=OOLU2741938520&routeDetails=true`, marked());
      assert.equal(lookup.status, 200);
      const lookupText = await lookup.text();
      const refused = await fetch(`${url}api/tracking/air?number=172-40100001`, marked());
      assert.equal(refused.status, 401);
      const refusedText = await refused.text();
      for (const text of [pageText, lookupText, refusedText]) assert.ok(!text.includes('trk_'));
    } finally {
      const code = await stop(run);
      assert.equal(code, 0, run.output.stderr);
    }
    assert.ok(!run.output.stdout.includes('trk_') && !run.output.stderr.includes('trk_'), 'a key reached the console');
    assert.equal(run.output.stdout.match(/^Demo: /gm)?.length, 1, 'the URL is printed once');
  });

  it('with TRACKING_API_BASE_URL and a trk_ key: forwards with that key and never prints it', async () => {
    const key = `trk_cli_test_${process.pid}_real_service_key`;
    const service = await listenOnLoopback(createMockTrackingService({ apiKey: key, holdMs: 50 }));
    const run = runMain({ PORT: '0', TRACKING_API_BASE_URL: service.baseUrl, TRACKING_API_KEY: key, TRACKING_API_TIMEOUT_MS: '5000' });
    try {
      const url = await waitForUrl(run);
      const lookup = await fetch(`${url}api/tracking/air?number=618-50833915&routePath=true`, marked());
      assert.equal(lookup.status, 200, 'the service accepted the key the proxy attached');
      const text = await lookup.text();
      assert.equal((JSON.parse(text) as { awbNumber: string }).awbNumber, '618-50833915');
      assert.ok(!text.includes(key));
    } finally {
      assert.equal(await stop(run), 0, run.output.stderr);
      await service.close();
    }
    assert.ok(!run.output.stdout.includes(key) && !run.output.stderr.includes(key), 'the key reached the console');
    assert.match(run.output.stdout, new RegExp(`Tracking: ${service.baseUrl.replace(/[.]/g, '\\.')}`));
  });

  it('with CORS_ORIGINS: the proxy answers those page origins with CORS headers, and no others', async () => {
    const run = runMain({ PORT: '0', CORS_ORIGINS: 'http://shop.example:8000, https://blog.example' });
    try {
      const url = await waitForUrl(run);
      const lookup = (origin: string) => fetch(`${url}api/tracking/ocean?referenceNumber=HLXU8123446`, marked({ headers: { origin } }));
      for (const origin of ['http://shop.example:8000', 'https://blog.example']) {
        const answer = await lookup(origin);
        assert.equal(answer.headers.get('access-control-allow-origin'), origin);
      }
      const other = await lookup('https://elsewhere.example');
      assert.equal(other.headers.get('access-control-allow-origin'), null);
    } finally {
      assert.equal(await stop(run), 0, run.output.stderr);
    }
  });

  it('with a key but no base URL: uses the mock and says the key is ignored', async () => {
    const run = runMain({ PORT: '0', TRACKING_API_KEY: 'trk_ignored_without_base_url' });
    try {
      const url = await waitForUrl(run);
      assert.equal((await fetch(`${url}api/tracking/ocean?referenceNumber=HLXU8123446`, marked())).status, 200);
      assert.match(run.output.stdout, /TRACKING_API_KEY is ignored/);
    } finally {
      await stop(run);
    }
    assert.ok(!run.output.stdout.includes('trk_ignored'));
  });
});
