// What every way of running the proxy must do, written once as a function of "start a proxy in
// front of this upstream, give me its base URL". The Node adapter, the Fetch-API handler and the
// demo server run it here; other runtimes (workerd, Next.js, Express) can run it the same way.
// Each case is one of the attacks in issue 12 or a rule that closes one, through real sockets.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CANARY_KEY, MARKED, marked, readAnswer, startUpstream } from './harness.js';
import type { Answer, Upstream, UpstreamHandler } from './harness.js';

/** JSON-serialisable, so that a factory can hand them to another process or runtime. */
export interface ContractProxyOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly corsOrigins?: readonly string[];
  readonly limits?: {
    readonly newNumbersPerClientPerHour?: number;
    readonly upstreamBudget?: { readonly requests: number; readonly windowMs: number };
    readonly cacheTtlMs?: number;
  };
}

export interface ContractProxy {
  /** `http://127.0.0.1:port`, no trailing slash; routes are the defaults under it unless `address` says otherwise. */
  readonly url: string;
  /** Where a default route (`/api/tracking/ocean?…`) lives on this proxy; default `url` + path. */
  address?(path: string): string;
  close(): Promise<void>;
}

/** The request marker the trackers send on every request (a server-to-server caller sends it too). */
export const MARKER = MARKED;

export type StartContractProxy = (options: ContractProxyOptions) => Promise<ContractProxy>;

const OCEAN_DOC = '{"referenceNumber":"MSCU1234567","status":"IN_TRANSIT","containers":[]}';

/** A service that answers every shipment with the document and every carrier list with a list. */
const service: UpstreamHandler = (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(req.url?.startsWith('/v1/carriers') ? '{"carriers":[{"code":"MSCU"}]}' : OCEAN_DOC);
};

const SECURITY_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

function assertJsonOnly(answer: Answer, what: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(answer.headers.get(name), value, `${what}: ${name}`);
}

function errorOf(answer: Answer): string {
  return (answer.json() as { error: string }).error;
}

const shipmentCalls = (upstream: Upstream) => upstream.requests.filter((r) => r.path.startsWith('/v1/shipments')).length;

