import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MemoryStore } from '@cargo-trackers/proxy';
import { returnUpstreamCall, takeUpstreamCall } from '../../../packages/proxy/src/upstream/call-window.js';

describe('takeUpstreamCall', () => {
  it('never lets more than the budget through in any sliding window', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 50, max: 2_000 }),
        fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 200 }),
        async (requests, windowMs, gaps) => {
          let now = 1_700_000_000_000;
          const store = new MemoryStore({ now: () => now });
          const granted: number[] = [];
          for (const gap of gaps) {
            now += gap;
            const admission = await takeUpstreamCall(store, { requests, windowMs }, now);
            if (admission.ok) granted.push(now);
            else assert.ok(admission.retryAfterMs > 0 && admission.retryAfterMs <= windowMs * 1.2 + 1);
          }
          for (const t of granted) {
            const inWindow = granted.filter((u) => u > t - windowMs && u <= t).length;
            assert.ok(inWindow <= requests, `${inWindow} calls in ${windowMs} ms, budget ${requests}`);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lets exactly the budget through when calls on either side of a slice edge are taken at once, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 50, max: 20_000 }),
        // When each call read its clock, within one slice of an edge, in the order they reach the store.
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 }),
        async (requests, windowMs, offsets) => {
          const sliceMs = Math.ceil(windowMs / 10);
          const edge = 1_700_000_000_000 - (1_700_000_000_000 % sliceMs);
          const store = new MemoryStore({ now: () => edge });
          const admissions = await Promise.all(
            offsets.map((o) => takeUpstreamCall(store, { requests, windowMs }, edge + Math.trunc(o * (sliceMs - 1)))),
          );
          assert.equal(admissions.filter((a) => a.ok).length, Math.min(requests, offsets.length));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('grants again once the Retry-After it gave has passed', async () => {
    let now = 1_700_000_000_000;
    const store = new MemoryStore({ now: () => now });
    const limit = { requests: 3, windowMs: 20_000 };
    for (let i = 0; i < 3; i++) assert.equal((await takeUpstreamCall(store, limit, now)).ok, true);
    const refused = await takeUpstreamCall(store, limit, now);
    assert.equal(refused.ok, false);
    if (refused.ok) return;
    now += refused.retryAfterMs - 1;
    assert.equal((await takeUpstreamCall(store, limit, now)).ok, false);
    now += 1;
    assert.equal((await takeUpstreamCall(store, limit, now)).ok, true);
  });

  it('does not count refused calls against the budget', async () => {
    let now = 1_700_000_000_000;
    const store = new MemoryStore({ now: () => now });
    const limit = { requests: 2, windowMs: 1_000 };
    await takeUpstreamCall(store, limit, now);
    await takeUpstreamCall(store, limit, now);
    for (let i = 0; i < 50; i++) assert.equal((await takeUpstreamCall(store, limit, now)).ok, false);
    now += 1_200;
    assert.equal((await takeUpstreamCall(store, limit, now)).ok, true);
    assert.equal((await takeUpstreamCall(store, limit, now)).ok, true);
  });
});

describe('returnUpstreamCall', () => {
  it('gives a taken call back, so a call that joined another costs nothing', async () => {
    const now = 1_700_000_000_000;
    const store = new MemoryStore({ now: () => now });
    const limit = { requests: 2, windowMs: 20_000 };
    assert.equal((await takeUpstreamCall(store, limit, now)).ok, true);
    assert.equal((await takeUpstreamCall(store, limit, now)).ok, true);
    assert.equal((await takeUpstreamCall(store, limit, now)).ok, false);
    await returnUpstreamCall(store, limit, now);
    assert.equal((await takeUpstreamCall(store, limit, now)).ok, true);
  });
});
