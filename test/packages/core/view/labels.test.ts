import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalogue, shippedLocales } from '../../../../packages/core/src/i18n/catalogues.js';
import { enShipment } from '../../../../packages/core/src/i18n/en-shipment.js';
import { Localizer, registerEnglish } from '../../../../packages/core/src/i18n/localizer.js';
import { placeLabel } from '../../../../packages/core/src/view/labels.js';
import type { Place } from '../../../../packages/core/src/model/shipment.js';

const rotterdam: Place = { code: 'NLRTM', name: 'Rotterdam', country: 'NL' };
const dubai: Place = { code: 'DXB', city: 'Dubai', country: 'AE' };

/** The separator between a place and its country, each language's own comma. */
const separators: Record<(typeof shippedLocales)[number], string> = {
  en: ', ',
  de: ', ',
  es: ', ',
  fr: ', ',
  'pt-BR': ', ',
  ja: '、',
  'zh-CN': '，',
  ar: '، ',
};

/** Without the isolates a right-to-left language puts around each value (they are tested in bidi). */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe('placeLabel', () => {
  before(async () => {
    registerEnglish(enShipment);
    await Promise.all(shippedLocales.map(loadCatalogue));
  });

  for (const locale of shippedLocales) {
    it(`joins a place and its country with the ${locale} comma`, () => {
      const l = new Localizer(locale);
      const country = new Intl.DisplayNames([locale], { type: 'region' }).of('NL')!;
      assert.equal(plain(placeLabel(rotterdam, 'ocean', l)), `Rotterdam${separators[locale]}${country}`);
      assert.ok(plain(placeLabel(dubai, 'air', l)).startsWith(`Dubai\u00a0(DXB)${separators[locale]}`), locale);
    });
  }

  it('writes no Latin comma in Arabic', () => {
    assert.doesNotMatch(placeLabel(rotterdam, 'ocean', new Localizer('ar')), /,/);
  });

  it('is the code alone for a place without a country', () => {
    assert.equal(placeLabel({ code: 'XXABC' }, 'ocean', new Localizer('ar')), 'XXABC');
  });
});

describe('a place label inside another message, right to left', () => {
  before(async () => {
    registerEnglish(enShipment);
    await loadCatalogue('ar');
  });

  it('is isolated right to left, so the city reads before its country', () => {
    const l = new Localizer('ar');
    const from = placeLabel(dubai, 'air', l);
    const route = l.t('flight.route', { from, to: placeLabel(rotterdam, 'ocean', l) });
    // A first-strong isolate would find no letter outside the label's own isolates and lay it out left to right.
    assert.ok(route.includes(`\u2067${from}\u2069`), JSON.stringify(route));
    assert.ok(!route.includes(`\u2068${from}\u2069`));
  });

  it('keeps the code with its city', () => {
    assert.match(placeLabel(dubai, 'air', new Localizer('en')), /^Dubai\u00a0\(DXB\), /);
  });

  it('leaves a lone value to its own direction, and a left-to-right page unmarked', () => {
    assert.equal(new Localizer('ar').t('flight.aircraft', { type: 'B77F' }), 'الطائرة: \u2068B77F\u2069');
    assert.equal(new Localizer('en').t('flight.route', { from: 'Dubai', to: 'Rotterdam' }), 'Dubai →\u00a0Rotterdam');
    // A right-to-left page isolates values in English words too, and its arrows point the way it reads.
    assert.equal(
      new Localizer('en', {}, 'rtl').t('flight.route', { from: 'Dubai', to: 'Rotterdam' }),
      '\u2068Dubai\u2069 ←\u00a0\u2068Rotterdam\u2069',
    );
  });
});
