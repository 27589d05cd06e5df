// Unit tests of the one fetch seam. This is the only place a stubbed fetch is used;
// the elements are tested against real HTTP servers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { askProxy, classify } from '../../../../packages/core/src/lookup/proxy-client.js';
import { MAX_VALUE_LENGTH, buildProxyUrl } from '../../../../packages/core/src/first/urls/proxy-url.js';
import { isRetryable } from '../../../../packages/core/src/contracts/outcome.js';
import { DEFAULT_LIMITS } from '@cargo-trackers/proxy';
import { trackerProperties } from '../../../../packages/core/src/first/api/tracker-properties.js';

const json = (body: unknown) => JSON.stringify(body);
const headers = (h: Record<string, string> = {}) => new Headers(h);

describe('buildProxyUrl', () => {
  it('appends parameters, keeping the proxy URL’s own query', () => {
    const url = new URL(
      buildProxyUrl(
        '/api/tracking/ocean?site=a',
        [
          ['referenceNumber', 'A B+C&D#é'],
          ['routeDetails', 'true'],
        ],
        'https://shop.example/page',
      ),
    );
    assert.equal(url.origin + url.pathname, 'https://shop.example/api/tracking/ocean');
    assert.equal(url.searchParams.get('site'), 'a');
    assert.equal(url.searchParams.get('referenceNumber'), 'A B+C&D#é');
    assert.equal(url.hash, '');
  });
  it('keeps leading and trailing spaces: the number is sent as typed', () => {
    const url = new URL(buildProxyUrl('/p', [['number', '  176-1234  ']], 'https://x.example/'));
    assert.equal(url.searchParams.get('number'), '  176-1234  ');
  });
});

describe('classify', () => {
  it('200 with JSON is a document', () =>
    assert.deepEqual(classify(200, json({ a: 1 }), headers()), { kind: 'document', status: 200, body: { a: 1 } }));
  it('200 with HTML is an unexpected response', () => assert.equal(classify(200, '<html>', headers()).kind, 'unexpected_response'));
  it('200 with nothing is an unexpected response', () =>
    assert.deepEqual(classify(200, '', headers()), { kind: 'unexpected_response', status: 200, message: 'empty body' }));
  it('202 is pending with the message', () =>
    assert.deepEqual(classify(202, json({ message: 'later' }), headers()), { kind: 'pending', status: 202, message: 'later' }));
  it('401 is unauthorized', () => assert.equal(classify(401, '', headers()).kind, 'unauthorized'));
  it('402 usage_limit_reached carries the limit and reset time', () => {
    const a = classify(
      402,
      json({ message: 'cap', error: 'usage_limit_reached', product: 'ocean', limit: 500, resets_at: '2026-12-01T00:00:00Z' }),
      headers(),
    );
    assert.equal(a.kind, 'usage_limit_reached');
    if (a.kind !== 'usage_limit_reached') return;
    assert.equal(a.code, 'usage_limit_reached');
    assert.equal(a.limit, 500);
    assert.equal(a.resetsAt?.toISOString(), '2026-12-01T00:00:00.000Z');
  });
  it('402 insufficient_credits, and a 402 without a slug we know, is insufficient_credits', () => {
    assert.deepEqual(classify(402, json({ message: 'top up', error: 'insufficient_credits', product: 'air' }), headers()), {
      kind: 'insufficient_credits',
      status: 402,
      code: 'insufficient_credits',
      message: 'top up',
      product: 'air',
    });
    assert.equal(classify(402, '', headers()).kind, 'insufficient_credits');
  });
  it('402 with an unreadable resets_at and limit ignores them', () => {
    const a = classify(402, json({ error: 'usage_limit_reached', limit: { x: 1 }, resets_at: 'next month' }), headers());
    assert.equal(a.kind, 'usage_limit_reached');
    assert.equal(a.kind === 'usage_limit_reached' && a.resetsAt, undefined);
    assert.equal(a.kind === 'usage_limit_reached' && a.limit, undefined);
  });
  it('402 reads resets_at given as epoch seconds', () => {
    const a = classify(402, json({ error: 'usage_limit_reached', resets_at: 1796083200 }), headers());
    assert.equal(a.kind === 'usage_limit_reached' && a.resetsAt?.toISOString(), '2026-12-01T00:00:00.000Z');
  });
  it('429 reads Retry-After', () => {
    const a = classify(429, '', headers({ 'Retry-After': '7' }));
    assert.deepEqual(a, { kind: 'rate_limited', status: 429, message: 'Too many requests', code: undefined, retryAfterMs: 7000 });
  });
  it('404 is not_found with the service message', () => {
    assert.deepEqual(classify(404, json({ message: 'No shipment' }), headers()), {
      kind: 'not_found',
      status: 404,
      message: 'No shipment',
      code: undefined,
    });
  });
  it('another 4xx is rejected', () => assert.equal(classify(422, json({ message: 'bad' }), headers()).kind, 'rejected'));
  it('502 is a server error', () => assert.equal(classify(502, 'Bad gateway', headers()).kind, 'server_error'));
  it('a redirect that reached the client is a server error, not a document', () =>
    assert.equal(classify(302, '', headers()).kind, 'server_error'));
  it('ignores error-body fields of the wrong type', () => {
    assert.deepEqual(classify(404, json({ message: 42, error: ['x'] }), headers()), {
      kind: 'not_found',
      status: 404,
      message: undefined,
      code: undefined,
    });
  });
});

