import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { en, type Message, type MessageKey } from '../../../../packages/core/src/i18n/en.js';
import { ar } from '../../../../packages/core/src/i18n/ar.js';
import { de } from '../../../../packages/core/src/i18n/de.js';
import { es } from '../../../../packages/core/src/i18n/es.js';
import { fr } from '../../../../packages/core/src/i18n/fr.js';
import { ja } from '../../../../packages/core/src/i18n/ja.js';
import { ptBR } from '../../../../packages/core/src/i18n/pt-BR.js';
import { zhCN } from '../../../../packages/core/src/i18n/zh-CN.js';
import { loadCatalogue, shippedLocales } from '../../../../packages/core/src/i18n/catalogues.js';
import { Localizer, registerEnglish, textDirection } from '../../../../packages/core/src/i18n/localizer.js';
import { enShipment } from '../../../../packages/core/src/i18n/en-shipment.js';
import { enNotices } from '../../../../packages/core/src/i18n/en-notices.js';
import { isolate } from '../../../../packages/core/src/i18n/bidi.js';

const catalogues: Record<string, Readonly<Record<string, Message>>> = { es, de, fr, 'pt-BR': ptBR, 'zh-CN': zhCN, ja, ar };
const englishKeys = Object.keys(en).sort();

function placeholders(message: Message | undefined): string[] {
  const texts = message === undefined ? [] : typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}

/** The `other` form of a plural message (it must hold every placeholder), or the message itself. */
function main(message: Message | undefined): string {
  return message === undefined ? '' : typeof message === 'string' ? message : message.other;
}

/** Every TypeScript source of the packages but the catalogues themselves. */
function sources(dir = new URL('../../../../packages/', import.meta.url)): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'i18n') return [];
    const url = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
    if (entry.isDirectory()) return sources(url);
    return entry.name.endsWith('.ts') ? [readFileSync(url, 'utf8')] : [];
  });
}

/**
 * Texts that are rightly the same as the English: a loanword or cognate the language
 * uses as is, or a pattern with no words. Anything else equal to English is an
 * untranslated string.
 */