export function describeProxyContract(name: string, start: StartContractProxy): void {
  async function withProxy(
    handler: UpstreamHandler,
    options: Omit<ContractProxyOptions, 'baseUrl' | 'apiKey'>,
    body: (
      get: (path: string, headers?: Record<string, string>) => Promise<Answer>,
      upstream: Upstream,
      url: string,
      to: (path: string) => string,
    ) => Promise<void>,
  ): Promise<void> {
    const upstream = await startUpstream(handler);
    const proxy = await start({ baseUrl: upstream.url, apiKey: CANARY_KEY, ...options });
    const to = (path: string) => proxy.address?.(path) ?? `${proxy.url}${path}`;
    try {
      // As the element asks: with the request marker, unless a case sets it itself.
      await body(async (path, headers) => readAnswer(await fetch(to(path), marked({ headers }))), upstream, proxy.url, to);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  }

  describe(`${name}: the proxy contract`, () => {
    describe('keys come from the lookup, never from visitor headers', () => {
      it('makes one upstream call for one number asked with many Accept and Accept-Language values', () =>
        withProxy(service, {}, async (get, upstream) => {
          // Twelve askers, each with its own headers: a cache or single-flight key that took in a header
          // would make twelve calls. Each request through a PHP proxy boots its runtime, so no more.
          for (let i = 0; i < 12; i++) {
            const answer = await get('/api/tracking/ocean?referenceNumber=MSCU1234567', {
              'accept-language': `x-${i}`,
              accept: `application/json, */*;q=0.${i % 10}`,
            });
            assert.equal(answer.status, 200);
          }
          assert.equal(shipmentCalls(upstream), 1);
          assert.equal(upstream.requests[0]?.headers.accept, 'application/json');
          assert.ok(!String(upstream.requests[0]?.headers['accept-language']).startsWith('x-'));
        }));

      it('fetches a carrier list once per TTL whoever asks and with whatever headers, without the key', () =>
        withProxy(service, {}, async (get, upstream) => {
          // Ten askers per list, each with its own Accept-Language: one call per list, not one per asker.
          for (let i = 0; i < 20; i++) {
            const answer = await get(i % 2 === 0 ? '/api/tracking/carriers/ocean' : '/api/tracking/carriers/air', {
              'accept-language': `flood-${i}`,
            });
            assert.equal(answer.status, 200);
          }
          assert.deepEqual(upstream.requests.map((r) => r.path).sort(), ['/v1/carriers/air', '/v1/carriers/ocean']);
          assert.ok(upstream.requests.every((r) => r.headers.authorization === undefined));
        }));

      it('does not retry a failed carrier list for every visitor: the next call waits 30 s', () =>
        withProxy(
          (_req, res) => {
            res.writeHead(503, { 'content-type': 'application/json' });
            res.end('{"message":"down"}');
          },
          {},
          async (get, upstream) => {
            assert.equal((await get('/api/tracking/carriers/air')).status, 503);
            for (let i = 0; i < 6; i++) {
              const answer = await get('/api/tracking/carriers/air', { 'accept-language': `x-${i}` });
              assert.equal(answer.status, 429);
              assert.equal(errorOf(answer), 'carriers_pending');
              assert.equal(answer.headers.get('retry-after'), '30');
            }
            assert.equal(upstream.requests.length, 1);
          },
        ));

      it('counts carrier-list calls against the upstream budget', () =>
        withProxy(service, { limits: { upstreamBudget: { requests: 2, windowMs: 20_000 } } }, async (get) => {
          assert.equal((await get('/api/tracking/carriers/ocean')).status, 200);
          assert.equal((await get('/api/tracking/carriers/air')).status, 200);
          const refused = await get('/api/tracking/ocean?referenceNumber=MSCU1234567');
          assert.equal(refused.status, 429);
          assert.equal(errorOf(refused), 'upstream_budget');
        }));

      it('charges the quota per distinct lookup, so varying the carrier code buys no extra upstream calls', () =>
        withProxy(service, { limits: { newNumbersPerClientPerHour: 2 } }, async (get, upstream) => {
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A1')).status, 200);
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A1&carrierCode=X')).status, 200);
          const refused = await get('/api/tracking/ocean?referenceNumber=A1&carrierCode=Y');
          assert.equal(refused.status, 429);
          assert.equal(errorOf(refused), 'client_quota');
          // Repeats stay free.
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A1&carrierCode=X')).status, 200);
          assert.equal(shipmentCalls(upstream), 2);
        }));
    });

    describe('other sites cannot spend the credits', () => {
      it('refuses a request without the Cargo-Trackers-Request header on every route, even with no Origin or Sec-Fetch-Site (a page on plain HTTP), before any upstream call or quota', () =>
        withProxy(service, { limits: { newNumbersPerClientPerHour: 1 } }, async (get, upstream, _url, to) => {
          const routes = [
            '/api/tracking/ocean?referenceNumber=A1',
            '/api/tracking/air?number=A1',
            '/api/tracking/carriers/ocean',
            '/api/tracking/carriers/air',
          ];
          // What an <img>, <script>, form GET or no-cors fetch sends to a plain-HTTP origin: no marker, no Origin, no Sec-Fetch-Site.
          for (const path of routes) {
            for (const marker of [undefined, '', '  ']) {
              const headers: Record<string, string> = marker === undefined ? {} : { 'cargo-trackers-request': marker };
              const refused = await readAnswer(await fetch(to(path), { headers }));
              assert.equal(refused.status, 403, `${path} with marker ${JSON.stringify(marker)}`);
              assertJsonOnly(refused, '403');
              assert.equal(errorOf(refused), 'cross_site');
              assert.match((refused.json() as { message: string }).message, /Cargo-Trackers-Request: 1/);
            }
          }
          assert.equal(upstream.requests.length, 0);
          // None of the quota went: the element's own lookup, marked, still goes through.
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A2')).status, 200);
          assert.equal(upstream.requests.length, 1);
        }));

      for (const site of ['cross-site', 'same-site']) {
        it(`refuses Sec-Fetch-Site: ${site} without an Origin (an <img> or no-cors fetch) with 403, before any upstream call or quota`, () =>
          withProxy(service, { limits: { newNumbersPerClientPerHour: 1 } }, async (get, upstream) => {
            const refused = await get('/api/tracking/ocean?referenceNumber=A1', {
              'sec-fetch-site': site,
              'sec-fetch-mode': 'no-cors',
              'sec-fetch-dest': 'image',
            });
            assert.equal(refused.status, 403);
            assertJsonOnly(refused, '403');
            assert.equal(errorOf(refused), 'cross_site');
            assert.equal((await get('/api/tracking/carriers/ocean', { 'sec-fetch-site': site })).status, 403);
            assert.equal(upstream.requests.length, 0);
            // The refused request used none of the quota: the visitor's own lookup still goes through.
            assert.equal((await get('/api/tracking/ocean?referenceNumber=A2')).status, 200);
          }));
      }

      it('refuses an Origin that is neither its own nor listed, with CORS on or off', async () => {
        for (const corsOrigins of [[], ['https://shop.example']]) {
          await withProxy(service, { corsOrigins }, async (get, upstream) => {
            const refused = await get('/api/tracking/ocean?referenceNumber=A1', {
              origin: 'https://evil.example',
              'sec-fetch-site': 'cross-site',
            });
            assert.equal(refused.status, 403);
            assert.equal(refused.headers.get('access-control-allow-origin'), null);
            assert.equal((await get('/api/tracking/ocean?referenceNumber=A1', { origin: 'null' })).status, 403);
            assert.equal(upstream.requests.length, 0);
          });
        }
      });

      it('serves a listed origin (the CMS snippet) with CORS headers, its own origin, and requests with no browser headers', () =>
        withProxy(service, { corsOrigins: ['https://shop.example'] }, async (get, upstream, url) => {
          const listed = await get('/api/tracking/ocean?referenceNumber=A1', {
            origin: 'https://shop.example',
            'sec-fetch-site': 'cross-site',
          });
          assert.equal(listed.status, 200);
          assert.equal(listed.headers.get('access-control-allow-origin'), 'https://shop.example');
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A1', { origin: url, 'sec-fetch-site': 'same-origin' })).status, 200);
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A1', { 'sec-fetch-site': 'same-origin' })).status, 200);
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A1', { 'sec-fetch-site': 'none' })).status, 200);
          assert.equal((await get('/api/tracking/ocean?referenceNumber=A1')).status, 200);
          assert.equal(shipmentCalls(upstream), 1);
        }));

      it('answers a preflight from an unlisted origin with 403 and no CORS headers', () =>
        withProxy(service, { corsOrigins: ['https://shop.example'] }, async (_get, _upstream, _url, to) => {
          const preflight = (origin: string) =>
            fetch(to('/api/tracking/ocean'), { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } }).then(
              readAnswer,
            );
          const refused = await preflight('https://evil.example');
          assert.equal(refused.status, 403);
          assert.equal(refused.headers.get('access-control-allow-origin'), null);
          const allowed = await preflight('https://shop.example');
          assert.equal(allowed.status, 204);
          assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.example');
          // The marker is a header a listed origin may send; one preflight lasts two hours.
          assert.equal(allowed.headers.get('access-control-allow-methods'), 'GET');
          assert.equal(allowed.headers.get('access-control-allow-headers'), 'Accept, Accept-Language, Cargo-Trackers-Request');
          assert.equal(allowed.headers.get('access-control-max-age'), '7200');
          assert.match(allowed.headers.get('vary') ?? '', /Origin/);
        }));
    });

    describe('the proxy only speaks JSON', () => {
      it('turns an HTML answer that reflects the number into a 502 JSON error, whatever its status', async () => {
        for (const status of [200, 404, 500]) {
          await withProxy(
            (req, res) => {
              const number = new URL(req.url ?? '/', 'http://x').searchParams.get('referenceNumber') ?? '';
              res.writeHead(status, { 'content-type': 'text/html' });
              res.end(`<html><body>No shipment ${number}</body></html>`);
            },
            {},
            async (get) => {
              const answer = await get(`/api/tracking/ocean?referenceNumber=${encodeURIComponent('<script>alert(1)</script>')}`);
              assert.equal(answer.status, 502, `upstream ${status}`);
              assertJsonOnly(answer, `upstream ${status}`);
              assert.equal(errorOf(answer), 'upstream_not_json');
              assert.ok(!answer.text.includes('<'), answer.text);
            },
          );
        }
      });

      it('serves a JSON answer the upstream sent with no content type, or a wrong one, as JSON', () =>
        withProxy(
          (_req, res) => {
            res.writeHead(200, { 'content-type': 'text/html' });
            res.end(OCEAN_DOC);
          },
          {},
          async (get) => {
            const answer = await get('/api/tracking/ocean?referenceNumber=A1');
            assert.equal(answer.status, 200);
            assert.equal(answer.text, OCEAN_DOC);
            assertJsonOnly(answer, '200');
          },
        ));

      it('sends JSON with nosniff and a closed CSP on every answer: upstream, refusal and error alike', () =>
        withProxy(
          (req, res) => {
            const code = Number(/CODE(\d+)/.exec(req.url ?? '')?.[1] ?? 200);
            res.writeHead(code, { 'content-type': 'application/json', ...(code === 429 ? { 'retry-after': '5' } : {}) });
            res.end(JSON.stringify({ message: `status ${code}` }));
          },
          { limits: { newNumbersPerClientPerHour: 6 } },
          async (get, _upstream, _url, to) => {
            for (const code of [200, 202, 401, 402, 429, 500])
              assertJsonOnly(await get(`/api/tracking/air?number=CODE${code}`), `upstream ${code}`);
            assertJsonOnly(await get('/api/tracking/nope'), '404');
            assertJsonOnly(await get('/api/tracking/air'), '400');
            assertJsonOnly(await get('/api/tracking/air?number=A', { 'sec-fetch-site': 'cross-site' }), '403');
            assertJsonOnly(await fetch(to('/api/tracking/air?number=A'), marked({ method: 'POST' })).then(readAnswer), '405');
            assertJsonOnly(await get('/api/tracking/air?number=ONE-TOO-MANY'), '429');
          },
        ));

      it('withholds an answer that echoes the key JSON-escaped', () =>
        withProxy(
          (_req, res) => {
            const escaped = `\\u${CANARY_KEY.charCodeAt(0).toString(16).padStart(4, '0')}${CANARY_KEY.slice(1)}`;
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(`{"referenceNumber":"A1","debug":"${escaped}"}`);
          },
          {},
          async (get) => {
            const answer = await get('/api/tracking/ocean?referenceNumber=A1');
            assert.equal(answer.status, 502);
            assert.equal(errorOf(answer), 'upstream_key_echo');
          },
        ));
    });

    describe('cached answers', () => {
      it('tags a 200 with an ETag and answers 304 with no body when the visitor already has it', () =>
        withProxy(service, {}, async (get, upstream) => {
          const first = await get('/api/tracking/ocean?referenceNumber=A1');
          const etag = first.headers.get('etag');
          assert.ok(etag !== null && /^"[^"]+"$/.test(etag), `ETag ${etag}`);
          const again = await get('/api/tracking/ocean?referenceNumber=A1', { 'if-none-match': etag });
          assert.equal(again.status, 304);
          assert.equal(again.text, '');
          assert.equal(again.headers.get('etag'), etag);
          const changed = await get('/api/tracking/ocean?referenceNumber=A1', { 'if-none-match': '"other"' });
          assert.equal(changed.status, 200);
          assert.equal(changed.text, OCEAN_DOC);
          assert.equal(shipmentCalls(upstream), 1);
        }));
    });
  });
}
