import type { ProxyStore } from './store.js';
import type { Admission } from './upstream-budget.js';

const HOUR_MS = 3_600_000;

/**
 * Each number a client looks up for the first time in the hour uses one unit of its quota;
 * repeats are free. This is what stops one visitor (or script) from spending the account's
 * credits on a list of numbers, while a visitor re-checking a shipment is never refused.
 */
export async function admitNumber(
  store: ProxyStore,
  client: string,
  numberId: string,
  perHour: number,
  now: number,
): Promise<Admission> {
  if (!Number.isFinite(perHour)) return { ok: true };
  const hour = Math.floor(now / HOUR_MS);
  const untilNextHour = (hour + 1) * HOUR_MS - now;
  const seenKey = `seen:${hour}:${client}:${numberId}`;
  if ((await store.get(seenKey)) !== undefined) return { ok: true };
  const countKey = `quota:${hour}:${client}`;
  const count = await store.increment(countKey, 1, untilNextHour);
  if (count > perHour) {
    await store.increment(countKey, -1, untilNextHour);
    return { ok: false, retryAfterMs: untilNextHour };
  }
  await store.set(seenKey, '1', untilNextHour);
  return { ok: true };
}
