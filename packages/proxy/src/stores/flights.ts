/**
 * A store's `flights` (`ProxyStore.flights`): single-flight across proxy instances. Within one
 * process, `SharedCalls` (primitives/single-flight.ts) makes concurrent identical lookups share
 * one upstream call; a store shared by several instances (Redis, a Durable Object) extends that
 * to all of them: the first instance takes a short lease on the lookup, the others wait for the
 * answer it publishes (whatever its status: a 202 or a 502 is shared as in one process), and a
 * holder that dies lets its lease expire so that another takes over. The two are not one: here
 * the answer crosses processes as bytes and a waiter polls a lease; in one process a waiter holds
 * the call's promise, and the call is aborted when its last waiter leaves. policies/join.ts uses
 * both.
 */
export type FlightLease =
  | {
      readonly leader: true;
      readonly token: string;
      /** Publishes the answer to the waiters for `ttlMs` and lets the lease go; `undefined` only lets it go. */
      finish(result: Uint8Array | undefined, ttlMs: number): Promise<void>;
    }
  | { readonly leader: false; readonly token: string };

export interface SharedFlights {
  /** Takes the lease on `key`, or learns who holds it. The holder keeps it alive until `finish`. */
  lead(key: string): Promise<FlightLease>;
  /**
   * Waits for the holder's answer. Undefined when the lease ended without one (the holder died
   * or failed), when the store went away, or when `signal` aborted: the caller then leads itself.
   * `'in-flight'` when the store's bound on one wait passed while the holder is still calling (a
   * store whose requests may not be held for long, `ProxyStore.isolatedRequests`): the visitor is
   * told to ask again.
   */
  wait(key: string, lease: FlightLease, signal: AbortSignal): Promise<Uint8Array | undefined | 'in-flight'>;
}

/** How long a published answer stays for waiters that are still polling: a few polls' worth. */
export const FLIGHT_RESULT_TTL_MS = 5_000;

/**
 * Runs `call` once across every instance sharing `flights`, and returns its result here too.
 * `led` says whether this instance made the call (and so spent the upstream budget); `inFlight`
 * that another is still making it and this waiter's bound has passed.
 */
export async function flyOnce<T>(
  flights: SharedFlights,
  key: string,
  signal: AbortSignal,
  call: () => Promise<T>,
  codec: { encode(value: T): Uint8Array; decode(bytes: Uint8Array): T | undefined },
): Promise<{ readonly value: T; readonly led: boolean } | { readonly inFlight: true }> {
  for (;;) {
    const lease = await flights.lead(key);
    if (lease.leader) {
      let value: T;
      try {
        value = await call();
      } catch (error) {
        await lease.finish(undefined, 0).catch(() => {});
        throw error;
      }
      await lease.finish(codec.encode(value), FLIGHT_RESULT_TTL_MS).catch(() => {});
      return { value, led: true };
    }
    const bytes = await flights.wait(key, lease, signal);
    if (bytes === 'in-flight') return { inFlight: true };
    const value = bytes === undefined ? undefined : codec.decode(bytes);
    if (value !== undefined) return { value, led: false };
    if (signal.aborted) throw signal.reason;
  }
}
