// A @web/test-runner plugin: the browser test calls executeServerCommand('screenshot', { name })
// and the page, as the engine renders it, is written to test-results/screenshots/<name>.png
// (<name>.<engine>.png outside Chromium) for people to review. Not a visual diff: nothing is compared.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const SCREENSHOT_DIR = resolve('test-results/screenshots');

export function screenshotPlugin() {
  return {
    name: 'cargo-trackers-screenshot',
    async executeCommand({ command, payload, session }) {
      if (command !== 'screenshot') return undefined;
      const name = String(payload?.name ?? '');
      if (!/^[\w.-]{1,120}$/.test(name)) throw new Error(`screenshot name must be [A-Za-z0-9_.-]: ${name}`);
      const { browser } = session;
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const suffix = browser.type === 'playwright' ? '' : `.${browser.name.toLowerCase()}`;
      const path = join(SCREENSHOT_DIR, `${name}${suffix}.png`);
      if (browser.type === 'playwright') await browser.getPage(session.id).screenshot({ path, fullPage: true, animations: 'disabled' });
      else if (browser.type === 'puppeteer') await browser.getPage(session.id).screenshot({ path, fullPage: true });
      else if (typeof browser.takeScreenshot === 'function') await writeFile(path, await browser.takeScreenshot(session.id));
      else throw new Error(`no screenshots in ${browser.name}`);
      return path;
    },
  };
}
