// A @web/test-runner plugin: the browser test calls executeServerCommand('screenshot', { name })
// and the page, as the engine renders it, is written to test-results/screenshots/<name>.png
// (<name>.<engine>.png outside Chromium) for people to review. Not a visual diff: nothing is compared.
// Only when SCREENSHOTS=1: a whole run takes about 570 full-page pictures (126 MB of PNG) that nobody
// reads in CI, and drawing and encoding them is CPU the two cores need for the tests.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const SCREENSHOT_DIR = resolve('test-results/screenshots');
const SCREENSHOT_PATIENCE_MS = 8_000;
const WANTED = process.env.SCREENSHOTS === '1';

export function screenshotPlugin() {
  /** Test pages whose engine took no screenshot in time: it draws nothing more, so they are not asked again. */
  const stalled = new Set();
  return {
    name: 'cargo-trackers-screenshot',
    async executeCommand({ command, payload, session }) {
      if (command !== 'screenshot') return undefined;
      const name = String(payload?.name ?? '');
      if (!/^[\w.-]{1,120}$/.test(name)) throw new Error(`screenshot name must be [A-Za-z0-9_.-]: ${name}`);
      const { browser } = session;
      // false, not null: @web/test-runner reads a null or undefined answer as "no plugin knows this command".
      if (!WANTED || stalled.has(session.id)) return false;
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const suffix = browser.type === 'playwright' ? '' : `.${browser.name.toLowerCase()}`;
      const path = join(SCREENSHOT_DIR, `${name}${suffix}.png`);
      let shot;
      if (browser.type === 'playwright') shot = browser.getPage(session.id).screenshot({ path, fullPage: true, animations: 'disabled' });
      else if (browser.type === 'puppeteer') shot = browser.getPage(session.id).screenshot({ path, fullPage: true });
      else if (typeof browser.takeScreenshot === 'function') shot = browser.takeScreenshot(session.id).then((png) => writeFile(path, png));
      else throw new Error(`no screenshots in ${browser.name}`);
      // An engine that has stopped drawing the page never takes it (see nextFrame() in browser.ts): the
      // picture is for people, so the test goes on without it rather than hang.
      let timer;
      const late = new Promise((resolve) => (timer = setTimeout(resolve, SCREENSHOT_PATIENCE_MS, 'late')));
      const outcome = await Promise.race([shot.then(() => 'taken'), late]).finally(() => clearTimeout(timer));
      if (outcome === 'taken') return path;
      shot.catch(() => {});
      stalled.add(session.id);
      console.warn(
        `No screenshot ${name} in ${browser.name} after ${SCREENSHOT_PATIENCE_MS / 1000} s: the engine draws no more frames of this test file's page; its tests go on without screenshots.`,
      );
      return false;
    },
  };
}
