// Lazy stays lazy in every bundler: one app, `import 'cargo-trackers'`, built from the packages
// with Vite, esbuild (what Angular's CLI uses) and webpack 5. The shipment view, the product
// views and the map must stay out of each first load, and no bundler's first load may be more
// than 1 KB (gzip) above Vite's. The figures are printed; `node scripts/bundlers.mjs` prints
// them on their own.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LAZY_MODULES, TOLERANCE_BYTES, measureBundlers, problems, report, type BundlerResult } from '../../scripts/bundlers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the first load, bundled from the packages by Vite, esbuild and webpack 5', { timeout: 240_000 }, () => {
  let results: Record<string, BundlerResult>;

  before(async () => {
    // The packages as npm ships them: compiled, resolved through their exports maps.
    await promisify(execFile)('npm', ['run', 'build:packages'], { cwd: root });
    results = await measureBundlers();
    console.log(report(results));
  });

  it('is built by every bundler, with the elements in it', () => {
    assert.deepEqual(Object.keys(results), ['vite', 'esbuild', 'webpack 5']);
    for (const [name, result] of Object.entries(results)) {
      for (const element of [
        'ocean-tracker/dist/first/ocean-tracker.js',
        'air-tracker/dist/first/air-tracker.js',
        'core/dist/first/element/tracker-element.js',
      ]) {
        assert.ok(
          result.modules.some((m) => m.endsWith(`packages/${element}`)),
          `${name}: ${element} is in the first load`,
        );
      }
      assert.ok(result.gzip > 10_000, `${name}: ${result.gzip} B is a plausible first load`);
    }
  });

  it('holds none of the lazy modules', () => {
    assert.ok(LAZY_MODULES.length >= 5);
    for (const [name, result] of Object.entries(results)) assert.deepEqual(result.lazy, [], `${name} puts lazy modules in the first load`);
  });

  it(`is within ${TOLERANCE_BYTES} B of Vite's with esbuild and webpack 5`, () => {
    assert.deepEqual(problems(results), []);
  });
});
