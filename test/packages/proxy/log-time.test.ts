// The log's time stamp is formatted once per second and completed per line: it must read exactly
// as `toISOString` would, across second, day and year boundaries and out of order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isoTime } from '../../../packages/proxy/src/log.js';

describe('isoTime', () => {
  // Run first, before any other call has set the cached second: the cache's initial value once
  // matched the second before 1970 and returned '999Z' (found by the property below in CI).
  it('formats the millisecond before 1970 as its first call', () => {
    assert.equal(isoTime(-1), '1969-12-31T23:59:59.999Z');
  });

  it('equals Date#toISOString for any time, in any order', () => {
    const instant = fc.oneof(
      fc.integer({ min: -62_198_755_200_000, max: 253_402_300_799_999 }),
      fc.integer({ min: 1_790_000_000_000, max: 1_790_000_003_000 }),
      fc.constantFrom(0, -1, 999, 1000, 1_798_761_599_999, 1_798_761_600_000, 253_402_300_800_000, -62_198_755_200_001),
    );
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (times) => {
        for (const ms of times) assert.equal(isoTime(ms), new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
  });
});
