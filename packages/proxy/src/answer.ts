/**
 * What the proxy answers, independent of the runtime: a status, headers and bytes. The Fetch-API
 * handler turns it into a `Response`; the Node adapter writes it straight to the socket.
 *
 * The proxy only ever speaks JSON: every answer, upstream or its own, goes out as
 * `application/json` with `nosniff` and a CSP that lets nothing run or frame, so no answer can
 * become a page on the site's origin, whatever the upstream sent.
 */
export interface ProxyOutput {
  readonly status: number;
  /** Lower-case names; never `content-length` or `content-encoding`, which the adapter sets. */
  readonly headers: Readonly<Record<string, string>>;
  /** Shared between visitors: adapters must not change or transfer it. Null for 204 and 304. */
  readonly body: Uint8Array | null;
  /** Set on a 200 from the cache or the upstream: the adapter may keep compressed variants under it. */
  readonly etag?: string;
}

export const JSON_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

const encoder = new TextEncoder();

/** The proxy's own refusals and failures, in the service's error body shape. */
export function errorOutput(status: number, error: string, message: string, headers: Record<string, string> = {}): ProxyOutput {
  return {
    status,
    headers: { ...headers, ...JSON_HEADERS, 'cache-control': 'no-store' },
    body: encoder.encode(JSON.stringify({ message, error })),
  };
}

/**
 * A strong validator for a body: its length and two 32-bit hashes, computed once per upstream
 * answer and never per hit. The body is read four bytes at a time (a byte at a time cost as
 * much as the rest of a miss), each step a bijection of the state (xor, multiply by an odd
 * constant, rotate), so two bodies that differ in one place always differ in both hashes.
 */
export function etagOf(body: Uint8Array): string {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const length = body.byteLength;
  const words = length - (length % 4);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ length;
  for (let i = 0; i < words; i += 4) {
    const word = view.getUint32(i, true);
    a = Math.imul(a ^ word, 0x01000193);
    a = (a << 13) | (a >>> 19);
    b = Math.imul(b ^ word, 0x5bd1e995);
    b = (b << 17) | (b >>> 15);
  }
  for (let i = words; i < length; i++) {
    const byte = view.getUint8(i);
    a = Math.imul(a ^ byte, 0x01000193);
    b = Math.imul(b ^ byte, 0x5bd1e995);
  }
  return `"${length.toString(36)}-${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}"`;
}

/** Whether an `If-None-Match` value names `etag` (a list, `*`, or weak forms). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A cached answer: a 200 with its validator, or a short-lived other answer (a 202, a 404, a 5xx,
 * the proxy's own 502) with the time it expires, which becomes its `Retry-After` on a hit.
 */
export type CachedAnswer =
  | { readonly status: 200; readonly etag: string; readonly body: Uint8Array }
  | { readonly status: number; readonly etag?: undefined; readonly expiresAt: number; readonly body: Uint8Array };

/**
 * The cache holds one byte string per answer: a head line, then the body. The head of a 200 is
 * its ETag (which starts with a quote); any other answer's is its status and expiry time.
 * Reading it back takes a view of the same bytes, never a copy, so a store in the same process
 * serves every visitor from one buffer.
 */
export function encodeCached(answer: CachedAnswer): Uint8Array {
  const head = encoder.encode(
    answer.etag !== undefined ? `${answer.etag}\n` : `${answer.status} ${'expiresAt' in answer ? answer.expiresAt : 0}\n`,
  );
  const out = new Uint8Array(head.byteLength + answer.body.byteLength);
  out.set(head, 0);
  out.set(answer.body, head.byteLength);
  return out;
}

const NEWLINE = 0x0a;
const decoder = new TextDecoder();

/** Decoded once per cached buffer: a store in the same process returns the same array on every hit. */
const decoded = new WeakMap<Uint8Array, CachedAnswer>();

export function decodeCached(bytes: Uint8Array): CachedAnswer | undefined {
  const known = decoded.get(bytes);
  if (known !== undefined) return known;
  const end = bytes.indexOf(NEWLINE);
  if (end <= 0 || end > 64) return undefined;
  const head = decoder.decode(bytes.subarray(0, end));
  const body = bytes.subarray(end + 1);
  let answer: CachedAnswer;
  if (head.startsWith('"')) answer = { status: 200, etag: head, body };
  else {
    const match = /^([1-5]\d\d) (\d+)$/.exec(head);
    if (match === null) return undefined;
    answer = { status: Number(match[1]), expiresAt: Number(match[2]), body };
  }
  decoded.set(bytes, answer);
  return answer;
}

/**
 * The answer to a visitor who went away before it was ready: nobody reads it. The Node adapter
 * writes nothing for it; it is told apart by identity, so an upstream that answers 499 is still
 * answered.
 */
export const VISITOR_GONE: ProxyOutput = Object.freeze({ status: 499, headers: Object.freeze({}), body: null });
