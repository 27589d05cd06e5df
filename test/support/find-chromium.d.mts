import type { Browser, BrowserContext, LaunchOptions } from 'playwright';

export const CHROMIUM_ARGS: string[];
export function findChromium(): Promise<string>;
export function launchChromium(options?: { args?: readonly string[] }): Promise<Browser>;
export function chromiumCalendar():
  { launchOptions: Pick<LaunchOptions, 'env'>; move(context: BrowserContext): Promise<BrowserContext> } | undefined;
