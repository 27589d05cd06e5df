// The PHP twins of the Node proxy's attack tests (create-proxy, node, upstream and json-guard
// tests), written once against "start a PHP proxy in front of this upstream" and run against
// proxy.php and the WordPress routes, through real sockets against a misbehaving upstream. The
// shared contract suite (test/packages/proxy/contract-suite.ts) runs against them as well.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CANARY_KEY, readAnswer, startUpstream, until } from '../proxy/harness.js';
import type { Answer, Upstream, UpstreamHandler } from '../proxy/harness.js';
import { MARKER } from '../proxy/contract-suite.js';
import { findLibfaketime } from './php-proxy.js';
import type { PhpProxy, PhpProxyOptions, StartPhpProxy } from './php-proxy.js';

/** The budget window of the test that lets it lapse: long where the PHP clock can be moved past it (see there). */
const BUDGET_WINDOW_MS = findLibfaketime() === undefined ? 3_000 : 60_000;

const DOC = '{"referenceNumber":"MSCU1234567","status":"IN_TRANSIT"}';

const json =
  (status: number, body: string, headers: Record<string, string> = {}): UpstreamHandler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

interface Context {
  get(path: string, headers?: Record<string, string>, init?: RequestInit): Promise<Answer>;
  readonly upstream: Upstream;
  readonly proxy: PhpProxy;
  to(path: string): string;
}

const errorOf = (answer: Answer) => (answer.json() as { error?: string }).error;
const shipmentCalls = (upstream: Upstream) => upstream.requests.filter((r) => r.path.startsWith('/v1/shipments')).length;

/**
 * The key as a service that repeats its request back might write it: base64 (standard and
 * URL-safe, padded and not) after 0, 1 and 2 bytes of something else, since each start encodes
 * the key differently, and URL-encoded in whole or in part.
 */
function keyEncodings(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  // 0, 1 and 2 bytes before the key, modulo 3; the URL-safe one with a byte after it, so that its
  // padding (dropped) differs from the standard one's.
  for (const prefix of ['', 'Bearer ', 'Bearer: ']) {
    const where = `after ${prefix.length % 3} bytes`;
    out.push([`base64-encoded ${where}`, Buffer.from(`${prefix}${CANARY_KEY}`).toString('base64')]);
    out.push([`base64url-encoded without padding ${where}`, Buffer.from(`${prefix}${CANARY_KEY}\n`).toString('base64url')]);
  }
  const everyByte = (case_: 'upper' | 'lower') =>
    [...Buffer.from(CANARY_KEY)]
      .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
      .map((code) => (case_ === 'upper' ? code.toUpperCase() : code))
      .join('');
  out.push(['URL-encoded byte by byte (%74%72%6B…)', everyByte('upper')]);
  out.push(['URL-encoded byte by byte in lower case', everyByte('lower')]);
  out.push(['partly URL-encoded (%74rk_…)', `Bearer%20%${CANARY_KEY.charCodeAt(0).toString(16)}${CANARY_KEY.slice(1)}`]);
  return out;
}

/** What an implementation offers beyond the contract. */
export interface PhpProxyFeatures {
  /** It writes JSON log lines that `logs()` returns (proxy.php does; WordPress logs nothing). */
  readonly logs: boolean;
}

