// Upstream calls counted in a sliding window in the store: the primitive under the upstream budget
// (policies/budget.ts, the policy that refuses past it) and each visitor's rate (policies/visitor-limits.ts).

import type { ProxyStore } from '../stores/store.js';

export interface BudgetLimit {
  /** Upstream shipment calls allowed per window. */
  readonly requests: number;
  readonly windowMs: number;
}

export type Admission = { readonly ok: true } | { readonly ok: false; readonly retryAfterMs: number };

const SLICES = 10;

/**
 * Takes one unit from a sliding window of counters under `prefix`: the upstream budget (kept
 * below the service's own limit, 100 per 20 s per key, so that a burst is refused here with a
 * `Retry-After` instead of being spent into the service's 429s) and each visitor's share of it.
 * The window is counted in ten slices and always spans at least `windowMs`, so the limit is
 * never exceeded in any sliding window, unlike a fixed window that lets twice the limit through
 * around its boundary.
 */
export async function takeUpstreamCall(store: ProxyStore, limit: BudgetLimit, now: number, prefix = 'budget:'): Promise<Admission> {
  const { current, slices, ttlMs } = windowOf(limit, now);
  const counts = await store.counts(Array.from({ length: slices }, (_, i) => `${prefix}${current - slices + i}`));
  const mine = await store.increment(`${prefix}${current}`, 1, ttlMs);
  const total = counts.reduce((a, b) => a + b, 0) + mine;
  if (total <= limit.requests) return { ok: true };
  // Refused calls give their unit back, or a flood would keep the window full for ever.
  await store.increment(`${prefix}${current}`, -1, ttlMs);
  return refusal(limit, now, counts, total - 1);
}

/**
 * Whether `takeUpstreamCall` would grant a unit now, read without writing: a request that is
 * refused later on (by the budget) then leaves no counter behind.
 */
export async function peekWindow(store: ProxyStore, limit: BudgetLimit, now: number, prefix: string): Promise<Admission> {
  const { current, slices } = windowOf(limit, now);
  const counts = await store.counts(Array.from({ length: slices + 1 }, (_, i) => `${prefix}${current - slices + i}`));
  const total = counts.reduce((a, b) => a + b, 0);
  if (total < limit.requests) return { ok: true };
  return refusal(limit, now, counts.slice(0, slices), total);
}

/** Gives back a unit taken at `takenAt` that turned out not to be needed (the request was refused after it). */
export async function returnUpstreamCall(store: ProxyStore, limit: BudgetLimit, takenAt: number, prefix = 'budget:'): Promise<void> {
  const { current, ttlMs } = windowOf(limit, takenAt);
  await store.increment(`${prefix}${current}`, -1, ttlMs);
}

function windowOf(limit: BudgetLimit, now: number): { current: number; slices: number; sliceMs: number; ttlMs: number } {
  const sliceMs = Math.max(1, Math.ceil(limit.windowMs / SLICES));
  const slices = Math.ceil(limit.windowMs / sliceMs);
  return { current: Math.floor(now / sliceMs), slices, sliceMs, ttlMs: (slices + 2) * sliceMs };
}

/** When enough units will have dropped out of the window: slice s counts until slice s + slices + 1 begins. */
function refusal(limit: BudgetLimit, now: number, older: readonly number[], total: number): Admission {
  const { current, slices, sliceMs } = windowOf(limit, now);
  let left = total;
  for (let i = 0; i < slices; i++) {
    left -= older[i] ?? 0;
    if (left < limit.requests) return { ok: false, retryAfterMs: (current + i + 1) * sliceMs - now };
  }
  return { ok: false, retryAfterMs: (current + slices + 1) * sliceMs - now };
}
