// Types of contrast.js, for the TypeScript tests that share it.
export type Rgb = readonly [number, number, number];

export interface ContrastPair {
  readonly text: string;
  readonly background: string;
  readonly mix?: { readonly of: string; readonly percent: number };
  readonly minimum: number;
  readonly where: string;
}

export interface PairResult<P extends ContrastPair> {
  readonly pair: P;
  readonly ratio: number;
  readonly passes: boolean;
}

export function hexToRgb(colour: string): Rgb | undefined;
export function luminance(rgb: Rgb): number;
export function contrastRatio(a: Rgb, b: Rgb): number;
export function mix(a: Rgb, b: Rgb, percent: number): Rgb;
export function checkPairs<P extends ContrastPair>(
  colours: Readonly<Record<string, string | undefined>>,
  pairs: readonly P[],
): PairResult<P>[];
