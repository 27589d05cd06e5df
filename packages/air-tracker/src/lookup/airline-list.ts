/**
 * The open airline list (`GET /v1/carriers/air` through the proxy), for the form's airline
 * hint. Apart from the normalizer, so that the form can read it on first load while the
 * normalizer loads only when a lookup starts.
 */
import { field, readArray, readObject, readString, withoutUndefined } from '@cargo-trackers/core/internal/lazy';
import type { Airline } from '../contracts/airline.js';

/**
 * The open airline list (`GET /v1/carriers/air`), or undefined when the body is not one.
 * Entries without a 3-digit prefix or without a name are skipped: the list exists to name the
 * airline behind a prefix.
 */
export function parseAirlines(body: unknown): Airline[] | undefined {
  const list = readArray(field(readObject(body), 'airlines'));
  if (list === undefined) return undefined;
  const airlines: Airline[] = [];
  for (const entry of list) {
    const item = readObject(entry);
    const prefix = readString(field(item, 'prefix'));
    const name = readString(field(item, 'name'));
    if (prefix === undefined || !/^\d{3}$/.test(prefix) || name === undefined) continue;
    airlines.push(withoutUndefined({ prefix, iata: readString(field(item, 'iata')), name }));
  }
  return airlines;
}
