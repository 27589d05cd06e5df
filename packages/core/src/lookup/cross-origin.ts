// Apart from usable-url.ts, which the script-tag entry carries: only the lookup's code asks this.
/** Whether `url` is on another origin than the page: then the proxy must allow the page by CORS. */
export function isCrossOrigin(url: string): boolean {
  const here = globalThis.location?.origin;
  if (here === undefined || here === 'null') return false;
  try {
    return new URL(url, globalThis.document?.baseURI).origin !== here;
  } catch {
    return false;
  }
}
