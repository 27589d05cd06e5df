import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CounterSpaceFull, MemoryStore } from '@cargo-trackers/proxy';
import { ENTRY_OVERHEAD_BYTES } from '../../../packages/proxy/src/stores/memory.js';
import { describeStoreContract } from './store-contract.js';

describeStoreContract('MemoryStore', () => new MemoryStore());

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('MemoryStore', () => {
  it('returns the very bytes it was given, so visitors share one cached body', async () => {
    const store = new MemoryStore();
    const value = bytes('{"a":1}');
    await store.setCached('k', value, 10_000);
    assert.equal(await store.getCached('k'), value);
  });

  it('drops the least recently used answers beyond its entry cap', async () => {
    const store = new MemoryStore({ maxCacheEntries: 3 });
    for (const key of ['a', 'b', 'c']) await store.setCached(key, bytes(key), 10_000);
    await store.getCached('a');
    await store.setCached('d', bytes('d'), 10_000);
    assert.equal(store.cacheEntries, 3);
    assert.equal(await store.getCached('b'), undefined);
    assert.notEqual(await store.getCached('a'), undefined);
    assert.notEqual(await store.getCached('d'), undefined);
  });

  it('counts key bytes, value bytes and a per-entry overhead toward its size cap', async () => {
    const store = new MemoryStore({ maxCacheBytes: 3 * (ENTRY_OVERHEAD_BYTES + 1_000) });
    await store.setCached('k'.repeat(990), bytes('0123456789'), 10_000);
    assert.equal(store.cacheBytes, ENTRY_OVERHEAD_BYTES + 1_000);
    // Big keys with empty values still fill it: three fit, the fourth pushes the oldest out.
    for (let i = 0; i < 3; i++) await store.setCached(`${i}`.repeat(1_000), new Uint8Array(0), 10_000);
    assert.equal(store.cacheEntries, 3);
    assert.ok(store.cacheBytes <= 3 * (ENTRY_OVERHEAD_BYTES + 1_000));
    assert.equal(await store.getCached('k'.repeat(990)), undefined);
    // Non-ASCII keys count their UTF-8 bytes.
    await store.setCached('é'.repeat(500), new Uint8Array(0), 10_000);
    assert.ok(store.cacheBytes <= 3 * (ENTRY_OVERHEAD_BYTES + 1_000));
    assert.equal(store.cacheEntries, 3);
  });

  it('never holds an oversize value', async () => {
    const store = new MemoryStore({ maxCacheBytes: 1_000 });
    await store.setCached('small', bytes('x'), 10_000);
    await store.setCached('big', new Uint8Array(1_000), 10_000);
    assert.equal(await store.getCached('big'), undefined);
    assert.notEqual(await store.getCached('small'), undefined);
  });

  it('keeps every counter however much is cached', async () => {
    const store = new MemoryStore({ maxCacheEntries: 10, maxCacheBytes: 10_000 });
    await store.increment('quota', 5, 60_000);
    await store.addIfAbsent('seen', 60_000);
    for (let i = 0; i < 10_000; i++) await store.setCached(`answer:${i}`, bytes('x'.repeat(100)), 60_000);
    assert.deepEqual(await store.counts(['quota', 'seen']), [5, 1]);
    assert.equal(store.counterEntries, 2);
  });

  it('refuses new counters when its counter room is full, rather than forget old ones', async () => {
    const c = clock();
    const store = new MemoryStore({ maxCounters: 2, now: c.now });
    await store.increment('a', 1, 1_000);
    await store.addIfAbsent('b', 5_000);
    await assert.rejects(store.increment('c', 1, 1_000), CounterSpaceFull);
    await assert.rejects(store.addIfAbsent('c', 1_000), CounterSpaceFull);
    // Existing counters still count.
    assert.equal(await store.increment('a', 1, 1_000), 2);
    // Expired ones make room again.
    c.t += 2_000;
    assert.equal(await store.increment('c', 1, 1_000), 1);
    assert.deepEqual(await store.counts(['a', 'b', 'c']), [0, 1, 1]);
  });

  it('sweeps expired answers as it writes, so dead keys do not pile up', async () => {
    const c = clock();
    const store = new MemoryStore({ now: c.now });
    for (let i = 0; i < 500; i++) await store.setCached(`old${i}`, bytes('x'), 10);
    c.t += 20;
    for (let i = 0; i < 600; i++) await store.setCached(`new${i}`, bytes('x'), 10_000);
    assert.equal(store.cacheEntries, 600);
  });
});
