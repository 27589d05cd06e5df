/**
 * Reads an HTTP `Retry-After` header: delay-seconds (`120`) or an HTTP-date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`). Returns the wait in milliseconds from `nowMs`,
 * or undefined when the header is absent or says nothing usable.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header == null) return undefined;
  const text = header.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only a real date, not whatever Date.parse is lenient about (e.g. "12").
  if (!/[A-Za-z]{3},? /.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Keeps a wait within [minMs, maxMs]; `fallbackMs` when the header gave nothing. */
export function boundedWait(waitMs: number | undefined, fallbackMs: number, minMs: number, maxMs: number): number {
  const ms = waitMs ?? fallbackMs;
  return Math.min(maxMs, Math.max(minMs, ms));
}
