// Finds a Chromium for the browser tests without downloading one: CHROME_PATH if set, then
// Debian's old headless shell (chromium-headless-shell), then the usual places of the whole browser
// (both from find-browsers.mjs), then Playwright's own download if present; and launches it for the
// Node tests that drive a page (launchChromium).
//
// The headless shell is the same Chromium (Debian builds both from one source, at one version,
// with the same fonts from chromium-common) without the browser's windowing: Blink lays out,
// paints and runs the page alike, which is what the tests look at. It is also what Playwright runs
// for `headless: true` where it downloads its own. It costs far less CPU: the plugin's six
// WordPress test files, 176 → 129 s of CPU on two cores (Chromium's processes 61 → 25 s); the
// browser suite in Chromium, 274 → 200 s (766 tests passing either way; 2026-11-30). The
// benchmarks, which measure what a visitor's Chromium does, ask for the whole browser
// (`findChromium({ headlessShell: false })`).
import { existsSync } from 'node:fs';
import { findBrowser } from './find-browsers.mjs';
import { calendarOffsetMs, underLibfaketime, withoutLibfaketime } from './libfaketime.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Debian's package chromium-headless-shell. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export async function findChromium({ headlessShell = true } = {}) {
  if (headlessShell && !process.env.CHROME_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
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

/**
 * Chromium, headless, for a Node test that drives pages through Playwright, on this process's
 * calendar (chromiumCalendar).
 */
export async function launchChromium({ args = [] } = {}) {
  const { chromium } = await import('playwright');
  const calendar = chromiumCalendar();
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
    ...calendar?.launchOptions,
  });
  if (calendar) {
    // browser.newPage opens its context through this method too.
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => calendar.move(await newContext(options));
  }
  return browser;
}

/**
 * On a moved calendar (libfaketime), what a Playwright Chromium needs to share it; undefined on the
 * real one. Chromium preloaded with libfaketime never finishes loading a page, so it starts without
 * it (`launchOptions`), and `move(context)` gives every page of the context this process's (moved)
 * calendar through movedCalendar(), so the page, the servers and the test agree on what day it is.
 * Used by launchChromium and by web-test-runner.config.mjs.
 */
export function chromiumCalendar() {
  if (!underLibfaketime()) return undefined;
  const offsetMs = calendarOffsetMs();
  return {
    launchOptions: { env: withoutLibfaketime() },
    async move(context) {
      await context.addInitScript(movedCalendar, offsetMs);
      return context;
    },
  };
}

/**
 * In the page, before its scripts: Date.now() and new Date() move by offsetMs, as libfaketime moves
 * them in the servers, and nothing else changes: timers, requestAnimationFrame and performance.now()
 * stay the browser's own (Playwright's clock would take those over too, more than a moved calendar
 * needs). Runs in the page: no closure over this module.
 */
function movedCalendar(offsetMs) {
  const RealDate = Date;
  class MovedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offsetMs;
    }
  }
  // Date() called without new returns the time as a string, as it does natively.
  globalThis.Date = new Proxy(MovedDate, { apply: () => new MovedDate().toString() });
}
