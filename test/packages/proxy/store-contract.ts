// The behaviour every ProxyStore must have, written once so that each store (MemoryStore here,
// a Redis store elsewhere) runs the same checks: `describeStoreContract('RedisStore', () => …)`.
// Real time with short TTLs, since a remote store cannot share a fake clock.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProxyStore } from '@cargo-trackers/proxy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array | undefined) => (value === undefined ? undefined : new TextDecoder().decode(value));

/** `makeStore` gives a fresh, empty store (or one under a fresh key prefix) per test. */
export function describeStoreContract(name: string, makeStore: () => Promise<ProxyStore> | ProxyStore): void {
  describe(`${name}: the ProxyStore contract`, () => {
    it('caches bytes for their TTL, then forgets them', async () => {
      const store = await makeStore();
      await store.setCached('a', bytes('one\n\u00ff'), 150);
      assert.equal(text(await store.getCached('a')), 'one\n\u00ff');
      assert.equal(await store.getCached('absent'), undefined);
      // A store that can answer at once (optional) answers as getCached does.
      if (store.peekCached !== undefined) {
        assert.equal(text(store.peekCached('a')), 'one\n\u00ff');
        assert.equal(store.peekCached('absent'), undefined);
      }
      await sleep(200);
      assert.equal(await store.getCached('a'), undefined);
      if (store.peekCached !== undefined) assert.equal(store.peekCached('a'), undefined);
    });

    it('counts from zero, keeps the first expiry while counting, and starts afresh after it', async () => {
      const store = await makeStore();
      assert.equal(await store.increment('n', 1, 200), 1);
      await sleep(100);
      assert.equal(await store.increment('n', 2, 200), 3);
      assert.equal(await store.increment('n', -1, 200), 2);
      assert.deepEqual(await store.counts(['n', 'none']), [2, 0]);
      await sleep(150);
      assert.deepEqual(await store.counts(['n']), [0]);
      assert.equal(await store.increment('n', 1, 200), 1);
    });

    it('marks a key once until its TTL ends, and the mark reads as 1', async () => {
      const store = await makeStore();
      assert.equal(await store.addIfAbsent('m', 150), true);
      assert.equal(await store.addIfAbsent('m', 150), false);
      assert.deepEqual(await store.counts(['m']), [1]);
      await sleep(200);
      assert.equal(await store.addIfAbsent('m', 150), true);
    });

    it('gives concurrent increments distinct results (atomic)', async () => {
      const store = await makeStore();
      const results = await Promise.all(Array.from({ length: 50 }, () => store.increment('c', 1, 10_000)));
      assert.deepEqual(
        [...results].sort((a, b) => a - b),
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      const marks = await Promise.all(Array.from({ length: 20 }, () => store.addIfAbsent('once', 10_000)));
      assert.equal(marks.filter(Boolean).length, 1);
    });

    it('keeps cached answers and counters apart: a cached key does not read as a counter', async () => {
      const store = await makeStore();
      await store.setCached('shared-name', bytes('7'), 10_000);
      assert.equal(await store.increment('shared-name', 1, 10_000), 1);
      assert.equal(text(await store.getCached('shared-name')), '7');
    });
  });
}
