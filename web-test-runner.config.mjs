// Browser tests: test/**/*.browser.test.ts in a real Chromium driven by Playwright.
// The browser is found, never downloaded (see test/support/find-chromium.mjs).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, findChromium } from './test/support/find-chromium.mjs';
import { scenarioMiddleware } from './test/support/scenario-server.mjs';
import { screenshotPlugin } from './test/support/screenshot-plugin.mjs';

let executablePath;
try {
  executablePath = await findChromium();
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
  testFramework: { config: { timeout: 20000 } },
  testsFinishTimeout: 10 * 60 * 1000,
  browserStartTimeout: 60000,
  middleware: [scenarioMiddleware()],
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.base.json' }), screenshotPlugin()],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS },
    }),
  ],
};
