import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildArrivalEvent, escapeText, fold } from '../../../../packages/core/src/use/ics.js';
import type { Moment } from '../../../../packages/core/src/model/shipment.js';

const timed: Moment = { iso: '2026-12-03T14:30:00+08:00', epochMs: Date.parse('2026-12-03T14:30:00+08:00'), offsetMinutes: 480 };
const day: Moment = {
  iso: '2026-12-31T00:00:00-05:00',
  epochMs: Date.parse('2026-12-31T00:00:00-05:00'),
  offsetMinutes: -300,
  dateOnly: true,
};
const stamp = Date.parse('2026-11-29T10:00:00Z');

/** The lines of a file as a calendar reads them: split at CRLF, then unfolded (RFC 5545 3.1). */
function unfolded(text: string): string[] {
  return text.replaceAll('\r\n ', '').split('\r\n').slice(0, -1);
}

/** The value of the one property `name` (with its parameters), unfolded. */
function property(text: string, name: string): string | undefined {
  const line = unfolded(text).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(':') + 1);
}

/** RFC 5545 3.3.11, read back: what a calendar shows for a TEXT value. */
function unescapeText(value: string): string {
  return value.replaceAll(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

describe('the arrival as an iCalendar event', () => {
  it('is one VEVENT in a VCALENDAR, every line ending in CRLF and none longer than 75 octets', () => {
    const text = buildArrivalEvent({
      uid: 'ocean-MEDU9091004@shop.example',
      stamp,
      start: timed,
      summary: `Arrival of MEDU9091004 at ${'Rotterdam, Netherlands; terminal "Maasvlakte" · 港口 '.repeat(6)}`,
      url: 'https://shop.example/track?ocean=MEDU9091004',
    });
    assert.ok(text.endsWith('\r\n'));
    assert.equal(text.replaceAll('\r\n', '').includes('\n'), false, 'no bare LF');
    assert.equal(text.replaceAll('\r\n', '').includes('\r'), false, 'no bare CR');
    for (const line of text.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, `${Buffer.byteLength(line)} octets: ${line}`);
    const lines = unfolded(text);
    assert.deepEqual(lines.slice(0, 2), ['BEGIN:VCALENDAR', 'VERSION:2.0']);
    assert.ok(lines.includes('BEGIN:VEVENT') && lines.includes('END:VEVENT'));
    assert.equal(lines.at(-1), 'END:VCALENDAR');
    assert.ok(lines.some((l) => l.startsWith('PRODID:')));
  });

  it('is timed, in UTC, when the arrival has a time', () => {
    const text = buildArrivalEvent({ uid: 'u', stamp, start: timed, summary: 's' });
    assert.equal(property(text, 'DTSTART'), '20261203T063000Z');
    assert.equal(property(text, 'DTEND'), undefined, 'an instant: it ends where it starts');
    assert.equal(property(text, 'DTSTAMP'), '20261129T100000Z');
  });

  it("is all-day, on the place's own date, when the carrier gave only the day", () => {
    const text = buildArrivalEvent({ uid: 'u', stamp, start: day, summary: 's' });
    const lines = unfolded(text);
    assert.ok(lines.includes('DTSTART;VALUE=DATE:20261231'), lines.join('\n'));
    assert.ok(lines.includes('DTEND;VALUE=DATE:20270101'), 'ends the next day, across the year');
  });

  it('keeps its UID, and a later file carries a higher SEQUENCE, so that adding it again updates the event', () => {
    const first = buildArrivalEvent({ uid: 'ocean-MEDU9091004@shop.example', stamp, start: timed, summary: 's' });
    const later = buildArrivalEvent({ uid: 'ocean-MEDU9091004@shop.example', stamp: stamp + 3 * 3_600_000, start: day, summary: 's' });
    assert.equal(property(first, 'UID'), 'ocean-MEDU9091004@shop.example');
    assert.equal(property(later, 'UID'), property(first, 'UID'));
    const sequence = (text: string) => Number(property(text, 'SEQUENCE'));
    assert.ok(Number.isInteger(sequence(first)) && sequence(first) <= 2 ** 31 - 1);
    assert.ok(sequence(later) > sequence(first));
  });

  it("escapes a carrier's hostile strings so that they stay text in their own property", () => {
    const hostile = 'ACME, Inc.; Lines\\Shipping\r\nEND:VEVENT\nBEGIN:VEVENT\rX-EVIL:1\u0000\u0007\tend';
    const text = buildArrivalEvent({
      uid: 'air-176-22817340@shop.example',
      stamp,
      start: timed,
      summary: hostile,
      location: hostile,
      description: `Carrier: ${hostile}`,
      url: 'https://shop.example/\r\nX-EVIL:1',
    });
    const lines = unfolded(text);
    assert.equal(lines.filter((l) => l === 'BEGIN:VEVENT').length, 1);
    assert.equal(lines.filter((l) => l === 'END:VEVENT').length, 1);
    assert.equal(
      lines.some((l) => l.startsWith('X-EVIL')),
      false,
    );
    assert.equal(property(text, 'URL'), undefined, 'a URL that would break the line is left out');
    const shown = 'ACME, Inc.; Lines\\Shipping\nEND:VEVENT\nBEGIN:VEVENT\nX-EVIL:1\tend';
    assert.equal(unescapeText(property(text, 'SUMMARY')!), shown);
    assert.equal(unescapeText(property(text, 'LOCATION')!), shown);
    assert.equal(unescapeText(property(text, 'DESCRIPTION')!), `Carrier: ${shown}`);
    // Every comma, semicolon and backslash of the value is escaped: none ends or splits it.
    assert.match(property(text, 'SUMMARY')!, /^ACME\\, Inc\.\\; Lines\\\\Shipping\\nEND:VEVENT/);
  });

  it('escapes the text of a value as RFC 5545 3.3.11 says', () => {
    assert.equal(escapeText('a,b;c\\d\ne\r\nf'), 'a\\,b\\;c\\\\d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a character, each continuation starting with one space', () => {
    const line = `SUMMARY:${'港'.repeat(40)}${'a'.repeat(100)}`;
    const folded = fold(line);
    const parts = folded.split('\r\n');
    assert.ok(parts.length > 2);
    parts.forEach((part, i) => {
      assert.ok(Buffer.byteLength(part) <= 75, `part ${i}: ${Buffer.byteLength(part)} octets`);
      if (i > 0) assert.match(part, /^ [^ ]/);
      assert.equal(Buffer.from(part, 'utf8').toString('utf8'), part, 'whole characters');
    });
    assert.equal(folded.replaceAll('\r\n ', ''), line);
    // 8 octets of "SUMMARY:" and 22 three-octet characters make 74; the 23rd would make 77.
    assert.equal(parts[0], `SUMMARY:${'港'.repeat(22)}`);
    assert.equal(fold('X:short'), 'X:short');
  });
});
