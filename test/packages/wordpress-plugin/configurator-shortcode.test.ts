// The shortcodes the configurator (/configure) copies, pasted into a Shortcode block of a real
// WordPress (Debian's) with the plugin active: the page shows the same trackers as the
// configurator's preview, through the demo server's proxy on another origin (CORS_ORIGINS).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { startDemoServer, type DemoServer } from '../../../demo/server/start-demo-server.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { launchChromium } from '../../support/find-chromium.mjs';
import { debianWordPress, reservePort, startWordPressSite, type WordPressSite } from './wordpress-site.js';

describe('a shortcode copied from the configurator, in a real WordPress', () => {
  let bundle: BuiltBundle;
  let demo: DemoServer;
  let site: WordPressSite;
  let browser: Browser;

  before(async () => {
    bundle = await buildCdnBundle();
    const wordpress = await reservePort();
    demo = await startDemoServer({
      host: '127.0.0.1',
      port: 0,
      bundleDir: bundle.dir,
      proxy: { corsOrigins: [wordpress.origin] },
      mockHoldMs: 50,
      log: () => undefined,
    });
    browser = await launchChromium();
    const shortcode = await copyShortcode();
    site = await startWordPressSite(await debianWordPress(), {
      port: wordpress.port,
      scriptUrl: `${demo.url}cargo-trackers.js`,
      proxyBase: `${demo.url}api/tracking/`,
      posts: [{ slug: 'configured', title: 'Track a shipment', content: `<!-- wp:shortcode -->\n${shortcode}<!-- /wp:shortcode -->` }],
    });
  });

  after(async () => {
    await browser?.close();
    await site?.close();
    await demo?.close();
    await bundle?.remove();
  });

  let preview: Look[] = [];

  /** Sets both trackers up in the configurator, notes what its preview shows, and copies the shortcodes. */
  async function copyShortcode(): Promise<string> {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(demo.url).origin });
    const page = await context.newPage();
    try {
      await page.goto(`${demo.url}configure`);
      await page.getByRole('radio', { name: 'Both' }).check();
      await page.getByLabel(/^Proxy address/).fill(`${demo.url}api/tracking`);
      await page.locator('[data-key="ocean-tracker reference-number"]').fill('MEDU9091004');
      await page.locator('[data-key="air-tracker awb-number"]').fill('176-22817340');
      await page.locator('[data-key="theme"]').selectOption('dark');
      await page.locator('[data-key="map"]').selectOption('none');
      await page.locator('[data-key="lang"]').selectOption('de');
      preview = await look(page, '#preview ');
      await page.locator('[data-snippet="shortcode"] button').click();
      await page.waitForFunction(() => /Copied: WordPress shortcode/.test(document.getElementById('copy-status')!.textContent ?? ''));
      return await page.evaluate(() => navigator.clipboard.readText());
    } finally {
      await context.close();
    }
  }

  interface Look {
    readonly tag: string;
    readonly status: string;
    readonly theme: string | null;
    readonly lang: string | null;
    readonly map: boolean;
  }

  async function look(page: Page, scope = ''): Promise<Look[]> {
    const found: Look[] = [];
    for (const tag of ['ocean-tracker', 'air-tracker']) {
      const tracker = page.locator(`${scope}${tag}`);
      // In German, once its catalogue has loaded (English is shown meanwhile).
      const status = tracker.locator('[part~="status"]').filter({ hasText: 'Unterwegs' });
      await status.waitFor({ timeout: 30_000 });
      found.push({
        tag,
        // Without its last line, the freshness ("vor 18 Minuten"), which moves on between the two visits.
        status: (await status.innerText()).replace(/\n[^\n]*$/, ''),
        theme: await tracker.getAttribute('theme'),
        lang: await tracker.getAttribute('lang'),
        map: (await tracker.locator('[part~="map"]').count()) > 0,
      });
    }
    return found;
  }

  it('renders the same two trackers as the preview', async () => {
    assert.equal(preview.length, 2);
    assert.match(preview[0]!.status, /MEDU9091004/);
    assert.equal(preview[1]!.lang, 'de');
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      const response = await page.goto(site.pageUrl('configured'));
      assert.equal(response?.status(), 200);
      assert.deepEqual(await look(page), preview);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
