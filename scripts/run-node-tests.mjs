// Runs every Node test (test/**/*.test.ts, but not *.browser.test.ts) with Node's own
// test runner. Node 20's --test takes no globs, so the files are listed here.
// Usage: node scripts/run-node-tests.mjs [substring-filter ...]
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

const files = walk(join(root, 'test'))
  .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.browser.test.ts'))
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();

if (files.length === 0) {
  console.error('No Node test files matched.');
  process.exit(1);
}

const result = spawnSync(
  process.execPath,
  ['--conditions=cargo-trackers-source', '--import', 'tsx', '--test', '--test-reporter=spec', ...files],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
