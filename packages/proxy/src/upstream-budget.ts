import type { ProxyStore } from './store.js';

export interface BudgetLimit {
  /** Upstream shipment calls allowed per window. */
  readonly requests: number;
  readonly windowMs: number;
}

export type Admission = { readonly ok: true } | { readonly ok: false; readonly retryAfterMs: number };

const SLICES = 10;

/**
 * Takes one upstream call from a budget kept below the service's own limit (100 per 20 s per
 * key), so that a burst is refused here with a `Retry-After` instead of being spent into the
 * service's 429s. The window is counted in ten slices and always spans at least `windowMs`,
 * so the budget is never exceeded in any sliding window, unlike a fixed window that lets
 * twice the budget through around its boundary.
 */
export async function takeUpstreamCall(store: ProxyStore, limit: BudgetLimit, now: number): Promise<Admission> {
  const sliceMs = sliceOf(limit);
  const current = Math.floor(now / sliceMs);
  const slices = Math.ceil(limit.windowMs / sliceMs);
  const ttlMs = (slices + 2) * sliceMs;
  const counts = await store.counts(Array.from({ length: slices }, (_, i) => `budget:${current - slices + i}`));
  const mine = await store.increment(`budget:${current}`, 1, ttlMs);
  let total = counts.reduce((a, b) => a + b, 0) + mine;
  if (total <= limit.requests) return { ok: true };
  // Refused calls give their unit back, or a flood would keep the budget full for ever.
  await store.increment(`budget:${current}`, -1, ttlMs);
  total -= 1;
  // Slice s counts until slice s + slices + 1 begins; find when enough have dropped out.
  for (let i = 0; i < slices; i++) {
    total -= counts[i] ?? 0;
    if (total < limit.requests) return { ok: false, retryAfterMs: (current + i + 1) * sliceMs - now };
  }
  return { ok: false, retryAfterMs: (current + slices + 1) * sliceMs - now };
}

/** Gives back a call taken at `takenAt` that turned out not to be needed (it joined another's). */
export async function returnUpstreamCall(store: ProxyStore, limit: BudgetLimit, takenAt: number): Promise<void> {
  const sliceMs = sliceOf(limit);
  const slices = Math.ceil(limit.windowMs / sliceMs);
  await store.increment(`budget:${Math.floor(takenAt / sliceMs)}`, -1, (slices + 2) * sliceMs);
}

function sliceOf(limit: BudgetLimit): number {
  return Math.max(1, Math.ceil(limit.windowMs / SLICES));
}
