// WCAG 2.x contrast, one implementation for the configurator (which flags a picked colour as it
// is picked) and the element's own token test (test/packages/core/first/styles/contrast.test.ts): both
// check the same pairs (core's `colourPairs`) with `checkPairs`. Plain JavaScript, so the page
// runs it as it is, without a build; contrast.d.ts types it for the tests.

/** `#rrggbb` as `[r, g, b]` (0–255), or undefined for anything else. */
export function hexToRgb(colour) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(colour).trim());
  return hex ? [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16)] : undefined;
}

/** WCAG 2.x relative luminance of `[r, g, b]`. */
export function luminance([r, g, b]) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two `[r, g, b]` colours, 1 to 21. */
export function contrastRatio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color-mix(in srgb, a p%, b)`, rounded to whole channels as engines compute it. */
export function mix(a, b, percent) {
  const p = percent / 100;
  return [0, 1, 2].map((i) => Math.round(a[i] * p + b[i] * (1 - p)));
}

/**
 * Each pair's contrast with the given colours (`{ text: '#1a1f29', bg: '#ffffff', … }`, by
 * token id): `{ pair, ratio, passes }`. A pair naming a colour that is not `#rrggbb` is left out.
 */
export function checkPairs(colours, pairs) {
  const results = [];
  for (const pair of pairs) {
    const text = hexToRgb(colours[pair.text]);
    const under = hexToRgb(colours[pair.background]);
    const tint = pair.mix ? hexToRgb(colours[pair.mix.of]) : undefined;
    if (!text || !under || (pair.mix && !tint)) continue;
    const background = pair.mix ? mix(tint, under, pair.mix.percent) : under;
    const ratio = contrastRatio(text, background);
    results.push({ pair, ratio, passes: ratio >= pair.minimum });
  }
  return results;
}
