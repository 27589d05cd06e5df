import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { etagOf } from '../../../packages/proxy/src/answer.js';

describe('etagOf', () => {
  it('changes when any one byte of the body changes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (body, at, delta) => {
        const changed = body.slice();
        const i = at % body.length;
        changed[i] = ((changed[i] as number) + delta) & 0xff;
        return etagOf(changed) !== etagOf(body);
      }),
      { numRuns: 2_000 },
    );
  });

  it('depends on the bytes only: the same body as a Buffer, a Uint8Array or an unaligned view', () => {
    const text = '{"referenceNumber":"MSCU1234567","status":"IN_TRANSIT"}';
    const plain = new TextEncoder().encode(text);
    const padded = new Uint8Array(plain.byteLength + 3);
    padded.set(plain, 3);
    const tag = etagOf(plain);
    assert.match(tag, /^"[0-9a-z]+-[0-9a-z]+"$/);
    assert.equal(etagOf(Buffer.from(text)), tag);
    assert.equal(etagOf(padded.subarray(3)), tag);
    assert.notEqual(etagOf(plain.subarray(1)), tag);
  });
});
