// proxy.php, the one-file proxy for any PHP host, under `php -S`: the shared proxy contract and
// the PHP attack suite, with its counters in APCu and in flock-guarded files, over curl and over
// PHP's HTTP streams (a host without the curl extension). Also: the committed proxy.php is the
// build of the plugin's core, a missing configuration is a clear JSON error, the config file is
// found where the README installs it and refused inside the web root (the answer, which anyone may
// see, names no server folder; its log line does), and the cached answers stay under their size cap
// and go once expired.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { buildProxyPhp, OUTPUT } from '../../../scripts/build-proxy-php.mjs';
import { assertCanaryNeverSeen, CANARY_KEY, observe, readAnswer, startUpstream, until } from '../proxy/harness.js';
import { describeProxyContract, MARKER } from '../proxy/contract-suite.js';
import { describePhpProxy } from './php-suite.js';
import { findLibfaketime, phpExtensionMissing, phpValue, startProxyPhp, stopGroup, waitForPort } from './php-proxy.js';
import { freePort } from '../../support/free-port.mjs';
import type { ProxyPhpVariant } from './php-proxy.js';

after(assertCanaryNeverSeen);

const variants: Array<[string, ProxyPhpVariant]> = [
  ['proxy.php, APCu counters, curl', { counters: 'apcu', transport: 'curl' }],
  ['proxy.php, file counters, PHP streams', { counters: 'files', transport: 'streams' }],
];

for (const [name, variant] of variants) {
  const missing = variant.counters === 'apcu' ? phpExtensionMissing('apcu', 'php-apcu') : undefined;
  if (missing !== undefined) throw new Error(missing);
  describeProxyContract(name, (options) => startProxyPhp(options, variant));
  describePhpProxy(name, (options) => startProxyPhp(options, variant), { logs: true });
}

describe('proxy.php', () => {
  it("is the build of the plugin's proxy core: npm run build:proxy-php leaves it unchanged", async () => {
    assert.equal(await readFile(OUTPUT, 'utf8'), buildProxyPhp(), 'packages/proxy-php/proxy.php is stale: run npm run build:proxy-php');
  });

  it('answers ?route[]=… with 400 bad_route, as JSON, and no PHP message', async () => {
    const proxy = await startProxyPhp({ baseUrl: 'http://127.0.0.1:9', apiKey: CANARY_KEY }, { counters: 'files', transport: 'curl' });
    try {
      for (const query of ['route[]=ocean&referenceNumber=A1', 'route[a][b]=air&number=1']) {
        const answer = await readAnswer(await fetch(`${proxy.url}/proxy.php?${query}`, { headers: MARKER }));
        observe(answer.text);
        assert.equal(answer.status, 400, query);
        assert.equal((answer.json() as { error: string }).error, 'bad_route', query);
        assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
      }
    } finally {
      await proxy.close();
    }
  });

  it('answers 500 not_configured, naming the setting, when no key is set', async () => {
    const proxy = await startProxyPhp({ baseUrl: 'http://127.0.0.1:9', apiKey: '' }, { counters: 'files', transport: 'curl' });
    try {
      const answer = await readAnswer(await fetch(`${proxy.url}/proxy.php/ocean?referenceNumber=A1`, { headers: MARKER }));
      assert.equal(answer.status, 500);
      assert.equal((answer.json() as { error: string }).error, 'not_configured');
      assert.match(answer.text, /TRACKING_API_KEY/);
      assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
    } finally {
      await proxy.close();
    }
  });
});

