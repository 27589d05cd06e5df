import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allowedSite, siteCheck } from '../../../../packages/proxy/src/policies/site-check.js';
import { contextFor, recordingNext, statusOf } from './context.js';

const none = new Set<string>();
const listed = new Set(['https://cms.example']);

describe('site check', () => {
  it('refuses a request without a non-empty Cargo-Trackers-Request header, whatever else it carries', async () => {
    for (const headers of <Array<Record<string, string>>>[
      {},
      { 'cargo-trackers-request': '' },
      { 'cargo-trackers-request': ' ' },
      { 'sec-fetch-site': 'same-origin' },
    ]) {
      const ctx = contextFor(headers);
      const next = recordingNext();
      assert.equal(await statusOf(siteCheck(listed, none)(ctx, next.next)), 403, JSON.stringify(headers));
      assert.equal(ctx.trace.error, 'cross_site');
      assert.equal(next.calls, 0);
    }
  });

  it('lets a marked request of the proxy’s own page, a listed origin or a server through', async () => {
    for (const headers of <Array<Record<string, string>>>[
      { 'cargo-trackers-request': '1' },
      { 'cargo-trackers-request': '1', 'sec-fetch-site': 'same-origin' },
      { 'cargo-trackers-request': '1', origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' },
      { 'cargo-trackers-request': '1', origin: 'https://cms.example', 'sec-fetch-site': 'cross-site' },
    ]) {
      const next = recordingNext();
      assert.equal(await statusOf(siteCheck(listed, none)(contextFor(headers), next.next)), 200, JSON.stringify(headers));
      assert.equal(next.calls, 1);
    }
  });

  it('still refuses a marked request that a browser says another site made', async () => {
    for (const headers of <Array<Record<string, string>>>[
      { 'cargo-trackers-request': '1', 'sec-fetch-site': 'cross-site' },
      { 'cargo-trackers-request': '1', origin: 'https://evil.example' },
      { 'cargo-trackers-request': '1', origin: 'null' },
    ]) {
      assert.equal(await statusOf(siteCheck(listed, none)(contextFor(headers), recordingNext().next)), 403, JSON.stringify(headers));
    }
  });

  it('passes a preflight, which carries no request headers, on its Origin alone', async () => {
    const ok = contextFor({ origin: 'https://cms.example' }, { method: 'OPTIONS' });
    assert.equal(await statusOf(siteCheck(listed, none)(ok, recordingNext().next)), 200);
    const evil = contextFor({ origin: 'https://evil.example' }, { method: 'OPTIONS' });
    assert.equal(await statusOf(siteCheck(listed, none)(evil, recordingNext().next)), 403);
  });

  it('takes an Origin as the proxy’s own by its Host, or by publicOrigin when set', () => {
    assert.equal(allowedSite({ origin: 'https://shop.example', secFetchSite: null, host: 'shop.example' }, none, none), true);
    assert.equal(allowedSite({ origin: 'https://shop.example', secFetchSite: null, host: 'other.example' }, none, none), false);
    const pub = new Set(['https://shop.example']);
    assert.equal(allowedSite({ origin: 'https://shop.example', secFetchSite: null, host: 'internal:8080' }, none, pub), true);
  });
});
