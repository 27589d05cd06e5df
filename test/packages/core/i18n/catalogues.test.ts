import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { en, type MessageKey } from '../../../../packages/core/src/i18n/en.js';
import { ar } from '../../../../packages/core/src/i18n/ar.js';
import { de } from '../../../../packages/core/src/i18n/de.js';
import { es } from '../../../../packages/core/src/i18n/es.js';
import { fr } from '../../../../packages/core/src/i18n/fr.js';
import { ja } from '../../../../packages/core/src/i18n/ja.js';
import { ptBR } from '../../../../packages/core/src/i18n/pt-BR.js';
import { zhCN } from '../../../../packages/core/src/i18n/zh-CN.js';
import { loadCatalogue, shippedLocales } from '../../../../packages/core/src/i18n/catalogues.js';
import { Localizer, textDirection } from '../../../../packages/core/src/i18n/localizer.js';

const catalogues: Record<string, Readonly<Record<string, string>>> = { es, de, fr, 'pt-BR': ptBR, 'zh-CN': zhCN, ja, ar };
const englishKeys = Object.keys(en).sort();

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

/**
 * Texts that are rightly the same as the English: a loanword or cognate the language
 * uses as is, or a pattern with no words. Anything else equal to English is an
 * untranslated string.
 */
const sameAsEnglish: Record<string, readonly MessageKey[]> = {
  es: ['flight.route', 'shipment.labelled'],
  de: ['shipment.status', 'shipment.route', 'reference.container', 'flight.route', 'map.altitude', 'map.route', 'shipment.labelled'],
  fr: ['shipment.voyage', 'role.destination', 'flight.route', 'mode.barge', 'mode.rail'],
  'pt-BR': ['shipment.status', 'flight.route', 'shipment.labelled'],
  'zh-CN': ['flight.route'],
  ja: ['flight.route'],
  ar: ['shipment.labelled'],
};

describe('message catalogues', () => {
  it('ship a catalogue for every advertised locale but English', () => {
    assert.deepEqual(Object.keys(catalogues).sort(), shippedLocales.filter((l) => l !== 'en').sort());
  });

  for (const [locale, catalogue] of Object.entries(catalogues)) {
    describe(locale, () => {
      it('has every key of the English catalogue and no other', () => {
        assert.deepEqual(Object.keys(catalogue).sort(), englishKeys);
      });

      it('uses the same placeholders as English in every message', () => {
        for (const key of englishKeys) {
          assert.deepEqual(placeholders(catalogue[key] ?? ''), placeholders(en[key as MessageKey]), `${locale} ${key}`);
        }
      });

      it('translates every message (only listed cognates may equal the English)', () => {
        const same = englishKeys.filter((k) => catalogue[k] === en[k as MessageKey]);
        assert.deepEqual(same, [...(sameAsEnglish[locale] ?? [])].sort());
        for (const key of englishKeys) assert.ok((catalogue[key] ?? '').trim().length > 0, `${locale} ${key} is empty`);
      });

      it('is loaded on demand and then used by a Localizer for the locale and its regional variants', async () => {
        assert.equal(await loadCatalogue(locale), true);
        const language = locale.split('-')[0]!;
        for (const tag of [locale, language, `${language}-XX`]) {
          assert.equal(new Localizer(tag).t('form.submit'), catalogue['form.submit'], tag);
        }
      });

      it('gives way to an integrator override for every key', async () => {
        await loadCatalogue(locale);
        const overrides = Object.fromEntries(englishKeys.map((k) => [k, `override of ${k}`]));
        const l = new Localizer(locale, overrides);
        for (const key of englishKeys) {
          assert.equal(l.t(key as MessageKey, { number: 'N' }), `override of ${key}`);
          assert.equal(l.lookup(key), `override of ${key}`);
        }
      });
    });
  }

  it('fills placeholders and leaves unknown ones visible', async () => {
    await loadCatalogue('de');
    assert.equal(new Localizer('de').t('notice.notFound', { number: 'MSCU1234565' }), 'MSCU1234565 wurde nicht gefunden.');
    assert.equal(new Localizer('de').t('notice.notFound'), '{number} wurde nicht gefunden.');
  });

  it('answers false for a language without a catalogue, and English stays', async () => {
    assert.equal(await loadCatalogue('sv'), false);
    assert.equal(new Localizer('sv').t('form.submit'), 'Track');
  });
});

describe('textDirection', () => {
  it('is right-to-left for Arabic, Hebrew and Persian, and for an Arabic-script tag', () => {
    for (const tag of ['ar', 'ar-EG', 'he', 'fa-IR', 'az-Arab']) assert.equal(textDirection(tag), 'rtl', tag);
  });
  it('is left-to-right for the other shipped languages and a Latin-script Arabic tag', () => {
    for (const tag of ['en', 'es', 'de', 'fr', 'pt-BR', 'zh-CN', 'ja', 'ar-Latn']) assert.equal(textDirection(tag), 'ltr', tag);
  });
});
