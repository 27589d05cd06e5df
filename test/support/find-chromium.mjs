// Finds a Chromium for the browser tests without downloading one:
// CHROME_PATH if set, then the usual system places, then Playwright's own download.
import { existsSync } from 'node:fs';

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

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
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  const system = SYSTEM_PATHS.find((p) => existsSync(p));
  if (system) return system;
  try {
    const { chromium } = await import('playwright');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright is optional here; fall through to the message below.
  }
  throw new Error(
    'No Chromium found for the browser tests. Set CHROME_PATH to a Chromium or Chrome binary, ' +
      'or install one: `sudo apt-get install chromium` (Debian/Ubuntu), or `npx playwright install chromium` where downloads are allowed.',
  );
}
