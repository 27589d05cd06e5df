// Properties of what reaches the service, over real sockets: whatever a visitor types arrives
// upstream as the same value; nothing else is forwarded; no input makes the proxy fail.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { encodeUpstreamQuery, parseQuery } from '../../../packages/proxy/src/primitives/query.js';
import { assertCanaryNeverSeen, startProxy, startUpstream } from './harness.js';
import type { RunningProxy, Upstream } from './harness.js';

after(assertCanaryNeverSeen);

const RUNS = 150;

function wellFormed(s: string): boolean {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}

/** Anything a visitor could type, leaning on the characters that mean something in a URL. */
const typed = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.string({
      unit: fc.constantFrom('+', '%', '&', '=', '#', '?', ' ', '/', '%2B', '%20', '%ZZ', '\u00e9', 'A', '1', '\u0000', '\n'),
      maxLength: 12,
    }),
  )
  .filter(wellFormed);

/** How a client may encode the query: the widget uses URLSearchParams (`+` for a space). */
type Encoding = 'search-params' | 'uri-component';
const encoding = fc.constantFrom<Encoding>('search-params', 'uri-component');

function encode(pairs: ReadonlyArray<readonly [string, string]>, how: Encoding): string {
  return how === 'search-params' ? new URLSearchParams(pairs.map(([n, v]) => [n, v])).toString() : encodeUpstreamQuery(pairs);
}

/** What the mock service decoded from the raw query it received. */
function receivedBy(upstream: Upstream, from: number): URLSearchParams[] {
  return upstream.requests.slice(from).map((r) => new URLSearchParams(r.rawQuery));
}

