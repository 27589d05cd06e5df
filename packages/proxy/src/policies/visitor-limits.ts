import { clientKey } from '../primitives/client-address.js';
import { CounterSpaceFull } from '../stores/store.js';
import type { ProxyStore } from '../stores/store.js';
import { peekWindow, returnUpstreamCall, takeUpstreamCall } from '../upstream/call-window.js';
import type { BudgetLimit } from '../upstream/call-window.js';
import { Refusal } from './policy.js';
import type { CallContext, CallPolicy, RequestContext } from './policy.js';

const HOUR_MS = 3_600_000;
/** How long a client is told to wait when the store cannot count another lookup. */
export const COUNTERS_RETRY_MS = 60_000;
/** How long the counters stay keyed by wider networks after the store last ran out of room for one. */
const PRESSURE_MS = 10 * 60_000;

export interface VisitorLimitOptions {
  readonly store: ProxyStore;
  /** Upstream calls one client may cause per sliding window, repeats included. */
  readonly callsPerClient: BudgetLimit;
  /** Distinct lookups one client may make per clock hour. */
  readonly newNumbersPerHour: number;
  readonly trustedHeader: string | undefined;
  /** The name a network's counters are kept under (an HMAC; see `clientDigester`). */
  readonly digest: (network: string) => Promise<string>;
}

/** What the check learned, for the charge. */
interface Visit {
  readonly network: string;
  readonly client: string;
  readonly lookup: string;
  /** The lookup was already charged to this client this hour: only the rate counts it. */
  readonly seen: boolean;
  readonly wide: boolean;
  readonly now: number;
}

/**
 * Visitor rate and quota, in two halves around the budget. `check` reads the client's counters
 * and refuses a client over its rate (upstream calls per window, repeats included) or over its
 * hour's new numbers; it writes nothing, so a request the budget refuses leaves no counter
 * behind, and a crowd of addresses cannot fill the store's counter room. `charge`, after the
 * budget, counts the call.
 *
 * When the store's counter room is nearly full (`counterPressure`), or a counter did not fit,
 * clients are counted by wider networks (IPv4 /24, IPv6 /48), without per-number marks (every call
 * then counts as a new number): a handful of counters per network rather than refusing everyone.
 */
