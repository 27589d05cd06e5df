import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { colourPairs, colourTokens, type ColourId } from '../../../../../packages/core/src/first/styles/tokens.js';
import { inSentence } from '../../../../../packages/core/src/contracts/render-context.js';
import { ratio, rgb } from '../../../../support/contrast.js';
// The configurator flags an owner's colours with the same function over the same pairs.
import { checkPairs } from '../../../../../demo/public/configure/contrast.js';

describe('colour tokens', () => {
  it('the contrast arithmetic matches known WCAG values', () => {
    assert.equal(ratio(rgb('#000000'), rgb('#ffffff')).toFixed(1), '21.0');
    assert.equal(ratio(rgb('#777777'), rgb('#ffffff')).toFixed(2), '4.48');
  });

  it('flags a pair that falls short, and the tinted badge background is mixed first', () => {
    const light = Object.fromEntries(colourTokens.map((t) => [t.id, t.light]));
    const failing = checkPairs({ ...light, accent: '#8fb8e0' }, colourPairs).filter((r) => !r.passes);
    assert.ok(failing.some((r) => r.pair.text === 'accent' && r.pair.background === 'bg' && r.pair.minimum === 4.5));
    assert.ok(failing.some((r) => r.pair.text === 'accent-text' && r.pair.background === 'accent'));
    // 14% of black over white is #dbdbdb, on which #767676 text is below 4.5:1 though it passes on white.
    const badge = checkPairs({ text: '#767676', bg: '#ffffff', accent: '#000000' }, [
      { text: 'text', background: 'bg', mix: { of: 'accent', percent: 14 }, minimum: 4.5, where: 'badge' },
      { text: 'text', background: 'bg', minimum: 4.5, where: 'body' },
    ]);
    assert.deepEqual(
      badge.map((r) => r.passes),
      [false, true],
    );
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(`${theme} theme`, () => {
      const colours: Record<ColourId, string> = Object.fromEntries(colourTokens.map((t) => [t.id, t[theme]])) as Record<ColourId, string>;
      const results = checkPairs(colours, colourPairs);
      it('checks every pair', () => assert.equal(results.length, colourPairs.length));
      for (const { pair, ratio: r, passes } of results) {
        it(`${pair.text} on ${pair.mix ? `${pair.mix.of} ${pair.mix.percent}% over ` : ''}${pair.background} (${pair.where}) reaches ${pair.minimum}:1`, () => {
          assert.ok(passes, `${r.toFixed(2)}:1`);
        });
      }
    });
  }

  // The text colour is the page's: each pair with it holds for text colours pages use, on the
  // element's own surfaces, badges and background in the theme such a page would pick.
  const pageText = { light: ['#1a1f29', '#333333', '#222222', '#000000'], dark: ['#eeeeee', '#e8ebf0', '#dddddd', '#ffffff'] } as const;
  it('the text colour is the inherited one, and only it', () => {
    assert.deepEqual(
      colourTokens.filter((t) => 'inherited' in t).map((t) => t.id),
      ['text'],
    );
  });
  for (const theme of ['light', 'dark'] as const) {
    for (const text of pageText[theme]) {
      it(`a ${theme} page's text ${text} reaches every pair it is in, ${theme} theme`, () => {
        const colours = { ...Object.fromEntries(colourTokens.map((t) => [t.id, t[theme]])), text };
        const pairs = colourPairs.filter((p) => p.text === 'text');
        assert.ok(pairs.length >= 4, 'body text, surfaces and badges');
        for (const { pair, ratio: r, passes } of checkPairs(colours, pairs))
          assert.ok(
            passes,
            `on ${pair.mix ? `${pair.mix.of} ${pair.mix.percent}% over ` : ''}${pair.background} (${pair.where}): ${r.toFixed(2)}:1`,
          );
      });
    }
  }

  it('checks the status badge and the banner in each exception tone: text, muted text and edge', () => {
    // The status badge takes the warning or danger tint of an exception (issue 36); the banner's
    // muted "Affected" line and its edge sit on the lighter tint.
    const has = (text: ColourId, of: ColourId, percent: number, minimum: number) =>
      colourPairs.some(
        (p) => p.text === text && p.background === 'bg' && p.mix?.of === of && p.mix.percent === percent && p.minimum === minimum,
      );
    for (const tone of ['warn', 'danger'] as const) {
      assert.ok(has('text', tone, 14, 4.5), `text on the ${tone} badge`);
      assert.ok(has(tone, tone, 14, 3), `${tone} badge edge`);
      assert.ok(has('text', tone, 10, 4.5), `text on the ${tone} banner`);
      assert.ok(has('muted', tone, 10, 4.5), `muted text on the ${tone} banner`);
      assert.ok(has(tone, tone, 10, 3), `${tone} banner edge`);
    }
  });

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
