// Runs the proxy's Node tests (test/packages/proxy) on each Node release line site owners run,
// besides the one running this script (whose run is `npm run test:node`'s): the proxy is a
// library for other people's servers. Node binaries come from the npm registry, cached
// (scripts/node-binary.mjs). The versions run in parallel,
// each with its output kept apart and printed whole when it ends. What runs inside workerd is left
// to test:node (WORKERD_ONLY, below).
//
// Usage: node scripts/test-proxy-node-versions.mjs [substring-filter ...]
// Env:   PROXY_NODE_VERSIONS=22,24 (default 20,22,24; the running major is skipped unless listed alone)
//        NODE_VERSIONS_CACHE=dir (default $XDG_CACHE_HOME or ~/.cache, then cargo-trackers/node)
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
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
// What runs inside workerd (the Worker template, its Durable Object store, the workerd runtime)
// does not run on the host's Node: test:node covers it once. Everything else of the proxy's runs
// on each release line.
const WORKERD_ONLY = ['worker-template.test.ts', 'durable-object-store.test.ts'];
const proxyFiles = readdirSync(join(root, 'test/packages/proxy'))
  .filter((name) => name.endsWith('.test.ts') && !WORKERD_ONLY.includes(name))
  .map((name) => `test/packages/proxy/${name}`);
const suite = ['scripts/run-node-tests.mjs', ...(filters.length === 0 ? proxyFiles : filters)];
// The runtimes' examples: Node's http and Express on each line. Next.js's App Router route runs in
// test:node only: on these lines it runs the same proxy through the same Node http as the Node
// example, and what it adds (Next's request and response around the route file) is Next's own,
// the same on every Node line. It was about 30 s of each line's run on two cores (next start and
// the contract through it).
const env = { ...process.env, ...(filters.length === 0 && { PROXY_RUNTIMES: 'node http,express' }) };
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
