/**
 * Check digits of the numbers the demo hands out, so every demo number passes the same
 * validation a visitor's typed number would (the widgets check them before asking).
 */

/** ISO 6346 letter values: A=10 upward, skipping multiples of 11. */
function letterValue(letter: string): number {
  let value = 10;
  for (let code = 'A'.charCodeAt(0); code < letter.charCodeAt(0); code++) {
    value++;
    if (value % 11 === 0) value++;
  }
  return value;
}

/** Check digit of the first ten characters of an ISO 6346 container number (`MEDU909100` → 4). */
export function containerCheckDigit(ownerSerial: string): number {
  if (!/^[A-Z]{4}\d{6}$/.test(ownerSerial)) {
    throw new Error(`Not an owner code and serial: ${ownerSerial}`);
  }
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const char = ownerSerial.charAt(i);
    const value = i < 4 ? letterValue(char) : Number(char);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

export function isValidContainerNumber(value: string): boolean {
  return /^[A-Z]{4}\d{7}$/.test(value) && containerCheckDigit(value.slice(0, 10)) === Number(value.charAt(10));
}

/** AWB check digit: the first seven serial digits as a number, modulo 7. */
export function awbCheckDigit(firstSevenSerialDigits: string): number {
  if (!/^\d{7}$/.test(firstSevenSerialDigits)) {
    throw new Error(`Not seven serial digits: ${firstSevenSerialDigits}`);
  }
  return Number(firstSevenSerialDigits) % 7;
}

/** `PPP-SSSSSSSS` (the hyphen optional, as visitors type it both ways) with a valid check digit. */
export function isValidAwbNumber(value: string): boolean {
  const match = /^(\d{3})-?(\d{7})(\d)$/.exec(value);
  return match !== null && awbCheckDigit(match[2] ?? '') === Number(match[3]);
}

/** IMO ship identification number check digit: first six digits weighted 7 down to 2, modulo 10. */
export function imoCheckDigit(firstSix: string): number {
  if (!/^\d{6}$/.test(firstSix)) throw new Error(`Not six IMO digits: ${firstSix}`);
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(firstSix.charAt(i)) * (7 - i);
  return sum % 10;
}

export function isValidImoNumber(value: string): boolean {
  return /^\d{7}$/.test(value) && imoCheckDigit(value.slice(0, 6)) === Number(value.charAt(6));
}
