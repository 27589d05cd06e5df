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
