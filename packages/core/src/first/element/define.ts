/** Marks the classes this library registers, in every copy of it (the CDN script, an npm bundle). */
const OURS = Symbol.for('cargo-trackers.element');
/** Tags already said to be taken by another library: said once each. */
const warned = new Set<string>();

/**
 * Registers an element unless the tag is taken, so the CDN script and an npm copy
 * (or two bundles) can both load on one page without "already been defined" errors.
 * A tag taken by another library is left to it, and the console says so once.
 * Where there is no `customElements` (server-side rendering, Node), it does nothing.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  const registry = globalThis.customElements;
  if (!registry) return;
  const taken = registry.get(tag);
  if (taken) {
    if (!(OURS in taken) && !warned.has(tag)) {
      warned.add(tag);
      console.warn(`[cargo-trackers] <${tag}> is taken by another script; this one is not registered.`);
    }
    return;
  }
  Object.defineProperty(ctor, OURS, { value: true });
  registry.define(tag, ctor);
}
