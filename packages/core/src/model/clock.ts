/**
 * The one place the elements read the time from: "now" for relative times, countdowns and the age
 * of a position, and the timers that schedule polls, waits and retries. By default the browser's;
 * a test hands an element its own through `useClock()` (the one test hook, reached through
 * `@cargo-trackers/core/internal/first`, not a public API), so that a 202's poll, a 429's countdown,
 * a backoff and "updated … ago" are asserted on fake time, exactly, on any calendar day.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  // Looked up at each call, so that a fake clock a test installs after import is used.
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const clocks = new WeakMap<Element, Clock>();

/** Test hook: `element` and everything inside its shadow root (its map) read `clock` from now on. */
export function useClock(element: Element, clock: Clock): void {
  clocks.set(element, clock);
}

/** The clock `element` reads: its own, else that of the element whose shadow root holds it, else the system's. */
export function clockOf(element: Element): Clock {
  for (let node: Element | undefined = element; node;) {
    const clock = clocks.get(node);
    if (clock) return clock;
    // A server render's shim has no getRootNode() and no ShadowRoot.
    const root = node.getRootNode?.();
    node = typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot ? root.host : undefined;
  }
  return systemClock;
}

/** A clock that asks `clockOf(element)` at each call, so that a clock set after it was made is used. */
export function clockFor(element: Element): Clock {
  return {
    now: () => clockOf(element).now(),
    setTimeout: (callback, ms) => clockOf(element).setTimeout(callback, ms),
    clearTimeout: (handle) => clockOf(element).clearTimeout(handle),
  };
}
