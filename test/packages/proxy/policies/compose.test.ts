// The policy chains (hono's compose, with its guard): the order they run in, a policy that
// answers alone, and a policy that calls next() twice, which must not run the rest again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NextCalledTwice, composeCall, composePolicies, lookupOf, routeOf } from '../../../../packages/proxy/src/policies/policy.js';
import type { CallContext, CallPolicy, CallResult, Policy } from '../../../../packages/proxy/src/policies/policy.js';
import type { ProxyOutput } from '../../../../packages/proxy/src/answer.js';
import { contextFor } from './context.js';

const OK: ProxyOutput = { status: 200, headers: {}, body: null };
const RESULT: CallResult = { kind: 'answer', status: 200, retryAfter: null, body: new Uint8Array() };

function callFor(): CallContext {
  const request = contextFor();
  const spec = { name: 'air' as const, upstreamPath: '/v1/shipments/air', numberParam: 'number' };
  return { request, spec, lookup: { spec, number: '176-12345675' }, cacheKey: 'k', signal: new AbortController().signal };
}

describe('composePolicies', () => {
  it('runs the policies in the order given, then the last stage, and a policy may answer alone', async () => {
    const ran: string[] = [];
    const named =
      (name: string): Policy =>
      (_ctx, next) => {
        ran.push(name);
        return next();
      };
    const chain = composePolicies([named('a'), named('b')], () => (ran.push('last'), OK));
    assert.equal((await chain(contextFor())).status, 200);
    assert.deepEqual(ran, ['a', 'b', 'last']);
    // Each run has its own guard: the same chain runs again.
    ran.length = 0;
    await chain(contextFor());
    assert.deepEqual(ran, ['a', 'b', 'last']);
    const refusing = composePolicies([() => ({ ...OK, status: 403 }), named('never')], () => OK);
    assert.equal((await refusing(contextFor())).status, 403);
    assert.deepEqual(ran, ['a', 'b', 'last']);
  });

  it('stops a policy that calls next() twice, before the rest of the chain runs again', () => {
    let lastRuns = 0;
    const twice: Policy = (_ctx, next) => {
      void next();
      return next();
    };
    const chain = composePolicies([(_ctx, next) => next(), twice], () => (lastRuns++, OK));
    assert.throws(
      () => chain(contextFor()),
      (error: unknown) => error instanceof NextCalledTwice && /Policy 2 /.test(error.message),
    );
    assert.equal(lastRuns, 1);
  });
});

describe('composeCall', () => {
  it('makes one upstream call when a call policy calls next() twice: the second is refused', async () => {
    let upstreamCalls = 0;
    const twice: CallPolicy = async (_call, next) => {
      await next();
      return next();
    };
    const chain = composeCall([twice], async () => (upstreamCalls++, RESULT));
    await assert.rejects(chain(callFor()), NextCalledTwice);
    assert.equal(upstreamCalls, 1);
  });

  it('lets a policy that failed on its first next() hand the error on, without a second call', async () => {
    const policies: CallPolicy[] = [
      async (_call, next) => {
        try {
          return await next();
        } catch {
          return { kind: 'failure', error: 'upstream_failed', message: 'The tracking service did not answer.' };
        }
      },
    ];
    const chain = composeCall(policies, () => Promise.reject(new Error('down')));
    assert.equal((await chain(callFor())).kind, 'failure');
  });
});

describe('routeOf and lookupOf', () => {
  it('read what the route and lookup-key policies set, and name the policy that must run first when they have not', () => {
    const ctx = contextFor();
    assert.throws(() => routeOf(ctx), /route policy runs before/);
    assert.throws(() => lookupOf(ctx), /lookup-key policy runs before/);
    const spec = { name: 'air' as const, upstreamPath: '/v1/shipments/air', numberParam: 'number' };
    ctx.spec = spec;
    ctx.known = { lookup: { spec, number: '176-12345675' }, cacheKey: 'k' };
    assert.equal(routeOf(ctx), spec);
    assert.equal(lookupOf(ctx).cacheKey, 'k');
  });
});
