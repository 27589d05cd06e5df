const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/**
 * "in 3 days", "12 minutes ago", "now": the largest unit that fits, in the locale, up to `largest`
 * (the map says a position's age in days at most). Whole seconds first, so 59.7 s is "1 minute", not "60 seconds".
 */
export function formatRelative(
  targetMs: number,
  nowMs: number,
  locale: string | undefined,
  largest: Intl.RelativeTimeFormatUnit = 'year',
): string {
  const diff = Math.round((targetMs - nowMs) / 1000) * 1000;
  const units = UNITS.slice(UNITS.findIndex(([unit]) => unit === largest));
  const [unit, size] = units.find(([, size]) => Math.abs(diff) >= size) ?? ['second', 1000];
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(diff / size), unit);
}

/** "2 days, 18 hours" — at most two units, for delays. */
export function formatDuration(ms: number, locale: string): string {
  // Round once, to whole minutes, then split: 1 h 59 min 40 s reads "2 hours", not "1 hour, 60 minutes".
  const totalMinutes = Math.round(Math.abs(ms) / 60_000);
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  const list = new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' });
  // A language that joins units without a space (Japanese, Chinese: "2日18時間") writes none
  // between a number and its unit either; CLDR's Japanese unit pattern has one ("2 日"), which
  // read "2 日18 時間", spaced unevenly.
  const tight = list.format(['a', 'b']) === 'ab';
  const unit = (value: number, u: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'long' })
      .formatToParts(value)
      .filter((p) => !(tight && p.type === 'literal' && p.value.trim() === ''))
      .map((p) => p.value)
      .join('');
  const parts: string[] = [];
  if (days > 0) parts.push(unit(days, 'day'));
  if (hours > 0) parts.push(unit(hours, 'hour'));
  if (days === 0 && minutes > 0) parts.push(unit(minutes, 'minute'));
  if (parts.length === 0) parts.push(unit(0, 'minute'));
  return list.format(parts.slice(0, 2));
}

/** "1:05" for a countdown; hours when needed ("1:02:05"); digits as the locale writes them. */
export function formatCountdown(ms: number, locale: string): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const one = new Intl.NumberFormat(locale, { useGrouping: false });
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  return h > 0 ? `${one.format(h)}:${two.format(m)}:${two.format(s)}` : `${one.format(m)}:${two.format(s)}`;
}
