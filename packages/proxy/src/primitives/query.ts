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
  if (PLAIN_QUERY.test(search)) {
    // Nothing to decode: split as URLSearchParams would, without building one per request.
    let start = search.startsWith('?') ? 1 : 0;
    while (start <= search.length) {
      let end = search.indexOf('&', start);
      if (end === -1) end = search.length;
      if (end > start) {
        const eq = search.indexOf('=', start);
        if (eq === -1 || eq > end) addParam(values, duplicated, search.slice(start, end), '');
        else addParam(values, duplicated, search.slice(start, eq), search.slice(eq + 1, end));
      }
      start = end + 1;
    }
  } else {
    for (const [name, value] of new URLSearchParams(search)) addParam(values, duplicated, name, value);
  }
  return { values, duplicated };
}

function addParam(values: Map<string, string>, duplicated: Set<string>, name: string, value: string): void {
  if (values.has(name)) duplicated.add(name);
  else values.set(name, value);
}

/** A query of characters that decode to themselves (no `%`, no `+`, nothing outside ASCII), as every widget lookup is. */
const PLAIN_QUERY = /^\??[\w\-.~=&!$'()*,;:@/?]*$/;

/**
 * Encodes name/value pairs with `encodeURIComponent`, which escapes everything a query
 * parser could read as structure (`&`, `=`, `+`, `#`, `%`, spaces) and leaves nothing open
 * to interpretation: `+` always arrives as `%2B`, a space as `%20`.
 */
export function encodeUpstreamQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}
