/** "1,240 kg" in the locale. */
export function formatWeightKg(kg: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 1 }).format(kg);
}

export function formatInteger(n: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}

/** Country name from an ISO 3166 alpha-2 code, in the locale; the code itself when unknown. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
