import type { ProxyStore } from '../stores/store.js';
import { returnUpstreamCall, takeUpstreamCall } from '../upstream/call-window.js';
import type { Admission, BudgetLimit } from '../upstream/call-window.js';
import { Refusal } from './policy.js';
import type { CallPolicy } from './policy.js';
import { countersUnavailable } from './visitor-limits.js';

/**
 * Budget: takes one unit of the upstream budget for a call (carrier lists too: they leave from the same address), or refuses
 * everyone with `Retry-After` until the window has room. A refusal decided after it (the
 * visitor's charge, lost to a concurrent call) gives the unit back: only a call that is made
 * spends one.
 */
export function budget(store: ProxyStore, limit: BudgetLimit): CallPolicy {
  return async (call, next) => {
    const takenAt = Date.now();
    let admission: Admission;
    try {
      admission = await takeUpstreamCall(store, limit, takenAt);
    } catch {
      throw countersUnavailable();
    }
    if (!admission.ok) {
      throw new Refusal(
        429,
        'upstream_budget',
        'The tracking budget for this moment is used up; try again shortly.',
        admission.retryAfterMs,
      );
    }
    try {
      return await next();
    } catch (error) {
      if (error instanceof Refusal) await returnUpstreamCall(store, limit, takenAt).catch(() => {});
      throw error;
    }
  };
}
