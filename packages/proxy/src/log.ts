/** How the answer was produced. */
export type CacheOutcome = 'hit' | 'miss' | 'shared' | 'none';

/**
 * One line per request. It names the number only by a short hash, enough to follow one
 * shipment through the logs without writing the number down; the key and the visitor's
 * headers are never part of it.
 */
export interface ProxyLogEntry {
  readonly time: string;
  readonly level: 'info' | 'warn' | 'error';
  readonly method: string;
  /** The route name (`ocean`, `air`, `oceanCarriers`, `airCarriers`), or the outcome for others. */
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
  readonly cache: CacheOutcome;
  readonly upstreamStatus?: number;
  /** The proxy's error slug when it answered by itself. */
  readonly error?: string;
  /** 64-bit FNV-1a of the looked-up number, 16 hex digits. */
  readonly numberHash?: string;
}

export type ProxyLogger = (entry: ProxyLogEntry) => void;

/** JSON lines on standard output; `console.log` exists on every runtime the handler runs on. */
export const jsonLinesLogger: ProxyLogger = (entry) => {
  console.log(JSON.stringify(entry));
};

// NaN equals no second, so the first call formats whatever its time (-1 would match the second before 1970).
let isoSecond = Number.NaN;
let isoPrefix = '';

/**
 * `new Date(ms).toISOString()`, with the part up to the second made once per second: a busy
 * proxy logs thousands of lines a second, and formatting a date for each was a measurable part
 * of a cache hit.
 */
export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    const full = new Date(ms).toISOString();
    // Outside years 0-9999 the format has a sign and more digits; those are formatted whole.
    if (full.length !== 24) return full;
    isoSecond = second;
    isoPrefix = full.slice(0, 20);
  }
  const millis = ms - second * 1000;
  return `${isoPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}
