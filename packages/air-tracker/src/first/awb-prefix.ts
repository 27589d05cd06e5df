// Spaces, hyphens and dots anywhere are accepted spellings ("176 2281 7340", "17622817340").
export function digitsOf(input: string): string {
  return input.replace(/[\s.-]/g, '');
}

/**
 * The airline prefix as soon as three digits are typed, for looking the airline up while the
 * visitor types; undefined while fewer are typed or once the input cannot be an AWB number.
 */
export function prefixOf(input: string): string | undefined {
  const digits = digitsOf(input);
  return /^\d{3,11}$/.test(digits) ? digits.slice(0, 3) : undefined;
}
