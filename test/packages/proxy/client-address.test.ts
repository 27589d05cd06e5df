import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { clientDigester, clientKey, networkOf } from '../../../packages/proxy/src/primitives/client-address.js';
import { assertCanaryNeverSeen, startProxy, startUpstream } from './harness.js';

after(assertCanaryNeverSeen);

const request =
  (headers: Record<string, string> = {}) =>
  (name: string) =>
    new Headers(headers).get(name);

describe('clientKey', () => {
  it('uses the socket address and ignores address headers when no proxy is trusted', () => {
    assert.equal(clientKey(request({ 'x-forwarded-for': '1.2.3.4' }), '203.0.113.5', undefined), '203.0.113.5');
  });

  it('uses the last entry of the trusted header, the one the trusted proxy wrote', () => {
    assert.equal(clientKey(request({ 'x-forwarded-for': 'spoofed, 198.51.100.7' }), '10.0.0.1', 'x-forwarded-for'), '198.51.100.7');
    assert.equal(clientKey(request({ 'cf-connecting-ip': '198.51.100.8' }), undefined, 'cf-connecting-ip'), '198.51.100.8');
  });

  it('falls back to the socket when the trusted header is missing, and to one shared key without either', () => {
    assert.equal(clientKey(request(), '10.0.0.1', 'x-real-ip'), '10.0.0.1');
    assert.equal(clientKey(request(), undefined, undefined), 'unknown');
  });
});

/** The table the PHP proxy's rule is checked against too (test/packages/proxy-php/client-address.test.php). */
interface SharedCases {
  readonly cases: ReadonlyArray<{
    readonly name: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly remoteAddress: string | null;
    readonly trustedHeader: string | null;
    readonly network: string;
  }>;
  readonly digests: ReadonlyArray<{ readonly secret: string; readonly network: string; readonly digest: string }>;
}

describe('clientKey against the table shared with the PHP proxy', () => {
  const table = JSON.parse(readFileSync(new URL('./client-address-cases.json', import.meta.url), 'utf8')) as SharedCases;

  it('gives every case of client-address-cases.json its network', () => {
    assert.ok(table.cases.length >= 10);
    for (const { name, headers, remoteAddress, trustedHeader, network } of table.cases) {
      // The value as the server read it, untouched (Headers would trim it); names as create-proxy lowercases them.
      const header = (wanted: string) => Object.entries(headers).find(([n]) => n.toLowerCase() === wanted)?.[1] ?? null;
      assert.equal(clientKey(header, remoteAddress ?? undefined, trustedHeader?.toLowerCase()), network, name);
    }
  });

  it('names the counters as the table says', async () => {
    assert.ok(table.digests.length >= 1);
    for (const { secret, network, digest } of table.digests) assert.equal(await clientDigester(secret)(network), digest, network);
  });
});

describe('networkOf', () => {
  it('keeps IPv4 and unwraps IPv4-mapped IPv6', () => {
    assert.equal(networkOf('203.0.113.5'), '203.0.113.5');
    assert.equal(networkOf('::ffff:203.0.113.5'), '203.0.113.5');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const a = networkOf('2001:db8:0:1:aaaa:bbbb:cccc:dddd');
    assert.equal(a, '2001:db8:0:1::/64');
    assert.equal(networkOf('2001:0db8:0000:0001::1'), a);
    assert.equal(networkOf('[2001:db8:0:1::2%eth0]'), a);
    assert.notEqual(networkOf('2001:db8:0:2::1'), a);
    assert.equal(networkOf('::1'), '::/64');
  });

  it('reads an address with its port as that address: one client whatever its source port', () => {
    assert.equal(networkOf('203.0.113.7:5678'), '203.0.113.7');
    assert.equal(networkOf('203.0.113.7:5679'), networkOf('203.0.113.7:5678'));
    assert.equal(networkOf('[2001:db8:0:1::2]:443'), '2001:db8:0:1::/64');
    assert.equal(networkOf('[::ffff:203.0.113.7]:80'), '203.0.113.7');
    assert.equal(networkOf('::ffff:cb00:7107'), '203.0.113.7');
  });

  it('takes nothing that is not an address for one: garbage and legacy IPv4 spellings are unknown', () => {
    for (const text of ['garbage', '', '300.1.1.1', '1.2.3.4.5', '127.1', '0x7f.0.0.1', '203.0.113.7:port', '[203.0.113.7']) {
      assert.equal(networkOf(text), 'unknown', text);
    }
  });

  it('widens networks when asked: IPv4 /24, IPv6 /48', () => {
    const wide = { v4: 24, v6: 48 };
    assert.equal(networkOf('203.0.113.7:5678', wide), '203.0.113.0/24');
    assert.equal(networkOf('203.0.113.200', wide), networkOf('203.0.113.7', wide));
    assert.equal(networkOf('2001:db8:0:ffff::1', wide), '2001:db8::/48');
  });
});

describe('clientKey with a trusted header that holds no address', () => {
  it('believes neither garbage nor a port-rotated spelling: the socket or the address counts', () => {
    assert.equal(clientKey(request({ 'x-real-ip': 'not-an-ip' }), '198.51.100.9', 'x-real-ip'), '198.51.100.9');
    assert.equal(
      clientKey(request({ 'x-forwarded-for': '203.0.113.7:5678' }), undefined, 'x-forwarded-for'),
      clientKey(request({ 'x-forwarded-for': '203.0.113.7:5679' }), undefined, 'x-forwarded-for'),
    );
  });
});

describe('client addresses through real sockets', () => {
  it('counts an edge that appends ip:port as one client: rotating the source port buys no quota', async () => {
    const upstream = await startUpstream();
    const proxy = await startProxy(upstream, { trustedProxyHeader: 'x-real-ip', limits: { newNumbersPerClientPerHour: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await proxy.get(`/api/tracking/ocean?referenceNumber=PORT${i}`, {
          headers: { 'x-real-ip': `203.0.113.7:${5678 + i}`, 'cargo-trackers-request': '1' },
        });
        statuses.push(answer.status);
        if (answer.status === 429) assert.equal((answer.json() as { error: string }).error, 'client_quota');
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429]);
      assert.equal(upstream.requests.length, 3);
      // Another address behind the same edge still has its own quota.
      const other = await proxy.get('/api/tracking/ocean?referenceNumber=PORT-OTHER', {
        headers: { 'x-real-ip': '[2001:db8:0:1::7]:5678', 'cargo-trackers-request': '1' },
      });
      assert.equal(other.status, 200);
      assert.equal(upstream.requests.length, 4);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});
