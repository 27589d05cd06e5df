export interface BundlerResult {
  files: string[];
  gzip: number;
  modules: string[];
  lazy: string[];
}
export const TOLERANCE_BYTES: number;
export const LAZY_MODULES: readonly string[];
export function measureBundlers(): Promise<Record<string, BundlerResult>>;
export function report(results: Record<string, BundlerResult>): string;
export function problems(results: Record<string, BundlerResult>): string[];
