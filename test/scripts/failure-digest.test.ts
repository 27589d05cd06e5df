// The digest npm test prints last (scripts/failure-digest.mjs), on the output of a real failing run
// of Node's test runner with the spec reporter, as scripts/run-node-tests.mjs runs it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { failureDigest } from '../../scripts/failure-digest.mjs';

function specRun(source: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'failure-digest-'));
  try {
    writeFileSync(join(dir, 'planted.test.mjs'), source);
    // Without NODE_TEST_CONTEXT, which this runner sets and which would make the planted run report to it.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', 'planted.test.mjs'], { cwd: dir, env, encoding: 'utf8' });
    assert.equal(run.status, 1, run.stdout);
    return run.stdout + run.stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PLANTED = `
import assert from 'node:assert/strict';
import { it } from 'node:test';
for (let i = 0; i < 30; i++) it('passes ' + i, () => {});
it('counts the planted calls', () => assert.equal(3, 4));
for (let i = 0; i < 30; i++) it('passes later ' + i, () => {});
`;

describe('failureDigest', () => {
  it("keeps the spec reporter's failing tests with their errors, and the line that names each run, not the passing ones", () => {
    const output = specRun(PLANTED);
    const twoRuns = `==== proxy tests on Node v22 (90 s): exit 1\n${output}\n==== proxy tests on Node v24 (95 s): exit 0\n✔ fine\n`;
    const digest = failureDigest(twoRuns);
    const text = digest.join('\n');
    assert.match(text, /counts the planted calls/);
    assert.match(text, /3 !== 4|Expected values to be strictly equal/);
    assert.ok(digest.includes('==== proxy tests on Node v22 (90 s): exit 1'), text);
    assert.ok(digest.includes('==== proxy tests on Node v24 (95 s): exit 0'), text);
    assert.doesNotMatch(text, /passes later/);
  });

  it('without a spec summary, keeps the lines marked as failed; without those, the last lines', () => {
    const marked = failureDigest(['✓ one', '❌ the map draws the route', '   AssertionError: expected 1 to equal 2', '✓ two'].join('\n'));
    assert.deepEqual(marked, ['❌ the map draws the route', '   AssertionError: expected 1 to equal 2']);
    const plain = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    assert.deepEqual(
      failureDigest(plain),
      Array.from({ length: 40 }, (_, i) => `line ${i + 60}`),
    );
  });

  it('says how many lines it left out past its bound', () => {
    const many = ['✖ failing tests:', ...Array.from({ length: 500 }, (_, i) => `  detail ${i}`)].join('\n');
    const digest = failureDigest(many);
    assert.equal(digest.length, 201);
    assert.equal(digest.at(-1), "… 301 more lines above, in the step's output");
  });
});
