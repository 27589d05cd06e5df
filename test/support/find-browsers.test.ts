// The browser finder the test config uses: the environment variable first, then the usual
// places; a variable that points at nothing is an error that names it.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ENGINES, findBrowser } from './find-browsers.mjs';

describe('findBrowser', () => {
  let dir: string;
  const saved: Record<string, string | undefined> = {};

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'find-browsers-'));
    for (const { env } of Object.values(ENGINES)) saved[env] = process.env[env];
  });
  afterEach(async () => {
    for (const [env, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[env];
      else process.env[env] = value;
    }
    await rm(dir, { recursive: true, force: true });
  });

  for (const [engine, spec] of Object.entries(ENGINES) as [keyof typeof ENGINES, (typeof ENGINES)[keyof typeof ENGINES]][]) {
    it(`takes ${spec.env} for ${spec.label} before any usual place`, async () => {
      const own = join(dir, `my-${engine}`);
      await writeFile(own, '');
      process.env[spec.env] = own;
      assert.equal(findBrowser(engine), own);
    });

    it(`refuses a ${spec.env} that points at nothing, naming the variable`, () => {
      process.env[spec.env] = join(dir, 'not-there');
      assert.throws(() => findBrowser(engine), new RegExp(`${spec.env} is set to .*not-there, but no file is there`));
    });
  }

  it('knows the three engines the config runs, and rejects others by name', () => {
    assert.deepEqual(Object.keys(ENGINES), ['chromium', 'firefox', 'webkit']);
    assert.throws(() => findBrowser('safari' as 'webkit'), /Unknown browser engine "safari"/);
  });
});
