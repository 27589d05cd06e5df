import type { Moment } from '../model/shipment.js';

/** `480` → `+08:00`. */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string, withDate: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withDate}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      ...(withDate ? { year: 'numeric', month: 'short', day: 'numeric' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    formatters.set(key, f);
  }
  return f;
}

const zoneValidity = new Map<string, boolean>();

/** Whether Intl takes this zone; asked once per zone (a timeline asks for the same few zones). */
function isValidZone(timeZone: string): boolean {
  let valid = zoneValidity.get(timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    zoneValidity.set(timeZone, valid);
  }
  return valid;
}

/**
 * A time as people at the place read it: in the place's IANA zone when the document
 * names one, else at the offset the document wrote. The zone is always said
 * ("4 Dec 2026, 08:00 CET", "…, 08:00 GMT+8"), so a reader elsewhere is not misled.
 */
export function formatMoment(moment: Moment, locale: string, options: { withDate?: boolean } = {}): string {
  const withDate = options.withDate ?? true;
  const date = new Date(moment.epochMs);
  if (moment.timeZone && isValidZone(moment.timeZone)) return formatter(locale, moment.timeZone, withDate).format(date);
  const offset = offsetLabel(moment.offsetMinutes);
  if (isValidZone(offset)) return formatter(locale, offset, withDate).format(date);
  // Engines without offset zones: shift to the offset and say which one it is.
  const shifted = new Date(moment.epochMs + moment.offsetMinutes * 60_000);
  const text = formatter(locale, 'UTC', withDate)
    .formatToParts(shifted)
    .filter((p) => p.type !== 'timeZoneName')
    .map((p) => p.value)
    .join('')
    .trim();
  return `${text} UTC${offset}`;
}

/** The machine-readable value for `<time datetime>`. */
export function isoOf(moment: Moment): string {
  return new Date(moment.epochMs).toISOString();
}
