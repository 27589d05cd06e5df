// A clock whose time moves only when a test says so, for the elements' test hook
// (`useClock` from @cargo-trackers/core/internal/first) and for the controller's unit tests.
import type { Clock } from '@cargo-trackers/core/internal/first';

/**
 * The now that browser tests run at, and write their documents against: a relative phrase ("in 3
 * days", "reported 35 minutes ago") is then exact, and the same on any calendar day.
 */
export const TEST_NOW = Date.parse('2026-06-01T12:00:00Z');

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

// Captured at load, before any test could replace them.
const realSetTimeout = globalThis.setTimeout.bind(globalThis);

/** Lets what a timer's callback started (a fetch, a render) run before the next timer: one task. */
const oneTask = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));

export class FakeClock implements Clock {
  #now: number;
  #timers: Timer[] = [];
  #nextId = 1;
  readonly #settle: () => Promise<void>;

  /** `settle` waits for what a timer's callback started; by default, one task of the real clock. */
  constructor(now: number | string = TEST_NOW, settle: () => Promise<void> = oneTask) {
    this.#now = typeof now === 'string' ? Date.parse(now) : now;
    this.#settle = settle;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): number {
    const timer = { id: this.#nextId++, at: this.#now + Math.max(0, ms || 0), callback };
    this.#timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers = this.#timers.filter((t) => t.id !== handle);
  }

  /** How many timers are set and not yet run. */
  get pending(): number {
    return this.#timers.length;
  }

  /** Milliseconds until the next timer is due; undefined when none is set. */
  get nextIn(): number | undefined {
    const next = this.#earliest();
    return next && next.at - this.#now;
  }

  /**
   * Moves time forward by `ms`, running every timer that comes due on the way, in order, each at
   * its own time, and letting what each one started settle before the next.
   */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (let next = this.#earliest(); next && next.at <= end; next = this.#earliest()) {
      this.#timers = this.#timers.filter((t) => t !== next);
      this.#now = next.at;
      next.callback();
      await this.#settle();
    }
    this.#now = end;
    await this.#settle();
  }

  #earliest(): Timer | undefined {
    return this.#timers.reduce<Timer | undefined>((a, t) => (!a || t.at < a.at ? t : a), undefined);
  }
}
