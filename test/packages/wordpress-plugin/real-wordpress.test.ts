// The plugin in a real WordPress, as a site owner would use it: installed and activated, pages
// with both shortcodes (hostile attribute values among them), rendered by `php -S` with WP_DEBUG
// on, in a block theme and a classic theme, and driven in Chromium against the demo server's
// proxy and bundle (another origin, allowed by CORS_ORIGINS). On the oldest WordPress the plugin
// supports (Debian's 6.1, before wp_enqueue_script_module) and the newest this project can
// install (6.5, from WordPress Playground's builds on the npm registry).
// Here the shortcodes, in a Shortcode block or the classic editor alike; the plugin's own blocks,
// from its built zip, in plugin-zip.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { startDemoServer, type DemoServer } from '../../../demo/server/start-demo-server.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { launchChromium } from '../../support/find-chromium.mjs';
import {
  debianWordPress,
  playgroundWordPress,
  reservePort,
  startWordPressSite,
  type SitePost,
  PHP_MESSAGE,
  type WordPressSite,
  type WordPressSource,
} from './wordpress-site.js';

const HOSTILE_NUMBER = `"><script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">`;
/** Tries to close the attribute and add a handler, without a tag WordPress itself would mangle first. */
const BREAKOUT_NUMBER = `" autofocus onfocus="window.__xss = 6" data-x="`;

function posts(bundleUrl: string, proxyBase: string): SitePost[] {
  return [
    {
      slug: 'both',
      title: 'Track a shipment',
      content:
        '<!-- wp:shortcode -->\n[ocean_tracker reference_number="MEDU9091004" map="none"]\n<!-- /wp:shortcode -->\n\n' +
        '<!-- wp:paragraph --><p>Air cargo:</p><!-- /wp:paragraph -->\n\n' +
        '<!-- wp:shortcode -->\n[air_tracker awb_number="176-22817340" theme="dark" map="none"]\n<!-- /wp:shortcode -->',
    },
    {
      slug: 'hostile',
      title: 'Hostile attributes',
      content:
        `[ocean_tracker reference_number='${HOSTILE_NUMBER}' carrier_code="A&B" onclick="window.__xss = 3" proxy_url="javascript:window.__xss = 4"]\n\n` +
        `[ocean_tracker reference_number='${BREAKOUT_NUMBER}' map="none"]\n\n` +
        `[air_tracker awb_number="176-22817340" carriers_url="data:application/json,{}" tile_url="https://{s}.tiles.example/{z}/{x}/{y}.png" tile_attribution='<b onmouseover="window.__xss = 5">Tiles</b>' map="none"]`,
    },
    {
      slug: 'snippet',
      title: 'A Custom HTML snippet beside a shortcode',
      content:
        `<!-- wp:html -->\n<script type="module" src="${bundleUrl}"></script>\n` +
        `<ocean-tracker proxy-url="${proxyBase}ocean" reference-number="HLXU8123446" map="none"></ocean-tracker>\n<!-- /wp:html -->\n\n` +
        '[air_tracker awb_number="176-22817340" map="none"]',
    },
  ];
}

interface Visit {
  readonly page: Page;
  readonly html: string;
  readonly consoleErrors: string[];
  readonly pageErrors: string[];
  readonly bundleRequests: string[];
  /** Every response of 400 or more, so a console "Failed to load resource" can be told apart. */
  readonly failedResponses: string[];
}

/** One build of the bundle for both WordPress versions. */
let sharedBundle: Promise<BuiltBundle> | undefined;
after(async () => (await sharedBundle?.catch(() => undefined))?.remove());

const wordpresses: Array<[string, () => Promise<WordPressSource>]> = [
  ["Debian's WordPress 6.1 (the oldest supported, before wp_enqueue_script_module)", () => debianWordPress()],
  ['WordPress 6.5 from the Playground builds (the newest installable here)', () => playgroundWordPress('6.5')],
];

