// Runs the proxy's Node tests (test/packages/proxy) on each Node release line site owners run,
// besides the one running this script (whose run is `npm run test:node`'s): the proxy is a
// library for other people's servers. Node binaries come from the npm registry, cached
// (scripts/node-binary.mjs). The versions run in parallel,
// each with its output kept apart and printed whole when it ends. What runs inside workerd is left
// to test:node (WORKERD_ONLY, below), and so are the files that test plain logic (touchesNode).
//
// Usage: node scripts/test-proxy-node-versions.mjs [substring-filter ...]
// Env:   PROXY_NODE_VERSIONS=22,24 (default 20,22,24; the running major is skipped unless listed alone)
//        NODE_VERSIONS_CACHE=dir (default $XDG_CACHE_HOME or ~/.cache, then cargo-trackers/node)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { nodeBinary } from './node-binary.mjs';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);
const current = Number(process.versions.node.split('.')[0]);
const listed = (process.env.PROXY_NODE_VERSIONS ?? '20,22,24').split(',').map(Number).filter(Boolean);
// The running Node's own run is `npm run test:node`; asked for alone, it runs here too.
const majors = listed.length === 1 ? listed : listed.filter((m) => m !== current);

if (majors.length === 0) {
  console.log(`Node ${current} is the running one (npm run test:node covers it); nothing else to run.`);
  process.exit(0);
}
const runs = majors.map((major) => ({ major, bin: nodeBinary(major) }));
/** Packages that are plain JavaScript on every line (touchesNode). */
const PLAIN_PACKAGES = ['fast-check'];
const PROXY_EXPORTS = JSON.parse(readFileSync(join(root, 'packages/proxy/package.json'), 'utf8')).exports;
// What runs inside workerd (the Worker template, its Durable Object store, the workerd runtime)
// does not run on the host's Node: test:node covers it once. Everything else of the proxy's that
// reaches a Node API runs on each release line (touchesNode).
const WORKERD_ONLY = ['worker-template.test.ts', 'durable-object-store.test.ts'];
const allProxyFiles = readdirSync(join(root, 'test/packages/proxy'))
  .filter((name) => name.endsWith('.test.ts') && !WORKERD_ONLY.includes(name))
  .map((name) => `test/packages/proxy/${name}`);
const proxyFiles = allProxyFiles.filter((file) => touchesNode(file));

/**
 * Whether a test file reaches a Node API that can differ between release lines: a `node:` module
 * other than the test runner and assert (http, net, zlib, fs, child_process, vm…), Playwright, or
 * a package not known to be plain, in the file itself or in anything it imports from this repository
 * (its helpers, the proxy's sources), followed through `@cargo-trackers/proxy` as the
 * `cargo-trackers-source` condition resolves it. A file that reaches none tests plain
 * JavaScript logic (answers, byte counts, JSON limits, time formats, the memory store): each line
 * runs it alike, and it reaches these lines anyway, inside the contract, the examples and the
 * runtimes' runs, which open real sockets. Each such file was about a second of CPU per line.
 */
function touchesNode(file, seen = new Set()) {
  const path = join(root, file);
  if (seen.has(path)) return false;
  seen.add(path);
  const text = readFileSync(path, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map(([, s]) => s);
  return specifiers.some((specifier) => {
    if (specifier.startsWith('node:')) return !['node:test', 'node:assert', 'node:assert/strict'].includes(specifier);
    if (PLAIN_PACKAGES.includes(specifier)) return false;
    const target = specifier.startsWith('.') ? relative(root, sourceOf(resolve(dirname(path), specifier))) : proxyEntry(specifier);
    // Any other package (Playwright, a Redis client…) may reach Node's APIs: the file runs on every line.
    return target === undefined || touchesNode(target, seen);
  });
}

/** A relative import's file: TypeScript's `./x.js` is `./x.ts` when that exists. */
function sourceOf(path) {
  const ts = path.replace(/\.js$/, '.ts');
  return existsSync(ts) ? ts : path;
}

/** `@cargo-trackers/proxy` or one of its subpaths, as the source condition resolves it (undefined for any other package). */
function proxyEntry(specifier) {
  const match = /^@cargo-trackers\/proxy(\/.*)?$/.exec(specifier);
  if (!match) return undefined;
  const target = PROXY_EXPORTS[`.${match[1] ?? ''}`]?.['cargo-trackers-source'];
  if (!target) throw new Error(`${specifier}: no cargo-trackers-source export in packages/proxy/package.json`);
  return join('packages/proxy', target);
}

const suite = ['scripts/run-node-tests.mjs', ...(filters.length === 0 ? proxyFiles : filters)];
// The runtimes' examples: Node's http and Express on each line. Next.js's App Router route runs in
// test:node only: on these lines it runs the same proxy through the same Node http as the Node
// example, and what it adds (Next's request and response around the route file) is Next's own,
// the same on every Node line. It was about 30 s of each line's run on two cores (next start and
// the contract through it).
const env = { ...process.env, ...(filters.length === 0 && { PROXY_RUNTIMES: 'node http,express' }) };
if (filters.length === 0)
  console.log(
    `proxy tests on Node ${majors.join(' and ')}: the ${proxyFiles.length} files that reach Node's APIs (plain logic, test:node only: ${allProxyFiles
      .filter((file) => !proxyFiles.includes(file))
      .map((file) => file.split('/').pop())
      .join(', ')})`,
  );
const started = Date.now();
const results = await Promise.all(
  runs.map(
    ({ major, bin }) =>
      new Promise((resolve) => {
        const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
        // run-node-tests runs the test runner with the binary that runs it: this one.
        const child = spawn(bin, suite, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.once('close', (code) => {
          console.log(`\n==== proxy tests on Node ${version} (${((Date.now() - started) / 1000).toFixed(0)} s): exit ${code}\n${output}`);
          resolve({ major, version, code });
        });
      }),
  ),
);
console.log(`\nproxy tests by Node version: ${results.map((r) => `${r.version} ${r.code === 0 ? 'passed' : 'FAILED'}`).join(', ')}`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
