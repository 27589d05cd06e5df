// A @web/test-runner plugin: `setViewport` from test/support/browser.ts, in every engine.
// @web/test-runner-commands' own setViewport knows Playwright and Puppeteer but not WebDriver;
// the WebKitGTK launcher sizes its window instead.
export function viewportPlugin() {
  return {
    name: 'cargo-trackers-viewport',
    async executeCommand({ command, payload, session }) {
      if (command !== 'viewport') return undefined;
      const { width, height } = payload ?? {};
      if (!Number.isInteger(width) || !Number.isInteger(height)) throw new Error('viewport needs integer width and height');
      const { browser } = session;
      if (browser.type === 'playwright') await browser.getPage(session.id).setViewportSize({ width, height });
      else if (browser.type === 'puppeteer') await browser.getPage(session.id).setViewport({ width, height });
      else if (typeof browser.setViewport === 'function') await browser.setViewport(session.id, { width, height });
      else throw new Error(`no way to set the viewport in ${browser.name}`);
      return true;
    },
  };
}
