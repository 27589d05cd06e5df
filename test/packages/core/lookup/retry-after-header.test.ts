import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { boundedWait, parseRetryAfter } from '../../../../packages/core/src/lookup/retry-after-header.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('reads delay-seconds', () => assert.equal(parseRetryAfter('120', now), 120_000));
  it('reads an HTTP-date as the time left until it', () => assert.equal(parseRetryAfter('Sat, 21 Nov 2026 10:00:30 GMT', now), 30_000));
  it('reads a date in the past as no wait', () => assert.equal(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now), 0));
  for (const junk of [null, undefined, '', '  ', '-5', '1.5', 'soon', '12 apples']) {
    it(`ignores ${JSON.stringify(junk)}`, () => assert.equal(parseRetryAfter(junk, now), undefined));
  }
});

describe('boundedWait', () => {
  it('uses the fallback when the header said nothing', () => assert.equal(boundedWait(undefined, 30_000, 1000, 900_000), 30_000));
  it('keeps a wait of at least the minimum', () => assert.equal(boundedWait(0, 30_000, 1000, 900_000), 1000));
  it('caps a long wait at the maximum', () => assert.equal(boundedWait(86_400_000, 30_000, 1000, 900_000), 900_000));
});
