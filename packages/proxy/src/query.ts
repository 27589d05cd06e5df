/** A visitor's query string, decoded once, with the names that appeared more than once. */
export interface ParsedQuery {
  readonly values: ReadonlyMap<string, string>;
  readonly duplicated: ReadonlySet<string>;
}

/**
 * Decodes the query the way the widget encoded it (`URLSearchParams`, so `+` is a space and
 * `%2B` a plus). Decoding exactly once and re-encoding with `encodeUpstreamQuery` hands the
 * service the same value the visitor typed, whatever spaces, `+`, `&`, `%`, `#` or non-ASCII
 * characters it holds.
 */
export function parseQuery(search: string): ParsedQuery {
  const values = new Map<string, string>();
  const duplicated = new Set<string>();
  for (const [name, value] of new URLSearchParams(search)) {
    if (values.has(name)) duplicated.add(name);
    else values.set(name, value);
  }
  return { values, duplicated };
}

/**
 * Encodes name/value pairs with `encodeURIComponent`, which escapes everything a query
 * parser could read as structure (`&`, `=`, `+`, `#`, `%`, spaces) and leaves nothing open
 * to interpretation: `+` always arrives as `%2B`, a space as `%20`.
 */
export function encodeUpstreamQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}
