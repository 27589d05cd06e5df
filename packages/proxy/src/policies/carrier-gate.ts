import type { ProxyStore } from '../stores/store.js';
import { Refusal } from './policy.js';
import type { CallPolicy } from './policy.js';
import { countersUnavailable } from './visitor-limits.js';

/** Carrier-list calls for one list go out this far apart at the closest, whatever the TTL (even 0) and whether the last failed. */
const CARRIER_RETRY_MS = 30_000;

/**
 * Carrier gate, the carrier lists' budget: one call per TTL per list, whoever asks, across
 * every instance sharing the store; after a failed one, the next waits `CARRIER_RETRY_MS`.
 * Between them a visitor with no copy to hand gets a 429, never another upstream call.
 */
export function carrierGate(store: ProxyStore, carrierListTtlMs: number): CallPolicy {
  return async (call, next) => {
    const { spec } = call;
    if (spec.numberParam !== undefined) return next();
    let mayCall: boolean;
    try {
      const [fresh = 0] = await store.counts([`carriers-fresh:${spec.name}`]);
      mayCall = fresh === 0 && (await store.addIfAbsent(`carriers-try:${spec.name}`, CARRIER_RETRY_MS));
    } catch {
      throw countersUnavailable();
    }
    if (!mayCall) throw new Refusal(429, 'carriers_pending', 'The carrier list is being fetched; try again shortly.', CARRIER_RETRY_MS);
    const result = await next();
    if (result.kind === 'answer' && result.status === 200) {
      await store.addIfAbsent(`carriers-fresh:${spec.name}`, carrierListTtlMs).catch(() => false);
    }
    return result;
  };
}
