// The key-echo guard's shortcut (the decoded walk skipped when the text has no \u escape) finds
// exactly what the full walk finds: every escape form of the key is caught, and a text whose
// escapes cannot spell the key passes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkUpstreamBody } from '../../../packages/proxy/src/primitives/json-guard.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const KEY = 'trk_live_0123456789abcdef';
const SLASH_KEY = 'trk_a/b_0123456789';
const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

describe('checkUpstreamBody', () => {
  it('catches the key raw, \\u-escaped anywhere in it, and as a member name', () => {
    assert.equal(checkUpstreamBody(bytes(`{"a":"x ${KEY} y"}`), KEY), 'key_echo');
    for (let i = 0; i < KEY.length; i++) {
      const escaped = `${KEY.slice(0, i)}${u(KEY[i] as string)}${KEY.slice(i + 1)}`;
      assert.equal(checkUpstreamBody(bytes(`{"a":["${escaped}"]}`), KEY), 'key_echo', escaped);
      assert.equal(checkUpstreamBody(bytes(`{"${escaped}":1}`), KEY), 'key_echo', escaped);
    }
  });

  it('passes a text whose short escapes cannot spell the key, and one where \\u is an escaped backslash', () => {
    assert.equal(checkUpstreamBody(bytes(`{"a":"line\\nbreak \\"quoted\\" \\/ \\\\"}`), KEY), 'ok');
    // Decodes to the text \u0074rk_…, which is not the key.
    assert.equal(checkUpstreamBody(bytes(`{"a":"\\\\u0074${KEY.slice(1)}"}`), KEY), 'ok');
    assert.equal(checkUpstreamBody(bytes(`{"a":"${KEY.slice(0, 5)}\\n${KEY.slice(5)}"}`), KEY), 'ok');
  });

  it('catches a key holding a character with a short escape when that escape spells it', () => {
    // trk_a\/b_… decodes to trk_a/b_…: no \u in the text, so only the walk finds it.
    assert.equal(checkUpstreamBody(bytes(`{"a":"${SLASH_KEY.replace('/', '\\/')}"}`), SLASH_KEY), 'key_echo');
    assert.equal(checkUpstreamBody(bytes(`{"a":"${SLASH_KEY}"}`), SLASH_KEY), 'key_echo');
    assert.equal(checkUpstreamBody(bytes(`{"a":"trk_a\\/c"}`), SLASH_KEY), 'ok');
  });

  it('refuses what is not UTF-8 JSON', () => {
    assert.equal(checkUpstreamBody(bytes('<html></html>'), KEY), 'not_json');
    assert.equal(checkUpstreamBody(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]), KEY), 'not_json');
  });
});
