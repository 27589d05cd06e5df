/**
 * Times as the service writes them: ISO 8601 in the local time of the place where the event
 * happened, with that place's offset (contract: "The offset is the local time of the place").
 * The offset comes from the IANA zone at that instant, so documents stay right across DST.
 */

const HOUR_MS = 3_600_000;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offset of `timeZone` from UTC at `epochMs`, in minutes (`Asia/Shanghai` → 480). */
export function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const name = offsetFormatter(timeZone)
    .formatToParts(epochMs)
    .find((part) => part.type === 'timeZoneName')?.value;
  // "GMT" alone means UTC; otherwise "GMT+05:30" / "GMT-08:00".
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
  if (!match) throw new Error(`Cannot read the UTC offset of ${timeZone}`);
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `epochMs` written in `timeZone`'s local time with its offset, to the minute. */
export function isoInZone(epochMs: number, timeZone: string): string {
  const minuteMs = Math.floor(epochMs / 60_000) * 60_000;
  const offset = zoneOffsetMinutes(minuteMs, timeZone);
  const local = new Date(minuteMs + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:00` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** UTC `Z` form, as the contract writes `updatedAt` and AIS `reportedAt`. */
export function isoUtc(epochMs: number): string {
  return new Date(Math.floor(epochMs / 60_000) * 60_000).toISOString().replace('.000Z', 'Z');
}

/** `hours` from `nowMs`: documents are written relative to the request time so ETAs look live. */
export function hoursFrom(nowMs: number, hours: number): number {
  return nowMs + hours * HOUR_MS;
}
