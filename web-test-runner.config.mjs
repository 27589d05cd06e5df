// Browser tests: test/**/*.browser.test.ts in three real engines, each found, never downloaded
// (see test/support/find-browsers.mjs):
//   chromium  Chromium driven by Playwright
//   firefox   Firefox (ESR) driven by Puppeteer over WebDriver BiDi
//   webkit    WebKitGTK's MiniBrowser driven by WebKitWebDriver, under an Xvfb the launcher starts
// All three by default; TEST_BROWSERS=chromium,firefox (or `npm run test:browser:<engine>`) picks.
// The engines run side by side, each one test file at a time. A few files run in one engine only
// (ONE_ENGINE, below, says which and why).
import { existsSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher, puppeteerCore } from '@web/test-runner-chrome';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { ENGINES, findBrowser } from './test/support/find-browsers.mjs';
import { CHROMIUM_ARGS, chromiumCalendar, findChromium } from './test/support/find-chromium.mjs';
import { scenarioMiddleware } from './test/support/scenario-server.mjs';
import { chromiumPlugin } from './test/support/chromium-plugin.mjs';
import { fileTimesReporter } from './test/support/file-times-reporter.mjs';
import { screenshotPlugin } from './test/support/screenshot-plugin.mjs';
import { viewportPlugin } from './test/support/viewport-plugin.mjs';
import { webkitGtkLauncher } from './test/support/webkitgtk-launcher.mjs';

const launchers = {
  chromium: async () => {
    // On a moved calendar (`faketime -f +45d npm run test:browser:chromium`), Chromium starts without
    // libfaketime and its pages get the moved Date; the servers and the mock run on it as they are.
    const calendar = chromiumCalendar();
    return playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: await findChromium(), headless: true, args: CHROMIUM_ARGS, ...calendar?.launchOptions },
      ...(calendar && { createBrowserContext: async ({ browser }) => calendar.move(await browser.newContext()) }),
    });
  },
  // networkEnabled: false: Puppeteer then does not subscribe to WebDriver BiDi's network events,
  // which Firefox's parent process serialized for every module a test page loads (hundreds per
  // page); nothing here reads Puppeteer's requests. The Firefox suite alone on two cores,
  // 2026-11-30: 343 → 252 s of CPU, the same 663 tests passing.
  firefox: async () =>
    chromeLauncher({
      puppeteer: puppeteerCore,
      launchOptions: { browser: 'firefox', executablePath: findBrowser('firefox'), headless: true, networkEnabled: false },
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

// Files that check what the elements' own JavaScript does with standard DOM APIs (properties,
// events, the custom-element registry, module loading, requests, history, timers), where the
// engines do not differ. They run in the first chosen engine only (Chromium by default); every
// other file (layout, paint, fonts, focus and keys, the accessibility tree, Intl formatting, CSS,
// the map's pixels, observers) runs in all three. On two cores this saved about 110 s of CPU
// (16 files, in Firefox and WebKitGTK); the rendering of generated documents, added later, took
// 46 s of Firefox's tests and 186 s of WebKitGTK's in a full npm test (each run prints the slowest
// files per engine: test/support/file-times-reporter.mjs). A file listed here that no longer
// exists is an error.
const ONE_ENGINE = [
  'test/demo/framework-examples.browser.test.ts',
  'test/packages/cargo-trackers/two-copies.browser.test.ts',
  'test/packages/core/first/change-events.browser.test.ts',
  'test/packages/core/first/element/define.browser.test.ts',
  'test/packages/core/first/element-defaults.browser.test.ts',
  'test/packages/core/first/format-check.browser.test.ts',
  'test/packages/core/first/element/lazy-view-controller.browser.test.ts',
  'test/packages/core/first/element/localization-controller.browser.test.ts',
  'test/packages/core/lookup/carrier-list-controller.browser.test.ts',
  'test/packages/core/lookup/lookup-controller.browser.test.ts',
  'test/packages/core/lookup/sync-url.browser.test.ts',
  'test/packages/core/lookup/url-sync.browser.test.ts',
  'test/packages/core/map/contract-fixtures.browser.test.ts',
  'test/packages/core/map/land-tiles.browser.test.ts',
  'test/packages/ocean-tracker/lookup-modules.browser.test.ts',
  'test/robustness/polling-manners.browser.test.ts',
  'test/robustness/rendering-fuzz.browser.test.ts', // generated documents; the contract ones run in all three
  'test/support/calendar.browser.test.ts', // the test setup's calendar, which only Chromium's launcher moves
];
const gone = ONE_ENGINE.filter((file) => !existsSync(new URL(file, import.meta.url)));
if (gone.length) {
  console.error(`\nweb-test-runner.config.mjs lists files that do not exist: ${gone.join(', ')}\n`);
  process.exit(1);
}

// Files named on the command line (`npx web-test-runner <file>`) run alone, in every chosen engine.
const named = process.argv.slice(2).some((arg) => arg.endsWith('.ts'));

export default {
  // Every engine: the default group. The files above: the first chosen engine (the group below).
  files: named ? ['test/**/*.browser.test.ts'] : ['test/**/*.browser.test.ts', ...ONE_ENGINE.map((file) => `!${file}`)],
  groups: named ? [] : [{ name: 'one-engine', files: ONE_ENGINE, browsers: browsers.slice(0, 1) }],
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
  // The default report, then the slowest files in each engine.
  reporters: [defaultReporter(), fileTimesReporter()],
  middleware: [scenarioMiddleware()],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.base.json' }),
    screenshotPlugin(),
    viewportPlugin(),
    chromiumPlugin(),
  ],
  browsers,
};
