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

/** The URL attributes an element reads; while one of them is unusable, it sends no request at all. */
export const URL_ATTRIBUTES = ['proxy-url', 'carriers-url', 'tile-url'] as const;
export type UrlAttribute = (typeof URL_ATTRIBUTES)[number];

/** An attribute the element cannot work with: `proxy-url` missing, or a URL attribute that is not http(s). */
export interface ConfigurationProblem {
  readonly attribute: UrlAttribute;
  readonly missing: boolean;
}

/**
 * The first URL attribute whose value (as `valueOf` reads it: the element's property, or the
 * attribute in the HTML before the element's code has arrived) is set but unusable. Placeholders
 * (`{z}` in `tile-url`) are filled per request; any value stands in for them here.
 */
export function firstUnusableUrl(valueOf: (attribute: UrlAttribute) => string | undefined): UrlAttribute | undefined {
  return URL_ATTRIBUTES.find((attribute) => {
    const value = valueOf(attribute);
    return value && !isUsableUrl(value.replace(/\{[^}]*\}/g, '0'));
  });
}
