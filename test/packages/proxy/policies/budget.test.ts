import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_ROUTES, MemoryStore } from '@cargo-trackers/proxy';
import { budget } from '../../../../packages/proxy/src/policies/budget.js';
import { resolveRoutes } from '../../../../packages/proxy/src/policies/lookup-key.js';
import type { RouteSpec } from '../../../../packages/proxy/src/policies/lookup-key.js';
import { Refusal } from '../../../../packages/proxy/src/policies/policy.js';
import type { CallContext, CallResult } from '../../../../packages/proxy/src/policies/policy.js';
import { contextFor } from './context.js';

const air = resolveRoutes(DEFAULT_ROUTES).get('/api/tracking/air') as RouteSpec;
const ok: CallResult = { kind: 'answer', status: 200, retryAfter: null, body: new Uint8Array(0) };
const call: CallContext = {
  request: contextFor(),
  spec: air,
  lookup: { spec: air, number: 'A' },
  cacheKey: 'answer:air?number=A',
  signal: new AbortController().signal,
};

describe('budget', () => {
  it('refuses everyone once the window is spent, with a Retry-After', async () => {
    const policy = budget(new MemoryStore(), { requests: 2, windowMs: 20_000 });
    await policy(call, async () => ok);
    await policy(call, async () => ok);
    await assert.rejects(
      policy(call, async () => ok),
      (e: unknown) => e instanceof Refusal && e.error === 'upstream_budget' && e.network === undefined && (e.retryAfterMs ?? 0) > 0,
    );
  });

  it('gives its unit back when a later policy refuses the call', async () => {
    const policy = budget(new MemoryStore(), { requests: 1, windowMs: 20_000 });
    const refused = () => Promise.reject(new Refusal(429, 'client_quota', 'no', 1_000, '203.0.113.1'));
    for (let i = 0; i < 5; i++) await assert.rejects(policy(call, refused));
    assert.equal(await policy(call, async () => ok), ok);
  });
});
