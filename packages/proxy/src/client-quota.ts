import type { ProxyStore } from './store.js';
import type { Admission } from './upstream-budget.js';

const HOUR_MS = 3_600_000;

/**
 * Each distinct lookup a client makes for the first time in the hour uses one unit of its
 * quota; repeats are free. This is what stops one visitor (or script) from spending the
 * account's credits on a list of numbers, while a visitor re-checking a shipment is never
 * refused. `lookupId` names the whole upstream request (number, carrier, route flag), so a
 * visitor cannot get a second upstream call for one number by varying the others.
 *
 * Counters and marks live in the store's counter space, which cached answers cannot evict.
 */
export async function admitNumber(store: ProxyStore, client: string, lookupId: string, perHour: number, now: number): Promise<Admission> {
  if (!Number.isFinite(perHour)) return { ok: true };
  const hour = Math.floor(now / HOUR_MS);
  const untilNextHour = (hour + 1) * HOUR_MS - now;
  const seenKey = `seen:${hour}:${client}:${lookupId}`;
  const [seen = 0] = await store.counts([seenKey]);
  if (seen > 0) return { ok: true };
  const countKey = `quota:${hour}:${client}`;
  const count = await store.increment(countKey, 1, untilNextHour);
  if (count > perHour) {
    await store.increment(countKey, -1, untilNextHour);
    return { ok: false, retryAfterMs: untilNextHour };
  }
  // Marked only once charged, so a refused number is not free later. Two concurrent first
  // lookups of one number both charged a unit; the one that did not mark it gives its back.
  if (!(await store.addIfAbsent(seenKey, untilNextHour))) await store.increment(countKey, -1, untilNextHour);
  return { ok: true };
}
