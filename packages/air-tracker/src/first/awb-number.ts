/**
 * Air waybill numbers: a 3-digit airline prefix and an 8-digit serial whose last digit checks
 * the first seven (their value mod 7), written `PPP-SSSSSSSS`.
 *
 * The check is advice for the form. The form rewrites only an AWB number written the ways people
 * write one (`176 2281 7340`, `17622817340`) with its check digit passing, into the contract's
 * `PPP-SSSSSSSS` (`searchableAwbNumber`); anything else is sent as typed.
 */

import { digitsOf } from './awb-prefix.js';

// In its own module so that the script-tag entry takes only it (see early-lookup.ts).
export { prefixOf } from './awb-prefix.js';

export type AwbNumberCheck =
  | { readonly kind: 'incomplete' }
  | { readonly kind: 'not-an-awb' }
  | { readonly kind: 'valid'; readonly prefix: string; readonly serial: string }
  | {
      readonly kind: 'invalid-check-digit';
      readonly prefix: string;
      readonly serial: string;
      readonly expected: number;
    };

/**
 * Checks a typed AWB number. Fewer than 11 digits (and nothing else) is `incomplete`, so the
 * form can wait rather than complain while the visitor is still typing.
 */
export function checkAwbNumber(input: string): AwbNumberCheck {
  const digits = digitsOf(input);
  if (!/^\d*$/.test(digits) || digits.length > 11) return { kind: 'not-an-awb' };
  if (digits.length < 11) return { kind: 'incomplete' };
  const prefix = digits.slice(0, 3);
  const serial = digits.slice(3);
  const expected = Number(serial.slice(0, 7)) % 7;
  return Number(serial.charAt(7)) === expected
    ? { kind: 'valid', prefix, serial }
    : { kind: 'invalid-check-digit', prefix, serial, expected };
}

/** Whether the input has an AWB number's shape (11 digits, spaces and hyphens allowed), check digit aside. */
export function isPlausibleAwbNumber(input: string): boolean {
  const kind = checkAwbNumber(input).kind;
  return kind === 'valid' || kind === 'invalid-check-digit';
}

// The prefix, then the serial whole or as two fours, each apart by a space, hyphen or dot or not at all.
const WRITTEN = /^(\d{3})[\s.-]*(\d{4})[\s.-]?(\d{4})$/;

/**
 * The contract's spelling (`PPP-SSSSSSSS`) of an AWB number written as people write one, whose check
 * digit passes; undefined for anything else, which is sent as typed.
 */
export function searchableAwbNumber(input: string): string | undefined {
  const written = WRITTEN.exec(input.trim());
  if (!written) return undefined;
  const number = `${written[1]}-${written[2]}${written[3]}`;
  return checkAwbNumber(number).kind === 'valid' ? number : undefined;
}

/** For an AWB number the service did not find: the contract's spelling, when it differs from the one sent. */
export function respelledAwbNumber(input: string): string | undefined {
  const digits = digitsOf(input);
  const number = /^\d{11}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : undefined;
  return number === input ? undefined : number;
}
