import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BytePool } from '../../../packages/proxy/src/primitives/byte-pool.js';

describe('BytePool', () => {
  it('takes bytes while they fit and refuses the rest, never going past its cap', () => {
    const pool = new BytePool(100);
    assert.equal(pool.take(60), true);
    assert.equal(pool.take(50), false);
    assert.equal(pool.usedBytes, 60);
    assert.equal(pool.take(40), true);
    assert.equal(pool.peakBytes, 100);
    assert.equal(pool.refusals, 1);
    pool.give(100);
    assert.equal(pool.usedBytes, 0);
  });

  it('counts a body shared by several holders once, until the last lets go', () => {
    const pool = new BytePool(100);
    const body = new Uint8Array(70);
    const first = pool.hold(body);
    const second = pool.hold(body);
    assert.ok(first !== undefined && second !== undefined);
    assert.equal(pool.usedBytes, 70);
    assert.equal(pool.hold(new Uint8Array(40)), undefined, 'another body does not fit');
    first();
    first();
    assert.equal(pool.usedBytes, 70, 'a release counts once, and the other holder still holds it');
    second();
    assert.equal(pool.usedBytes, 0);
  });

  it('gives a call its bytes back together, once', () => {
    const pool = new BytePool(100);
    const call = pool.forCall();
    assert.equal(call.add(30), true);
    assert.equal(call.add(30), true);
    assert.equal(call.add(50), false);
    assert.equal(pool.usedBytes, 60);
    call.release();
    call.release();
    assert.equal(pool.usedBytes, 0);
  });

  it('wakes a waiter when room frees up, and tells one that waited in vain', async () => {
    const pool = new BytePool(100);
    const held = pool.hold(new Uint8Array(80));
    const body = new Uint8Array(50);
    const waiting = pool.whenFits(body, 1_000);
    held?.();
    assert.equal(await waiting, true);
    pool.take(90);
    assert.equal(await pool.whenFits(body, 20), false);
  });

  it('refuses a cap that is not a positive number', () => {
    assert.throws(() => new BytePool(0), /maxHeldBytes/);
    assert.throws(() => new BytePool(Number.NaN), /maxHeldBytes/);
  });
});