for (const [label, load] of wordpresses) {
  describe(`the WordPress plugin in ${label}`, () => {
    let source: WordPressSource;
    let bundle: BuiltBundle;
    let demo: DemoServer;
    let site: WordPressSite;
    let browser: Browser;
    let bundleUrl: string;

    before(async () => {
      source = await load();
      bundle = await (sharedBundle ??= buildCdnBundle());
      const { port, origin } = await reservePort();
      demo = await startDemoServer({
        host: '127.0.0.1',
        port: 0,
        bundleDir: bundle.dir,
        proxy: { corsOrigins: [origin] },
        mockHoldMs: 50,
        log: () => undefined,
      });
      bundleUrl = `${demo.url}cargo-trackers.js`;
      const proxyBase = `${demo.url}api/tracking/`;
      site = await startWordPressSite(source, { port, scriptUrl: bundleUrl, proxyBase, posts: posts(bundleUrl, proxyBase) });
      browser = await launchChromium();
    });

    after(async () => {
      await browser?.close();
      await site?.close();
      await demo?.close();
    });

    async function visit(url: string): Promise<Visit> {
      const page = await browser.newPage();
      const consoleErrors: string[] = [];
      const pageErrors: string[] = [];
      const bundleRequests: string[] = [];
      const failedResponses: string[] = [];
      page.on('response', (r) => r.status() >= 400 && failedResponses.push(`${r.status()} ${r.url()}`));
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
      page.on('pageerror', (e) => pageErrors.push(String(e)));
      page.on('request', (r) => r.url().includes('cargo-trackers.js') && bundleRequests.push(r.url()));
      const response = await page.goto(url);
      assert.equal(response?.status(), 200, url);
      const html = (await response?.text()) ?? '';
      await page.waitForFunction(() => customElements.get('ocean-tracker') && customElements.get('air-tracker'), undefined, {
        timeout: 30_000,
      });
      return { page, html, consoleErrors, pageErrors, bundleRequests, failedResponses };
    }

    function moduleTags(html: string): string[] {
      return [...html.matchAll(/<script\b[^>]*cargo-trackers\.js[^>]*>/g)].map((m) => m[0]);
    }

    it('installs from its source, with the plugin active', () => {
      assert.ok(site.activePlugins.includes('cargo-trackers/cargo-trackers.php'), site.activePlugins.join(', '));
    });

    for (const kind of ['block', 'classic'] as const) {
      it(`renders both shortcodes in a ${kind} theme: one module script, both elements upgraded, lookups through the proxy`, async () => {
        const { page, html, consoleErrors, pageErrors, bundleRequests, failedResponses } = await visit(
          site.pageUrl('both', source.themes[kind]),
        );
        try {
          assert.match(html, new RegExp(`/themes/${source.themes[kind]}/`), `the page is drawn by ${source.themes[kind]}`);
          const tags = moduleTags(html);
          assert.equal(tags.length, 1, `one module script tag: ${tags.join('\n')}`);
          assert.match(tags[0]!, /type=["']module["']/);
          assert.match(tags[0]!, /\sid=["']cargo-trackers-js(-module)?["']/, `WordPress's id is kept: ${tags[0]}`);
          assert.doesNotMatch(tags[0]!, /\?ver=/, 'no version query, so a snippet with the same URL is the same module');
          if (/id=["']cargo-trackers-js["']/.test(tags[0]!)) {
            // Before 6.5 the tag passes through script_loader_tag: what other filters add stays.
            assert.match(tags[0]!, /data-filtered-before="1"/);
            assert.match(tags[0]!, /data-filtered-after="1"/);
          }
          assert.deepEqual(bundleRequests, [bundleUrl]);

          const ocean = page.locator('ocean-tracker [part~="status"]');
          await ocean.waitFor({ timeout: 30_000 });
          assert.match(await ocean.innerText(), /MEDU9091004/);
          const air = page.locator('air-tracker [part~="status"]');
          await air.waitFor({ timeout: 30_000 });
          assert.match(await air.innerText(), /176-22817340/);
          assert.equal(await page.locator('air-tracker').getAttribute('theme'), 'dark');
          assert.deepEqual(pageErrors, []);
          assert.deepEqual(failedResponses, []);
          assert.deepEqual(consoleErrors, []);
          assert.doesNotMatch(html, PHP_MESSAGE);
        } finally {
          await page.close();
        }
      });
    }

    it('prints hostile attribute values as text, drops unknown ones, and refuses URLs that are not http(s)', async () => {
      const { page, html, consoleErrors, pageErrors } = await visit(site.pageUrl('hostile'));
      try {
        const ocean = page.locator('ocean-tracker').first();
        const breakout = page.locator('ocean-tracker').nth(1);
        const air = page.locator('air-tracker');
        await page.locator('ocean-tracker [part~="notice"]').first().waitFor({ timeout: 30_000 });
        assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined, 'no injected script ran');
        assert.equal(
          await page.locator('body script:not([src])').evaluateAll((s) => s.filter((e) => e.textContent?.includes('__xss')).length),
          0,
        );
        assert.equal(await page.locator('img[src="x"]').count(), 0, 'no element was injected');
        assert.equal(await ocean.getAttribute('onclick'), null, 'an attribute the plugin does not know is dropped');
        // WordPress's texturizer may curl the quotes around it (the hostile value confuses its shortcode scan); the & arrives as one character.
        assert.match((await ocean.getAttribute('carrier-code')) ?? '', /^\W?A&B\W?$/);
        // WordPress 6.1 drops a shortcode attribute holding tags before the plugin sees it; 6.5 passes it on.
        const number = await ocean.getAttribute('reference-number');
        if (number !== null) assert.ok(number.includes('<script>'), `the hostile number is kept as text: ${number}`);
        assert.equal(await breakout.getAttribute('onfocus'), null, 'the quote did not close the attribute');
        assert.equal(await breakout.getAttribute('autofocus'), null);
        assert.match((await breakout.getAttribute('reference-number')) ?? '', /autofocus onfocus=.window\.__xss = 6. data-x=/);
        assert.equal(await ocean.getAttribute('proxy-url'), 'about:invalid');
        assert.match(await ocean.locator('[part~="notice"]').innerText(), /proxy-url/);
        assert.equal(await air.getAttribute('carriers-url'), 'about:invalid');
        assert.match(await page.locator('air-tracker [part~="notice"]').innerText(), /carriers-url/);
        assert.equal(await air.getAttribute('tile-url'), 'https://{s}.tiles.example/{z}/{x}/{y}.png', 'tile placeholders survive esc_url');
        assert.equal(await air.getAttribute('tile-attribution'), '<b onmouseover="window.__xss = 5">Tiles</b>');
        // One console error per refused attribute, each naming it. Besides: the browser's line for the
        // mock's 404 to the odd-looking number, which the second tracker sent as text.
        const fromElements = consoleErrors.filter((m) => m.startsWith('['));
        assert.equal(fromElements.length, 2, consoleErrors.join('\n'));
        assert.deepEqual(
          consoleErrors.filter((m) => !m.startsWith('[') && !/status of 404/.test(m)),
          [],
        );
        await breakout.locator('[part~="notice"]').filter({ hasText: 'autofocus' }).waitFor({ timeout: 30_000 });
        assert.ok(fromElements.some((m) => m.includes('[ocean-tracker]') && m.includes('proxy-url')));
        assert.ok(fromElements.some((m) => m.includes('[air-tracker]') && m.includes('carriers-url')));
        assert.deepEqual(pageErrors, []);
        assert.doesNotMatch(html, PHP_MESSAGE);
      } finally {
        await page.close();
      }
    });

    it('shares the module with a Custom HTML snippet that loads the same URL: fetched and run once', async () => {
      const { page, html, consoleErrors, pageErrors, bundleRequests } = await visit(site.pageUrl('snippet'));
      try {
        assert.equal(moduleTags(html).length, 2, 'the snippet’s tag and the plugin’s');
        assert.deepEqual(bundleRequests, [bundleUrl], 'one request for both tags');
        await page.locator('ocean-tracker [part~="status"]').waitFor({ timeout: 30_000 });
        await page.locator('air-tracker [part~="status"]').waitFor({ timeout: 30_000 });
        assert.deepEqual(pageErrors, []);
        assert.deepEqual(consoleErrors, []);
      } finally {
        await page.close();
      }
    });

    it('raised no PHP notice, warning or deprecation with WP_DEBUG on', async () => {
      const log = await site.debugLog();
      // WordPress 6.1's bundled Requests library predates PHP 8.1's return types: PHP 8.2 reports
      // that core code at load time, before any plugin runs. Everything else counts.
      const coreDeprecation = /^\[[^\]]+\] PHP Deprecated: .* in \S+\/wp-includes\/Requests\/\S+\.php on line \d+$/;
      const counted = log.split('\n').filter((line) => line !== '' && !coreDeprecation.test(line));
      assert.deepEqual(counted, []);
      assert.doesNotMatch(site.serverOutput(), PHP_MESSAGE);
    });
  });
}
