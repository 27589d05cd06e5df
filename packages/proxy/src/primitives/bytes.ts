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

/**
 * FNV-1a over the UTF-8 bytes, 64 bits kept as four 16-bit limbs so that every step is exact
 * integer arithmetic on small numbers (BigInt allocated per byte and cost more than the rest of
 * a cache hit's logging). The prime is 2^40 + 0x1b3: multiply by 0x1b3, add the value shifted
 * left by 40 bits (limb 2 and up, shifted by 8), keep the low 64 bits.
 */
function fnv1a64(text: string): string {
  // The offset basis 0xcbf29ce484222325, low limb first.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (const byte of encoder.encode(text)) {
    h0 ^= byte;
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + (t1 >>> 16) + ((h0 << 8) & 0xffff);
    const t3 = h3 * 0x1b3 + (t2 >>> 16) + ((h1 << 8) & 0xffff) + (h0 >>> 8);
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return [h3, h2, h1, h0].map((limb) => limb.toString(16).padStart(4, '0')).join('');
}

const encoder = new TextEncoder();
