import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatCountdown, formatDuration, formatRelative } from '../../../../packages/core/src/format/relative.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatDuration', () => {
  it('says days and hours for a delay of days', () => assert.equal(formatDuration(2 * DAY + 18 * HOUR, 'en'), '2 days 18 hours'));
  it('carries rounded minutes into the hour', () => assert.equal(formatDuration(HOUR + 59 * MIN + 40_000, 'en'), '2 hours'));
  it('says minutes under a day', () => assert.equal(formatDuration(3 * HOUR + 5 * MIN, 'en'), '3 hours 5 minutes'));
  it('drops minutes once there are days', () => assert.equal(formatDuration(DAY + 5 * MIN, 'en'), '1 day'));
  it('reads a negative duration as its size', () => assert.equal(formatDuration(-90 * MIN, 'en'), '1 hour 30 minutes'));
  it('speaks the locale', () => assert.equal(formatDuration(2 * DAY, 'de'), '2 Tage'));
  it('spaces numbers and units as each shipped language does: none at all in Japanese and Chinese', () => {
    const expected: Record<string, string> = {
      en: '2 days 18 hours',
      de: '2 Tage, 18 Stunden',
      es: '2 días 18 horas',
      fr: '2\u00a0jours 18\u00a0heures',
      'pt-BR': '2 dias 18 horas',
      ja: '2日18時間',
      'zh-CN': '2天18小时',
      ar: 'يومان و18 ساعة',
    };
    for (const [locale, text] of Object.entries(expected)) assert.equal(formatDuration(2 * DAY + 18 * HOUR, locale), text, locale);
    assert.equal(formatDuration(3 * HOUR + 5 * MIN, 'ja'), '3時間5分');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('uses the largest unit that fits', () => assert.equal(formatRelative(now + 3 * DAY, now, 'en'), 'in 3 days'));
  it('says how long ago', () => assert.equal(formatRelative(now - 12 * MIN, now, 'en'), '12 minutes ago'));
  it('says now for the present', () => assert.equal(formatRelative(now, now, 'en'), 'now'));
  it('rounds to whole seconds before it picks the unit', () => assert.equal(formatRelative(now + 59_700, now, 'en'), 'in 1 minute'));
  it('goes no higher than the largest unit asked for', () =>
    assert.equal(formatRelative(now - 3 * 7 * DAY, now, 'en', 'day'), '21 days ago'));
});

describe('formatCountdown', () => {
  it('shows minutes and seconds', () => assert.equal(formatCountdown(65_000, 'en'), '1:05'));
  it('rounds a part second up, so 0:00 shows only when the time is up', () => assert.equal(formatCountdown(100, 'en'), '0:01'));
  it('never counts below zero', () => assert.equal(formatCountdown(-5_000, 'en'), '0:00'));
  it('shows hours when the wait is that long', () => assert.equal(formatCountdown(HOUR + 2 * MIN + 5_000, 'en'), '1:02:05'));
  it('writes the digits as the locale does', () => {
    const digits = (n: number) => new Intl.NumberFormat('ar-EG', { minimumIntegerDigits: 2 }).format(n);
    assert.equal(formatCountdown(65_000, 'ar-EG'), `${new Intl.NumberFormat('ar-EG').format(1)}:${digits(5)}`);
    assert.notEqual(formatCountdown(65_000, 'ar-EG'), '1:05');
  });
});
