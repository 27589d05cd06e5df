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

/**
 * A phrase of the element's own language put into another ("Dubai (DXB)، الإمارات" into "from …
 * to …"), in the element's direction: RIGHT-TO-LEFT ISOLATE … POP DIRECTIONAL ISOLATE. Its only
 * strong letters are in the values it isolates already, which a first-strong isolate skips, so
 * that one would lay it out left to right: country before city, read from the right.
 */
export function isolatePhrase(text: string, dir: 'ltr' | 'rtl'): string {
  return `${dir === 'rtl' ? '\u2067' : '\u2066'}${text}\u2069`;
}
