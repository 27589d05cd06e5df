// axe-core in a Playwright page: the WCAG 2.x A and AA rules the project holds its pages to, and
// axe's best practices (the order of headings among them), run on the whole page or on the part of
// it that is ours (a plugin's markup inside WordPress's admin).
import { createRequire } from 'node:module';
import type { Page } from 'playwright';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeResult {
  violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }>;
}

/**
 * The violations axe finds, each as `rule: what it asks (the elements)`, so that a failing assertion
 * names what to fix. With `scope` (a selector) only that element and what it holds are checked, and
 * axe's page-wide rules (a main landmark, a level-one heading) are not run; a scope that matches
 * nothing is an error from axe, not a pass.
 */
export async function axeViolations(page: Page, scope?: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(
    async ({ scope, tags }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: object): Promise<AxeResult> } }).axe;
      const result = await axe.run(scope ?? document, { runOnly: { type: 'tag', values: tags } });
      return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => JSON.stringify(node.target)).join(', ')})`);
    },
    { scope, tags: TAGS },
  );
}
