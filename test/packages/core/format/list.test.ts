import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatList } from '../../../../packages/core/src/format/list.js';

describe('formatList', () => {
  it('joins with each shipped language’s own separator', () => {
    const expected: Record<string, string> = {
      en: 'Port of loading, Transshipment',
      de: 'Port of loading und Transshipment',
      es: 'Port of loading y Transshipment',
      fr: 'Port of loading, Transshipment',
      'pt-BR': 'Port of loading, Transshipment',
      ja: 'Port of loading、Transshipment',
      'zh-CN': 'Port of loading、Transshipment',
      ar: 'Port of loading وTransshipment',
    };
    for (const [locale, text] of Object.entries(expected))
      assert.equal(formatList(['Port of loading', 'Transshipment'], locale), text, locale);
  });
  it('never runs Japanese words together, as the unit list style did', () => {
    assert.equal(formatList(['18.9ノット', '針路 96°'], 'ja'), '18.9ノット、針路 96°');
  });
});
