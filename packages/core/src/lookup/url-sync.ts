/**
 * `sync-url`'s half that comes with the lookup's code: each lookup's number written to the page's
 * query string. The other half, reading the number back when the element connects, is in the
 * element itself (`TrackerElement.connectedCallback`), so that a number found there is sent at once.
 *
 * `replaceState`, not `pushState`: a lookup is not a navigation, and the element does not listen
 * for `popstate`, so history entries per lookup would only make Back step through numbers without
 * effect. The page's own history state and other parameters are kept.
 */
export function writeSyncedNumber(param: string, number: string): void {
  const url = new URL(globalThis.location.href);
  if (url.searchParams.get(param) === number) return;
  url.searchParams.set(param, number);
  try {
    history.replaceState(history.state, '', url);
  } catch {
    // Sandboxed frames and opaque origins refuse; the lookup itself is unaffected.
  }
}
