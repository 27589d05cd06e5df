const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/**
 * A 64-bit FNV-1a fingerprint in hex, to name a number in logs without writing it down. It is
 * synchronous on purpose: Web Crypto's digest is a thread-pool round trip that cost more than
 * the rest of a cache hit. It is not a secret-keeping hash, and nothing relies on it being one.
 */
export function fingerprint(text: string): string {
  const known = recent.get(text);
  if (known !== undefined) return known;
  const hash = fnv1a64(text);
  // Remembered for repeats (every cache hit names its number in the log); cleared rather than grown.
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(text, hash);
  return hash;
}

const RECENT_MAX = 4_096;
const recent = new Map<string, string>();

function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}
