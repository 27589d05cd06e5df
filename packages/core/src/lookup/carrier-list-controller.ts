import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Task, TaskStatus } from '@lit/task';
import { fetchJson } from './proxy-client.js';
import type { PendingLookup } from '../first/early-lookup/early-request.js';
import type { ListParser } from '../contracts/tracking.js';

/** Reads a list's body; undefined when it is not such a list. */
export type { ListParser };

export type ListControllerOptions<T> = {
  /** Where the list is, read at each update of the host; undefined means no list. A new URL loads anew. */
  readonly url: () => string | undefined;
} & (
  | { readonly parse: ListParser<T> }
  /** The reader imported when a list is first asked for (in parallel with it), so that the form's first load does without it. */
  | { readonly parser: () => Promise<ListParser<T>> }
);

/**
 * Loads an open list (the carriers, the airlines) for the form: once per URL, the host
 * updated when it arrives, the request aborted when the host leaves the page (and asked
 * again when it comes back without the list). Any failure leaves `value` undefined: the
 * form works without the list.
 *
 * One request per URL, its answer or nothing, superseded by the next URL: that is `@lit/task`'s
 * `Task` exactly (status, value, abort and call id in one place), so the list is one. A Task does not
 * abort when its host leaves the page; this controller adds that, and the ask again on return.
 */
export class ListController<T> implements ReactiveController {
  readonly #task: Task<[string | undefined], T | undefined>;
  /** Aborted by a disconnection before its answer: asked again on reconnection. */
  #interrupted = false;
  /** The list's request sent before this code arrived (`adopt`), until the next run takes it over or drops it. */
  #pending?: PendingLookup;

  constructor(host: ReactiveControllerHost, options: ListControllerOptions<T>) {
    this.#task = new Task(host, {
      args: () => [options.url()],
      task: async ([url], { signal }) => {
        // The controller and the client come with the lookup's code, not with the form. The script-tag
        // entry may have asked for this list already, before the element's code arrived
        // (../first/early-lookup/early-lookup.ts): this run takes it over, or cancels it when it asks for no list or another.
        const pending = this.#pending;
        this.#pending = undefined;
        if (pending?.url !== url) pending?.cancel();
        if (url === undefined) return undefined;
        const [body, parse] = await Promise.all([
          fetchJson(url, signal, pending?.take()),
          'parse' in options ? options.parse : options.parser().catch(() => undefined),
        ]);
        // An aborted request is not a list that could not be read: the run ends in error and the next connection asks again.
        signal.throwIfAborted();
        return body === undefined || !parse ? undefined : parse(body);
      },
    });
    host.addController(this);
  }

  /** Hands over the list's request sent before this code arrived; the next run (this update's) owns it. */
  adopt(pending: PendingLookup): void {
    this.#pending = pending;
  }

  /** The list, once loaded; undefined while loading, without a URL, or when it could not be read. */
  get value(): T | undefined {
    return this.#task.status === TaskStatus.COMPLETE ? this.#task.value : undefined;
  }

  hostConnected(): void {
    if (!this.#interrupted) return;
    this.#interrupted = false;
    void this.#task.run();
  }

  hostDisconnected(): void {
    if (this.#task.status !== TaskStatus.PENDING) return;
    this.#interrupted = true;
    this.#task.abort();
  }
}
