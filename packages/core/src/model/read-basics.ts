/**
 * The smallest typed readers from `unknown`: enough to read the open carrier lists, which the
 * form needs on first load, without bringing in the normalizers' readers (times, coordinates,
 * route stops), which load with the normalizers when a lookup starts.
 */
import type { Product, ReferenceType } from './shipment.js';

/** A JSON object, after the check that it is one. */
export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An own property of an object. Own-only, so a key such as `constructor` or `__proto__` in a
 * document never reaches the prototype chain.
 */
export function field(object: JsonObject | undefined, key: string): unknown {
  return object !== undefined && Object.hasOwn(object, key) ? object[key] : undefined;
}

/** The value as an object, or undefined. */
export function readObject(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}

/** The value as an array, or undefined. */
export function readArray(value: unknown): readonly unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/**
 * A string with something visible in it, exactly as given (not trimmed, not escaped: the renderer
 * shows text). An empty or blank string counts as absent, because there is nothing to show.
 */
export function readString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The value when it is one of `allowed`. */
export function readEnum<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/**
 * Drops keys whose value is undefined, so an absent field is absent (`'eta' in shipment` is
 * false) rather than present-and-undefined; deep-equality in tests and `Object.keys` in debug
 * views then see the same thing the types promise.
 */
export function withoutUndefined<T extends object>(value: T): T {
  // A copy of the defined keys rather than `delete` on the original: deleting turns an object
  // into a slow dictionary, and a long history makes tens of thousands of these.
  const out: Partial<T> = {};
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] !== undefined) out[key] = value[key];
  }
  return out as T;
}

/**
 * The kinds of number each product's lookup takes, for reading a document's or a carrier list's
 * reference types. Here, with the element's entry, because the carrier list's reader takes its
 * readers from there: through core's main entry it would reach the whole package, and a bundler
 * that groups modules by the entries reaching them (esbuild) would split the first load in more files.
 */
export const REFERENCE_TYPES = {
  ocean: ['container', 'bill_of_lading', 'booking'],
  air: ['awb'],
} as const satisfies Record<Product, readonly ReferenceType[]>;
