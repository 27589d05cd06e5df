/**
 * Contrast of computed colours in browser tests: parses what engines return and hands it to the
 * one WCAG implementation (demo/public/configure/contrast.js), which the token test and the
 * configurator use too.
 */
import { contrastRatio, luminance } from '../../demo/public/configure/contrast.js';

export { luminance };

export type Rgb = readonly [number, number, number];

/** `#rrggbb`, or a computed colour: `rgb(r, g, b)` / `rgba(r, g, b, 1)` (an opaque one; anything else throws). */
export function rgb(colour: string): Rgb {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)];
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?\s*\)$/.exec(colour.trim());
  if (fn && (fn[4] === undefined || Number(fn[4]) === 1)) return [Number(fn[1]), Number(fn[2]), Number(fn[3])];
  throw new Error(`not an opaque #rrggbb or rgb() colour: ${colour}`);
}

/**
 * A computed colour with its alpha: `rgb()`/`rgba()` (0–255) or `color(srgb r g b / a)` (0–1),
 * which is how engines compute a `color-mix()` with `transparent`.
 */
export function rgba(colour: string): readonly [number, number, number, number] {
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?\s*\)$/.exec(colour.trim());
  if (fn) return [Number(fn[1]), Number(fn[2]), Number(fn[3]), fn[4] === undefined ? 1 : Number(fn[4])];
  const srgb = /^color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)(?:\s*\/\s*([\d.]+))?\s*\)$/.exec(colour.trim());
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
  const [r, g, b] = rgb(colour);
  return [r, g, b, 1];
}

/** A translucent colour as seen over an opaque one. */
export function over(top: string, bottom: string): Rgb {
  const [r, g, b, a] = rgba(top);
  const under = rgb(bottom);
  return [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)];
}

/** The contrast ratio of two colours, 1 to 21 (the arithmetic is the configurator's, shared). */
export function ratio(a: Rgb | string, b: Rgb | string): number {
  return contrastRatio(typeof a === 'string' ? rgb(a) : a, typeof b === 'string' ? rgb(b) : b);
}
