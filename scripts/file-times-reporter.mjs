// A reporter for Node's test runner (a second one, beside spec: scripts/run-node-tests.mjs): at the
// end of a run, the files whose tests took longest, each the sum of its top-level tests' durations
// (a file's tests run one after another unless it asks otherwise; its start-up is not counted). A
// test is counted where it is declared: a shared suite (test/packages/proxy/contract-suite.ts) is
// a file of its own here. What SLOWEST_FIRST in scripts/run-node-tests.mjs is kept from, and where
// CI time goes.
import { relative } from 'node:path';

const SHOWN = 15;

export default async function* fileTimes(source) {
  const byFile = new Map();
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0 || !event.data.file) continue;
    byFile.set(event.data.file, (byFile.get(event.data.file) ?? 0) + (event.data.details?.duration_ms ?? 0));
  }
  if (byFile.size === 0) return;
  const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  const total = [...byFile.values()].reduce((sum, ms) => sum + ms, 0);
  yield `\nThe ${slowest.length} of ${byFile.size} files whose tests took longest (all: ${(total / 1000).toFixed(0)} s):\n`;
  for (const [file, ms] of slowest) yield `  ${(ms / 1000).toFixed(0).padStart(5)} s  ${relative(process.cwd(), file)}\n`;
}
