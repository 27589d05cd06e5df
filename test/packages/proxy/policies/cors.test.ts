import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cors } from '../../../../packages/proxy/src/policies/cors.js';
import { contextFor, recordingNext } from './context.js';

const listed = new Set(['https://cms.example']);

describe('CORS', () => {
  it('answers a listed origin’s preflight with the marker among the allowed headers, for two hours', async () => {
    const answer = await cors(listed)(contextFor({ origin: 'https://cms.example' }, { method: 'OPTIONS' }), recordingNext().next);
    assert.equal(answer.status, 204);
    assert.equal(answer.headers['access-control-allow-origin'], 'https://cms.example');
    assert.equal(answer.headers['access-control-allow-methods'], 'GET');
    assert.equal(answer.headers['access-control-allow-headers'], 'Accept, Accept-Language, Cargo-Trackers-Request');
    assert.equal(answer.headers['access-control-max-age'], '7200');
    assert.equal(answer.headers.vary, 'Origin');
  });

  it('gives an unlisted origin no CORS headers', async () => {
    const answer = await cors(listed)(contextFor({ origin: 'https://evil.example' }, { method: 'OPTIONS' }), recordingNext().next);
    assert.equal(answer.headers['access-control-allow-origin'], undefined);
  });

  it('refuses other methods with 405 and Allow, and hands a GET on with its CORS headers', async () => {
    const post = await cors(listed)(contextFor({}, { method: 'POST' }), recordingNext().next);
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, OPTIONS');
    const ctx = contextFor({ origin: 'https://cms.example' });
    const next = recordingNext();
    await cors(listed)(ctx, next.next);
    assert.equal(next.calls, 1);
    assert.equal(ctx.cors['access-control-allow-origin'], 'https://cms.example');
    assert.equal(ctx.cors['access-control-expose-headers'], 'Retry-After');
  });

  it('answers OPTIONS with 405 when CORS is off', async () => {
    assert.equal((await cors(new Set())(contextFor({}, { method: 'OPTIONS' }), recordingNext().next)).status, 405);
  });
});
