import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fingerprint } from '../../../packages/proxy/src/primitives/bytes.js';

/** FNV-1a 64 as its definition reads, in BigInt: the reference the fast version must equal. */
function reference(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, '0');
}

describe('fingerprint', () => {
  it('gives the published FNV-1a 64 values', () => {
    assert.equal(fingerprint(''), 'cbf29ce484222325');
    assert.equal(fingerprint('a'), 'af63dc4c8601ec8c');
    assert.equal(fingerprint('foobar'), '85944171f73967e8');
  });

  it('equals the 64-bit definition for any text, non-ASCII included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), (text) => fingerprint(text) === reference(text)),
      { numRuns: 2_000 },
    );
  });
});
