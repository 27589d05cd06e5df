import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryStore } from '@cargo-trackers/proxy';
import { admitNumber } from '../../../packages/proxy/src/client-quota.js';

const HOUR = 3_600_000;

describe('admitNumber', () => {
  it('admits repeats freely, refuses new numbers past the quota until the next hour', async () => {
    let now = 100 * HOUR + 15 * 60_000;
    const store = new MemoryStore({ now: () => now });
    assert.equal((await admitNumber(store, 'c', 'n1', 2, now)).ok, true);
    assert.equal((await admitNumber(store, 'c', 'n2', 2, now)).ok, true);
    assert.equal((await admitNumber(store, 'c', 'n1', 2, now)).ok, true);
    const refused = await admitNumber(store, 'c', 'n3', 2, now);
    assert.deepEqual(refused, { ok: false, retryAfterMs: 45 * 60_000 });
    assert.equal((await admitNumber(store, 'other', 'n3', 2, now)).ok, true);
    now = 101 * HOUR;
    assert.equal((await admitNumber(store, 'c', 'n3', 2, now)).ok, true);
  });

  it('is off when the quota is infinite', async () => {
    const store = new MemoryStore();
    for (let i = 0; i < 20; i++) assert.equal((await admitNumber(store, 'c', `n${i}`, Infinity, Date.now())).ok, true);
    assert.equal(store.counterEntries, 0);
  });
});
