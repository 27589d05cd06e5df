import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatMoment, offsetLabel } from '../../../../packages/core/src/format/dates.js';
import { readMoment } from '../../../../packages/core/src/model/read.js';
import { normalizeOcean } from '../../../../packages/ocean-tracker/src/lookup/ocean-normalizer.js';
import { normalizeAir } from '../../../../packages/air-tracker/src/lookup/air-normalizer.js';
import { loadFixture } from '../../../fixtures/load-fixture.js';

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

describe('an expected day without an hour', () => {
  it('is an estimated or planned time at local midnight, never an actual one', () => {
    assert.equal(readMoment('2026-12-02T00:00:00-08:00', 'America/Los_Angeles', 'estimated')?.dateOnly, true);
    assert.equal(readMoment('2026-12-02T00:00-08:00', undefined, 'planned')?.dateOnly, true);
    // Something that happened at midnight happened then.
    assert.equal(readMoment('2026-12-02T00:00:00-08:00', 'America/Los_Angeles', 'actual')?.dateOnly, undefined);
    // Without the kind nothing says it is expected; a minute past midnight is a time.
    assert.equal(readMoment('2026-12-02T00:00:00-08:00')?.dateOnly, undefined);
    assert.equal(readMoment('2026-12-02T00:01:00-08:00', undefined, 'estimated')?.dateOnly, undefined);
    assert.equal(readMoment('2026-12-02T00:00:00.001-08:00', undefined, 'estimated')?.dateOnly, undefined);
  });

  it('shows as the day the document wrote, in every language, with no hour and no zone', () => {
    const m = readMoment('2026-12-02T00:00:00-08:00', 'America/Los_Angeles', 'estimated')!;
    assert.equal(formatMoment(m, 'en'), 'Dec 2, 2026');
    assert.equal(formatMoment(m, 'de'), '2. Dez. 2026');
    // The written day, not the UTC one (08:00 UTC) nor one east of the date line (Dec 3 in Tokyo).
    const east = readMoment('2026-12-02T00:00:00+13:00', 'Pacific/Tongatapu', 'planned')!;
    assert.equal(formatMoment(east, 'en'), 'Dec 2, 2026');
    for (const locale of Object.keys(zoneWords)) {
      const text = formatMoment(m, locale);
      assert.doesNotMatch(text, /GMT|UTC|غرينتش|:/, `${locale}: ${text}`);
    }
    assert.equal(formatMoment(m, 'en', { withDate: false }), '');
  });

  it('is read so by both normalizers, for events, arrivals and flight times', () => {
    const ocean = normalizeOcean(loadFixture('ocean-date-only-estimate.json'));
    assert.ok(ocean.ok);
    const { eta, units } = ocean.shipment;
    assert.equal(eta?.time.dateOnly, true);
    assert.equal(formatMoment(eta!.time, 'en'), 'Dec 2, 2026');
    assert.deepEqual(
      units[0]!.milestones.map((m) => [m.code, m.time?.dateOnly === true]),
      [
        ['GTIN', false],
        ['LOAD', false],
        ['DEPA', false],
        ['ARRI', true],
        ['DISC', true],
        ['GTOT', false],
      ],
    );
    // The actual midnight keeps its hour and zone.
    assert.match(formatMoment(units[0]!.milestones[0]!.time!, 'en'), /^Nov 14, 2026, 12:00\sAM GMT\+8$/);

    const document = loadFixture('air-awb-transfer.json') as { flights: { departure: Record<string, string> }[] };
    document.flights[1]!.departure = { scheduled: '2026-11-21T00:00:00+04:00', estimated: '2026-11-21T00:00:00+04:00' };
    const air = normalizeAir(document);
    assert.ok(air.ok);
    assert.equal(air.shipment.flights[1]!.departure.scheduled?.dateOnly, true);
    assert.equal(air.shipment.flights[1]!.departure.estimated?.dateOnly, true);
  });
});

/**
 * The zone of a time, in each shipped language: always its offset from GMT, in the language's own
 * word for GMT (French says UTC, Arabic غرينتش); a zero offset is the bare word, as English writes
 * "GMT"; never a name some zones have and others lack ("CST" beside "GMT+1", German "MEZ").
 */
// The minus is the minus sign (U+2212) in every language: no line breaks after it, as one does after "-".
const zoneWords: Record<string, { gmt: string; minus: string }> = {
  en: { gmt: 'GMT', minus: '\u2212' },
  de: { gmt: 'GMT', minus: '\u2212' },
  es: { gmt: 'GMT', minus: '\u2212' },
  fr: { gmt: 'UTC', minus: '\u2212' },
  'pt-BR': { gmt: 'GMT', minus: '\u2212' },
  ja: { gmt: 'GMT', minus: '\u2212' },
  'zh-CN': { gmt: 'GMT', minus: '\u2212' },
  ar: { gmt: 'غرينتش', minus: '\u2212' },
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
