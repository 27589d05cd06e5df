import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay } from '../../../../packages/core/src/lookup/backoff.js';

describe('backoffDelay', () => {
  it('doubles the ceiling each retry', () => {
    assert.deepEqual(
      [1, 2, 3].map((n) => backoffDelay(n, 1000, () => 1)),
      [1000, 2000, 4000],
    );
  });
  it('never waits less than half the ceiling, whatever the jitter', () => {
    assert.deepEqual(
      [1, 2, 3].map((n) => backoffDelay(n, 1000, () => 0)),
      [500, 1000, 2000],
    );
  });
  it('spreads waits between the bounds', () => {
    const waits = new Set(Array.from({ length: 50 }, () => backoffDelay(2, 1000)));
    assert.ok(waits.size > 10, 'jitter varies the wait');
    for (const w of waits) assert.ok(w >= 1000 && w <= 2000, String(w));
  });
});
