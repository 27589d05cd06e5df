// A @web/test-runner plugin: executeServerCommand('ax-tree') returns the page's accessibility tree as
// Chromium computes it for assistive technology (CDP Accessibility.getFullAXTree), each node that is
// not ignored as { role, name, description }. Chromium only: other engines have no such protocol here.
export function axTreePlugin() {
  return {
    name: 'cargo-trackers-ax-tree',
    async executeCommand({ command, session }) {
      if (command !== 'ax-tree') return undefined;
      const { browser } = session;
      if (browser.type !== 'playwright') throw new Error(`no accessibility tree in ${browser.name}`);
      const page = browser.getPage(session.id);
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
