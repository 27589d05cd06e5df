import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { colourPairs, colourTokens, type ColourId } from '../../../../packages/core/src/first/tokens.js';
import { inSentence } from '../../../../packages/core/src/view/render-context.js';
import { ratio, rgb, type Rgb } from '../../../support/contrast.js';

/** `color-mix(in srgb, a p%, b)`. */
function mix(a: Rgb, b: Rgb, percent: number): Rgb {
  const p = percent / 100;
  return [0, 1, 2].map((i) => Math.round(a[i]! * p + b[i]! * (1 - p))) as unknown as Rgb;
}

describe('colour tokens', () => {
  it('the contrast arithmetic matches known WCAG values', () => {
    assert.equal(ratio(rgb('#000000'), rgb('#ffffff')).toFixed(1), '21.0');
    assert.equal(ratio(rgb('#777777'), rgb('#ffffff')).toFixed(2), '4.48');
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(`${theme} theme`, () => {
      const value = (id: ColourId): Rgb => rgb(colourTokens.find((t) => t.id === id)![theme]);
      for (const pair of colourPairs) {
        it(`${pair.text} on ${pair.mix ? `${pair.mix.of} ${pair.mix.percent}% over ` : ''}${pair.background} (${pair.where}) reaches ${pair.minimum}:1`, () => {
          const background = pair.mix ? mix(value(pair.mix.of), value(pair.background), pair.mix.percent) : value(pair.background);
          const r = ratio(value(pair.text), background);
          assert.ok(r >= pair.minimum, `${r.toFixed(2)}:1`);
        });
      }
    });
  }

  it('every token the pairs name exists, and every text colour is checked', () => {
    const ids = new Set<string>(colourTokens.map((t) => t.id));
    for (const p of colourPairs) for (const id of [p.text, p.background, p.mix?.of]) if (id) assert.ok(ids.has(id), id);
    const checked = new Set(colourPairs.map((p) => p.text));
    // The border is decorative; accent-text only appears on the accent.
    for (const t of colourTokens) if (t.id !== 'border' && t.id !== 'bg' && t.id !== 'surface') assert.ok(checked.has(t.id), t.id);
  });
});

describe('inSentence', () => {
  it('lowers the first letter of a noun, but not of an acronym nor in German', () => {
    assert.equal(inSentence('Bill of lading', 'en'), 'bill of lading');
    assert.equal(inSentence('BL (conhecimento de embarque)', 'pt-BR'), 'BL (conhecimento de embarque)');
    assert.equal(inSentence('Konnossement', 'de-CH'), 'Konnossement');
    assert.equal(inSentence('提单', 'zh-CN'), '提单');
  });
});
