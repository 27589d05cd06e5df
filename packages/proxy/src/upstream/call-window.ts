// Upstream calls counted in a sliding window in the store: the primitive under the upstream budget
// (policies/budget.ts, the policy that refuses past it) and each visitor's rate (policies/visitor-limits.ts).

import { incrementWithinInSteps, sumOf } from '../stores/store.js';
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
  const key = `${prefix}${current}`;
  const others = othersOf(prefix, current, slices);
  // One atomic step where the store has it: two calls on either side of a slice's edge, each
  // reading the other's slice before the other had written it, would both be let through.
  const { added, counts } = await (store.incrementWithin?.(key, 1, ttlMs, others, limit.requests) ??
    incrementWithinInSteps(store, key, 1, ttlMs, others, limit.requests));
  if (added) return { ok: true };
  return refusal(limit, now, counts, sumOf(counts));
}

/**
 * Whether `takeUpstreamCall` would grant a unit now, read without writing: a request that is
 * refused later on (by the budget) then leaves no counter behind.
 */
export async function peekWindow(store: ProxyStore, limit: BudgetLimit, now: number, prefix: string): Promise<Admission> {
  const { current, slices } = windowOf(limit, now);
  const counts = await store.counts([...othersOf(prefix, current, slices), `${prefix}${current}`]);
  const total = sumOf(counts);
  if (total < limit.requests) return { ok: true };
  return refusal(limit, now, counts, total);
}

/**
 * The slices a unit taken in slice `current` is counted with: the `slices` before it, and the
 * next one, where a call whose clock or whose way to the store ran ahead of this one's has
 * already taken its unit (it will count this one in turn).
 */
function othersOf(prefix: string, current: number, slices: number): string[] {
  return [...Array.from({ length: slices }, (_, i) => `${prefix}${current - slices + i}`), `${prefix}${current + 1}`];
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
