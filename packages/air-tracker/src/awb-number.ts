/**
 * Air waybill numbers: a 3-digit airline prefix and an 8-digit serial whose last digit checks
 * the first seven (their value mod 7), written `PPP-SSSSSSSS`.
 *
 * The check is advice for the form, never a rewrite: the widget sends what the visitor typed.
 */

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

// Spaces and hyphens anywhere are accepted spellings ("176 2281 7340", "17622817340").
function digitsOf(input: string): string {
  return input.replace(/[\s-]/g, '');
}

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

/**
 * The airline prefix as soon as three digits are typed, for looking the airline up while the
 * visitor types; undefined while fewer are typed or once the input cannot be an AWB number.
 */
export function prefixOf(input: string): string | undefined {
  const digits = digitsOf(input);
  return /^\d{3,11}$/.test(digits) ? digits.slice(0, 3) : undefined;
}

/** Whether the input has an AWB number's shape (11 digits, spaces and hyphens allowed), check digit aside. */
export function isPlausibleAwbNumber(input: string): boolean {
  const kind = checkAwbNumber(input).kind;
  return kind === 'valid' || kind === 'invalid-check-digit';
}
