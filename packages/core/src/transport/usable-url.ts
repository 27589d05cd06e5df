/**
 * Whether an integrator's URL attribute can be fetched at all: a path, or an http(s) address.
 * `javascript:`, `mailto:`, `data:`, `about:` and the like are configuration mistakes (or a
 * CMS that let an unsafe value through); the element names the attribute instead of
 * sending a request that can only fail.
 */
export function isUsableUrl(value: string, base?: string): boolean {
  try {
    const { protocol } = new URL(value, base ?? globalThis.document?.baseURI ?? 'http://localhost/');
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The first of an element's URL attributes (name, value) that is set but unusable. Placeholders
 * (`{z}` in `tile-url`) are filled per request; any value stands in for them here.
 */
export function firstUnusableUrl<Name extends string>(urls: ReadonlyArray<readonly [Name, string | undefined]>): Name | undefined {
  return urls.find(([, value]) => value && !isUsableUrl(value.replace(/\{[^}]*\}/g, '0')))?.[0];
}
