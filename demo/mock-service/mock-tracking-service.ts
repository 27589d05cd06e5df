/**
 * A stand-in for the cargo tracking REST service, so the demo and the tests run with no key
 * and no network. It follows `tracking-service-interface.md`: the four GET endpoints, Bearer
 * authentication on the shipment endpoints only, 202 after a held request, and the error
 * bodies; the numbers in `demo-numbers.ts` choose which answer a lookup gets.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { airDocumentAfterWaiting, airDocumentWithoutMilestones, airDocuments } from './air-documents.js';
import { isValidAwbNumber } from './check-digits.js';
import { airlineList, knownAirlinePrefixes, knownOceanCarrierCodes, oceanCarrierList } from './carrier-lists.js';
import { findDemoNumber, lookupKey, type DemoNumber, type Product } from './demo-numbers.js';
import { oceanDocumentAfterWaiting, oceanDocumentWithoutStatus, oceanDocuments } from './ocean-documents.js';
import type { DocumentRequest } from './shipment-document-types.js';

export interface MockTrackingServiceOptions {
  /** The one key the shipment endpoints accept (`trk_…`). */
  readonly apiKey: string;
  /** How long a "slow carrier" lookup is held before the 202. Default 3 s (the real service: up to 2 min). */
  readonly holdMs?: number;
  /** Milliseconds since the epoch; documents are written relative to it. Default `Date.now`. */
  readonly clock?: () => number;
}

/** How many asks of a slow number answer 202 before the document is ready. */
export const ACCEPTED_ASKS_BEFORE_READY = 2;
export const DEFAULT_HOLD_MS = 3_000;
/**
 * The key `npm run mock` accepts. Made up and public (the mock guards nothing), so that a proxy's
 * sample settings (templates/cloudflare-worker/.dev.vars.example) can name it; `npm start` makes a
 * fresh one per start instead.
 */
export const MOCK_COMMAND_KEY = 'trk_mock_local_only';
/** The port `npm run mock` listens on without PORT. */
export const MOCK_COMMAND_PORT = 8090;
export const RETRY_AFTER_SECONDS = 5;
export const USAGE_LIMIT = 1_000;
/**
 * Who is asking, as the demo server tells its own mock (the real service has no such header, and
 * the proxy never forwards a visitor's headers): each visitor gets the whole 202 sequence of a slow
 * number, so one who leaves mid-poll does not hand the next an immediate 200.
 */
export const VISITOR_HEADER = 'x-demo-visitor';
/** A visitor's sequence is forgotten this long after their last ask: coming back later starts it over. */
export const SEQUENCE_EXPIRY_MS = 60_000;

type Json = Record<string, unknown>;

