import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_ROUTES, MemoryStore } from '@cargo-trackers/proxy';
import { AnswerCache } from '../../../../packages/proxy/src/policies/cache.js';
import { joinInFlight } from '../../../../packages/proxy/src/policies/join.js';
import { resolveRoutes } from '../../../../packages/proxy/src/policies/lookup-key.js';
import type { RouteSpec } from '../../../../packages/proxy/src/policies/lookup-key.js';
import { Refusal } from '../../../../packages/proxy/src/policies/policy.js';
import type { CallContext, CallResult, RequestContext } from '../../../../packages/proxy/src/policies/policy.js';
import { contextFor } from './context.js';

const air = resolveRoutes(DEFAULT_ROUTES).get('/api/tracking/air') as RouteSpec;
const body = new TextEncoder().encode('{}');
const times = { answerMs: 60_000, carrierListMs: 600_000, pendingMs: 0, errorMs: 0, failureMs: 0 };

function requestFrom(ip: string): RequestContext {
  const ctx = contextFor({ 'x-real-ip': ip });
  ctx.spec = air;
  ctx.known = { lookup: { spec: air, number: 'A' }, cacheKey: 'answer:air?number=A' };
  return ctx;
}

describe('join', () => {
  it('runs one call for concurrent identical requests, and charges only the one who starts it', async () => {
    const starters: string[] = [];
    const store = new MemoryStore();
    const join = joinInFlight({
      store,
      cache: new AnswerCache(store, times),
      maxConcurrentLookups: 10,
      networkOf: (ctx) => ctx.input.header('x-real-ip') ?? '',
      call: async (c: CallContext): Promise<CallResult> => {
        starters.push(c.request.input.header('x-real-ip') ?? '');
        await new Promise((r) => setTimeout(r, 20));
        return { kind: 'answer', status: 200, retryAfter: null, body };
      },
    });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => join(requestFrom(`203.0.113.${i}`))));
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
    assert.deepEqual(starters, ['203.0.113.0']);
  });

  it('starts again for the others when the starter is refused for itself, and shares a refusal meant for everyone', async () => {
    const starters: string[] = [];
    const store = new MemoryStore();
    const join = joinInFlight({
      store,
      cache: new AnswerCache(store, times),
      maxConcurrentLookups: 10,
      networkOf: (ctx) => ctx.input.header('x-real-ip') ?? '',
      call: async (c: CallContext): Promise<CallResult> => {
        const ip = c.request.input.header('x-real-ip') ?? '';
        starters.push(ip);
        await new Promise((r) => setTimeout(r, 10));
        if (ip === '198.51.100.1') throw new Refusal(429, 'client_quota', 'no', 1_000, ip);
        return { kind: 'answer', status: 200, retryAfter: null, body };
      },
    });
    const [over, other, third] = await Promise.all(['198.51.100.1', '203.0.113.2', '203.0.113.3'].map((ip) => join(requestFrom(ip))));
    assert.equal(over?.status, 429);
    assert.equal(other?.status, 200);
    assert.equal(third?.status, 200);
    assert.deepEqual(starters.length, 2, `${starters.join(', ')}: one call refused, one call for the rest`);
  });
});
