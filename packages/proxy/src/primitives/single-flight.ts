interface Call<T> {
  readonly promise: Promise<T>;
  readonly controller: AbortController;
  waiters: number;
}

/** Rejects a waiter whose visitor went away; nobody reads the value. */
export class VisitorGone extends Error {
  constructor() {
    super('The visitor closed the request.');
    this.name = 'VisitorGone';
  }
}

/**
 * Single-flight in one process: concurrent identical lookups share one upstream call. The call
 * is aborted when the last visitor waiting on it goes away, and not before: one visitor closing a
 * tab must not cut off another who asked for the same number. Across instances, a store's
 * `flights` (stores/flights.ts) do the same through the store.
 */
export class SharedCalls<T> {
  readonly #calls = new Map<string, Call<T>>();

  /** Calls in flight. */
  get size(): number {
    return this.#calls.size;
  }

  /** Waits on the call in flight for `key`, or returns undefined when there is none. */
  join(key: string, signal: AbortSignal): Promise<T> | undefined {
    const call = this.#calls.get(key);
    return call === undefined ? undefined : this.#wait(key, call, signal);
  }

  /**
   * Starts the call for `key` and waits on it. `run` gets a signal that aborts when every
   * waiter has gone; it should settle (not reject) in that case too.
   */
  start(key: string, signal: AbortSignal, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const promise = run(controller.signal).finally(() => {
      if (this.#calls.get(key) === call) this.#calls.delete(key);
    });
    const call: Call<T> = { promise, controller, waiters: 0 };
    this.#calls.set(key, call);
    return this.#wait(key, call, signal);
  }

  #wait(key: string, call: Call<T>, signal: AbortSignal): Promise<T> {
    call.waiters++;
    return new Promise<T>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        signal.removeEventListener('abort', onAbort);
        call.waiters--;
      };
      const onAbort = () => {
        leave();
        if (call.waiters === 0) {
          // A newcomer must start afresh rather than join a call that is being torn down.
          if (this.#calls.get(key) === call) this.#calls.delete(key);
          call.controller.abort();
        }
        reject(new VisitorGone());
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      call.promise.then(
        (value) => {
          leave();
          resolve(value);
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  }
}
