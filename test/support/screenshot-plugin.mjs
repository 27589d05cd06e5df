// A @web/test-runner plugin: the browser test calls executeServerCommand('screenshot', { name })
// and the page, as Playwright renders it, is written to test-results/screenshots/<name>.png
// for people to review. Not a visual diff: nothing is compared.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const SCREENSHOT_DIR = resolve('test-results/screenshots');

export function screenshotPlugin() {
  return {
    name: 'cargo-trackers-screenshot',
    async executeCommand({ command, payload, session }) {
      if (command !== 'screenshot') return undefined;
      const name = String(payload?.name ?? '');
      if (!/^[\w.-]{1,120}$/.test(name)) throw new Error(`screenshot name must be [A-Za-z0-9_.-]: ${name}`);
      const page = session.browser.getPage?.(session.id);
      if (!page) throw new Error('screenshots need the Playwright launcher');
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true, animations: 'disabled' });
      return path;
    },
  };
}
