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
    assert.match(text, /GMT\+1|CET/);
  });
  it('falls back to the offset the document wrote when the place has no zone', () => {
    const m = readMoment('2026-11-01T03:20:00+08:00')!;
    const text = formatMoment(m, 'en');
    assert.match(text, /03:20/);
    assert.match(text, /\+8|\+08/);
  });
  it('formats in the locale', () => {
    const m = readMoment('2026-12-04T08:00:00+01:00', 'Europe/Amsterdam')!;
    assert.match(formatMoment(m, 'de'), /4\. Dez\. 2026/);
  });
});

describe('offsetLabel', () => {
  it('writes minutes as ±hh:mm', () => {
    assert.equal(offsetLabel(480), '+08:00');
    assert.equal(offsetLabel(-570), '-09:30');
    assert.equal(offsetLabel(0), '+00:00');
  });
});
