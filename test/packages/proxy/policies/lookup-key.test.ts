import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_ROUTES } from '@cargo-trackers/proxy';
import { LookupMemo, lookupKey, resolveRoutes } from '../../../../packages/proxy/src/policies/lookup-key.js';
import type { KnownLookup, RouteSpec } from '../../../../packages/proxy/src/policies/lookup-key.js';
import { contextFor, recordingNext } from './context.js';

const routes = resolveRoutes(DEFAULT_ROUTES);
const ocean = routes.get('/api/tracking/ocean') as RouteSpec;

function keyOf(search: string, memo = new LookupMemo(1 << 20)): { status: number; known?: KnownLookup } {
  const ctx = contextFor({}, { search });
  ctx.spec = ocean;
  const answer = lookupKey(memo, 256)(ctx, recordingNext().next) as { status: number };
  return { status: answer.status, ...(ctx.known === undefined ? {} : { known: ctx.known }) };
}

describe('lookup key', () => {
  it('makes one key of a lookup, whatever the order of the parameters or the others sent', () => {
    const a = keyOf('?referenceNumber=A1&carrierCode=X&routeDetails=true');
    const b = keyOf('?routeDetails=true&junk=1&carrierCode=X&referenceNumber=A1');
    assert.equal(a.known?.cacheKey, b.known?.cacheKey);
    assert.equal(a.known?.cacheKey, 'answer:ocean?referenceNumber=A1&carrierCode=X&routeDetails=true');
  });

  it('refuses a missing number, a duplicate and a value over the limit with 400', () => {
    assert.equal(keyOf('?carrierCode=X').status, 400);
    assert.equal(keyOf('?referenceNumber=A&referenceNumber=B').status, 400);
    assert.equal(keyOf(`?referenceNumber=${'1'.repeat(257)}`).status, 400);
    assert.equal(keyOf(`?referenceNumber=${'1'.repeat(256)}`).status, 200);
  });

  it('bounds the memo by bytes, not entries', () => {
    const memo = new LookupMemo(64 * 1024);
    const junk = 'x'.repeat(15_000);
    for (let i = 0; i < 100; i++) keyOf(`?referenceNumber=A1&junk${i}=${junk}`, memo);
    assert.ok(memo.bytes <= 64 * 1024, `${memo.bytes} bytes`);
    // A query too large to remember is still read.
    assert.equal(keyOf(`?referenceNumber=A1&junk=${'y'.repeat(100_000)}`, memo).status, 200);
    assert.ok(memo.bytes <= 64 * 1024);
  });
});
