/**
 * An entry of the open airline list, as the form's airline hint (first/air-tracker.ts) shows it
 * and the list's reader (lookup/airline-list.ts) makes it.
 */
/** One entry of the open airline list. */
export interface Airline {
  /** The 3-digit AWB prefix the airline issues. */
  readonly prefix: string;
  readonly iata?: string;
  readonly name: string;
}
