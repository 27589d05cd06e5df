/** What metrics read of a proxy's byte pool (`bytePoolOf(proxy)`). */
export interface BytePoolStats {
  /** `limits.maxHeldBytes`. */
  readonly capBytes: number;
  /** Bytes held now. */
  readonly usedBytes: number;
  /** The most bytes ever held at once: never above `capBytes`. */
  readonly peakBytes: number;
  /** How many takes and holds were refused for want of room. */
  readonly refusals: number;
}

/** One upstream call's share of the byte pool: room for each chunk as it arrives, all given back at the end. */
export interface CallByteShare {
  /** Takes room for one more chunk; false when it does not fit (the call then fails with `proxy_memory`). */
  add(n: number): boolean;
  /** Gives everything back; safe to call more than once. */
  release(): void;
}

/** What a transport takes from the proxy's byte pool (`UpstreamRequest.bytes`). */
export interface UpstreamBytes {
  /** A share for one call. */
  forCall(): CallByteShare;
}

/**
 * One cap on the bytes a proxy holds for answers in motion: upstream bodies being read, and
 * answers queued for visitors who have not read them yet. The transport takes bytes from it as
 * each chunk arrives and gives them back when the call ends; the Node adapter holds each body
 * it writes until the socket has let go of it. A chunk or an answer that does not fit is
 * refused (`proxy_memory`), never buffered past the cap, so held bodies cannot grow the process
 * however many visitors wait or how slowly they read.
 *
 * A body shared by many visitors (a cached answer) is counted once, while any of them holds it.
 */
export class BytePool implements BytePoolStats, UpstreamBytes {
  readonly capBytes: number;
  #used = 0;
  #peak = 0;
  #refused = 0;
  readonly #holders = new Map<Uint8Array, number>();
  readonly #waiters = new Set<() => void>();

  constructor(capBytes: number) {
    if (!(capBytes > 0)) throw new TypeError(`limits.maxHeldBytes must be a positive number of bytes: ${capBytes}`);
    this.capBytes = capBytes;
  }

  /** Bytes held now. */
  get usedBytes(): number {
    return this.#used;
  }

  /** The most bytes ever held at once: never above `capBytes`. */
  get peakBytes(): number {
    return this.#peak;
  }

  /** How many takes and holds were refused for want of room. */
  get refusals(): number {
    return this.#refused;
  }

  /** Takes `n` bytes if they fit; false (and nothing taken) if not. */
  take(n: number): boolean {
    if (this.#used + n > this.capBytes) {
      this.#refused++;
      return false;
    }
    this.#used += n;
    if (this.#used > this.#peak) this.#peak = this.#used;
    return true;
  }

  give(n: number): void {
    this.#used = Math.max(0, this.#used - n);
    if (this.#waiters.size > 0) for (const wake of [...this.#waiters]) wake();
  }

  /**
   * Holds `body` for one more holder: the first holder takes its bytes, the others share them.
   * Returns the release (call it once), or undefined when the body does not fit.
   */
  hold(body: Uint8Array): (() => void) | undefined {
    const holders = this.#holders.get(body);
    if (holders === undefined) {
      if (!this.take(body.byteLength)) return undefined;
      this.#holders.set(body, 1);
    } else {
      this.#holders.set(body, holders + 1);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#holders.get(body) ?? 1) - 1;
      if (left > 0) {
        this.#holders.set(body, left);
        return;
      }
      this.#holders.delete(body);
      this.give(body.byteLength);
    };
  }

  /** Whether `body` is held already (holding it again costs nothing) or would fit now. */
  fits(body: Uint8Array): boolean {
    return this.#holders.has(body) || this.#used + body.byteLength <= this.capBytes;
  }

  /** Resolves true as soon as `body` fits, false after `ms`. */
  whenFits(body: Uint8Array, ms: number): Promise<boolean> {
    if (this.fits(body)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve(ok);
      };
      const wake = () => {
        if (this.fits(body)) done(true);
      };
      const timer = setTimeout(() => done(false), ms);
      this.#waiters.add(wake);
    });
  }

  /** The bytes one upstream call takes as its chunks arrive, given back together when it ends. */
  forCall(): CallBytes {
    return new CallBytes(this);
  }
}

/** One call's share of the pool. */
export class CallBytes implements CallByteShare {
  readonly #pool: BytePool;
  #taken = 0;

  constructor(pool: BytePool) {
    this.#pool = pool;
  }

  /** Takes room for one more chunk; false when it does not fit. */
  add(n: number): boolean {
    if (!this.#pool.take(n)) return false;
    this.#taken += n;
    return true;
  }

  /** Gives everything back; safe to call more than once. */
  release(): void {
    const taken = this.#taken;
    this.#taken = 0;
    if (taken > 0) this.#pool.give(taken);
  }
}

/** Where the Node adapter (and tests) find a proxy's pool. */
export const PROXY_BYTE_POOL: unique symbol = Symbol.for('cargo-trackers.proxy.byte-pool');

/** The pool of a proxy handler, for its adapter. */
export function poolOf(handler: unknown): BytePool | undefined {
  const pool = (handler as Partial<Record<typeof PROXY_BYTE_POOL, BytePool>> | null)?.[PROXY_BYTE_POOL];
  return pool instanceof BytePool ? pool : undefined;
}

/** A proxy handler's byte pool, for metrics (`usedBytes`, `peakBytes`, `refusals`); read only. */
export function bytePoolOf(handler: unknown): BytePoolStats | undefined {
  return poolOf(handler);
}

/** How long a visitor waits for room before being told to come back: answers drain in seconds. */
export const MEMORY_WAIT_MS = 2_000;
/** What a visitor refused for want of room is told to wait. */
export const MEMORY_RETRY_S = 5;
