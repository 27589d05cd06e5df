import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isoInZone, isoUtc, zoneOffsetMinutes } from '../../../demo/mock-service/zoned-time.js';

describe('isoInZone', () => {
  it('writes the local time and offset of the zone at that instant, across daylight saving', () => {
    assert.equal(isoInZone(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Amsterdam'), '2026-01-15T13:00:00+01:00');
    assert.equal(isoInZone(Date.parse('2026-07-15T12:00:00Z'), 'Europe/Amsterdam'), '2026-07-15T14:00:00+02:00');
    // Either side of the 2026 spring change (01:00 UTC on 29 March).
    assert.equal(isoInZone(Date.parse('2026-03-29T00:59:00Z'), 'Europe/Berlin'), '2026-03-29T01:59:00+01:00');
    assert.equal(isoInZone(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin'), '2026-03-29T03:00:00+02:00');
  });

  it('handles negative, half-hour and zero offsets and crosses the date line', () => {
    assert.equal(isoInZone(Date.parse('2026-11-20T03:00:00Z'), 'America/Los_Angeles'), '2026-11-19T19:00:00-08:00');
    assert.equal(isoInZone(Date.parse('2026-11-20T03:00:00Z'), 'Asia/Kolkata'), '2026-11-20T08:30:00+05:30');
    assert.equal(isoInZone(Date.parse('2026-11-20T03:00:00Z'), 'America/St_Johns'), '2026-11-19T23:30:00-03:30');
    assert.equal(isoInZone(Date.parse('2026-11-20T03:00:00Z'), 'UTC'), '2026-11-20T03:00:00+00:00');
  });

  it('names the same instant it was given, to the minute', () => {
    const at = Date.parse('2026-05-05T05:05:59.999Z');
    for (const zone of ['Asia/Shanghai', 'America/Sao_Paulo', 'Pacific/Auckland']) {
      assert.equal(Date.parse(isoInZone(at, zone)), Date.parse('2026-05-05T05:05:00Z'), zone);
    }
  });

  it('reads offsets in minutes', () => {
    assert.equal(zoneOffsetMinutes(Date.parse('2026-11-20T00:00:00Z'), 'Asia/Shanghai'), 480);
    assert.equal(zoneOffsetMinutes(Date.parse('2026-11-20T00:00:00Z'), 'America/New_York'), -300);
  });
});

describe('isoUtc', () => {
  it('writes Z form without milliseconds', () => {
    assert.equal(isoUtc(Date.parse('2026-11-20T10:02:31.500Z')), '2026-11-20T10:02:00Z');
  });
});