export function visitorLimits(options: VisitorLimitOptions): {
  readonly check: CallPolicy;
  readonly charge: CallPolicy;
  networkOf(ctx: RequestContext): string;
} {
  const { store, callsPerClient, newNumbersPerHour } = options;
  const visits = new WeakMap<CallContext, Visit>();
  let pressureUntil = -Infinity;
  const rateOn = Number.isFinite(callsPerClient.requests);
  const quotaOn = Number.isFinite(newNumbersPerHour);

  const networkOf = (ctx: RequestContext): string => clientKey(ctx.input.header, ctx.input.clientAddress, options.trustedHeader);

  async function visit(call: CallContext, wide: boolean, now: number): Promise<Visit> {
    const exact = networkOf(call.request);
    const network = wide ? widerNetwork(exact) : exact;
    return { network: exact, client: await options.digest(network), lookup: await lookupId(call.cacheKey), seen: false, wide, now };
  }

  const check: CallPolicy = async (call, next) => {
    if (call.spec.numberParam === undefined || (!rateOn && !quotaOn)) return next();
    const now = Date.now();
    let v = await visit(call, now < pressureUntil || (store.counterPressure?.() ?? false), now);
    await counting(async () => {
      if (rateOn) {
        const rate = await peekWindow(store, callsPerClient, now, `rate:${v.client}:`);
        if (!rate.ok) throw rateRefusal(rate.retryAfterMs, v.network);
      }
      if (quotaOn) {
        const { seenKey, countKey, untilNextHour } = quotaKeys(v, now);
        const [count = 0, seen = 0] = await store.counts(v.wide ? [countKey] : [countKey, seenKey]);
        if (seen > 0) v = { ...v, seen: true };
        else if (count >= newNumbersPerHour) throw quotaRefusal(untilNextHour, v.network);
      }
    });
    visits.set(call, v);
    return next();
  };

  const charge: CallPolicy = async (call, next) => {
    const v = visits.get(call);
    if (v === undefined) return next();
    try {
      await counting(() => take(v));
    } catch (error) {
      if (!(error instanceof Refusal && error.error === 'quota_unavailable') || v.wide) throw error;
      // The store has no room for this client's counters: count its wider network instead.
      pressureUntil = v.now + PRESSURE_MS;
      await counting(async () => take(await visit(call, true, v.now)));
    }
    return next();
  };

  /** Counts one upstream call for `v`; refuses (and takes nothing) when a concurrent call got there first. */
  async function take(v: Visit): Promise<void> {
    if (rateOn) {
      const rate = await takeUpstreamCall(store, callsPerClient, v.now, `rate:${v.client}:`);
      if (!rate.ok) throw rateRefusal(rate.retryAfterMs, v.network);
    }
    if (!quotaOn || v.seen) return;
    const { seenKey, countKey, untilNextHour } = quotaKeys(v, v.now);
    const count = await store.increment(countKey, 1, untilNextHour);
    if (count > newNumbersPerHour) {
      await store.increment(countKey, -1, untilNextHour);
      if (rateOn) await returnUpstreamCall(store, callsPerClient, v.now, `rate:${v.client}:`);
      throw quotaRefusal(untilNextHour, v.network);
    }
    // Marked only once charged, so a refused number is not free later. Two concurrent first
    // lookups of one number both charged a unit; the one that did not mark it gives its back.
    if (!v.wide && !(await store.addIfAbsent(seenKey, untilNextHour))) await store.increment(countKey, -1, untilNextHour);
  }

  return { check, charge, networkOf };
}

/** Runs counter reads and writes; a store that cannot count refuses the lookup rather than let it through. */
async function counting(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw countersUnavailable(error instanceof CounterSpaceFull);
  }
}

export function countersUnavailable(full = false): Refusal {
  return new Refusal(
    429,
    'quota_unavailable',
    full
      ? 'The proxy has no room to count lookups right now; try again later.'
      : 'The proxy cannot count lookups right now; try again later.',
    COUNTERS_RETRY_MS,
  );
}

function rateRefusal(retryAfterMs: number, network: string): Refusal {
  return new Refusal(429, 'client_rate', 'Too many lookups from this address in a short time; try again shortly.', retryAfterMs, network);
}

function quotaRefusal(retryAfterMs: number, network: string): Refusal {
  return new Refusal(429, 'client_quota', 'Too many different numbers from this address; try again later.', retryAfterMs, network);
}

function quotaKeys(v: Visit, now: number): { seenKey: string; countKey: string; untilNextHour: number } {
  const hour = Math.floor(now / HOUR_MS);
  return {
    seenKey: `seen:${hour}:${v.client}:${v.lookup}`,
    countKey: `quota:${hour}:${v.client}`,
    untilNextHour: (hour + 1) * HOUR_MS - now,
  };
}

/**
 * The wider network a client's network belongs to: an IPv4 address's /24, an IPv6 /64's /48.
 * Anything else (`unknown`) stands for itself.
 */
export function widerNetwork(network: string): string {
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(network);
  if (v4?.[1] !== undefined) return `${v4[1]}.0/24`;
  const v6 = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/i.exec(network);
  if (v6 !== null) return `${v6[1]}:${v6[2]}:${v6[3]}::/48`;
  return network;
}

/** A short, fixed-length name for a lookup in counter keys; SHA-256 so that no crafted lookup can share another's. */
async function lookupId(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  let hex = '';
  for (let i = 0; i < 16; i++) hex += (digest[i] as number).toString(16).padStart(2, '0');
  return hex;
}