describe('proxy.php: where it finds its config file', () => {
  // The README's install: proxy.php at public_html/api/tracking/, the web root public_html, the
  // config file beside public_html. One php -S; the files move between requests, as proxy.php
  // reads its configuration on each one.
  const NAME = 'cargo-trackers-proxy.config.php';
  const INSIDE_KEY = 'trk_inside_the_web_root_never_read';

  async function startInstalled(env: (home: string) => Record<string, string> = () => ({})) {
    const home = await mkdtemp(join(tmpdir(), 'cargo-trackers-proxy-php-home-'));
    const webRoot = join(home, 'public_html');
    await mkdir(join(webRoot, 'api/tracking'), { recursive: true });
    await writeFile(join(webRoot, 'api/tracking/proxy.php'), buildProxyPhp());
    const port = await freePort();
    // None of this process's TRACKING_* settings: proxy.php is to find its file itself.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TRACKING_')));
    let output = '';
    const server = spawn('php', ['-d', 'display_errors=1', '-d', 'error_reporting=-1', '-S', `127.0.0.1:${port}`, '-t', webRoot], {
      cwd: home,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...inherited, ...env(home) },
      detached: true,
    });
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const url = `http://127.0.0.1:${port}`;
    const close = async () => {
      observe(output);
      await stopGroup(server);
      await rm(home, { recursive: true, force: true });
    };
    await waitForPort(url, () => output).catch(async (error: unknown) => {
      await close();
      throw error;
    });
    const writeConfig = (path: string, apiKey: string, baseUrl: string) =>
      writeFile(path, `<?php\nreturn ${phpValue({ apiKey, baseUrl, stateDir: join(home, 'state'), limits: {} })};\n`);
    const lookup = async () => readAnswer(await fetch(`${url}/api/tracking/proxy.php/ocean?referenceNumber=A1`, { headers: MARKER }));
    /** The messages of proxy.php's not_configured log lines, on php -S's error output. */
    const log = () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { error?: string; message?: string })
        .filter((entry) => entry.error === 'not_configured')
        .map((entry) => entry.message ?? '')
        .join('\n');
    return { home, webRoot, close, writeConfig, lookup, log };
  }

  it('names the places it looked, by the web root and proxy.php (the paths only in its error log), uses the one above the web root, and refuses one inside it', async () => {
    const upstream = await startUpstream((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const site = await startInstalled();
    try {
      const aboveWebRoot = join(site.home, NAME);
      const aboveProxy = join(site.webRoot, 'api', NAME);

      const none = await site.lookup();
      assert.equal(none.status, 500);
      assert.equal((none.json() as { error: string }).error, 'not_configured');
      // Anyone may open the address: the answer names the places by the web root and proxy.php,
      // and only PHP's error log has the server's folders.
      const message = (none.json() as { message: string }).message;
      assert.ok(message.includes(`${NAME} one folder above the web root`), message);
      assert.ok(message.includes(`../${NAME} from proxy.php's folder`), message);
      assert.match(message, /TRACKING_API_KEY/);
      assert.ok(!none.text.includes(site.home), `the answer names no server path: ${none.text}`);
      await until(() => site.log().includes(aboveProxy));
      assert.ok(site.log().includes(aboveWebRoot), site.log());

      await site.writeConfig(aboveWebRoot, CANARY_KEY, upstream.url);
      const configured = await site.lookup();
      assert.equal(configured.status, 200, configured.text);
      assert.equal(upstream.requests.length, 1);
      assert.equal(upstream.requests[0]?.headers.authorization, `Bearer ${CANARY_KEY}`);

      // The folder above proxy.php's is inside this web root: a key there is refused, not read,
      // even beside a good file.
      await site.writeConfig(aboveProxy, INSIDE_KEY, upstream.url);
      const refused = await site.lookup();
      assert.equal(refused.status, 500);
      assert.equal((refused.json() as { error: string }).error, 'not_configured');
      const refusal = (refused.json() as { message: string }).message;
      assert.ok(refusal.includes(`../${NAME} from proxy.php's folder`), refusal);
      assert.match(refusal, /inside the web root/);
      assert.ok(refusal.includes(`one folder above the web root, as ${NAME}`), `the refusal says where the file belongs: ${refusal}`);
      assert.ok(!refused.text.includes(site.home), `the refusal names no server path: ${refused.text}`);
      assert.ok(!refused.text.includes(INSIDE_KEY));
      await until(() => site.log().includes(`the config file ${aboveProxy} is inside the web root`));

      await rename(aboveProxy, join(site.home, 'moved.php'));
      await rm(aboveWebRoot);
      const alone = await site.lookup();
      assert.equal(alone.status, 500, 'the file inside the web root is never used');
      assert.equal(upstream.requests.length, 1);
    } finally {
      await site.close();
      await upstream.close();
    }
  });

  it('names a missing TRACKING_PROXY_CONFIG, and refuses one inside the web root', async () => {
    const upstream = await startUpstream();
    const site = await startInstalled((home) => ({ TRACKING_PROXY_CONFIG: join(home, 'public_html', 'settings.php') }));
    try {
      const named = join(site.webRoot, 'settings.php');
      const missing = await site.lookup();
      assert.equal(missing.status, 500);
      assert.match((missing.json() as { message: string }).message, /TRACKING_PROXY_CONFIG names a file that is not there/);
      assert.ok(!missing.text.includes(site.home), `the answer names no server path: ${missing.text}`);
      await until(() => site.log().includes(`TRACKING_PROXY_CONFIG names ${named}`));

      await site.writeConfig(named, INSIDE_KEY, upstream.url);
      const refused = await site.lookup();
      assert.equal(refused.status, 500);
      assert.match((refused.json() as { message: string }).message, /inside the web root/);
      assert.ok(!refused.text.includes(site.home), `the refusal names no server path: ${refused.text}`);
      assert.ok(!refused.text.includes(INSIDE_KEY));
      assert.equal(upstream.requests.length, 0);
    } finally {
      await site.close();
      await upstream.close();
    }
  });
});

