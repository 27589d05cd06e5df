// Browser tests: test/**/*.browser.test.ts in three real engines, each found, never downloaded
// (see test/support/find-browsers.mjs):
//   chromium  Chromium driven by Playwright
//   firefox   Firefox (ESR) driven by Puppeteer over WebDriver BiDi
//   webkit    WebKitGTK's MiniBrowser driven by WebKitWebDriver, under an Xvfb the launcher starts
// All three by default; TEST_BROWSERS=chromium,firefox (or `npm run test:browser:<engine>`) picks.
// The engines run side by side, each one test file at a time.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher, puppeteerCore } from '@web/test-runner-chrome';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { ENGINES, findBrowser } from './test/support/find-browsers.mjs';
import { CHROMIUM_ARGS, findChromium } from './test/support/find-chromium.mjs';
import { scenarioMiddleware } from './test/support/scenario-server.mjs';
import { chromiumPlugin } from './test/support/chromium-plugin.mjs';
import { screenshotPlugin } from './test/support/screenshot-plugin.mjs';
import { viewportPlugin } from './test/support/viewport-plugin.mjs';
import { webkitGtkLauncher } from './test/support/webkitgtk-launcher.mjs';

const launchers = {
  chromium: async () =>
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: await findChromium(), headless: true, args: CHROMIUM_ARGS },
    }),
  firefox: async () =>
    chromeLauncher({
      puppeteer: puppeteerCore,
      launchOptions: { browser: 'firefox', executablePath: findBrowser('firefox'), headless: true },
    }),
  webkit: async () => webkitGtkLauncher(findBrowser('webkit')),
};

const chosen = (process.env.TEST_BROWSERS || Object.keys(ENGINES).join(','))
  .split(',')
  .map((name) => name.trim().toLowerCase())
  .filter(Boolean);

let browsers;
try {
  const unknown = chosen.filter((name) => !launchers[name]);
  if (unknown.length) throw new Error(`TEST_BROWSERS names ${unknown.join(', ')}; use ${Object.keys(launchers).join(', ')}.`);
  browsers = await Promise.all(chosen.map((name) => launchers[name]()));
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

export default {
  files: ['test/**/*.browser.test.ts'],
  rootDir: '.',
  hostname: '127.0.0.1',
  nodeResolve: { exportConditions: ['cargo-trackers-source', 'browser', 'import', 'default'] },
  concurrency: 1,
  // All chosen engines at once (the default is two), each one file at a time.
  concurrentBrowsers: browsers.length,
  // A test's and a file's time limits stop a hang; they bound no speed, so they leave room for a
  // machine busy with the other lane of npm test (scripts/test.mjs) and more.
  testFramework: { config: { timeout: 120_000 } },
  testsFinishTimeout: 30 * 60 * 1000,
  browserStartTimeout: 60000,
  middleware: [scenarioMiddleware()],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.base.json' }),
    screenshotPlugin(),
    viewportPlugin(),
    chromiumPlugin(),
  ],
  browsers,
};
