import type { Browser } from 'playwright';

export const CHROMIUM_ARGS: string[];
export function findChromium(): Promise<string>;
export function launchChromium(options?: { args?: readonly string[] }): Promise<Browser>;