describe('query forwarding', () => {
  let upstream: Upstream;
  let proxy: RunningProxy;

  before(async () => {
    upstream = await startUpstream();
    // No cache: every accepted lookup must reach the mock service so that it can be inspected.
    proxy = await startProxy(upstream, { limits: { cacheTtlMs: 0 } });
  });
  after(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('reads every raw query as URLSearchParams does, plain ones included (unit property)', () => {
    // The plain-query path splits without URLSearchParams; any raw query must read the same.
    const raw = fc.oneof(
      fc.string({ unit: fc.constantFrom('?', '&', '=', 'a', 'B', '1', '-', '.', '_', '~', '/', ':', "'", '*'), maxLength: 24 }),
      fc.string({ unit: fc.constantFrom('?', '&', '=', 'a', '+', '%', '%41', ' ', '\u00e9', '#'), maxLength: 16 }),
    );
    fc.assert(
      fc.property(raw, (search) => {
        const expected = new Map<string, string>();
        const duplicated = new Set<string>();
        for (const [name, value] of new URLSearchParams(search)) {
          if (expected.has(name)) duplicated.add(name);
          else expected.set(name, value);
        }
        const parsed = parseQuery(search);
        assert.deepEqual([...parsed.values], [...expected]);
        assert.deepEqual([...parsed.duplicated].sort(), [...duplicated].sort());
      }),
      { numRuns: 2000 },
    );
    assert.deepEqual(
      [...parseQuery('?referenceNumber=MSCU1234567&carrierCode=MSCU').values],
      [
        ['referenceNumber', 'MSCU1234567'],
        ['carrierCode', 'MSCU'],
      ],
    );
  });

  it('decoding then re-encoding keeps every value (unit property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(typed, typed), { maxLength: 5 }), encoding, (pairs, how) => {
        const parsed = parseQuery(encode(pairs, how));
        const reparsed = parseQuery(encodeUpstreamQuery([...parsed.values]));
        assert.deepEqual([...reparsed.values], [...parsed.values]);
        for (const [name, value] of pairs)
          assert.ok(parsed.values.has(name) && (parsed.duplicated.has(name) || parsed.values.get(name) === value));
      }),
      { numRuns: 1000 },
    );
  });

  it('an ocean referenceNumber and carrierCode reach the service as typed', async () => {
    await fc.assert(
      fc.asyncProperty(typed, fc.option(typed, { nil: undefined }), fc.boolean(), encoding, async (number, carrier, details, how) => {
        const pairs: Array<[string, string]> = [['referenceNumber', number]];
        if (carrier !== undefined) pairs.push(['carrierCode', carrier]);
        if (details) pairs.push(['routeDetails', 'true']);
        const from = upstream.requests.length;
        const answer = await proxy.get(`/api/tracking/ocean?${encode(pairs, how)}`);
        if (number === '') {
          assert.equal(answer.status, 400);
          assert.equal(upstream.requests.length, from);
          return;
        }
        assert.equal(answer.status, 200);
        const [received] = receivedBy(upstream, from);
        assert.ok(received);
        assert.equal(received.get('referenceNumber'), number);
        assert.equal(received.has('carrierCode'), carrier !== undefined);
        if (carrier !== undefined) assert.equal(received.get('carrierCode'), carrier);
        assert.equal(received.get('routeDetails'), details ? 'true' : null);
        assert.equal([...received.keys()].length, pairs.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('an air number and routePath reach the service as typed', async () => {
    await fc.assert(
      fc.asyncProperty(
        typed.filter((s) => s !== ''),
        fc.option(typed, { nil: undefined }),
        encoding,
        async (number, routePath, how) => {
          const pairs: Array<[string, string]> = [['number', number]];
          if (routePath !== undefined) pairs.push(['routePath', routePath]);
          const from = upstream.requests.length;
          assert.equal((await proxy.get(`/api/tracking/air?${encode(pairs, how)}`)).status, 200);
          const [received] = receivedBy(upstream, from);
          assert.deepEqual([...(received ?? [])], pairs);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('never forwards an unknown or a duplicated parameter', async () => {
    const name = fc.oneof(
      fc.constantFrom('referenceNumber', 'carrierCode', 'routeDetails', 'number', 'routePath', 'referenceType', 'apiKey'),
      typed,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, typed), { maxLength: 6 }), encoding, async (extra, how) => {
        const pairs: Array<[string, string]> = [['referenceNumber', 'MSCU1234567'], ...extra];
        const from = upstream.requests.length;
        const answer = await proxy.get(`/api/tracking/ocean?${encode(pairs, how)}`);
        const forwarded = ['referenceNumber', 'carrierCode', 'routeDetails'];
        const counts = new Map<string, number>();
        for (const [n] of pairs) counts.set(n, (counts.get(n) ?? 0) + 1);
        if (forwarded.some((n) => (counts.get(n) ?? 0) > 1)) {
          assert.equal(answer.status, 400);
          assert.equal(upstream.requests.length, from);
          return;
        }
        assert.equal(answer.status, 200);
        const [received] = receivedBy(upstream, from);
        const expected = forwarded.flatMap((n) => pairs.filter(([k]) => k === n));
        assert.deepEqual([...(received ?? [])], expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers no input with a 5xx other than 502', async () => {
    const path = fc.constantFrom(
      '/api/tracking/ocean',
      '/api/tracking/air',
      '/api/tracking/carriers/ocean',
      '/api/tracking/carriers/air',
      '/api/tracking/x',
      '/',
    );
    const method = fc.constantFrom('GET', 'GET', 'GET', 'POST', 'OPTIONS', 'DELETE', 'HEAD');
    const rawQuery = fc.string({
      unit: fc.constantFrom('a', 'referenceNumber', 'number', '=', '&', '%', '%E2%82', '%FF', '+', '#', '?', ' ', '\u00e9', '1'),
      maxLength: 12,
    });
    const language = fc.option(
      fc.string({ unit: 'binary-ascii', maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, '').trim()),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(path, method, rawQuery, language, async (p, m, q, lang) => {
        const headers: Record<string, string> = {};
        if (lang !== undefined) headers['accept-language'] = lang;
        const answer = await proxy.get(`${p}?${q}`, { method: m, headers });
        assert.ok(answer.status < 500 || answer.status === 502, `${m} ${p}?${q} gave ${answer.status}`);
      }),
      { numRuns: RUNS },
    );
  });
});
