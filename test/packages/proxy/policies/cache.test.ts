import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_ROUTES, MemoryStore } from '@cargo-trackers/proxy';
import { AnswerCache } from '../../../../packages/proxy/src/policies/cache.js';
import { resolveRoutes } from '../../../../packages/proxy/src/policies/lookup-key.js';
import type { RouteSpec } from '../../../../packages/proxy/src/policies/lookup-key.js';

const routes = resolveRoutes(DEFAULT_ROUTES);
const air = routes.get('/api/tracking/air') as RouteSpec;
const carriers = routes.get('/api/tracking/carriers/air') as RouteSpec;
const times = { answerMs: 60_000, carrierListMs: 600_000, pendingMs: 120_000, errorMs: 10_000, failureMs: 1_000 };
const body = new TextEncoder().encode('{"message":"m"}');

async function keptFor(spec: RouteSpec, status: number, retryAfter: string | null = null): Promise<number | undefined> {
  let now = 1_000_000;
  const store = new MemoryStore({ now: () => now });
  const cache = new AnswerCache(store, times);
  await cache.keep(spec, 'k', { kind: 'answer', status, retryAfter, body }, now);
  for (const step of [500, 1_000, 5_000, 10_000, 60_000, 120_000, 600_000]) {
    now = 1_000_000 + step;
    if (cache.answerOf(spec, store.peekCached('k'), now) === undefined && spec.numberParam !== undefined) return step;
  }
  return undefined;
}

describe('cache', () => {
  it('keeps each kind of shipment answer for as long as the service’s advice makes it worth keeping', async () => {
    assert.equal(await keptFor(air, 200), 60_000);
    assert.equal(await keptFor(air, 202), 120_000);
    assert.equal(await keptFor(air, 404), 10_000);
    assert.equal(await keptFor(air, 503), 1_000);
    assert.equal(await keptFor(air, 429, '30'), 60_000);
  });

  it('gives a kept non-200 a Retry-After of the time it has left, and a 200 its ETag', async () => {
    const store = new MemoryStore({ now: () => 0 });
    const cache = new AnswerCache(store, times);
    await cache.keep(air, 'p', { kind: 'answer', status: 202, retryAfter: null, body }, 0);
    const pending = cache.answerOf(air, store.peekCached('p'), 30_000);
    assert.ok(pending !== undefined);
    assert.deepEqual(AnswerCache.resultOf(pending, 30_000), { kind: 'answer', status: 202, retryAfter: '90', body });
    const kept = await cache.keep(air, 'd', { kind: 'answer', status: 200, retryAfter: null, body }, 0);
    assert.ok(kept.kind === 'answer' && kept.etag !== undefined);
  });

  it('does not keep an open list’s error, and keeps a good list in the process too', async () => {
    const store = new MemoryStore({ now: () => 0 });
    const cache = new AnswerCache(store, times);
    await cache.keep(carriers, 'c', { kind: 'answer', status: 503, retryAfter: null, body }, 0);
    assert.equal(store.peekCached('c'), undefined);
    await cache.keep(carriers, 'c', { kind: 'answer', status: 200, retryAfter: null, body }, Date.now());
    assert.ok(cache.answerOf(carriers, undefined, Date.now()) !== undefined, 'the copy in the process answers when the store lost it');
  });
});
