// The behaviour every ProxyStore must have, written once so that each store (MemoryStore here,
// a Redis store elsewhere) runs the same checks: `describeStoreContract('RedisStore', () => …)`.
// Time is moved by the test, never waited for: TTLs of a minute, and `pass(ms)` to let time go by,
// so that a slow machine cannot let a TTL run out between two calls that should both see it.
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import type { ProxyStore } from '@cargo-trackers/proxy';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array | undefined) => (value === undefined ? undefined : new TextDecoder().decode(value));

const TTL = 60_000;

/**
 * `makeStore` gives a fresh, empty store (or one under a fresh key prefix) per test. `pass(ms)`
 * lets `ms` go by for the store made last. Without it, the contract stands `Date` still
 * (`mock.timers`) and moves it, which serves a store that reads `Date.now()` when called; a store
 * with a clock of its own (Redis) must bring its own `pass`. Real time also runs on, so no check
 * lies within a second of an expiry.
 */
export function describeStoreContract(
  name: string,
  makeStore: () => Promise<ProxyStore> | ProxyStore,
  pass?: (ms: number) => Promise<void>,
): void {
  /** Runs `body` on a fresh store, with `Date` stood still when the contract moves it. */
  async function withStore(body: (store: ProxyStore, pass: (ms: number) => Promise<void>) => Promise<void>): Promise<void> {
    if (pass !== undefined) return body(await makeStore(), pass);
    mock.timers.enable({ apis: ['Date'], now: Date.UTC(2026, 0, 5, 12, 30) });
    try {
      await body(await makeStore(), async (ms) => mock.timers.tick(ms));
    } finally {
      mock.timers.reset();
    }
  }

  describe(`${name}: the ProxyStore contract`, () => {
    it('caches bytes for their TTL, then forgets them', () =>
      withStore(async (store, pass) => {
        await store.setCached('a', bytes('one\n\u00ff'), TTL);
        assert.equal(text(await store.getCached('a')), 'one\n\u00ff');
        assert.equal(await store.getCached('absent'), undefined);
        // A store that can answer at once (optional) answers as getCached does.
        if (store.peekCached !== undefined) {
          assert.equal(text(store.peekCached('a')), 'one\n\u00ff');
          assert.equal(store.peekCached('absent'), undefined);
        }
        await pass(TTL - 1_000);
        assert.equal(text(await store.getCached('a')), 'one\n\u00ff', 'kept until its TTL ends');
        await pass(2_000);
        assert.equal(await store.getCached('a'), undefined);
        if (store.peekCached !== undefined) assert.equal(store.peekCached('a'), undefined);
      }));

    it('counts from zero, keeps the first expiry while counting, and starts afresh after it', () =>
      withStore(async (store, pass) => {
        assert.equal(await store.increment('n', 1, TTL), 1);
        await pass(TTL / 2);
        assert.equal(await store.increment('n', 2, TTL), 3);
        assert.equal(await store.increment('n', -1, TTL), 2);
        assert.deepEqual(await store.counts(['n', 'none']), [2, 0]);
        // Past the first write's expiry, though not the later writes' TTL: the first expiry holds.
        await pass(TTL / 2 + 1_000);
        assert.deepEqual(await store.counts(['n']), [0]);
        assert.equal(await store.increment('n', 1, TTL), 1);
      }));

    it('marks a key once until its TTL ends, and the mark reads as 1', () =>
      withStore(async (store, pass) => {
        assert.equal(await store.addIfAbsent('m', TTL), true);
        assert.equal(await store.addIfAbsent('m', TTL), false);
        assert.deepEqual(await store.counts(['m']), [1]);
        await pass(TTL - 1_000);
        assert.equal(await store.addIfAbsent('m', TTL), false, 'still marked until its TTL ends');
        await pass(2_000);
        assert.equal(await store.addIfAbsent('m', TTL), true);
      }));

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

    it('adds within a limit in one step: the others and the counter read and written together (incrementWithin, optional)', async (t) => {
      const store = await makeStore();
      if (store.incrementWithin === undefined) return t.skip(`${name} counts a window in two steps`);
      await store.increment('w:older', 2, 10_000);
      assert.deepEqual(await store.incrementWithin('w:now', 1, 10_000, ['w:older', 'w:none'], 4), { added: true, counts: [2, 0, 1] });
      assert.deepEqual(await store.incrementWithin('w:now', 1, 10_000, ['w:older', 'w:none'], 4), { added: true, counts: [2, 0, 2] });
      assert.deepEqual(await store.incrementWithin('w:now', 1, 10_000, ['w:older', 'w:none'], 4), { added: false, counts: [2, 0, 2] });
      assert.deepEqual(await store.counts(['w:now']), [2], 'nothing left behind by a refusal');
      // Calls at once on two counters that count each other: each sees every unit the other took
      // before it, so exactly the limit is let through, whatever their order.
      const taken = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2 === 0
            ? store.incrementWithin!('edge:a', 1, 10_000, ['edge:b'], 7)
            : store.incrementWithin!('edge:b', 1, 10_000, ['edge:a'], 7),
        ),
      );
      assert.equal(taken.filter((r) => r.added).length, 7);
      const [a, b] = await store.counts(['edge:a', 'edge:b']);
      assert.equal(a! + b!, 7);
    });

    it('keeps cached answers and counters apart: a cached key does not read as a counter', async () => {
      const store = await makeStore();
      await store.setCached('shared-name', bytes('7'), 10_000);
      assert.equal(await store.increment('shared-name', 1, 10_000), 1);
      assert.equal(text(await store.getCached('shared-name')), '7');
    });
  });
}
