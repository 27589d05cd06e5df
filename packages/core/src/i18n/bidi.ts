/**
 * Bidi isolation for text built from a message and values. A number, code, voyage, flight or
 * time put into a right-to-left sentence takes its neighbours' direction unless isolated
 * ("176-22817340" shows as "22817340-176"). FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE
 * does in text what `<bdi>` does in markup, so it also holds in attributes, in the live region
 * and in the map's text alternative; a value without a strong letter is laid out left to right.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * The direction of `text` by its first letter, as `dir="auto"` decides it; `undefined` when it
 * has none. For a control that lays out one string and knows no `dir="auto"` (a select as
 * Firefox and WebKit draw it: a Latin carrier name on an Arabic page is otherwise cut at its start).
 */
export function firstStrongDirection(text: string): 'ltr' | 'rtl' | undefined {
  const letter = /\p{L}/u.exec(text)?.[0];
  return letter === undefined ? undefined : RIGHT_TO_LEFT.test(letter) ? 'rtl' : 'ltr';
}
