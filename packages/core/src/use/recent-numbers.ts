/**
 * `remember`: the numbers this visitor tracked on this device, kept in the site's own
 * `localStorage` (one key per product, `cargo-trackers:recent:ocean` / `…:air`), newest first, each
 * with its last status in words. Nothing of it is sent anywhere. A storage that is blocked, full or
 * holds something else than this list is not an error the visitor needs to see: the list is then
 * empty, or not kept, and tracking works as without `remember`.
 */
import type { Product } from '../model/shipment.js';

export interface RecentNumber {
  readonly number: string;
  /** The status in the words shown when it was last looked up. */
  readonly status: string;
}

/** The most numbers `remember` keeps, whatever count it is given. */
export const MOST_REMEMBERED = 20;

export function recentKey(product: Product): string {
  return `cargo-trackers:recent:${product}`;
}

/** The page's storage; reading `localStorage` itself throws where the visitor blocks site data. */
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function isRecent(value: unknown): value is RecentNumber {
  const entry = value as Partial<RecentNumber> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.number === 'string' &&
    entry.number !== '' &&
    typeof entry.status === 'string'
  );
}

/** The remembered numbers, newest first; empty when there are none or what is stored is not this list. */
export function readRecent(product: Product): RecentNumber[] {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(recentKey(product)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isRecent).map(({ number, status }) => ({ number, status })) : [];
  } catch {
    return [];
  }
}

function write(product: Product, list: readonly RecentNumber[]): void {
  try {
    if (list.length) storage()?.setItem(recentKey(product), JSON.stringify(list));
    else storage()?.removeItem(recentKey(product));
  } catch {
    // Full, or blocked: the list is not kept on this device, which is all that it loses.
  }
}

/**
 * `number` looked up, with its status: first in the list, at most `count` kept. Read again each
 * time, so that two elements of one product on a page (or two tabs) add to one list.
 */
export function rememberNumber(product: Product, entry: RecentNumber, count: number): RecentNumber[] {
  const list = [entry, ...readRecent(product).filter((e) => e.number !== entry.number)].slice(0, Math.min(count, MOST_REMEMBERED));
  write(product, list);
  return list;
}

export function forgetNumber(product: Product, number: string): RecentNumber[] {
  const list = readRecent(product).filter((e) => e.number !== number);
  write(product, list);
  return list;
}

export function forgetAll(product: Product): void {
  write(product, []);
}
