import { isKnownTimeZone } from '../model/read.js';
import type { Moment } from '../model/shipment.js';

/** `480` → `+08:00`. */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Every zone is said by its offset from GMT (`shortOffset`), in every language: a name style
 * ("CST", "MEZ") exists for some zones in some languages only, so one timeline mixed "CST" with
 * "GMT+1", and an offset says the same to every reader.
 */
function formatter(locale: string, timeZone: string, withDate: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withDate}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      ...(withDate ? { year: 'numeric', month: 'short', day: 'numeric' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'shortOffset',
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * The offset zone Intl takes for a document's offset: `Etc/GMT-8` for +08:00 (the Etc names
 * count the other way, and exist for whole hours only), else `+05:45` where the engine takes
 * offset zones (not every engine does).
 */
function offsetZone(minutes: number): string | undefined {
  if (minutes % 60 === 0 && minutes >= -12 * 60 && minutes <= 14 * 60) {
    const hours = -minutes / 60;
    return hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '+' : '-'}${Math.abs(hours)}`;
  }
  const zone = offsetLabel(minutes);
  return isKnownTimeZone(zone) ? zone : undefined;
}

/**
 * "GMT+0" → "GMT", "UTC+0" → "UTC", "غرينتش+٠" → "غرينتش": zero offset is the bare word, as English's
 * "GMT". Zero in the digits the locale writes (Arabic-Indic where the engine's ICU uses them for ar).
 */
function withoutZeroOffset(zoneName: string): string {
  return zoneName.replace(/[+\-\u2212][0\u0660\u06f0]{1,2}(?::?[0\u0660\u06f0]{2})?$/, '');
}

/** The locale's word for GMT and its minus sign, from Intl ("UTC" and "−" in French). */
function gmtWording(locale: string): { word: string; minus: string } {
  const name = formatter(locale, 'Etc/GMT+1', false)
    .formatToParts(0)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = name?.match(/^(.*?)([-\u2212])\p{Nd}$/u);
  return match ? { word: match[1]!, minus: match[2]! } : { word: 'GMT', minus: '-' };
}

/** "GMT+5:45" in the locale's words and digits, for an offset no engine zone carries. */
function offsetName(minutes: number, locale: string): string {
  const { word, minus } = gmtWording(locale);
  if (minutes === 0) return word;
  const abs = Math.abs(minutes);
  const m = abs % 60;
  const hours = new Intl.NumberFormat(locale, { useGrouping: false }).format(Math.floor(abs / 60));
  const mins = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(m);
  return `${word}${minutes < 0 ? minus : '+'}${hours}${m ? `:${mins}` : ''}`;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** "4 Dec 2026": the day alone, read in UTC from a time already shifted to the written offset. */
function dayFormatter(locale: string): Intl.DateTimeFormat {
  let f = dayFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    dayFormatters.set(locale, f);
  }
  return f;
}

/**
 * "GMT-6" with the minus sign (U+2212), as French already writes it: browsers break a line after a
 * hyphen-minus, so a phone showed "GMT-" at the end of one line and "6" on the next.
 */
function unbreakable(zoneName: string): string {
  return zoneName.replace(/-/g, '\u2212');
}

function withZoneName(parts: Intl.DateTimeFormatPart[], name: (given: string) => string): string {
  return parts
    .map((p) => (p.type === 'timeZoneName' ? unbreakable(name(p.value)) : p.value))
    .join('')
    .trim();
}

/**
 * A time as people at the place read it: in the place's IANA zone when the document
 * names one, else at the offset the document wrote. The zone is always said, as its offset
 * ("4 Dec 2026, 08:00 GMT+1", "…, 08:00 GMT+8", "…, 08:00 GMT"), so a reader elsewhere is not misled.
 * An expected day without an hour (`dateOnly`) is the day the document wrote, with no hour and
 * no zone ("4 Dec 2026", not "4 Dec 2026, 12:00 AM GMT-8"); without the date, it says nothing.
 */
export function formatMoment(moment: Moment, locale: string, options: { withDate?: boolean } = {}): string {
  const withDate = options.withDate ?? true;
  if (moment.dateOnly) return withDate ? dayFormatter(locale).format(new Date(moment.epochMs + moment.offsetMinutes * 60_000)) : '';
  const date = new Date(moment.epochMs);
  const zone = moment.timeZone && isKnownTimeZone(moment.timeZone) ? moment.timeZone : offsetZone(moment.offsetMinutes);
  if (zone) return withZoneName(formatter(locale, zone, withDate).formatToParts(date), withoutZeroOffset);
  // Engines without offset zones: shift to the offset and say which one it is, where the locale says a zone.
  const shifted = new Date(moment.epochMs + moment.offsetMinutes * 60_000);
  return withZoneName(formatter(locale, 'UTC', withDate).formatToParts(shifted), () => offsetName(moment.offsetMinutes, locale));
}

/** The machine-readable value for `<time datetime>`. */
export function isoOf(moment: Moment): string {
  return new Date(moment.epochMs).toISOString();
}