const sameAsEnglish: Record<string, readonly MessageKey[]> = {
  es: ['flight.route', 'shipment.labelled', 'exception.leg', 'place.inCountry', 'map.position'],
  de: [
    'shipment.status',
    'shipment.route',
    'reference.container',
    'flight.route',
    'map.altitude',
    'map.route',
    'shipment.labelled',
    'exception.leg',
    'place.inCountry',
    'map.position',
  ],
  fr: ['shipment.voyage', 'role.destination', 'flight.route', 'place.inCountry', 'map.position', 'event.ocean.INSP.expected'],
  'pt-BR': ['shipment.status', 'flight.route', 'shipment.labelled', 'exception.leg', 'place.inCountry', 'map.position'],
  'zh-CN': ['flight.route'],
  ja: ['flight.route'],
  ar: ['shipment.labelled', 'exception.leg', 'map.position'],
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

      it('uses the same placeholders as English in every message (a plural form other than `other` may leave the number out)', () => {
        for (const key of englishKeys) {
          const english = placeholders(en[key as MessageKey]);
          assert.deepEqual(placeholders(main(catalogue[key])), english, `${locale} ${key}`);
          for (const name of placeholders(catalogue[key])) assert.ok(english.includes(name), `${locale} ${key} has {${name}}`);
        }
      });

      it('has a plural message wherever English has one, with exactly the forms the language’s plural rules use', () => {
        const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
        for (const key of englishKeys) {
          const message = catalogue[key];
          if (typeof en[key as MessageKey] === 'string') {
            assert.equal(typeof message, 'string', `${locale} ${key}`);
            continue;
          }
          assert.equal(typeof message, 'object', `${locale} ${key} is a plural message`);
          assert.deepEqual(Object.keys(message as object).sort(), categories, `${locale} ${key}`);
        }
      });

      it('translates every message (only listed cognates may equal the English)', () => {
        const same = englishKeys.filter((k) => JSON.stringify(catalogue[k]) === JSON.stringify(en[k as MessageKey]));
        assert.deepEqual(same, [...(sameAsEnglish[locale] ?? [])].sort());
        for (const key of englishKeys) {
          const message = catalogue[key];
          const texts = message === undefined ? [''] : typeof message === 'string' ? [message] : Object.values(message);
          for (const text of texts) assert.ok((text ?? '').trim().length > 0, `${locale} ${key} is empty`);
        }
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

  it('writes Japanese counted values against their counter, as formatDuration writes "2日18時間" (no "2 日18 時間 遅れ")', () => {
    // A quantity's placeholder and the kana or kanji word that counts it are never spaced apart.
    const quantities =
      /\{(count|duration|countdown|attempt|max|feet)\} (?=[\u3040-\u30ff\u4e00-\u9fff])|(?<=[\u3040-\u30ff\u4e00-\u9fff]) \{(duration|countdown)\}/;
    for (const [key, message] of Object.entries(ja)) {
      const texts = typeof message === 'string' ? [message] : Object.values(message);
      for (const text of texts) assert.doesNotMatch(text, quantities, key);
    }
  });

  it('has, for every event, its words while still to come (each catalogue then has them, as it has every English key)', () => {
    const events = englishKeys.filter((key) => /^event\.(ocean|air)\./.test(key));
    const done = events.filter((key) => !key.endsWith('.expected'));
    assert.deepEqual(
      events.filter((key) => key.endsWith('.expected')),
      done.map((key) => `${key}.expected`).sort(),
    );
    // Only a label with no tense reads the same both ways; a done one must not ("Vessel arrived").
    const same = done.filter((key) => en[`${key}.expected` as MessageKey] === en[key as MessageKey]);
    assert.deepEqual(same, ['event.ocean.GTIN', 'event.ocean.GTOT']);
  });

  it('has English plural messages with the forms English uses', () => {
    const categories = [...new Intl.PluralRules('en').resolvedOptions().pluralCategories].sort();
    for (const [key, message] of Object.entries(en)) {
      if (typeof message !== 'string') assert.deepEqual(Object.keys(message).sort(), categories, key);
    }
  });

  it('has no key that no code asks for', () => {
    const code = sources().join('\n');
    // Keys built at run time: `status.${product}.${code}`, `role.${role}` and the like.
    const families = [...code.matchAll(/`([a-z][\w.]*\.)\$\{/g)].map((m) => m[1]!);
    const unused = englishKeys.filter((key) => !code.includes(`'${key}'`) && !families.some((prefix) => key.startsWith(prefix)));
    assert.deepEqual(unused, []);
  });

  it('picks the plural form by count and writes every number the locale’s way', async () => {
    registerEnglish(enShipment);
    registerEnglish(enNotices);
    await Promise.all(['ar', 'de', 'fr'].map(loadCatalogue));
    const en1 = new Localizer('en');
    assert.equal(en1.t('milestone.pieces', { count: 1 }), '1 piece');
    assert.equal(en1.t('milestone.pieces', { count: 1240 }), '1,240 pieces');
    assert.equal(new Localizer('de').t('milestone.pieces', { count: 1240 }), '1.240 Packstücke');
    assert.equal(new Localizer('fr').t('milestone.pieces', { count: 1.5 }), '1,5 colis');
    const ar = new Localizer('ar');
    const arabic = (n: number) => ar.t('milestone.pieces', { count: n });
    assert.equal(arabic(1), 'طرد واحد');
    assert.equal(arabic(2), 'طردان');
    assert.equal(arabic(3), `${isolate(new Intl.NumberFormat('ar').format(3))} طرود`);
    assert.equal(arabic(11), `${isolate(new Intl.NumberFormat('ar').format(11))} طردًا`);
    assert.equal(new Localizer('en').t('notice.retrying', { attempt: 2, max: 3 }).includes('attempt 2 of 3'), true);
  });

  it('isolates every value of a right-to-left sentence, so that a number keeps its order', async () => {
    await loadCatalogue('ar');
    const said = new Localizer('ar').t('notice.notFound', { number: '176-22817340' });
    assert.ok(said.includes('\u2068176-22817340\u2069'), JSON.stringify(said));
    assert.equal(new Localizer('en').t('notice.notFound', { number: '176-22817340' }).includes('\u2068'), false);
  });

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
