import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatMoment, offsetLabel } from '../../../../packages/core/src/format/dates.js';
import { readMoment } from '../../../../packages/core/src/model/read.js';

describe('formatMoment', () => {
  it('shows a time in the place’s own zone and names the zone', () => {
    const m = readMoment('2026-12-04T08:00:00+01:00', 'Europe/Amsterdam')!;
    const text = formatMoment(m, 'en');
    assert.match(text, /Dec 4, 2026/);
    assert.match(text, /08:00/);
    assert.match(text, /GMT\+1$/);
  });
  it('falls back to the offset the document wrote when the place has no zone', () => {
    const m = readMoment('2026-11-01T03:20:00+08:00')!;
    const text = formatMoment(m, 'en');
    assert.match(text, /03:20/);
    assert.match(text, /GMT\+8$/);
  });
  it('formats in the locale', () => {
    const m = readMoment('2026-12-04T08:00:00+01:00', 'Europe/Amsterdam')!;
    assert.match(formatMoment(m, 'de'), /4\. Dez\. 2026/);
  });
});

/**
 * The zone of a time, in each shipped language: always its offset from GMT, in the language's own
 * word for GMT (French says UTC, Arabic غرينتش); a zero offset is the bare word, as English writes
 * "GMT"; never a name some zones have and others lack ("CST" beside "GMT+1", German "MEZ").
 */
const zoneWords: Record<string, { gmt: string; minus: string }> = {
  en: { gmt: 'GMT', minus: '-' },
  de: { gmt: 'GMT', minus: '-' },
  es: { gmt: 'GMT', minus: '-' },
  fr: { gmt: 'UTC', minus: '\u2212' },
  'pt-BR': { gmt: 'GMT', minus: '-' },
  ja: { gmt: 'GMT', minus: '-' },
  'zh-CN': { gmt: 'GMT', minus: '-' },
  ar: { gmt: 'غرينتش', minus: '-' },
};

/** The zone part of a formatted time: what follows the digits of the time, or (Chinese) precedes them. */
function zoneOf(text: string): string {
  const match = text.match(/(\S+)\s+\p{Nd}\p{Nd}:\p{Nd}\p{Nd}$/u) ?? text.match(/\p{Nd}\p{Nd}:\p{Nd}\p{Nd}(?:\s+\S+)?\s+(\S+)$/u);
  assert.ok(match, text);
  return match[1]!;
}

describe('formatMoment, in every shipped language', () => {
  for (const [locale, { gmt, minus }] of Object.entries(zoneWords)) {
    describe(locale, () => {
      it('says a zone at GMT as the bare word, not "+0", whether named, UTC or only an offset', () => {
        for (const m of [
          readMoment('2026-12-04T08:00:00Z', 'Europe/London')!,
          readMoment('2026-12-04T08:00:00Z', 'UTC')!,
          readMoment('2026-12-04T08:00:00+00:00')!,
        ]) {
          assert.equal(zoneOf(formatMoment(m, locale)), gmt, `${locale} ${m.timeZone ?? m.iso}`);
        }
      });
      it('says every other zone as its offset, named zones and bare offsets alike', () => {
        const cases: Array<[string, string | undefined, string]> = [
          ['2026-12-04T08:00:00+01:00', 'Europe/Amsterdam', `${gmt}+1`],
          ['2026-12-04T08:00:00-06:00', 'America/Chicago', `${gmt}${minus}6`],
          ['2026-07-04T08:00:00-05:00', 'America/Chicago', `${gmt}${minus}5`],
          ['2026-12-04T08:00:00+05:30', 'Asia/Kolkata', `${gmt}+5:30`],
          ['2026-12-04T08:00:00+08:00', undefined, `${gmt}+8`],
          ['2026-12-04T08:00:00-03:30', undefined, `${gmt}${minus}3:30`],
          ['2026-12-04T08:00:00+05:45', undefined, `${gmt}+5:45`],
        ];
        for (const [iso, zone, expected] of cases) {
          assert.equal(zoneOf(formatMoment(readMoment(iso, zone)!, locale)), expected, `${locale} ${iso} ${zone}`);
        }
      });
      it('shows the time at the offset the document wrote when the place has no zone', () => {
        assert.match(formatMoment(readMoment('2026-12-04T08:00:00-03:30')!, locale), /08:00/);
      });
    });
  }
});

describe('formatMoment, in Arabic-Indic digits', () => {
  // Engines whose ICU writes Arabic in Arabic-Indic digits (WebKitGTK's) write GMT as "غرينتش+٠".
  it('says GMT as the bare word there too, and other offsets in those digits', () => {
    assert.equal(zoneOf(formatMoment(readMoment('2026-12-04T08:00:00Z', 'Europe/London')!, 'ar-u-nu-arab')), 'غرينتش');
    assert.equal(zoneOf(formatMoment(readMoment('2026-12-04T08:00:00+05:45')!, 'ar-u-nu-arab')), 'غرينتش+٥:٤٥');
    assert.equal(zoneOf(formatMoment(readMoment('2026-12-04T08:00:00+01:00', 'Europe/Amsterdam')!, 'ar-u-nu-arab')), 'غرينتش+١');
  });
});

describe('offsetLabel', () => {
  it('writes minutes as ±hh:mm', () => {
    assert.equal(offsetLabel(480), '+08:00');
    assert.equal(offsetLabel(-570), '-09:30');
    assert.equal(offsetLabel(0), '+00:00');
  });
});
