/**
 * ISO 6346 container numbers: owner code (3 letters), category (U, J or Z), a 6-digit serial
 * and a check digit, e.g. `MSCU 123456 7`.
 *
 * The check is advice for the form. The form rewrites a number only where its kind leaves one
 * reading (`searchableContainerNumber`): a container number whose check digit passes is the same
 * container however it is spaced. Anything else is sent as typed (the proxy forwards it verbatim,
 * and a rewritten bill of lading or booking number may be billed as another).
 */

export type ContainerNumberCheck =
  | { readonly kind: 'not-a-container' }
  | { readonly kind: 'valid'; readonly normalized: string }
  | { readonly kind: 'invalid-check-digit'; readonly expected: number; readonly normalized: string };

const SHAPE = /^[A-Z]{3}[UJZ]\d{7}$/;

/**
 * The check digit for the first ten characters (owner code, category, serial) of a number.
 * Letter values per ISO 6346: A = 10 upwards, skipping 11, 22 and 33 (multiples of 11) so that no
 * letter weighs the same as a neighbouring pair of digits would. Read in base 36, A is 10 and Z 35,
 * and each ten past 10 skips one more multiple of 11; a digit is its own value.
 */
export function containerCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const n = parseInt(firstTen.charAt(i), 36);
    sum += (n + Math.trunc((n - 1) / 10)) * 2 ** i;
  }
  // A remainder of 10 is written as 0: the standard's accepted ambiguity.
  return (sum % 11) % 10;
}

/** Without the spaces, hyphens and dots that numbers are printed and typed with, in capitals. */
export function compactReference(input: string): string {
  return input.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * Checks a typed container number. Spaces, hyphens, dots and lowercase are common spellings
 * (`MEDU 909100-4` as painted on a container's doors) and are accepted for the check.
 */
export function checkContainerNumber(input: string): ContainerNumberCheck {
  const normalized = compactReference(input);
  if (!SHAPE.test(normalized)) return { kind: 'not-a-container' };
  const expected = containerCheckDigit(normalized);
  return Number(normalized.charAt(10)) === expected ? { kind: 'valid', normalized } : { kind: 'invalid-check-digit', expected, normalized };
}

// Bill of lading and booking numbers differ by carrier; all are letters and digits, with a digit.
const REFERENCE_SHAPE = /^(?=.*\d)[A-Z0-9]{6,20}$/;

/**
 * Whether the input can be a container, bill of lading or booking number at all (spaces and
 * hyphens allowed), so that "hello world!" or "ABC" is questioned before a billed lookup.
 */
export function isPlausibleOceanReference(input: string): boolean {
  const normalized = compactReference(input);
  return SHAPE.test(normalized) || REFERENCE_SHAPE.test(normalized);
}

/**
 * What the form sends for a typed number: a container number whose check digit passes, in its one
 * compact spelling (`MEDU 909100-4` → `MEDU9091004`); undefined for anything else, which is sent as typed.
 */
export function searchableContainerNumber(input: string): string | undefined {
  const check = checkContainerNumber(input);
  return check.kind === 'valid' ? check.normalized : undefined;
}

/**
 * For a number the service did not find: the same letters and digits without spaces, hyphens or
 * dots, when that is another spelling that can be a reference; undefined when there is none. Offered
 * to the visitor, never sent by itself: for a bill of lading or booking, the carrier decides.
 */
export function respelledOceanReference(input: string): string | undefined {
  const compact = compactReference(input);
  return compact !== input && isPlausibleOceanReference(compact) ? compact : undefined;
}
