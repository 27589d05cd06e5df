// Finds the browsers for the browser tests without downloading any: for each engine an
// environment variable if set, then the usual system places. Debian's packages are the
// reference (`chromium`, `firefox-esr`, `webkit2gtk-driver` + `xvfb`).
import { existsSync } from 'node:fs';

/**
 * One entry per engine: where to look, and what to tell someone who has none.
 * `npm run test:browser:<name>` runs that engine alone (see web-test-runner.config.mjs).
 */
export const ENGINES = {
  chromium: {
    label: 'Chromium',
    env: 'CHROME_PATH',
    paths: [
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/usr/bin/google-chrome',
      '/usr/bin/google-chrome-stable',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
    ],
    install: '`sudo apt-get install chromium` (Debian/Ubuntu), or `npx playwright install chromium` where downloads are allowed',
  },
  firefox: {
    label: 'Firefox',
    env: 'FIREFOX_PATH',
    paths: [
      '/usr/bin/firefox-esr',
      '/usr/bin/firefox',
      '/usr/lib/firefox-esr/firefox-esr',
      '/usr/lib/firefox/firefox',
      '/snap/bin/firefox',
      '/Applications/Firefox.app/Contents/MacOS/firefox',
    ],
    install: '`sudo apt-get install firefox-esr` (Debian/Ubuntu); any Firefox 128 or later speaks WebDriver BiDi',
  },
  webkit: {
    label: 'WebKitGTK',
    env: 'WEBKIT_WEBDRIVER_PATH',
    paths: [
      '/usr/bin/WebKitWebDriver',
      '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/WebKitWebDriver',
      '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/WebKitWebDriver',
      '/usr/libexec/webkit2gtk-4.1/WebKitWebDriver',
      '/usr/lib/webkit2gtk-4.1/WebKitWebDriver',
    ],
    install: '`sudo apt-get install webkit2gtk-driver xvfb` (Debian/Ubuntu)',
  },
};

/** The executable for `engine` (a key of ENGINES), or an error that says how to get one. */
export function findBrowser(engine) {
  const spec = ENGINES[engine];
  if (!spec) throw new Error(`Unknown browser engine "${engine}": use one of ${Object.keys(ENGINES).join(', ')}.`);
  const fromEnv = process.env[spec.env];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`${spec.env} is set to ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  const system = spec.paths.find((p) => existsSync(p));
  if (system) return system;
  throw new Error(`No ${spec.label} found for the browser tests. Set ${spec.env} to its executable, or install one: ${spec.install}.`);
}
