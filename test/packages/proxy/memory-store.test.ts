import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryStore } from '@cargo-trackers/proxy';

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

describe('MemoryStore', () => {
  it('forgets a value when its time is up', async () => {
    const c = clock();
    const store = new MemoryStore({ now: c.now });
    await store.set('a', 'one', 100);
    c.t += 99;
    assert.equal(await store.get('a'), 'one');
    c.t += 1;
    assert.equal(await store.get('a'), undefined);
  });

  it('counts from zero and keeps the first expiry while counting', async () => {
    const c = clock();
    const store = new MemoryStore({ now: c.now });
    assert.equal(await store.increment('n', 1, 100), 1);
    c.t += 60;
    assert.equal(await store.increment('n', 2, 100), 3);
    assert.equal(await store.increment('n', -1, 100), 2);
    c.t += 40;
    assert.equal(await store.get('n'), undefined);
    assert.equal(await store.increment('n', 1, 100), 1);
  });

  it('drops the oldest entries beyond its entry cap', async () => {
    const store = new MemoryStore({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await store.set(key, key, 10_000);
    assert.equal(store.size, 3);
    assert.equal(await store.get('a'), undefined);
    assert.equal(await store.get('d'), 'd');
  });

  it('drops the oldest entries beyond its size cap, and never holds an oversize value', async () => {
    const store = new MemoryStore({ maxChars: 10 });
    await store.set('a', '12345', 10_000);
    await store.set('b', '12345', 10_000);
    await store.set('c', '123', 10_000);
    assert.equal(await store.get('a'), undefined);
    assert.equal(await store.get('b'), '12345');
    await store.set('big', '12345678901', 10_000);
    assert.equal(await store.get('big'), undefined);
    assert.equal(await store.get('c'), '123');
  });

  it('sweeps expired entries as it writes, so dead keys do not pile up', async () => {
    const c = clock();
    const store = new MemoryStore({ now: c.now });
    for (let i = 0; i < 500; i++) await store.set(`old${i}`, 'x', 10);
    c.t += 20;
    for (let i = 0; i < 600; i++) await store.set(`new${i}`, 'x', 10_000);
    assert.equal(store.size, 600);
  });
});
