// Each runtime the README documents, started for real, in two ways: the reference example as a
// site copies it (`startExample`, configured by its environment variables), and the same example
// with its configuration swapped for the contract suite's options (`startContract`), so that one
// contract runs on every runtime.
//
// - Node `http` and Express 5: the example runs in a process of its own (example-process.ts), so
//   its log is read from its real standard output; the contract runs in this process.
// - Cloudflare Workers: the Worker template (templates/cloudflare-worker) bundled with esbuild and
//   served by `workerd`, the Workers runtime itself, through Miniflare 3 (Miniflare 4 and Wrangler 4
//   need Node 22; CI has 20), with the vars and Durable Object binding its wrangler.toml declares.
// - Next.js: a scratch App Router app whose route files are the example and the contract's copy,
//   `next build` once per source state (cached under .cache/), then `next start` per instance.
import { spawn, spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { parse as parseToml } from 'smol-toml';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import { toNodeListener } from '@cargo-trackers/proxy/node';
import { DEFAULT_ROUTES } from '../../../packages/proxy/src/options.js';
import { NEXT_BIN, startNext } from '../../support/next-start.js';
import type { ContractProxy, ContractProxyOptions } from './contract-suite.js';
import { observe } from './harness.js';
import { withoutLibfaketimeIn } from '../../support/libfaketime.mjs';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLES = join(ROOT, 'packages/proxy/examples');
/** The Worker a site deploys with `npx wrangler deploy`: the Workers runtime's example. */
export const WORKER_TEMPLATE = join(ROOT, 'templates/cloudflare-worker');
const SOURCES = [EXAMPLES, join(ROOT, 'packages/proxy/src'), join(WORKER_TEMPLATE, 'src')];

/**
 * The example with its configuration swapped for the contract suite's options (`optionsExpr`, an
 * expression reading them from the runtime's environment): the same file, exports and handler,
 * derived rather than copied so the two cannot drift.
 */
function withContractOptions(example: string, optionsExpr: string): string {
  const text = readFileSync(example, 'utf8');
  const call = /createTrackingProxy\(\{[\s\S]*?\n\s*\}\)/g;
  const found = text.match(call)?.length ?? 0;
  if (found !== 1) throw new Error(`${example}: expected one createTrackingProxy({ … }) call, found ${found}`);
  return text.replace(call, `createTrackingProxy(${optionsExpr})`);
}

/** Writes a generated entry under .cache/ (inside the repo, so its imports resolve through node_modules). */
function cachedEntry(name: string, text: string): string {
  const path = join(CACHE, 'entries', name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}
const CACHE = join(ROOT, '.cache');

/** What every example reads from its environment. */
export interface ProxyEnv {
  readonly TRACKING_BASE_URL: string;
  readonly TRACKING_API_KEY: string;
  /** Unset: each instance keeps its own MemoryStore. */
  readonly REDIS_URL?: string;
}

export interface StartedProxy {
  /** `http://127.0.0.1:port`, no trailing slash. */
  readonly url: string;
  /** Everything the runtime printed so far: the example's JSON log lines among it. */
  readonly output: () => string;
  close(): Promise<void>;
}

export interface Runtime {
  readonly name: string;
  /** Why this runtime cannot run here; undefined when it can. */
  readonly unavailable: () => string | undefined;
  /** Work shared by every instance (a bundle, a build); call once in `before`. */
  readonly prepare: () => Promise<void>;
  /** The reference example, configured as a site would: by environment variables. */
  readonly startExample: (env: ProxyEnv) => Promise<StartedProxy>;
  /** The same runtime and shape, with the contract suite's options. */
  readonly startContract: (options: ContractProxyOptions) => Promise<ContractProxy>;
}

/** The contract suite's proxy logs into the file's record, which is checked for the key. */
function contractProxy(options: ContractProxyOptions) {
  return createTrackingProxy({ ...options, logger: (entry) => observe(JSON.stringify(entry)) });
}

async function listenLoopback(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closer(server: http.Server, after?: () => Promise<void>): () => Promise<void> {
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await after?.();
  };
}

/**
 * A Node example in a process of its own, as a site runs it: the adapter gives the examples a
 * logger that writes to file descriptor 1 without blocking, so their log lines reach only the
 * process's real standard output, read here through a pipe.
 */
export async function startExampleProcess(example: 'node-server' | 'express', env: ProxyEnv): Promise<StartedProxy> {
  const child = spawn(
    process.execPath,
    ['--conditions=cargo-trackers-source', '--import', 'tsx', join(ROOT, 'test/packages/proxy/example-process.ts'), example],
    { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // 'close' comes after the last byte of both pipes has been read.
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    void closed.then((code) => reject(new Error(`${example} exited with ${code} before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    close: async () => {
      if (child.connected) child.send('stop');
      await closed;
    },
  };
}

export const nodeRuntime: Runtime = {
  name: 'Node http (examples/node-server.ts)',
  unavailable: () => undefined,
  prepare: async () => {},
  startExample: (env) => startExampleProcess('node-server', env),
  startContract: async (options) => {
    const server = createServer(toNodeListener(contractProxy(options)));
    return { url: await listenLoopback(server), close: closer(server) };
  },
};

export const expressRuntime: Runtime = {
  name: 'Express 5 (examples/express.ts)',
  unavailable: () => undefined,
  prepare: async () => {},
  startExample: (env) => startExampleProcess('express', env),
  startContract: async (options) => {
    const app = express();
    app.use('/api/tracking', toNodeListener(contractProxy(options)));
    return listenExpress(app);
  },
};

async function listenExpress(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: closer(server) };
}

/** A hash of every file a build depends on, so a cached build is reused only while nothing changed. */
function sourceHash(paths: readonly string[]): string {
  const hash = createHash('sha256');
  const walk = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) walk(join(path, name));
    } else {
      hash.update(path).update(readFileSync(path));
    }
  };
  for (const path of paths) walk(path);
  return hash.digest('hex').slice(0, 16);
}

function esbuildBundle(entry: string, outfile: string): void {
  buildSync({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['cargo-trackers-source'],
    mainFields: ['module', 'main'],
    outfile,
    logLevel: 'warning',
  });
}

/** What the template's wrangler.toml gives the Worker: its vars, Durable Object bindings and compatibility date. */
export interface WorkerConfig {
  readonly compatibilityDate: string;
  readonly vars: Readonly<Record<string, string>>;
  /** Binding name → class name, as Miniflare's `durableObjects` takes them. */
  readonly durableObjects: Readonly<Record<string, string>>;
  /** Classes a migration creates: each bound class must be among them, or Cloudflare refuses the deploy. */
  readonly migratedClasses: readonly string[];
}

export function workerTemplateConfig(): WorkerConfig {
  const toml = parseToml(readFileSync(join(WORKER_TEMPLATE, 'wrangler.toml'), 'utf8')) as {
    compatibility_date?: string;
    vars?: Record<string, string>;
    durable_objects?: { bindings?: Array<{ name: string; class_name: string }> };
    migrations?: Array<{ new_classes?: string[]; new_sqlite_classes?: string[] }>;
  };
  if (!toml.compatibility_date) throw new Error('wrangler.toml has no compatibility_date');
  return {
    compatibilityDate: toml.compatibility_date,
    vars: toml.vars ?? {},
    durableObjects: Object.fromEntries((toml.durable_objects?.bindings ?? []).map((b) => [b.name, b.class_name])),
    migratedClasses: (toml.migrations ?? []).flatMap((m) => [...(m.new_classes ?? []), ...(m.new_sqlite_classes ?? [])]),
  };
}

/** The template's configuration with a site's values: the vars wrangler.toml declares, the secret, and its Durable Object. */
export function workerTemplateBindings(env: Omit<ProxyEnv, 'REDIS_URL'>, vars: Record<string, string> = {}): Record<string, string> {
  return { ...workerTemplateConfig().vars, TRACKING_API_BASE_URL: env.TRACKING_BASE_URL, TRACKING_API_KEY: env.TRACKING_API_KEY, ...vars };
}

/** Bundles a Worker entry once per source state (the entry's text among it) and serves it from workerd, one Miniflare per instance. */
export function workerd(name: string, source: () => string) {
  let script: string | undefined;
  return {
    script: () => {
      if (script === undefined) throw new Error('prepare() first');
      return script;
    },
    prepare: () => {
      const text = source();
      const entryHash = createHash('sha256').update(text).digest('hex').slice(0, 8);
      const out = join(CACHE, 'workerd', `${name}-${sourceHash(SOURCES)}-${entryHash}.mjs`);
      if (!existsSync(out)) {
        mkdirSync(join(CACHE, 'workerd'), { recursive: true });
        esbuildBundle(cachedEntry(`${name}.ts`, text), out);
      }
      script = readFileSync(out, 'utf8');
    },
    start: async (bindings: Record<string, string>, durableObjects: Record<string, string> = {}): Promise<StartedProxy> => {
      if (script === undefined) throw new Error('prepare() first');
      const { Miniflare, Log, LogLevel } = await import('miniflare');
      const lines: string[] = [];
      const options: ConstructorParameters<typeof Miniflare>[0] = {
        modules: true,
        script,
        compatibilityDate: workerTemplateConfig().compatibilityDate,
        bindings,
        durableObjects,
        host: '127.0.0.1',
        port: 0,
        log: new (class extends Log {
          override log(message: string): void {
            lines.push(message);
          }
        })(LogLevel.INFO),
        // The Worker's console.log reaches workerd's standard output, not Miniflare's Log.
        handleRuntimeStdio: (stdout, stderr) => {
          for (const stream of [stdout, stderr]) stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
        },
      };
      // On a moved calendar, workerd runs on the real one: it hangs with libfaketime preloaded.
      const mf = await withoutLibfaketimeIn(async () => {
        const started = new Miniflare(options);
        await started.ready;
        return started;
      });
      const url = await mf.ready;
      return { url: url.origin, output: () => lines.join('\n'), close: () => mf.dispose() };
    },
  };
}

export const workerExample = workerd('worker-template', () => readFileSync(join(WORKER_TEMPLATE, 'src/worker.ts'), 'utf8'));

/**
 * Two Workers (two isolates) running the template, both bound to one `TrackingStoreObject` (the
 * binding its wrangler.toml declares), in one workerd: what Cloudflare does with many isolates of
 * one Worker. `fetch(0 | 1, …)` asks one.
 */
export async function startWorkerPair(
  env: Omit<ProxyEnv, 'REDIS_URL'>,
): Promise<{ fetch(worker: 0 | 1, path: string, init?: RequestInit): Promise<Response>; close(): Promise<void> }> {
  workerExample.prepare();
  const { Miniflare } = await import('miniflare');
  const config = workerTemplateConfig();
  const worker = (name: string) => ({
    name,
    modules: true,
    script: workerExample.script(),
    compatibilityDate: config.compatibilityDate,
    bindings: workerTemplateBindings(env),
    durableObjects: Object.fromEntries(
      Object.entries(config.durableObjects).map(([binding, className]) => [binding, { className, scriptName: 'a' }]),
    ),
  });
  const mf = await withoutLibfaketimeIn(async () => {
    const started = new Miniflare({ host: '127.0.0.1', port: 0, workers: [worker('a'), worker('b')] });
    await started.ready;
    return started;
  });
  // Miniflare types its Fetcher with workerd's own Request and Response; this side speaks Node's.
  type NodeFetcher = { fetch(url: string, init?: RequestInit): Promise<Response> };
  const workers = [(await mf.getWorker('a')) as unknown as NodeFetcher, (await mf.getWorker('b')) as unknown as NodeFetcher] as const;
  return {
    fetch: (i, path, init) => workers[i].fetch(`http://tracking.example${path}`, init),
    close: () => mf.dispose(),
  };
}
const workerContract = workerd('worker-contract', () =>
  withContractOptions(join(WORKER_TEMPLATE, 'src/worker.ts'), 'JSON.parse((env as unknown as { PROXY_OPTIONS: string }).PROXY_OPTIONS)'),
);

export const workerdRuntime: Runtime = {
  name: 'Cloudflare workerd via Miniflare (templates/cloudflare-worker)',
  unavailable: () => (existsSync(join(ROOT, 'node_modules/miniflare')) ? undefined : 'miniflare is not installed (npm ci)'),
  prepare: async () => {
    workerExample.prepare();
    workerContract.prepare();
  },
  startExample: (env) => workerExample.start(workerTemplateBindings(env), workerTemplateConfig().durableObjects),
  // The template checks that its key and address are set before it builds the proxy: placeholders
  // pass that check, and the contract's own options replace them.
  startContract: (options) =>
    workerContract.start({
      PROXY_OPTIONS: JSON.stringify(options),
      TRACKING_API_KEY: 'trk_replaced',
      TRACKING_API_BASE_URL: 'http://127.0.0.1:9',
    }),
};

const NEXT_APP_FILES: Record<string, string> = {
  'package.json': '{ "name": "next-proxy-runtime-test", "private": true, "type": "module" }\n',
  'app/layout.js': 'export default function RootLayout({ children }) { return children; }\n',
  'tsconfig.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['dom', 'dom.iterable', 'esnext'],
        allowJs: true,
        skipLibCheck: true,
        strict: true,
        noEmit: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        esModuleInterop: true,
        isolatedModules: true,
        jsx: 'react-jsx',
        incremental: false,
        resolveJsonModule: true,
        plugins: [{ name: 'next' }],
      },
      include: ['next-env.d.ts', '**/*.ts', '.next/types/**/*.ts'],
      exclude: ['node_modules'],
    },
    null,
    2,
  )}\n`,
};

/** Runs `work` holding a lock directory (atomic to create); a lock older than 10 minutes is a dead holder's. */
function withLock(lock: string, work: () => void): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 500);
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A scratch App Router app whose route files are `routes()` (path under app/ → source), built once
 * per source state (the build is cached under .cache/) and started with `next start` per instance.
 * The app imports `@cargo-trackers/proxy` as a site would: the package's built `dist`, through
 * node_modules.
 */
function nextApp(name: string, routes: () => Record<string, string>, buildEnv: Record<string, string>) {
  let dir: string | undefined;
  function build(target: string): void {
    const tsc = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', join(ROOT, 'packages/proxy/tsconfig.build.json')],
      { encoding: 'utf8' },
    );
    if (tsc.status !== 0) throw new Error(`building the proxy package failed: ${tsc.stdout}${tsc.stderr}`);
    rmSync(target, { recursive: true, force: true });
    for (const [path, text] of Object.entries({
      ...NEXT_APP_FILES,
      'next.config.mjs': `export default { turbopack: { root: ${JSON.stringify(ROOT)} } };\n`,
      ...Object.fromEntries(Object.entries(routes()).map(([route, source]) => [join('app', route), source])),
    })) {
      mkdirSync(join(target, path, '..'), { recursive: true });
      writeFileSync(join(target, path), text);
    }
    const nextBuild = spawnSync(process.execPath, [NEXT_BIN, 'build'], {
      cwd: target,
      encoding: 'utf8',
      // Build-time values only: the route modules are evaluated while collecting page data.
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...buildEnv },
    });
    if (nextBuild.status !== 0) throw new Error(`next build failed:\n${nextBuild.stdout}\n${nextBuild.stderr}`);
  }
  return {
    prepare: () => {
      dir = join(CACHE, `next-${name}-${sourceHash(SOURCES)}`);
      if (existsSync(join(dir, '.next/BUILD_ID'))) return;
      // Several Node versions' suites may run at once (scripts/test-proxy-node-versions.mjs): one builds, the others wait.
      const target = dir;
      mkdirSync(CACHE, { recursive: true });
      // One lock for every Next app: each build also builds the proxy package's dist.
      withLock(join(CACHE, 'next-build.lock'), () => {
        if (!existsSync(join(target, '.next/BUILD_ID'))) build(target);
      });
    },
    start: async (env: Record<string, string>): Promise<StartedProxy> => {
      if (dir === undefined) throw new Error('prepare() first');
      const next = await startNext(dir, { env });
      return { url: next.url, output: next.output, close: next.stop };
    },
  };
}

/**
 * The example and the contract share one app, so one `next build` (about 15 s of CPU, and 3 s for
 * its tsc) serves both: the example's route file as a site saves it, at the path its comment names,
 * and the contract's copy under /contract, whose proxy is given the default routes under that
 * prefix. Each `next start` is given one of the two configurations; the other route is never asked.
 */
const CONTRACT_PREFIX = '/contract';
const PLACEHOLDER = { baseUrl: 'http://127.0.0.1:9', apiKey: 'trk_build_time_placeholder' };
const nextBoth = nextApp(
  'example-and-contract',
  () => ({
    'api/tracking/[...path]/route.ts': readFileSync(join(EXAMPLES, 'next-route.ts'), 'utf8'),
    [`${CONTRACT_PREFIX.slice(1)}/api/tracking/[...path]/route.ts`]: withContractOptions(
      join(EXAMPLES, 'next-route.ts'),
      "JSON.parse(process.env.PROXY_OPTIONS ?? '{}')",
    ),
  }),
  {
    TRACKING_BASE_URL: PLACEHOLDER.baseUrl,
    TRACKING_API_KEY: PLACEHOLDER.apiKey,
    REDIS_URL: '',
    PROXY_OPTIONS: JSON.stringify(PLACEHOLDER),
  },
);
const CONTRACT_ROUTES = Object.fromEntries(Object.entries(DEFAULT_ROUTES).map(([route, path]) => [route, `${CONTRACT_PREFIX}${path}`]));

export const nextRuntime: Runtime = {
  name: 'Next.js App Router (next build && next start)',
  unavailable: () => (existsSync(NEXT_BIN) ? undefined : 'next is not installed (npm ci)'),
  prepare: async () => nextBoth.prepare(),
  startExample: (env) => nextBoth.start({ ...env }),
  startContract: async (options) => {
    const proxy = await nextBoth.start({ PROXY_OPTIONS: JSON.stringify({ ...options, routes: CONTRACT_ROUTES }) });
    return { ...proxy, address: (path: string) => `${proxy.url}${CONTRACT_PREFIX}${path}` };
  },
};

export const RUNTIMES: readonly Runtime[] = [nodeRuntime, expressRuntime, workerdRuntime, nextRuntime];
