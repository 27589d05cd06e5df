// A @web/test-runner plugin for what only Chromium's DevTools Protocol tells (Chromium only; other
// engines have no such protocol here):
//   executeServerCommand('ax-tree')       the page's accessibility tree as Chromium computes it for
//                                         assistive technology (Accessibility.getFullAXTree), each node
//                                         that is not ignored as { role, name, description }
//   executeServerCommand('layout-count')  how many layouts the page has run so far (Performance.getMetrics)
//   executeServerCommand('watch-downloads') then ('next-download')
//                                         the next file the page downloads, as the browser saved it:
//                                         { name, text } (Playwright's download event); watch first,
//                                         then do what downloads, then ask for it
//   executeServerCommand('grant-clipboard') lets the page read back what it wrote to the clipboard
import { readFile } from 'node:fs/promises';

export function chromiumPlugin() {
  const counting = new WeakMap();
  /** Per page, the downloads not asked for yet (promises of { name, text }), oldest first. */
  const downloads = new WeakMap();
  return {
    name: 'cargo-trackers-chromium',
    async executeCommand({ command, session }) {
      if (!['ax-tree', 'layout-count', 'watch-downloads', 'next-download', 'grant-clipboard'].includes(command)) return undefined;
      const { browser } = session;
      if (browser.type !== 'playwright') throw new Error(`no DevTools Protocol in ${browser.name}`);
      const page = browser.getPage(session.id);
      if (command === 'grant-clipboard') {
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
        return true;
      }
      if (command === 'watch-downloads') {
        if (!downloads.has(page)) {
          const saved = [];
          downloads.set(page, saved);
          page.on('download', (download) =>
            saved.push(download.path().then(async (path) => ({ name: download.suggestedFilename(), text: await readFile(path, 'utf8') }))),
          );
        }
        return true;
      }
      if (command === 'next-download') {
        const saved = downloads.get(page);
        if (!saved) throw new Error('watch-downloads first');
        if (!saved.length) await page.waitForEvent('download');
        return saved.shift();
      }
      if (command === 'layout-count') {
        // One session per page, kept: the counters run from the first Performance.enable.
        let cdp = counting.get(page);
        if (!cdp) {
          cdp = await page.context().newCDPSession(page);
          await cdp.send('Performance.enable');
          counting.set(page, cdp);
        }
        const { metrics } = await cdp.send('Performance.getMetrics');
        return metrics.find((m) => m.name === 'LayoutCount')?.value ?? 0;
      }
      const cdp = await page.context().newCDPSession(page);
      try {
        const { nodes } = await cdp.send('Accessibility.getFullAXTree');
        return nodes
          .filter((node) => !node.ignored)
          .map((node) => ({
            role: String(node.role?.value ?? ''),
            name: String(node.name?.value ?? ''),
            description: String(node.description?.value ?? ''),
          }));
      } finally {
        await cdp.detach();
      }
    },
  };
}
