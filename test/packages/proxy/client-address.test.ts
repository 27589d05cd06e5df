import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientKey, networkOf } from '../../../packages/proxy/src/client-address.js';

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
    assert.equal(networkOf('::1'), '0:0:0:0::/64');
  });
});
