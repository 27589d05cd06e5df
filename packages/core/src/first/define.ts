/**
 * Registers an element unless the tag is taken, so the CDN script and an npm copy
 * (or two bundles) can both load on one page without "already been defined" errors.
 * Where there is no `customElements` (server-side rendering, Node), it does nothing.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  const registry = globalThis.customElements;
  if (!registry || registry.get(tag)) return;
  registry.define(tag, ctor);
}
