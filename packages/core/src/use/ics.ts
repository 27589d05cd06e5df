/**
 * An iCalendar (RFC 5545) event for a shipment's expected arrival, built in the browser: the text
 * of one VEVENT in a VCALENDAR. Everything in it that a carrier wrote (the place, the carrier's
 * name) is hostile input, so every text value is escaped and no value can end a line or open a
 * property of its own.
 */
import type { Moment } from '../model/shipment.js';

export interface ArrivalEvent {
  /** Stable per tracked number, so that adding the event again replaces it: `<product>-<number>@<host>`. */
  readonly uid: string;
  /** When the file is made (DTSTAMP); also its SEQUENCE, so that a later file wins over an earlier one. */
  readonly stamp: number;
  /** The expected arrival: a day (`dateOnly`) becomes an all-day event, a time a timed one. */
  readonly start: Moment;
  readonly summary: string;
  readonly location?: string;
  readonly description?: string;
  /** The link back to the shipment. */
  readonly url?: string;
}

const CRLF = '\r\n';

/** The calendar file's text, lines ending in CRLF and folded at 75 octets. */
export function buildArrivalEvent(event: ArrivalEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//cargo-trackers//arrival//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    // Minutes since the epoch: it grows with every file made later, and stays a 32-bit integer for millennia.
    `SEQUENCE:${Math.max(0, Math.floor(event.stamp / 60_000))}`,
    ...startAndEnd(event.start),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url && isPlainUri(event.url) ? [`URL:${event.url}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}

/**
 * A day the carrier gave without an hour is the day at the place (the date the document wrote), an
 * all-day event ending the next day; a time is an instant, written in UTC so that no zone table is
 * needed, with no end (RFC 5545 3.6.1: it ends where it starts).
 */
function startAndEnd(start: Moment): string[] {
  if (start.dateOnly) {
    const day = start.iso.slice(0, 10);
    const next = new Date(`${day}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return [`DTSTART;VALUE=DATE:${day.replaceAll('-', '')}`, `DTEND;VALUE=DATE:${next.toISOString().slice(0, 10).replaceAll('-', '')}`];
  }
  return [`DTSTART:${utcDateTime(start.epochMs)}`];
}

/** `20261129T103000Z`. */
function utcDateTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d+/, '').replaceAll(/[-:]/g, '');
}

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break an
 * escaped `\n`, and the other control characters, which no content line may hold, dropped.
 */
export function escapeText(text: string): string {
  return (
    text
      .replaceAll(/\r\n?/g, '\n')
      .replaceAll(/[\\;,]/g, (c) => `\\${c}`)
      .replaceAll('\n', '\\n')
      // eslint-disable-next-line no-control-regex
      .replaceAll(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/** A URI value is not escaped, so it is written only when it cannot break the line or the property. */
function isPlainUri(uri: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^https?:\/\/[^\s\u0000-\u001f\u007f]*$/.test(uri);
}

const encoder = new TextEncoder();

/**
 * A content line folded (RFC 5545 3.1): no line longer than 75 octets of UTF-8, each continuation
 * starting with one space, and never inside a character's octets.
 */
export function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; every later one a space and 74.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}
