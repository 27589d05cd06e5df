// The script-tag entry is imported in Node too (server-side rendering, tests, tooling that
// walks a package's exports): there it must neither throw nor watch anything.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

describe('cargo-trackers/cdn in Node (no document, no customElements)', () => {
  it('imports without throwing and exports loadElement', async () => {
    assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
    const cdn = await import('../../../packages/cargo-trackers/src/cdn.js');
    assert.deepEqual(Object.keys(cdn), ['loadElement']);
  });

  it('loads an element module on request, and rejects an unknown tag', async () => {
    const { autoload } = await import('../../../packages/cargo-trackers/src/autoload.js');
    const loaded: string[] = [];
    const load = autoload({ 'x-one': async () => void loaded.push('x-one') });
    await load('x-one');
    assert.deepEqual(loaded, ['x-one']);
    await assert.rejects(load('x-two'), /no element named <x-two>/);
  });
});
