import ipaddr from 'ipaddr.js';

/** The quota key of a request with no usable address: all such visitors share one quota. */
export const UNKNOWN_CLIENT = 'unknown';

/** How wide a network counts as one client: IPv4 /32 and IPv6 /64 by default. */
export interface NetworkWidth {
  readonly v4: number;
  readonly v6: number;
}

const PER_ADDRESS: NetworkWidth = { v4: 32, v6: 64 };

/**
 * The key a client's quota is counted under. Behind a trusted proxy the address comes from
 * the header it sets (for a list such as X-Forwarded-For, the last entry, the one your own
 * proxy appended; earlier entries are whatever the client claimed). Otherwise it comes from
 * the socket, which the platform adapter passes in and a visitor cannot forge. A trusted header
 * that holds no address (garbage, a name) is not believed: the socket is used, as without it.
 */
export function clientKey(
  header: (name: string) => string | null,
  socketAddress: string | undefined,
  trustedHeader: string | undefined,
  width: NetworkWidth = PER_ADDRESS,
): string {
  if (trustedHeader !== undefined) {
    const last = header(trustedHeader)?.split(',').at(-1);
    const parsed = last === undefined ? undefined : parseAddress(last);
    if (parsed !== undefined) return networkKey(parsed, width);
  }
  const socket = socketAddress === undefined ? undefined : parseAddress(socketAddress);
  return socket === undefined ? UNKNOWN_CLIENT : networkKey(socket, width);
}

/**
 * The network a client address stands for, as one canonical string: IPv4 addresses stand for
 * themselves, and an IPv6 client usually holds a whole /64, so a quota per address would be no
 * quota at all. Written any way a platform writes it (`ip:port`, `[v6]:port`, a zone, an
 * IPv4-mapped IPv6 address), one client is one key; anything that is not an address is
 * `unknown`. `width` widens the networks (e.g. IPv4 /24, IPv6 /48).
 */
export function networkOf(address: string, width: NetworkWidth = PER_ADDRESS): string {
  const parsed = parseAddress(address);
  return parsed === undefined ? UNKNOWN_CLIENT : networkKey(parsed, width);
}

/**
 * An address as platforms write it: `203.0.113.7`, `203.0.113.7:5678`, `2001:db8::1`,
 * `[2001:db8::1]:443`, `fe80::1%eth0`, `::ffff:203.0.113.7` (read as the IPv4 address it maps).
 * Undefined for anything else, including IPv4's legacy spellings (`0x7f.1`, `127.1`), which no
 * platform writes and which would let one address pass as several.
 */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  let host = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(host);
  if (bracketed !== null) host = bracketed[1] as string;
  else {
    const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(host);
    if (withPort !== null) host = withPort[1] as string;
  }
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) parsed = ipaddr.IPv4.parse(host);
  else if (bracketed === null && host.includes('.') && !host.includes(':')) return undefined;
  else if (ipaddr.IPv6.isValid(host)) parsed = ipaddr.IPv6.parse(host);
  else return undefined;
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed;
}

function networkKey(address: ipaddr.IPv4 | ipaddr.IPv6, width: NetworkWidth): string {
  const bits = address.kind() === 'ipv4' ? width.v4 : width.v6;
  const max = address.kind() === 'ipv4' ? 32 : 128;
  if (bits >= max) return address.toNormalizedString().replace(/%.*$/, '');
  const network = ipaddr.parse(networkAddress(address, bits));
  return `${network.toString()}/${bits}`;
}

/** The address with every bit past the first `bits` cleared, written the standard way. */
function networkAddress(address: ipaddr.IPv4 | ipaddr.IPv6, bits: number): string {
  const bytes = address.toByteArray();
  for (let i = 0; i < bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    bytes[i] = (bytes[i] as number) & ((0xff << (8 - keep)) & 0xff);
  }
  return ipaddr.fromByteArray(bytes).toString();
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