export function describePhpProxy(name: string, start: StartPhpProxy, features: PhpProxyFeatures): void {
  async function withProxy(
    handler: UpstreamHandler,
    options: Omit<PhpProxyOptions, 'baseUrl' | 'apiKey'> & { baseUrl?: string },
    body: (context: Context) => Promise<void>,
  ): Promise<void> {
    const upstream = await startUpstream(handler);
    const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY, ...options });
    const to = (path: string) => proxy.address?.(path) ?? `${proxy.url}${path}`;
    try {
      await body({
        get: async (path, headers, init) => readAnswer(await fetch(to(path), { ...init, headers: { ...MARKER, ...headers } })),
        upstream,
        proxy,
        to,
      });
    } finally {
      await proxy.close();
      await upstream.close();
    }
  }

  describe(`${name}: the PHP proxy's protections`, () => {
    describe('the request marker', () => {
      it('refuses a request without Cargo-Trackers-Request with 403 cross_site on every route, before any upstream call or counter', () =>
        withProxy(json(200, DOC), { limits: { newNumbersPerClientPerHour: 1 } }, async ({ to, get, upstream }) => {
          for (const path of ['/api/tracking/ocean?referenceNumber=A1', '/api/tracking/air?number=176-1', '/api/tracking/carriers/ocean']) {
            for (const headers of [{}, { 'cargo-trackers-request': '' }] as Array<Record<string, string>>) {
              const refused = await readAnswer(await fetch(to(path), { headers }));
              assert.equal(refused.status, 403, path);
              assert.equal(errorOf(refused), 'cross_site');
              assert.match((refused.json() as { message: string }).message, /Cargo-Trackers-Request: 1/);
              assert.equal(refused.headers.get('content-type'), 'application/json; charset=utf-8');
            }
          }
          assert.equal(upstream.requests.length, 0);
          // The refusals spent none of the visitor's one new number.
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A2')).status, 200);
        }));

      it("answers a listed origin's preflight with the shared CORS rule, and exposes Retry-After on its answers", () =>
        withProxy(
          json(429, '{"message":"slow down"}', { 'retry-after': '7' }),
          { corsOrigins: ['https://shop.example'] },
          async ({ to, get }) => {
            const preflight = await readAnswer(
              await fetch(to('/api/tracking/ocean'), {
                method: 'OPTIONS',
                headers: {
                  origin: 'https://shop.example',
                  'access-control-request-method': 'GET',
                  'access-control-request-headers': 'cargo-trackers-request',
                },
              }),
            );
            assert.equal(preflight.status, 204);
            assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://shop.example');
            assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET');
            assert.equal(preflight.headers.get('access-control-allow-headers'), 'Accept, Accept-Language, Cargo-Trackers-Request');
            assert.equal(preflight.headers.get('access-control-max-age'), '7200');
            assert.match(preflight.headers.get('vary') ?? '', /Origin/);
            const answer = await get('/api/tracking/ocean?referenceNumber=A1', {
              origin: 'https://shop.example',
              'sec-fetch-site': 'cross-site',
            });
            assert.equal(answer.status, 429);
            assert.equal(answer.headers.get('retry-after'), '7');
            assert.equal(answer.headers.get('access-control-allow-origin'), 'https://shop.example');
            assert.equal(answer.headers.get('access-control-expose-headers'), 'Retry-After');
            const unlisted = await get('/api/tracking/ocean?referenceNumber=A1', { origin: 'https://evil.example' });
            assert.equal(unlisted.status, 403);
            assert.equal(unlisted.headers.get('access-control-allow-origin'), null);
          },
        ));
    });

    describe('what reaches the service', () => {
      it('forwards the documented parameters verbatim, an empty carrierCode as empty, and nothing else', () =>
        withProxy(json(200, DOC), {}, async ({ get, upstream }) => {
          const number = `A B+C&D=E%F#G/ü?'O"B\\`;
          const answer = await get(
            `/api/tracking/ocean?referenceNumber=${encodeURIComponent(number)}&carrierCode=&routeDetails=TRUE&apiKey=x&referenceType=bl`,
            { 'accept-language': 'de', cookie: 'session=1', authorization: 'Bearer visitor' },
          );
          assert.equal(answer.status, 200);
          const [call] = upstream.requests;
          assert.equal(call?.path, '/v1/shipments/ocean');
          assert.deepEqual(
            [...(call?.query ?? [])],
            [
              ['referenceNumber', number],
              ['carrierCode', ''],
              ['routeDetails', 'TRUE'],
            ],
          );
          assert.equal(call?.headers.authorization, `Bearer ${CANARY_KEY}`);
          assert.equal(call?.headers.accept, 'application/json');
          assert.equal(call?.headers.cookie, undefined);
          assert.equal(call?.headers['accept-language'], undefined);
          assert.equal((await get('/api/tracking/ocean?referenceNumber=B2')).status, 200);
          assert.deepEqual([...(upstream.requests[1]?.query.keys() ?? [])], ['referenceNumber']);
          assert.equal((await get('/api/tracking/air?number=176-22817340&routePath=true')).status, 200);
          assert.equal(upstream.requests[2]?.rawQuery, 'number=176-22817340&routePath=true');
          assert.equal((await get('/api/tracking/carriers/air?number=1')).status, 200);
          assert.equal(upstream.requests[3]?.url, '/v1/carriers/air');
          assert.equal(upstream.requests[3]?.headers.authorization, undefined);
        }));

      it('refuses a forwarded parameter given twice with 400 duplicate_parameter, and ignores duplicates of dropped ones', () =>
        withProxy(json(200, DOC), {}, async ({ get, upstream }) => {
          for (const query of [
            'referenceNumber=A&referenceNumber=B',
            'referenceNumber=A&carrierCode=X&carrierCode=',
            'referenceNumber=A&routeDetails=true&routeDetails=false',
          ]) {
            const refused = await get(`/api/tracking/ocean?${query}`);
            assert.equal(refused.status, 400, query);
            assert.equal(errorOf(refused), 'duplicate_parameter');
          }
          assert.equal(upstream.requests.length, 0);
          assert.equal((await get('/api/tracking/ocean?x=1&x=2&referenceNumber=A')).status, 200);
          assert.equal((await get('/api/tracking/ocean')).status, 400);
          assert.equal((await get(`/api/tracking/ocean?referenceNumber=${'9'.repeat(257)}`)).status, 400);
        }));

      it("refuses a forwarded parameter written as PHP's list (number[]=…) with 400 bad_parameter, naming it", () =>
        withProxy(json(200, DOC), {}, async ({ get, upstream }) => {
          for (const query of [
            'referenceNumber[]=A',
            'referenceNumber%5B%5D=A',
            'referenceNumber[0]=A&referenceNumber[1]=B',
            'referenceNumber=A&carrierCode[]=X',
            'referenceNumber=A&routeDetails[x]=true',
          ]) {
            const refused = await get(`/api/tracking/ocean?${query}`);
            assert.equal(refused.status, 400, query);
            assert.equal(errorOf(refused), 'bad_parameter', query);
            assert.match((refused.json() as { message: string }).message, /must be given once, as a plain value/, query);
            assert.doesNotMatch(refused.text, /<b>|Warning|Notice/, query);
          }
          const air = await get('/api/tracking/air?number[]=176-22817340');
          assert.equal(air.status, 400);
          assert.equal(errorOf(air), 'bad_parameter');
          assert.equal(upstream.requests.length, 0);
        }));
    });

    describe('what the visitor gets', () => {
      it('passes a 200 body byte for byte, whitespace, escapes and big numbers included', async () => {
        const body = '{ "a" : "\\u00fc\\/x", "ü": 12345678901234567890123, "f": 1.0, "e": [ ],\n "n": null }\n';
        await withProxy(json(200, body), {}, async ({ get }) => {
          for (const round of ['miss', 'hit']) {
            const answer = await get('/api/tracking/ocean?referenceNumber=A1');
            assert.equal(answer.status, 200);
            assert.deepEqual(Buffer.from(answer.bytes), Buffer.from(body), round);
            assert.equal(answer.headers.get('x-proxy-cache'), round);
          }
        });
      });

      it('passes the upstream status and body, with Retry-After on a 429', async () => {
        for (const [status, body] of [
          [401, '{"message":"Unauthorized"}'],
          [402, '{"message":"No credits","error":"insufficient_credits","product":"ocean"}'],
          [429, '{"message":"Too many"}'],
          [202, '{"message":"Accepted"}'],
        ] as const) {
          await withProxy(json(status, body, status === 429 ? { 'retry-after': '12' } : {}), {}, async ({ get }) => {
            const answer = await get('/api/tracking/air?number=176-1');
            assert.equal(answer.status, status);
            assert.equal(answer.text, body);
            assert.equal(answer.headers.get('retry-after'), status === 429 ? '12' : null);
          });
        }
      });

      it('keeps a 202, 404 or 5xx for seconds, so a crowd asking again makes one call, but never a 401 or 429', async () => {
        for (const [status, calls] of [
          [202, 1],
          [404, 1],
          [503, 1],
          [401, 3],
          [429, 3],
        ] as const) {
          await withProxy(json(status, '{"message":"x"}'), {}, async ({ get, upstream }) => {
            for (let i = 0; i < 3; i++)
              assert.equal((await get('/api/tracking/ocean?referenceNumber=A1', { 'accept-language': `l${i}` })).status, status);
            assert.equal(shipmentCalls(upstream), calls, `upstream ${status}`);
          });
        }
      });
    });

    describe('a misbehaving service', () => {
      const failures: Array<[string, UpstreamHandler, string]> = [
        ['an HTML page', (_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'), 'upstream_not_json'],
        ['an empty body', (_q, res) => res.writeHead(200).end(), 'upstream_not_json'],
        ['JSON that is not UTF-8', (_q, res) => res.writeHead(200).end(Buffer.from([0x22, 0xff, 0xfe, 0x22])), 'upstream_not_json'],
        ['the key in the body', json(200, `{"echo":"Bearer ${CANARY_KEY}"}`), 'upstream_key_echo'],
        [
          'the key JSON-escaped',
          json(404, `{"echo":"\\u${CANARY_KEY.charCodeAt(0).toString(16).padStart(4, '0')}${CANARY_KEY.slice(1)}"}`),
          'upstream_key_echo',
        ],
        ['the key in Retry-After', json(429, '{}', { 'retry-after': CANARY_KEY }), 'upstream_key_echo'],
        ...keyEncodings().map(([how, text]): [string, UpstreamHandler, string] => [
          `the key ${how}`,
          json(404, JSON.stringify({ echo: text })),
          'upstream_key_echo',
        ]),
        [
          'the key base64-encoded in Retry-After',
          json(429, '{}', { 'retry-after': Buffer.from(CANARY_KEY).toString('base64') }),
          'upstream_key_echo',
        ],
        ['a redirect', (_q, res) => res.writeHead(302, { location: '/v1/elsewhere' }).end(), 'upstream_redirect'],
        [
          'a body cut short',
          (_q, res) => {
            res.writeHead(200, { 'content-length': '100' });
            res.write('{"a":');
            setTimeout(() => res.socket?.destroy(), 50);
          },
          'upstream_incomplete',
        ],
        [
          'a body over 5 MiB',
          (_q, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(`"${'x'.repeat(5 * 1024 * 1024)}"`);
          },
          'upstream_too_large',
        ],
        ['silence past the timeout', () => undefined, 'upstream_timeout'],
        [
          'a body that trickles past the timeout',
          (_q, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.write('[');
            const timer = setInterval(() => res.write(' '), 100);
            res.once('close', () => clearInterval(timer));
          },
          'upstream_timeout',
        ],
      ];
      for (const [what, handler, error] of failures) {
        it(`answers ${what} with 502 ${error}, as JSON, never passing it on`, () =>
          withProxy(handler, { timeoutMs: 1_000 }, async ({ get, upstream }) => {
            const answer = await get('/api/tracking/ocean?referenceNumber=A1');
            assert.equal(answer.status, 502);
            assert.equal(errorOf(answer), error);
            assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
            assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
            assert.equal(upstream.requests.length, 1, 'a redirect is not followed');
          }));
      }

      it('takes a body just under 5 MiB', () =>
        withProxy(
          (_q, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(`"${'x'.repeat(5 * 1024 * 1024 - 2)}"`);
          },
          {},
          async ({ get }) => {
            const answer = await get('/api/tracking/ocean?referenceNumber=A1');
            assert.equal(answer.status, 200);
            assert.equal(answer.bytes.byteLength, 5 * 1024 * 1024);
          },
        ));

      it('answers 502 upstream_unreachable when nothing listens', async () => {
        const closed = await startUpstream();
        const baseUrl = closed.url;
        await closed.close();
        await withProxy(json(200, DOC), { baseUrl }, async ({ get }) => {
          const answer = await get('/api/tracking/ocean?referenceNumber=A1');
          assert.equal(answer.status, 502);
          assert.equal(errorOf(answer), 'upstream_unreachable');
        });
      });
    });

    describe('credits and load', () => {
      it('makes one upstream call for concurrent identical lookups, and every visitor gets its answer', () =>
        withProxy(
          (_q, res) => setTimeout(() => json(200, DOC)(_q, res, undefined as never), 700),
          {},
          async ({ get, upstream }) => {
            const answers = await Promise.all(
              Array.from({ length: 3 }, (_, i) => get('/api/tracking/ocean?referenceNumber=A1', { 'accept-language': `v${i}` })),
            );
            for (const answer of answers) {
              assert.equal(answer.status, 200);
              assert.equal(answer.text, DOC);
            }
            assert.equal(shipmentCalls(upstream), 1);
          },
        ));

      /**
       * A service that holds every shipment call, as it holds a slow lookup for up to two minutes,
       * until the test lets it answer: then every held call gets DOC.
       */
      function holdingService(): { handler: UpstreamHandler; release: () => void } {
        const held: Array<() => void> = [];
        let released = false;
        return {
          handler: (req, res) => {
            const answer = () => json(200, DOC)(req, res, undefined as never);
            if (released) answer();
            else held.push(answer);
          },
          release: () => {
            released = true;
            for (const answer of held.splice(0)) answer();
          },
        };
      }

      // Each held lookup holds a PHP worker: past maxConcurrentLookups the visitor is refused at
      // once, rather than one more worker waiting minutes while the site's pages queue behind it.
      // (The WordPress site runs two workers: one held lookup, one to answer.)
      it('refuses a lookup past maxConcurrentLookups held calls with 429 proxy_busy and Retry-After, at once and without a call', async () => {
        const service = holdingService();
        await withProxy(service.handler, { timeoutMs: 20_000, limits: { maxConcurrentLookups: 1 } }, async ({ get, upstream }) => {
          const first = get('/api/tracking/ocean?referenceNumber=A1');
          try {
            await until(() => shipmentCalls(upstream) === 1);
            const busy = await get('/api/tracking/ocean?referenceNumber=A2');
            assert.equal(busy.status, 429);
            assert.equal(errorOf(busy), 'proxy_busy');
            assert.ok(Number(busy.headers.get('retry-after')) >= 1, 'Retry-After tells the element when to ask again');
            assert.equal(shipmentCalls(upstream), 1, 'the refused lookup made no call');
          } finally {
            service.release();
          }
          assert.equal((await first).status, 200);
          // The held call gave its slot back when it ended.
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A2')).status, 200);
          assert.equal(shipmentCalls(upstream), 2);
        });
      });

      it("answers a visitor waiting on another's held call 202 with Retry-After after a short wait, and makes one call", async () => {
        const service = holdingService();
        await withProxy(service.handler, { timeoutMs: 20_000 }, async ({ get, upstream }) => {
          const first = get('/api/tracking/ocean?referenceNumber=A1', { 'accept-language': 'v0' });
          try {
            await until(() => shipmentCalls(upstream) === 1);
            const waiter = await get('/api/tracking/ocean?referenceNumber=A1', { 'accept-language': 'v1' });
            assert.equal(waiter.status, 202, 'the waiter gives its worker back while the service holds the call');
            assert.equal(typeof (waiter.json() as { message?: unknown }).message, 'string', "the service's 202 shape");
            assert.ok(Number(waiter.headers.get('retry-after')) >= 1);
            assert.equal(waiter.headers.get('cache-control'), 'no-store');
            assert.equal(shipmentCalls(upstream), 1);
          } finally {
            service.release();
          }
          assert.equal((await first).status, 200);
          const after = await get('/api/tracking/ocean?referenceNumber=A1', { 'accept-language': 'v2' });
          assert.equal(after.status, 200);
          assert.equal(after.headers.get('x-proxy-cache'), 'hit');
          assert.equal(shipmentCalls(upstream), 1);
        });
      });

      // The service held the call up to two minutes before its 202, and the element asks again
      // after its poll-interval (120 s): a 202 kept for seconds only made each poll a new held call.
      it('keeps a 202 for pendingCacheTtlMs (120 s), apart from the seconds a 404 or 5xx is kept', () =>
        withProxy(
          json(202, '{"message":"Accepted, processing"}'),
          { frozenClock: true, limits: { shortCacheTtlMs: 1 } },
          async ({ get, upstream, proxy }) => {
            assert.equal((await get('/api/tracking/ocean?referenceNumber=A1')).status, 202);
            // Past the old 10 s, where the clock can be moved; the 1 ms short TTL covers the WordPress site.
            await proxy.moveClock?.(60_000);
            const again = await get('/api/tracking/ocean?referenceNumber=A1');
            assert.equal(again.status, 202);
            assert.equal(again.headers.get('x-proxy-cache'), 'hit');
            assert.equal(shipmentCalls(upstream), 1);
          },
        ));

      it('gives visitors who ask for a carrier list while it is being fetched that list, from one upstream call', () =>
        withProxy(
          (req, res) => setTimeout(() => json(200, '{"carriers":[]}')(req, res, undefined as never), 700),
          {},
          async ({ get, upstream }) => {
            const answers = await Promise.all(
              Array.from({ length: 3 }, (_, i) => get('/api/tracking/carriers/ocean', { 'accept-language': `v${i}` })),
            );
            assert.deepEqual(
              answers.map((a) => [a.status, a.text]),
              answers.map(() => [200, '{"carriers":[]}']),
            );
            assert.equal(upstream.requests.length, 1);
          },
        ));

      it('creates no visitor counter for a call the budget refuses: the quota is charged only for calls that go out', () =>
        withProxy(
          json(200, DOC),
          // The window: proxy.php runs on a clock that stands still until the test moves it past the
          // window; the WordPress site on one that flows and is moved past it, so there the two
          // refusals must come within the window of A1 in real time: 60 s, twenty times what three
          // requests take on a busy machine. Without libfaketime neither clock moves, and the
          // window is 3 s of real time.
          {
            frozenClock: true,
            limits: { newNumbersPerClientPerHour: 2, upstreamBudget: { requests: 1, windowMs: BUDGET_WINDOW_MS } },
          },
          async ({ get, proxy }) => {
            // The window counts in slices of a tenth of it, so A1's unit leaves it 1 to 1.1 windows
            // after A1; the clock is moved a little more, as PHP may read a moved time a microsecond short.
            const pastTheWindow = () =>
              proxy.moveClock?.(BUDGET_WINDOW_MS * 1.15) ?? new Promise((resolve) => setTimeout(resolve, BUDGET_WINDOW_MS * 1.1));
            assert.equal((await get('/api/tracking/ocean?referenceNumber=A1')).status, 200);
            for (const number of ['A2', 'A3']) {
              const refused = await get(`/api/tracking/ocean?referenceNumber=${number}`);
              assert.equal(refused.status, 429);
              assert.equal(errorOf(refused), 'upstream_budget');
              assert.ok(Number(refused.headers.get('retry-after')) >= 1);
            }
            await pastTheWindow();
            assert.equal((await get('/api/tracking/ocean?referenceNumber=A2')).status, 200);
            await pastTheWindow();
            const over = await get('/api/tracking/ocean?referenceNumber=A3');
            assert.equal(over.status, 429);
            assert.equal(errorOf(over), 'client_quota');
          },
        ));

      it("limits one visitor's upstream calls per window (client_rate), and cache hits cost nothing", () =>
        withProxy(json(200, DOC), { limits: { clientRequests: { requests: 2, windowMs: 60_000 } } }, async ({ get }) => {
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A1')).status, 200);
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A2')).status, 200);
          for (let i = 0; i < 5; i++) assert.equal((await get('/api/tracking/ocean?referenceNumber=A1')).status, 200);
          const refused = await get('/api/tracking/ocean?referenceNumber=A3');
          assert.equal(refused.status, 429);
          assert.equal(errorOf(refused), 'client_rate');
        }));

      it('counts visitors behind a trusted proxy apart when it writes ip:port or [v6]:port, whatever their ports', () =>
        withProxy(
          json(200, DOC),
          { trustedProxyHeader: 'x-forwarded-for', limits: { newNumbersPerClientPerHour: 1 } },
          async ({ get, upstream }) => {
            const from = (visitor: string) => ({ 'x-forwarded-for': `198.51.100.1, ${visitor}` });
            const visitors: Array<[string, string]> = [
              ['203.0.113.8:5678', '203.0.113.8:5679'],
              ['203.0.113.9:5678', '203.0.113.9'],
              ['[2001:db8:5::7]:443', '2001:db8:5::8'],
              ['::ffff:203.0.113.10', '[::ffff:203.0.113.10]:80'],
            ];
            for (const [i, [visitor]] of visitors.entries()) {
              assert.equal((await get(`/api/tracking/ocean?referenceNumber=V${i}`, from(visitor))).status, 200, visitor);
            }
            // Each has used its one new number; another spelling of the same visitor (another port,
            // the same /64) is that visitor, not someone new.
            for (const [i, [visitor, again]] of visitors.entries()) {
              const over = await get(`/api/tracking/ocean?referenceNumber=W${i}`, from(again));
              assert.equal(over.status, 429, `${again} after ${visitor}`);
              assert.equal(errorOf(over), 'client_quota');
            }
            assert.equal(shipmentCalls(upstream), visitors.length);
          },
        ));

      it('counts a trusted header that holds no address against the socket address, never a shared unknown', () =>
        withProxy(json(200, DOC), { trustedProxyHeader: 'x-forwarded-for', limits: { newNumbersPerClientPerHour: 1 } }, async ({ get }) => {
          // A visitor without the header uses the socket's (loopback's) one new number ...
          assert.equal((await get('/api/tracking/ocean?referenceNumber=S1')).status, 200);
          // ... and a header the proxy cannot read as an address is that socket again.
          for (const garbage of ['garbage', 'unknown', '', '203.0.113.8:port', '198.51.100.1, ']) {
            const refused = await get('/api/tracking/ocean?referenceNumber=S2', { 'x-forwarded-for': garbage });
            assert.equal(refused.status, 429, JSON.stringify(garbage));
            assert.equal(errorOf(refused), 'client_quota');
          }
          // A readable address is a visitor of its own.
          assert.equal((await get('/api/tracking/ocean?referenceNumber=S3', { 'x-forwarded-for': '203.0.113.8' })).status, 200);
        }));

      it('answers anything but GET with 405', () =>
        withProxy(json(200, DOC), {}, async ({ get, upstream }) => {
          for (const method of ['POST', 'PUT', 'DELETE']) {
            const answer = await get('/api/tracking/ocean?referenceNumber=A1', {}, { method });
            assert.equal(answer.status, 405, method);
            assert.equal(errorOf(answer), 'method_not_allowed');
          }
          assert.equal(upstream.requests.length, 0);
        }));

      it('logs one line per request, with the number only as a fingerprint', { skip: !features.logs }, () =>
        withProxy(json(200, DOC), {}, async ({ get, proxy }) => {
          assert.equal((await get('/api/tracking/ocean?referenceNumber=SECRETNUMBER1')).status, 200);
          // The line comes through php's output pipe, which may deliver it after the answer.
          await until(() => proxy.logs().length > 0);
          const lines = proxy.logs();
          assert.equal(lines.length, 1, lines.join('\n'));
          const entry = JSON.parse(lines.at(-1) ?? '{}') as Record<string, unknown>;
          assert.equal(entry.route, 'ocean');
          assert.equal(entry.status, 200);
          assert.equal(typeof entry.numberHash, 'string');
          assert.ok(!lines.some((line) => line.includes('SECRETNUMBER1')));
        }),
      );
    });
  });
}
