// What a visitor sees and hears while a lookup is held by the service: the demo page (the built
// script-tag bundle, the reference proxy, the mock service) in a real Chromium, with DEMO202,
// the number the mock holds before it answers 202. The element's own 2 seconds are the real ones.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright';
import { startDemoServer, type DemoServer } from '../../../demo/server/start-demo-server.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { CHROMIUM_ARGS, findChromium } from '../../support/find-chromium.mjs';

/** Long enough to see the 2-second mark well before the service answers. */
const HOLD_MS = 5000;

declare global {
  interface Window {
    /** Every text the element's polite live region took, with the time since the Track press. */
    spoken: Array<{ text: string; at: number }>;
    trackPressed: number;
  }
}

describe('the demo page while the service holds a lookup (DEMO202)', () => {
  let bundle: BuiltBundle;
  let demo: DemoServer;
  let browser: Browser;

  before(async () => {
    bundle = await buildCdnBundle();
    demo = await startDemoServer({ host: '127.0.0.1', port: 0, bundleDir: bundle.dir, mockHoldMs: HOLD_MS, log: () => undefined });
    browser = await chromium.launch({ executablePath: await findChromium(), headless: true, args: CHROMIUM_ARGS });
  });

  after(async () => {
    await browser?.close();
    await demo?.close();
    await bundle?.remove();
  });

  /** Opens the demo, listens to the ocean tracker's polite live region, and tracks DEMO202. */
  async function trackHeld(reducedMotion: 'reduce' | 'no-preference'): Promise<Page> {
    const page = await browser.newPage({ reducedMotion });
    await page.goto(demo.url);
    await page.waitForFunction(() => customElements.get('ocean-tracker') !== undefined);
    const input = page.locator('ocean-tracker input[name="referenceNumber"]');
    await input.fill('DEMO202');
    // The lookup's code loads on focus; the live region exists from the first render.
    await page.evaluate(() => {
      const root = document.querySelector('ocean-tracker')!.shadowRoot!;
      const polite = root.querySelector('[part~="announcer"] [role="status"]')!;
      window.spoken = [];
      window.trackPressed = performance.now();
      // Timed from the click itself, as the element's 2 s wait is: a call made after the click
      // returns runs late on a busy machine, and times what follows as too early.
      document.addEventListener('click', () => (window.trackPressed = performance.now()), { capture: true, once: true });
      new MutationObserver(() => {
        const text = polite.textContent?.trim() ?? '';
        if (text) window.spoken.push({ text, at: performance.now() - window.trackPressed });
      }).observe(polite, { childList: true, characterData: true, subtree: true });
    });
    await page.locator('ocean-tracker [part~="submit-button"]').click();
    return page;
  }

  it('shows the outline of a shipment at once, busy, and after 2 s says once, politely, that the service is still looking', async () => {
    const page = await trackHeld('no-preference');
    try {
      const skeleton = page.locator('ocean-tracker [part~="skeleton"]');
      // The first frames may hold the room alone, before the lookup's code (and its outline) is here.
      await page.locator('ocean-tracker [part~="skeleton"] .bone').first().waitFor({ timeout: 1500 });
      assert.equal(await skeleton.getAttribute('aria-busy'), 'true');
      const bones = await skeleton.evaluate((el) =>
        [...el.querySelectorAll('.bone')].map((b) => {
          const r = b.getBoundingClientRect();
          return { width: r.width, height: r.height, animation: getComputedStyle(b).animationName };
        }),
      );
      assert.ok(bones.length >= 8, `${bones.length} shapes`);
      assert.ok(
        bones.every((b) => b.width > 0 && b.height > 0),
        'every shape is drawn',
      );
      assert.ok(
        bones.every((b) => b.animation !== 'none'),
        'the shapes pulse',
      );
      const notice = page.locator('ocean-tracker [part~="notice"]');
      assert.match(await notice.innerText(), /Looking up DEMO202/);
      assert.doesNotMatch(await notice.innerText(), /Still looking/);

      await page.waitForFunction(
        () =>
          /Still looking/.test(document.querySelector('ocean-tracker')!.shadowRoot!.querySelector('[part~="notice"]')?.textContent ?? ''),
        undefined,
        {
          timeout: HOLD_MS,
        },
      );
      const shownAt = await page.evaluate(() => performance.now() - window.trackPressed);
      assert.ok(shownAt >= 1900 && shownAt < HOLD_MS, `shown after ${Math.round(shownAt)} ms`);
      assert.match(await notice.innerText(), /Looking up DEMO202…\s+Still looking\. Some carriers take a little longer to answer\./);
      assert.equal(await skeleton.count(), 1, 'the outline stays while the request is out');

      // Then the 202 ends the request: the outline goes, the waiting notice takes over.
      await page.waitForFunction(
        () => !document.querySelector('ocean-tracker')!.shadowRoot!.querySelector('[part~="skeleton"]'),
        undefined,
        {
          timeout: HOLD_MS + 2000,
        },
      );
      assert.doesNotMatch(await notice.innerText(), /Looking up|Still looking/);
      const spoken = await page.evaluate(() => window.spoken);
      const still = spoken.filter((s) => /Still looking/.test(s.text));
      assert.equal(still.length, 1, JSON.stringify(spoken));
      assert.equal(still[0]!.text, 'Still looking. Some carriers take a little longer to answer.', 'only the news is said');
      assert.ok(still[0]!.at >= 1900, `said after ${Math.round(still[0]!.at)} ms`);
      assert.equal(spoken.filter((s) => /Looking up DEMO202/.test(s.text)).length, 1, 'the lookup itself was said once');
      const alerts = await page.evaluate(
        () => document.querySelector('ocean-tracker')!.shadowRoot!.querySelector('[part~="announcer"] [role="alert"]')!.textContent,
      );
      assert.equal(alerts?.trim(), '', 'nothing urgent');
    } finally {
      await page.close();
    }
  });

  it('keeps the outline still when the visitor prefers reduced motion', async () => {
    const page = await trackHeld('reduce');
    try {
      const skeleton = page.locator('ocean-tracker [part~="skeleton"]');
      // The first frames may hold the room alone, before the lookup's code (and its outline) is here.
      await page.locator('ocean-tracker [part~="skeleton"] .bone').first().waitFor({ timeout: 1500 });
      const animations = await skeleton.evaluate((el) => [...el.querySelectorAll('.bone')].map((b) => getComputedStyle(b).animationName));
      assert.ok(animations.length > 0);
      assert.deepEqual([...new Set(animations)], ['none']);
    } finally {
      await page.close();
    }
  });
});
