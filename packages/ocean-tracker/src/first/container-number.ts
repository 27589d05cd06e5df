/**
 * ISO 6346 container numbers: owner code (3 letters), category (U, J or Z), a 6-digit serial
 * and a check digit, e.g. `MSCU 123456 7`.
 *
 * The check is advice for the form, never a rewrite: the number the visitor typed is what the
 * widget sends (the proxy forwards it verbatim, and a rewritten number may be billed as another).
 * `normalized` is only for showing the number in its canonical spelling.
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

/**
 * Checks a typed container number. Spaces, hyphens and lowercase are common spellings and are
 * accepted for the check.
 */
export function checkContainerNumber(input: string): ContainerNumberCheck {
  const normalized = input.replace(/[\s-]/g, '').toUpperCase();
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
  const normalized = input.replace(/[\s-]/g, '').toUpperCase();
  return SHAPE.test(normalized) || REFERENCE_SHAPE.test(normalized);
}
