/**
 * Registers tags on first use. The script-tag entry stays small (with the early lookup of
 * cdn.ts): it watches the document for a tag it knows, and only then imports that element's chunk (which
 * defines it through the guarded define). A page with one `<ocean-tracker>` therefore
 * never downloads `<air-tracker>`, and a page with neither downloads nothing else.
 *
 * Only the document's own tree is watched: an element placed inside another component's
 * shadow root is not seen, so such pages call the returned `load(tag)` themselves.
 * Where there is no document (Node, server-side rendering) nothing is watched, so importing
 * the script-tag entry there is harmless.
 */
export type ElementLoaders = Readonly<Record<string, () => Promise<unknown>>>;

export function autoload(loaders: ElementLoaders, doc: Document | undefined = globalThis.document): (tag: string) => Promise<void> {
  const waiting = new Map(Object.entries(loaders));
  const started = new Map<string, Promise<void>>();

  const load = (tag: string): Promise<void> => {
    const known = started.get(tag);
    if (known) return known;
    const loader = waiting.get(tag);
    if (!loader) return Promise.reject(new Error(`cargo-trackers: no element named <${tag}>`));
    waiting.delete(tag);
    // Another copy (an npm build on the same page) may have registered the tag already.
    const loading = globalThis.customElements?.get(tag)
      ? Promise.resolve()
      : loader().then(
          () => undefined,
          (error: unknown) => {
            // Forget the failure so the next mutation (or call) tries again, e.g. after a network blip.
            waiting.set(tag, loader);
            started.delete(tag);
            watch();
            throw error;
          },
        );
    started.set(tag, loading);
    return loading;
  };

  const scan = (): void => {
    for (const tag of [...waiting.keys()]) {
      if (doc?.querySelector(tag)) load(tag).catch((error: unknown) => console.error(`[${tag}] could not be loaded:`, error));
    }
    if (waiting.size === 0) observer?.disconnect();
  };

  // No document (Node, server-side rendering): nothing to watch; load(tag) still works.
  const observer = doc ? new MutationObserver(scan) : undefined;
  const watch = (): void => {
    if (doc && observer) observer.observe(doc.documentElement, { childList: true, subtree: true });
  };
  watch();
  scan();
  return load;
}
