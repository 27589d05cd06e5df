import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_ROUTES, MemoryStore } from '@cargo-trackers/proxy';
import { AnswerCache } from '../../../../packages/proxy/src/policies/cache.js';
import { joinInFlight } from '../../../../packages/proxy/src/policies/join.js';
import { resolveRoutes } from '../../../../packages/proxy/src/policies/lookup-key.js';
import type { RouteSpec } from '../../../../packages/proxy/src/policies/lookup-key.js';
import { Refusal } from '../../../../packages/proxy/src/policies/policy.js';
import type { CallContext, CallResult, RequestContext } from '../../../../packages/proxy/src/policies/policy.js';
import type { FlightLease, ProxyStore, SharedFlights } from '@cargo-trackers/proxy';
import { deferred } from '../harness.js';
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

  it('on a store with isolatedRequests, joins only through its flights and still caps the distinct lookups in flight', async () => {
    // Flights in this process, enough for the policy: one lease per key, and waiters polling for the answer.
    const leases = new Map<string, string>();
    const answers = new Map<string, Uint8Array>();
    const leadsOf = new Map<string, number>();
    let tokens = 0;
    const flights: SharedFlights = {
      lead: async (key) => {
        leadsOf.set(key, (leadsOf.get(key) ?? 0) + 1);
        const held = leases.get(key);
        if (held !== undefined) return { leader: false, token: held };
        const token = String(++tokens);
        leases.set(key, token);
        return {
          leader: true,
          token,
          finish: async (result) => {
            if (result !== undefined) answers.set(token, result);
            leases.delete(key);
          },
        };
      },
      wait: async (key: string, lease: FlightLease) => {
        for (;;) {
          const answer = answers.get(lease.token);
          if (answer !== undefined) return answer;
          if (leases.get(key) !== lease.token) return undefined;
          await new Promise((r) => setTimeout(r, 1));
        }
      },
    };
    const memory = new MemoryStore();
    const store: ProxyStore = {
      isolatedRequests: true,
      flights,
      getCached: (k) => memory.getCached(k),
      setCached: (k, v, t) => memory.setCached(k, v, t),
      increment: (k, b, t) => memory.increment(k, b, t),
      counts: (k) => memory.counts(k),
      addIfAbsent: (k, t) => memory.addIfAbsent(k, t),
    };
    const release = deferred();
    const called: string[] = [];
    const join = joinInFlight({
      store,
      cache: new AnswerCache(store, times),
      maxConcurrentLookups: 1,
      networkOf: () => '',
      call: async (c: CallContext): Promise<CallResult> => {
        called.push(c.cacheKey);
        await release.promise;
        return { kind: 'answer', status: 200, retryAfter: null, body };
      },
    });
    const lookup = (number: string) => {
      const ctx = requestFrom('203.0.113.1');
      ctx.known = { lookup: { spec: air, number }, cacheKey: `answer:air?number=${number}` };
      return join(ctx);
    };
    const first = lookup('A');
    const same = lookup('A');
    const other = await lookup('B');
    assert.equal(other.status, 429, 'a second distinct lookup is over the cap of one');
    release.resolve();
    assert.deepEqual([(await first).status, (await same).status], [200, 200], 'the same lookup joins, cap or not');
    assert.deepEqual(called, ['answer:air?number=A'], 'one call');
    assert.equal(leadsOf.get('answer:air?number=A'), 2, 'each request asked the store itself, none awaited the other');
    assert.equal((await lookup('B')).status, 200, 'the slot is free again');
  });
});
