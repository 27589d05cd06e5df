import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { DEFAULT_ROUTES, MemoryStore } from '@cargo-trackers/proxy';
import { resolveRoutes } from '../../../../packages/proxy/src/policies/lookup-key.js';
import type { RouteSpec } from '../../../../packages/proxy/src/policies/lookup-key.js';
import { Refusal } from '../../../../packages/proxy/src/policies/policy.js';
import type { CallContext, CallResult } from '../../../../packages/proxy/src/policies/policy.js';
import { visitorLimits, widerNetwork } from '../../../../packages/proxy/src/policies/visitor-limits.js';
import { contextFor } from './context.js';

const air = resolveRoutes(DEFAULT_ROUTES).get('/api/tracking/air') as RouteSpec;
const ok: CallResult = { kind: 'answer', status: 200, retryAfter: null, body: new Uint8Array(0) };

function callFor(ip: string, number: string): CallContext {
  const request = contextFor({ 'x-real-ip': ip });
  return {
    request,
    spec: air,
    lookup: { spec: air, number },
    cacheKey: `answer:air?number=${number}`,
    signal: new AbortController().signal,
  };
}

function limits(store: MemoryStore, perHour = 50, rate = 20) {
  return visitorLimits({
    store,
    callsPerClient: { requests: rate, windowMs: 20_000 },
    newNumbersPerHour: perHour,
    trustedHeader: 'x-real-ip',
    digest: async (network) => network,
  });
}

describe('visitor limits', () => {
  // The counters are keyed by 2 s rate slices and clock hours: a test that crossed a boundary on a
  // slow machine would see one counter more than it counts. The clock stands still mid-slice.
  beforeEach(() => mock.timers.enable({ apis: ['Date'], now: Date.UTC(2026, 0, 5, 12, 30, 1) }));
  afterEach(() => mock.timers.reset());

  it('reads the counters in the check and writes none until the charge', async () => {
    const store = new MemoryStore();
    const v = limits(store);
    const call = callFor('203.0.113.1', 'A');
    await v.check(call, async () => ok);
    assert.equal(store.counterEntries, 0, 'a request the budget refuses after the check leaves nothing behind');
    await v.charge(call, async () => ok);
    assert.ok(store.counterEntries > 0);
  });

  it('refuses a client over its rate, repeats included, and another client not', async () => {
    const store = new MemoryStore();
    const v = limits(store, Infinity, 3);
    const run = async (ip: string) => {
      const call = callFor(ip, 'SAME');
      return v.check(call, () => v.charge(call, async () => ok));
    };
    for (let i = 0; i < 3; i++) assert.equal(await run('203.0.113.1'), ok);
    await assert.rejects(
      run('203.0.113.1'),
      (e: unknown) => e instanceof Refusal && e.error === 'client_rate' && e.network === '203.0.113.1',
    );
    assert.equal(await run('203.0.113.2'), ok);
  });

  it('counts a number once an hour against the quota', async () => {
    const store = new MemoryStore();
    const v = limits(store, 2, Infinity);
    const run = async (number: string) => {
      const call = callFor('203.0.113.1', number);
      return v.check(call, () => v.charge(call, async () => ok));
    };
    await run('A');
    await run('B');
    await run('A');
    await assert.rejects(run('C'), (e: unknown) => e instanceof Refusal && e.error === 'client_quota');
  });

  it('counts by the wider network, rather than refuse, once the counter room is nearly full', async () => {
    const store = new MemoryStore({ maxCounters: 20 });
    const v = limits(store, 40, 30);
    const run = async (ip: string, number: string) => {
      const call = callFor(ip, number);
      return v.check(call, () => v.charge(call, async () => ok));
    };
    // One client fills nine tenths of the room: its rate slice, its quota and a mark per number.
    for (let n = 0; store.counterEntries < 18; n++) await run('198.51.100.1', `N${n}`);
    assert.equal(store.counterPressure(), true);
    // Thirty more clients of one /24 share the /24's counters: two more counters in all, nobody refused.
    for (let c = 2; c < 32; c++) assert.equal(await run(`198.51.100.${c}`, `C${c}`), ok);
    assert.ok(store.counterEntries <= 20, `${store.counterEntries} counters`);
    // Their rate is the /24's now: the thirty calls counted as one network's.
    await assert.rejects(run('198.51.100.99', 'LAST'), (e: unknown) => e instanceof Refusal && e.error === 'client_rate');
  });

  it('widens IPv4 to /24 and IPv6 /64 to /48', () => {
    assert.equal(widerNetwork('203.0.113.77'), '203.0.113.0/24');
    assert.equal(widerNetwork('2001:db8:1:2::/64'), '2001:db8:1::/48');
    assert.equal(widerNetwork('unknown'), 'unknown');
  });
});