function send(res: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** Compares without leaking, through timing, how much of a guessed key was right. */
function sameKey(sent: string, expected: Buffer): boolean {
  const sentBytes = Buffer.from(sent, 'utf8');
  return sentBytes.length === expected.length && timingSafeEqual(sentBytes, expected);
}

/** Why a request is not authenticated, or undefined when it is. The key is never part of the text. */
function authenticationProblem(header: string | undefined, expected: Buffer): string | undefined {
  if (header === undefined || header === '') return 'The Authorization header is missing.';
  const match = /^Bearer ([^\s]+)$/.exec(header);
  if (!match?.[1]) return 'The Authorization header must be "Bearer <API key>".';
  if (!sameKey(match[1], expected)) return 'The API key is invalid, expired or revoked.';
  return undefined;
}

/** Midnight UTC on the first of next month: when a monthly cap resets. */
function nextMonthStart(nowMs: number): string {
  const now = new Date(nowMs);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

const productName: Record<Product, string> = { ocean: 'ocean tracking', air: 'air tracking' };

/** The HTML page a misconfigured gateway might put in place of the JSON document. */
const NOT_JSON_BODY =
  '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>' +
  '<p>The upstream server returned an invalid response.</p></body></html>';

export function createMockTrackingService(options: MockTrackingServiceOptions): Server {
  if (!options.apiKey.startsWith('trk_')) throw new TypeError('createMockTrackingService: apiKey must start with trk_');
  const expectedKey = Buffer.from(options.apiKey, 'utf8');
  const holdMs = options.holdMs ?? DEFAULT_HOLD_MS;
  const clock = options.clock ?? Date.now;
  /** Asks so far of each slow number by each visitor (`visitor|product:key`), so their third ask finds the document ready. */
  const asks = new Map<string, { readonly count: number; readonly lastAskMs: number }>();

  function forgetIdleSequences(nowMs: number): void {
    for (const [key, { lastAskMs }] of asks) if (nowMs - lastAskMs >= SEQUENCE_EXPIRY_MS) asks.delete(key);
  }

  function notFound(res: ServerResponse, number: string): void {
    send(res, 404, { message: `No shipment found for ${number}.` });
  }

  function answerDocument(res: ServerResponse, product: Product, request: DocumentRequest): void {
    const key = lookupKey(product, request.number);
    const build = product === 'ocean' ? oceanDocuments.get(key) : airDocuments.get(key);
    if (!build) {
      notFound(res, request.number);
      return;
    }
    send(res, 200, { ...build(request) });
  }

  function answerDemoNumber(res: ServerResponse, entry: DemoNumber, request: DocumentRequest, visitor: string): void {
    const product = entry.product;
    switch (entry.outcome) {
      case 'document':
        answerDocument(res, product, request);
        return;
      case 'accepted-then-document': {
        forgetIdleSequences(request.nowMs);
        const counterKey = `${visitor}|${product}:${lookupKey(product, request.number)}`;
        const asked = (asks.get(counterKey)?.count ?? 0) + 1;
        if (asked > ACCEPTED_ASKS_BEFORE_READY) {
          // Reset so the demo can be replayed from the first 202.
          asks.delete(counterKey);
          send(res, 200, { ...(product === 'ocean' ? oceanDocumentAfterWaiting(request) : airDocumentAfterWaiting(request)) });
          return;
        }
        asks.set(counterKey, { count: asked, lastAskMs: request.nowMs });
        // The real service holds the request while the carrier answers, then gives up with a 202.
        const timer = setTimeout(() => {
          send(res, 202, { message: `The request for ${request.number} was accepted and is being processed. Repeat it in a few minutes.` });
        }, holdMs);
        // A caller that hangs up (or a server closing) must not leave the timer behind.
        res.once('close', () => clearTimeout(timer));
        return;
      }
      case 'unauthorized':
        send(res, 401, { message: 'The API key is invalid, expired or revoked.' }, { 'www-authenticate': 'Bearer' });
        return;
      case 'insufficient-credits':
        send(res, 402, { message: `No credits left for ${productName[product]}.`, error: 'insufficient_credits', product });
        return;
      case 'usage-limit-reached':
        send(res, 402, {
          message: `The monthly usage cap for ${productName[product]} is reached.`,
          error: 'usage_limit_reached',
          product,
          limit: USAGE_LIMIT,
          resets_at: nextMonthStart(request.nowMs),
        });
        return;
      case 'rate-limited':
        send(
          res,
          429,
          { message: `Too many requests. Retry after ${RETRY_AFTER_SECONDS} seconds.` },
          { 'retry-after': String(RETRY_AFTER_SECONDS) },
        );
        return;
      case 'not-found':
        notFound(res, request.number);
        return;
      case 'server-error':
        send(res, 500, { message: 'Internal error while contacting the carrier.' });
        return;
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(NOT_JSON_BODY);
        return;
      case 'missing-required-field':
        send(res, 200, { ...(product === 'ocean' ? oceanDocumentWithoutStatus(request) : airDocumentWithoutMilestones(request)) });
        return;
    }
  }

  function lookUpOcean(res: ServerResponse, query: URLSearchParams, visitor: string): void {
    const number = query.get('referenceNumber');
    if (number === null || number.trim() === '') {
      send(res, 400, { message: 'The query parameter referenceNumber is required.' });
      return;
    }
    const request: DocumentRequest = { nowMs: clock(), number, withRoute: query.get('routeDetails') === 'true' };
    const entry = findDemoNumber('ocean', number);
    if (!entry) {
      notFound(res, number);
      return;
    }
    // An empty carrierCode is sent by nobody on purpose; like an absent one, it leaves detection on.
    const carrierCode = query.get('carrierCode')?.trim().toUpperCase() ?? '';
    if (
      carrierCode !== '' &&
      (!knownOceanCarrierCodes.has(carrierCode) || (entry.carrierCode !== undefined && entry.carrierCode !== carrierCode))
    ) {
      send(res, 404, { message: `No shipment found for ${number} with carrier ${carrierCode}.` });
      return;
    }
    answerDemoNumber(res, entry, request, visitor);
  }

  function lookUpAir(res: ServerResponse, query: URLSearchParams, visitor: string): void {
    const number = query.get('number');
    if (number === null || number.trim() === '') {
      send(res, 400, { message: 'The query parameter number is required.' });
      return;
    }
    const compact = lookupKey('air', number);
    if (!isValidAwbNumber(compact)) {
      send(res, 400, { message: `${number} is not an air waybill number (PPP-SSSSSSSS with a valid check digit).` });
      return;
    }
    const entry = findDemoNumber('air', number);
    if (!entry || !knownAirlinePrefixes.has(compact.slice(0, 3))) {
      notFound(res, number);
      return;
    }
    answerDemoNumber(res, entry, { nowMs: clock(), number, withRoute: query.get('routePath') === 'true' }, visitor);
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    const route = url.pathname;
    const known = ['/v1/shipments/ocean', '/v1/shipments/air', '/v1/carriers/ocean', '/v1/carriers/air'];
    if (!known.includes(route)) {
      send(res, 404, { message: `No such endpoint: ${route}` });
      return;
    }
    if (req.method !== 'GET') {
      send(res, 405, { message: 'Only GET is allowed.' }, { allow: 'GET' });
      return;
    }
    // The open lists are free and keyless; a key sent anyway is ignored.
    if (route === '/v1/carriers/ocean') {
      send(res, 200, oceanCarrierList);
      return;
    }
    if (route === '/v1/carriers/air') {
      send(res, 200, airlineList);
      return;
    }
    const problem = authenticationProblem(req.headers.authorization, expectedKey);
    if (problem !== undefined) {
      send(res, 401, { message: problem }, { 'www-authenticate': 'Bearer' });
      return;
    }
    // Without the header (a caller other than the demo server), every caller is one visitor.
    const visitor = String(req.headers[VISITOR_HEADER] ?? '');
    if (route === '/v1/shipments/ocean') lookUpOcean(res, url.searchParams, visitor);
    else lookUpAir(res, url.searchParams, visitor);
  });
}
