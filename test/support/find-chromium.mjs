// Finds a Chromium for the browser tests without downloading one: CHROME_PATH if set, then the
// usual system places (both from find-browsers.mjs), then Playwright's own download if present.
import { existsSync } from 'node:fs';
import { findBrowser } from './find-browsers.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export async function findChromium() {
  try {
    return findBrowser('chromium');
  } catch (error) {
    if (process.env.CHROME_PATH) throw error;
    try {
      const { chromium } = await import('playwright');
      const own = chromium.executablePath();
      if (own && existsSync(own)) return own;
    } catch {
      // Playwright is optional here; fall through to the finder's message.
    }
    throw error;
  }
}
