// What a visitor sees and hears while a lookup is held by the service: the demo page (the built
// script-tag bundle, the reference proxy, the mock service) in a real Chromium, with DEMO202,
// the number the mock holds before it answers 202. The page runs on Playwright's clock, paused
// once the page has loaded, so the element's 2 seconds are fake ones, counted exactly: the test
// moves the clock 1,999 ms, then 1 ms. The lookup is let through to the demo server only when the
// test says, so it stays out, as a held one is, however long the test's steps take on a busy machine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { startDemoServer, type DemoServer } from '../../../demo/server/start-demo-server.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { launchChromium } from '../../support/find-chromium.mjs';

/** When the element says it is still looking: 2 s after the request went out. */
const STILL_LOOKING_MS = 2000;
/** How long the mock holds DEMO202 before its 202, once the test lets the lookup through. */
const HOLD_MS = 300;

declare global {
  interface Window {
    /** Every text the element's polite live region took, with the (fake) time since the Track press. */
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
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await demo?.close();
    await bundle?.remove();
  });

  interface Held {
    readonly page: Page;
    /** Lets the held lookup go on to the demo server (whose mock then answers 202). */
    readonly release: () => void;
  }

  /**
   * Opens the demo on a paused clock, listens to the ocean tracker's polite live region, tracks
   * DEMO202, and returns once the lookup is out (held by the test until `release`).
   */
  async function trackHeld(reducedMotion: 'reduce' | 'no-preference'): Promise<Held> {
    const page = await browser.newPage({ reducedMotion });
    // The clock runs as usual while the page loads; it is paused before Track is pressed.
    await page.clock.install();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let requested!: () => void;
    const out = new Promise<void>((resolve) => (requested = resolve));
    await page.route(
      (url) => url.pathname === '/api/tracking/ocean',
      async (route) => {
        requested();
        await released;
        await route.continue().catch(() => undefined); // the page may be closed by then
      },
    );
    await page.goto(demo.url);
    await page.waitForFunction(() => customElements.get('ocean-tracker') !== undefined);
    const input = page.locator('ocean-tracker input[name="referenceNumber"]');
    await input.fill('DEMO202');
    // The lookup's code loads on focus; the live region exists from the first render.
    await page.evaluate(() => {
      const root = document.querySelector('ocean-tracker')!.shadowRoot!;
      const polite = root.querySelector('[part~="announcer"] [role="status"]')!;
      window.spoken = [];
      document.addEventListener('click', () => (window.trackPressed = performance.now()), { capture: true, once: true });
      new MutationObserver(() => {
        const text = polite.textContent?.trim() ?? '';
        if (text) window.spoken.push({ text, at: performance.now() - window.trackPressed });
      }).observe(polite, { childList: true, characterData: true, subtree: true });
    });
    // A second past the page's now. pauseAt refuses a time the flowing clock has already passed,
    // as it may have on a busy machine between the two calls: then it is asked again from the new now.
    for (;;) {
      const error = await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000).catch((e: unknown) => e);
      if (error === undefined) break;
      if (!String(error).includes('to the past')) throw error;
    }
    await page.locator('ocean-tracker [part~="submit-button"]').click();
    await out;
    return { page, release };
  }

  it('shows the outline of a shipment at once, busy, and after 2 s says once, politely, that the service is still looking', async () => {
    const { page, release } = await trackHeld('no-preference');
    try {
      const skeleton = page.locator('ocean-tracker [part~="skeleton"]');
      // The first frames may hold the room alone, before the lookup's code (and its outline) is here.
      await page.locator('ocean-tracker [part~="skeleton"] .bone').first().waitFor();
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

      // A millisecond short of 2 s: not yet.
      await page.clock.runFor(STILL_LOOKING_MS - 1);
      assert.match(await notice.innerText(), /Looking up DEMO202/);
      assert.doesNotMatch(await notice.innerText(), /Still looking/);
      assert.deepEqual(
        (await page.evaluate(() => window.spoken)).filter((s) => /Still looking/.test(s.text)),
        [],
      );
      // At 2 s exactly, the notice says it, and so does the polite region, once.
      await page.clock.runFor(1);
      assert.match(await notice.innerText(), /Looking up DEMO202…\s+Still looking\. Some carriers take a little longer to answer\./);
      assert.equal(await skeleton.count(), 1, 'the outline stays while the request is out');

      // Then the 202 ends the request: the outline goes, the waiting notice takes over.
      release();
      await skeleton.waitFor({ state: 'detached' });
      assert.doesNotMatch(await notice.innerText(), /Looking up|Still looking/);
      const spoken = await page.evaluate(() => window.spoken);
      const still = spoken.filter((s) => /Still looking/.test(s.text));
      assert.deepEqual(
        still,
        [{ text: 'Still looking. Some carriers take a little longer to answer.', at: STILL_LOOKING_MS }],
        'only the news is said, once, at 2 s',
      );
      assert.equal(spoken.filter((s) => /Looking up DEMO202/.test(s.text)).length, 1, 'the lookup itself was said once');
      const alerts = await page.evaluate(
        () => document.querySelector('ocean-tracker')!.shadowRoot!.querySelector('[part~="announcer"] [role="alert"]')!.textContent,
      );
      assert.equal(alerts?.trim(), '', 'nothing urgent');
    } finally {
      release();
      await page.close();
    }
  });

  it('keeps the outline still when the visitor prefers reduced motion', async () => {
    const { page, release } = await trackHeld('reduce');
    try {
      const skeleton = page.locator('ocean-tracker [part~="skeleton"]');
      // The first frames may hold the room alone, before the lookup's code (and its outline) is here.
      await page.locator('ocean-tracker [part~="skeleton"] .bone').first().waitFor();
      const animations = await skeleton.evaluate((el) => [...el.querySelectorAll('.bone')].map((b) => getComputedStyle(b).animationName));
      assert.ok(animations.length > 0);
      assert.deepEqual([...new Set(animations)], ['none']);
    } finally {
      release();
      await page.close();
    }
  });
});
