const CHUNK = 0x8000;

/** Base64 of raw bytes, for stores that hold strings; `btoa` exists on Node, Workers and Edge. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether `needle` occurs in `haystack`. */
export function includesBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0];
  if (first === undefined) return true;
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return true;
  }
  return false;
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/**
 * A 64-bit FNV-1a fingerprint in hex, to name a number in logs without writing it down. It is
 * synchronous on purpose: Web Crypto's digest is a thread-pool round trip that cost more than
 * the rest of a cache hit. It is not a secret-keeping hash, and nothing relies on it being one.
 */
export function fingerprint(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}
