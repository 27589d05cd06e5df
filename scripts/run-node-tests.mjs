// Runs every Node test (test/**/*.test.ts, but not *.browser.test.ts) with Node's own
// test runner. Node 20's --test takes no globs, so the files are listed here.
//
// Files run in parallel, each in its own process (--test-concurrency). Node's default is one file
// at a time on two cores (available parallelism - 1), but much of this suite waits on other
// processes (WordPress, Redis, Next.js, npm, a browser): alone at one file at a time it left about a
// fifth of two cores idle. The slowest files start first (SLOWEST_FIRST) so that none begins alone
// at the end.
//
// Usage: node scripts/run-node-tests.mjs [substring-filter ...]
// Env:   NODE_TEST_CONCURRENCY=n (default: the machine's available parallelism, at least 2)
import { availableParallelism } from 'node:os';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

// The files that took longest in a clean clone's .ci/run, longest first (path prefixes; a file not
// listed runs after them, in path order). A stale entry only changes the order, never what runs.
const SLOWEST_FIRST = [
  'test/packages/proxy/runtimes.test.ts',
  'test/packaging/npm-pack.test.ts',
  'test/packages/wordpress-plugin/',
  'test/packaging/nextjs-react.test.ts',
  'test/demo/',
  'test/packages/proxy/',
  'test/packaging/',
];
function rank(file) {
  const i = SLOWEST_FIRST.findIndex((prefix) => file.startsWith(prefix));
  return i === -1 ? SLOWEST_FIRST.length : i;
}

const files = walk(join(root, 'test'))
  .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.browser.test.ts'))
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort()
  .sort((a, b) => rank(a) - rank(b));

if (files.length === 0) {
  console.error('No Node test files matched.');
  process.exit(1);
}

const concurrency = Number(process.env.NODE_TEST_CONCURRENCY) || Math.max(2, availableParallelism());

const result = spawnSync(
  process.execPath,
  [
    '--conditions=cargo-trackers-source',
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    // At the end, the slowest files (scripts/file-times-reporter.mjs).
    `--test-reporter=${new URL('./file-times-reporter.mjs', import.meta.url).pathname}`,
    '--test-reporter-destination=stdout',
    ...files,
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