describe('proxy.php: TRACKING_MAX_CONCURRENT_LOOKUPS', () => {
  const variant: ProxyPhpVariant = { counters: 'files', transport: 'curl' };

  it('caps the held lookups at its value, over the config file', async () => {
    const held: Array<() => void> = [];
    const upstream = await startUpstream((_req, res) => {
      held.push(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    const proxy = await startProxyPhp(
      {
        baseUrl: upstream.url,
        apiKey: CANARY_KEY,
        timeoutMs: 20_000,
        limits: { maxConcurrentLookups: 3 },
        env: { TRACKING_MAX_CONCURRENT_LOOKUPS: '1' },
      },
      variant,
    );
    const lookup = async (number: string) =>
      readAnswer(await fetch(`${proxy.url}/proxy.php/ocean?referenceNumber=${number}`, { headers: MARKER }));
    try {
      const first = lookup('A1');
      await until(() => upstream.requests.length === 1);
      const busy = await lookup('A2');
      for (const answer of held.splice(0)) answer();
      assert.equal((await first).status, 200);
      assert.equal(busy.status, 429);
      assert.equal((busy.json() as { error: string }).error, 'proxy_busy');
    } finally {
      for (const answer of held.splice(0)) answer();
      await proxy.close();
      await upstream.close();
    }
  });

  it('answers 500 not_configured, naming it, when it is not a whole number of 1 or more', async () => {
    const proxy = await startProxyPhp(
      { baseUrl: 'http://127.0.0.1:9', apiKey: CANARY_KEY, env: { TRACKING_MAX_CONCURRENT_LOOKUPS: '0' } },
      variant,
    );
    try {
      const answer = await readAnswer(await fetch(`${proxy.url}/proxy.php/ocean?referenceNumber=A1`, { headers: MARKER }));
      assert.equal(answer.status, 500);
      assert.equal((answer.json() as { error: string }).error, 'not_configured');
      assert.match(answer.text, /TRACKING_MAX_CONCURRENT_LOOKUPS/);
    } finally {
      await proxy.close();
    }
  });
});

describe('proxy.php: the disk its cached answers take', () => {
  /** The cached answers' files and what they take, as the disk has them. */
  async function cacheFiles(stateDir: string): Promise<{ count: number; bytes: number }> {
    const folder = join(stateDir, 'cache');
    const names = await readdir(folder).catch(() => []);
    const sizes = await Promise.all(names.map(async (name) => (await stat(join(folder, name)).catch(() => ({ size: 0 }))).size));
    return { count: names.length, bytes: sizes.reduce((a, b) => a + b, 0) };
  }

  it('stays under its size cap, removing the oldest answers first, and a request after they expired removes them all', async () => {
    if (findLibfaketime() === undefined) throw new Error('libfaketime is missing: apt-get install libfaketime');
    // About 40 kB per number; each lookup keeps it twice (the cached answer and the result its waiters read).
    const upstream = await startUpstream((req, res) => {
      const number = new URL(req.url ?? '/', 'http://upstream').searchParams.get('referenceNumber');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ number, pad: 'x'.repeat(40_000) }));
    });
    const cap = 1_000_000;
    const proxy = await startProxyPhp(
      { baseUrl: upstream.url, apiKey: CANARY_KEY, frozenClock: true, cacheMaxBytes: cap },
      { counters: 'files', transport: 'curl' },
    );
    const lookup = async (n: number) => readAnswer(await fetch(`${proxy.url}/proxy.php/ocean?referenceNumber=N${n}`, { headers: MARKER }));
    try {
      const stateDir = proxy.stateDir ?? '';
      const numbers = 30;
      let most = 0;
      for (let n = 0; n < numbers; n++) {
        assert.equal((await lookup(n)).status, 200);
        most = Math.max(most, (await cacheFiles(stateDir)).bytes);
        // Each answer written later than the one before, for oldest-first to mean one order.
        await proxy.moveClock?.(10);
      }
      assert.ok(most <= cap, `the cached answers took ${most} bytes, over the cap of ${cap}`);
      // Newest first: the numbers still cached are the newest ones, and every older one is gone.
      const fromCache: boolean[] = [];
      for (let n = numbers - 1; n >= 0; n--) {
        const answer = await lookup(n);
        assert.equal(answer.status, 200);
        fromCache.push(answer.headers.get('x-proxy-cache') === 'hit');
      }
      const kept = fromCache.indexOf(false);
      assert.ok(kept >= 5, `only the ${kept} newest answers were kept within ${cap} bytes`);
      assert.deepEqual(fromCache, [...Array<boolean>(kept).fill(true), ...Array<boolean>(numbers - kept).fill(false)]);
      assert.ok((await cacheFiles(stateDir)).count > 0);

      // The traffic stops; the clock passes the answers' 15 minutes and the sweep interval. One
      // request that writes nothing (a refused one) sweeps, after its answer.
      await proxy.moveClock?.(20 * 60_000);
      assert.equal((await fetch(`${proxy.url}/proxy.php/ocean?referenceNumber=N1`)).status, 403);
      await until(async () => (await cacheFiles(stateDir)).count === 0);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});
