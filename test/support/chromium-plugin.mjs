// A @web/test-runner plugin for what only Chromium's DevTools Protocol tells (Chromium only; other
// engines have no such protocol here):
//   executeServerCommand('ax-tree')       the page's accessibility tree as Chromium computes it for
//                                         assistive technology (Accessibility.getFullAXTree), each node
//                                         that is not ignored as { role, name, description }
//   executeServerCommand('layout-count')  how many layouts the page has run so far (Performance.getMetrics)
export function chromiumPlugin() {
  const counting = new WeakMap();
  return {
    name: 'cargo-trackers-chromium',
    async executeCommand({ command, session }) {
      if (command !== 'ax-tree' && command !== 'layout-count') return undefined;
      const { browser } = session;
      if (browser.type !== 'playwright') throw new Error(`no DevTools Protocol in ${browser.name}`);
      const page = browser.getPage(session.id);
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
