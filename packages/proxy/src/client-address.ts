/**
 * The key a client's quota is counted under. Behind a trusted proxy the address comes from
 * the header it sets (for a list such as X-Forwarded-For, the last entry, the one your own
 * proxy appended; earlier entries are whatever the client claimed). Otherwise it comes from
 * the socket, which the platform adapter passes in and a visitor cannot forge.
 */
export function clientKey(
  header: (name: string) => string | null,
  socketAddress: string | undefined,
  trustedHeader: string | undefined,
): string {
  let address = socketAddress;
  if (trustedHeader !== undefined) {
    const value = header(trustedHeader);
    const last = value?.split(',').at(-1)?.trim();
    if (last) address = last;
  }
  return address === undefined || address === '' ? 'unknown' : networkOf(address);
}

/**
 * IPv4 addresses stand for themselves; an IPv6 client usually holds a whole /64, so a quota
 * per address would be no quota at all.
 */
export function networkOf(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!bare.includes(':')) return bare;
  const [head = '', tail = ''] = bare.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups = bare.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The name a client's counters are kept under: an HMAC-SHA-256 of its network, keyed with the
 * API key. A shared store (Redis) thus never holds a visitor's address, nobody without the key
 * can recover one by hashing every IPv4 address, and every instance with the same key agrees.
 * (Rotating the key starts the hour's quotas afresh.)
 */
export function clientDigester(secret: string): (network: string) => Promise<string> {
  const encoder = new TextEncoder();
  let key: Promise<CryptoKey> | undefined;
  return async (network) => {
    key ??= crypto.subtle.importKey(
      'raw',
      encoder.encode(`cargo-trackers client address v1\n${secret}`),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(network)));
    let hex = '';
    for (let i = 0; i < 16; i++) hex += (mac[i] as number).toString(16).padStart(2, '0');
    return hex;
  };
}
