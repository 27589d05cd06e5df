export interface LandDecodeTimings {
  readonly median: number;
  readonly runs: number;
  readonly points: number;
}
export function decodeLand(): Array<Array<Array<[number, number]>>>;
export function landDecodeTimings(runs?: number): LandDecodeTimings;
export function landDecodeReport(timings: LandDecodeTimings): string[];
