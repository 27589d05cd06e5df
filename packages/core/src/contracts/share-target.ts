/**
 * The number a shared link opens, and the query parameter the element reads it from (`url-param`):
 * the share bar (view/share/share-bar.ts) builds the link from it, the calendar file (use/calendar.ts)
 * puts the link in.
 */
export interface ShareTarget {
  readonly param: string;
  readonly number: string;
}