describe('askProxy', () => {
  it('marks every request with Cargo-Trackers-Request, which another site cannot send without a preflight', async () => {
    let sent: Headers | undefined;
    const record: typeof fetch = (_u, init) => {
      sent = new Headers(init?.headers);
      return Promise.resolve(new Response('{}', { status: 200 }));
    };
    await askProxy('http://x.test/api/tracking/air?number=176-1', { fetch: record });
    assert.equal(sent?.get('cargo-trackers-request'), '1');
    assert.equal(sent?.get('accept'), 'application/json');
  });
  it('refuses a number longer than the proxy accepts before sending it, as final', async () => {
    let calls = 0;
    const count: typeof fetch = () => {
      calls += 1;
      return Promise.resolve(new Response('{}', { status: 200 }));
    };
    const long = buildProxyUrl('/api/tracking/air', [['number', '1'.repeat(MAX_VALUE_LENGTH + 1)]], 'https://shop.example/');
    const outcome = await askProxy(long, { fetch: count });
    assert.equal(outcome.kind, 'rejected');
    assert.equal(outcome.kind === 'rejected' && outcome.code, 'value_too_long');
    assert.equal(isRetryable('rejected'), false);
    assert.equal(calls, 0);
    const longest = buildProxyUrl('/api/tracking/air', [['number', '1'.repeat(MAX_VALUE_LENGTH)]], 'https://shop.example/');
    assert.equal((await askProxy(longest, { fetch: count })).kind, 'document');
    assert.equal(calls, 1);
  });
  it('takes 431 and 414 (a request too large for the server) as final', () => {
    for (const status of [414, 431]) {
      const outcome = classify(status, '', headers());
      assert.equal(outcome.kind, 'rejected');
      assert.equal(isRetryable('rejected'), false);
    }
  });
  it("holds the proxy's maxValueLength default", () => assert.equal(MAX_VALUE_LENGTH, DEFAULT_LIMITS.maxValueLength));
  it("is answered a cached 202 for no longer than the element's default poll-interval", () =>
    assert.equal(DEFAULT_LIMITS.pendingCacheTtlMs, trackerProperties.pollInterval.default * 1000));
  it("keeps a 200 for the element's default refresh-interval, so that a page left open costs one upstream call per interval", () =>
    assert.equal(DEFAULT_LIMITS.cacheTtlMs, trackerProperties.refreshInterval.default * 60_000));
  it('says timeout when the proxy does not answer in time', async () => {
    const hang: typeof fetch = (_u, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    assert.deepEqual(await askProxy('http://x.test/', { fetch: hang, timeoutMs: 20 }), {
      kind: 'timeout',
      status: 0,
      message: 'No answer within 20 ms',
    });
  });
  it('says aborted when the caller aborts', async () => {
    const controller = new AbortController();
    const hang: typeof fetch = (_u, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const pending = askProxy('http://x.test/', { fetch: hang, signal: controller.signal });
    controller.abort();
    assert.deepEqual(await pending, { kind: 'aborted', status: 0 });
  });
  it('says network_error when fetch rejects', async () => {
    const fail: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    assert.deepEqual(await askProxy('http://x.test/', { fetch: fail }), { kind: 'network_error', status: 0, message: 'Failed to fetch' });
  });
  it('says offline when fetch rejects and the browser knows it is offline', async () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
    try {
      const fail: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
      assert.deepEqual(await askProxy('http://x.test/', { fetch: fail }), { kind: 'offline', status: 0, message: 'Failed to fetch' });
    } finally {
      if (saved) Object.defineProperty(globalThis, 'navigator', saved);
      else Reflect.deleteProperty(globalThis, 'navigator');
    }
  });
  it('sends a GET that asks for JSON', async () => {
    let seen: RequestInit | undefined;
    const ok: typeof fetch = async (_u, init) => {
      seen = init;
      return new Response('{}', { status: 200 });
    };
    await askProxy('http://x.test/', { fetch: ok });
    assert.equal(seen?.method, 'GET');
    assert.equal(new Headers(seen?.headers).get('Accept'), 'application/json');
  });
});
