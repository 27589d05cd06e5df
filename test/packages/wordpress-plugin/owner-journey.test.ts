// The "done": a WordPress owner installs the plugin's zip, pastes a key on the settings page,
// drops a block on a page, and a visitor sees the shipment, with no server but WordPress. The only
// other server is the mock tracking service on loopback, standing in for the real one, which only
// WordPress's PHP reaches. Everything the owner does is done in Chromium as a person would: the
// admin menu, the settings form, the Test connection button, the block inserter, the sidebar,
// Publish. No filters: the plugin's own copy of the script and its own routes, under the plain
// permalinks a new site has (/?rest_route=/cargo-trackers/v1/…).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Frame, Page, Request, Response } from 'playwright';
import { createMockTrackingService } from '../../../demo/mock-service/mock-tracking-service.js';
import { findDemoNumber } from '../../../demo/mock-service/demo-numbers.js';
import { buildWordPressZip } from '../../../scripts/build-wordpress.mjs';
import { axeViolations } from '../../support/axe-page.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { launchChromium } from '../../support/find-chromium.mjs';
import { debianWordPress, reservePort, startWordPressSite, type WordPressSite } from './wordpress-site.js';

/** The demo's container in transit to Rotterdam, as the mock's table lists it. */
const NUMBER = 'MEDU9091004';
/** The key the owner copies from the service's dashboard: the only one the mock accepts. */
const KEY = `trk_owner_${randomBytes(18).toString('base64url')}`;
/** The number the settings page's Test connection looks up (includes/settings.php). */
const TEST_NUMBER = 'CARGOTRACKERS-CONNECTION-TEST-0';

/** What one browser exchange carried, so the key can be looked for in all of it. */
interface Exchange {
  readonly url: string;
  readonly method: string;
  readonly type: string;
  readonly requestHeaders: Record<string, string>;
  readonly postData: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  body?: string;
}

/** Records every request a page makes, with its response's headers and body. */
function record(page: Page): { exchanges: Exchange[]; settled: () => Promise<void> } {
  const exchanges: Exchange[] = [];
  const pending: Array<Promise<void>> = [];
  const byRequest = new Map<Request, Exchange>();
  page.on('request', (request) => {
    const exchange: Exchange = {
      url: request.url(),
      method: request.method(),
      type: request.resourceType(),
      requestHeaders: {},
      postData: request.postData() ?? '',
    };
    exchanges.push(exchange);
    byRequest.set(request, exchange);
    pending.push(request.allHeaders().then((headers) => void Object.assign(exchange.requestHeaders, headers)));
  });
  page.on('response', (response: Response) => {
    const exchange = byRequest.get(response.request());
    if (!exchange) return;
    exchange.status = response.status();
    pending.push(
      (async () => {
        exchange.responseHeaders = await response.allHeaders();
        // A redirect has no body to read.
        exchange.body = await response.text().catch(() => '');
      })(),
    );
  });
  return { exchanges, settled: async () => void (await Promise.allSettled(pending)) };
}

/** Where in these exchanges the key shows up (none, we hope). */
function keySightings(exchanges: readonly Exchange[], skip: (exchange: Exchange) => boolean = () => false): string[] {
  return exchanges
    .filter((exchange) => !skip(exchange))
    .flatMap((exchange) => {
      const places: Array<[string, string]> = [
        ['URL', exchange.url],
        ['request headers', JSON.stringify(exchange.requestHeaders)],
        ['request body', exchange.postData],
        ['response headers', JSON.stringify(exchange.responseHeaders ?? {})],
        ['response body', exchange.body ?? ''],
      ];
      return places.filter(([, text]) => text.includes(KEY)).map(([where]) => `${where} of ${exchange.method} ${exchange.url}`);
    });
}

/** The frame the editor draws blocks in: its iframe when it has one, else the page itself. */
async function editorCanvas(page: Page): Promise<Frame> {
  const iframe = page.locator('iframe[name="editor-canvas"]');
  await page.locator('.block-editor-block-list__layout, iframe[name="editor-canvas"]').first().waitFor({ timeout: 30_000 });
  const frame = (await iframe.count()) > 0 ? await (await iframe.elementHandle())?.contentFrame() : undefined;
  return frame ?? page.mainFrame();
}

describe('a WordPress owner installs the zip, pastes a key, drops a block, and a visitor sees the shipment', () => {
  let bundle: BuiltBundle | undefined;
  let zipDir: string | undefined;
  let site: WordPressSite;
  let browser: Browser;
  let mockUrl: string;
  const mock = createMockTrackingService({ apiKey: KEY, holdMs: 50 });
  /** What reached the mock: only WordPress's PHP can have sent it. */
  const upstream: Array<{ path: string; authorization: string | undefined }> = [];
  mock.prependListener('request', (req) => upstream.push({ path: req.url ?? '', authorization: req.headers.authorization }));
  /** The page the owner published, as its "View Page" link names it. */
  let pageUrl: string;
  /** Every exchange of the owner's admin session, for the key. */
  const ownerExchanges: Exchange[] = [];

  before(async () => {
    // The zip as `npm run build:wordpress` writes it (plugin-zip.test.ts checks its contents).
    bundle = await buildCdnBundle();
    zipDir = await mkdtemp(join(tmpdir(), 'cargo-trackers-zip-'));
    const zip = buildWordPressZip({ bundleDir: bundle.dir, outDir: zipDir });
    await new Promise<void>((resolve) => mock.listen(0, '127.0.0.1', resolve));
    mockUrl = `http://127.0.0.1:${(mock.address() as AddressInfo).port}`;
    const { port } = await reservePort();
    // Installed through Plugin_Upgrader, as Plugins → Add New → Upload does; no page yet.
    site = await startWordPressSite(await debianWordPress(), { port, posts: [], pluginZip: zip });
    browser = await launchChromium();
  });

  /**
   * A browser profile of its own. The site is offline: a request to another host (WordPress's
   * admin bar asks Gravatar for the owner's picture) fails at once instead of holding up the
   * page's load event; it is still seen, and a visitor's page must make none.
   */
  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    await context.route(
      (url) => url.origin !== site.origin,
      (route) => route.abort('internetdisconnected'),
    );
    return context;
  }

  /** Logs the owner in from WordPress's login form, which then sends them to `to` (a page of the admin). */
  async function logIn(page: Page, to: string, waitUntil: 'load' | 'commit' = 'load'): Promise<void> {
    await page.goto(`${site.origin}/wp-login.php?redirect_to=${encodeURIComponent(to)}`);
    await page.fill('#user_login', site.admin.user);
    await page.fill('#user_pass', site.admin.password);
    await Promise.all([page.waitForURL(to, { waitUntil }), page.click('#wp-submit')]);
  }

  after(async () => {
    await browser?.close();
    await site?.close();
    await new Promise((resolve) => mock.close(resolve));
    await bundle?.remove();
    if (zipDir) await rm(zipDir, { recursive: true, force: true });
  });

  it('the owner sets the key and the service address on Settings → Cargo Trackers, and Test connection says the key works', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const { exchanges, settled } = record(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    try {
      await page.goto(`${site.origin}/wp-login.php`);
      await page.fill('#user_login', site.admin.user);
      await page.fill('#user_pass', site.admin.password);
      await Promise.all([page.waitForURL(/\/wp-admin\/$/), page.click('#wp-submit')]);

      await Promise.all([page.waitForURL(/options-general\.php$/), page.locator('#menu-settings > a').click()]);
      await Promise.all([
        page.waitForURL(/options-general\.php\?page=cargo-trackers$/),
        page.locator('#menu-settings .wp-submenu a', { hasText: 'Cargo Trackers' }).click(),
      ]);
      assert.match(await page.locator('.wrap').innerText(), /No key is stored/);

      await page.getByLabel('Service address').fill(mockUrl);
      await page.getByLabel('API key').fill(KEY);
      await Promise.all([page.waitForURL(/settings-updated=true/), page.getByRole('button', { name: 'Save Changes' }).click()]);
      assert.equal(await page.locator('.notice', { hasText: 'Settings saved.' }).count(), 1, 'saved, said once');
      const wrap = await page.locator('.wrap').innerText();
      assert.match(wrap, new RegExp(`A key ending in …${KEY.slice(-4)} is stored\\.`), 'the key shown by its last four characters');
      assert.equal(await page.getByLabel('API key').inputValue(), '', 'the key field comes back empty: write-only');
      assert.equal(await page.getByLabel('Service address').inputValue(), mockUrl);
      const html = await page.content();
      assert.ok(!html.includes(KEY) && !html.includes(KEY.slice(-5)), "the key is not in the settings page's HTML, only its last four");

      await Promise.all([
        page.waitForURL(/cargo-trackers-tested=1/),
        page.getByRole('button', { name: 'Test connection', exact: true }).click(),
      ]);
      const result = page.locator('#cargo-trackers-test-result');
      assert.match(
        await result.innerText(),
        /The key works: the service answered 404 for a number that cannot exist \(not billed\)\. HTTP 404\./,
      );
      assert.match((await result.getAttribute('class')) ?? '', /\bnotice-success\b/);
      // The answer came from the service, asked with the pasted key.
      assert.deepEqual(upstream, [
        { path: `/v1/shipments/ocean?referenceNumber=${encodeURIComponent(TEST_NUMBER)}`, authorization: `Bearer ${KEY}` },
      ]);
      assert.ok(!(await page.content()).includes(KEY));
      assert.deepEqual(pageErrors, []);
    } finally {
      await settled();
      ownerExchanges.push(...exchanges);
      await context.close();
    }
  });

  it('the settings page leads to Build a tracker, whose preview asks the plugin and whose copied shortcode renders on a page', async () => {
    const context = await newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    const page = await context.newPage();
    const { exchanges, settled } = record(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    let shortcode: string;
    try {
      const settingsUrl = `${site.origin}/wp-admin/options-general.php?page=cargo-trackers`;
      await logIn(page, settingsUrl);

      // From the settings page, by its link, as an owner who has not read the README finds it.
      await Promise.all([
        page.waitForURL(/options-general\.php\?page=cargo-trackers&tab=build$/),
        page.locator('.wrap p a', { hasText: 'Build a tracker' }).click(),
      ]);
      assert.equal(await page.locator('.nav-tab-active').innerText(), 'Build a tracker');
      const shortcodeSnippet = page.locator('#snippet-shortcode');
      const blockSnippet = page.locator('#snippet-block');
      // On the WordPress site itself the plugin fills in its own routes: no proxy_url to paste.
      await page.waitForFunction(() => document.getElementById('snippet-shortcode')?.textContent === '[ocean_tracker]\n');
      assert.deepEqual(
        await page.locator('#snippets h3').allInnerTexts(),
        ['WordPress shortcode', 'WordPress block', 'CSS for the chosen colours and sizes'],
        'the snippets for WordPress only',
      );
      assert.equal(
        await page.locator('#demo-states, input[name="proxy"]').count(),
        0,
        "no mock numbers or proxy choice: it is the plugin's",
      );

      // Each control changes the shortcode and the block's markup.
      await page.locator('[data-key="theme"]').selectOption('dark');
      assert.equal(await shortcodeSnippet.textContent(), '[ocean_tracker theme="dark"]\n');
      const number = page.locator('[data-key="ocean-tracker reference-number"]');
      await number.fill(NUMBER);
      await number.press('Tab');
      assert.equal(await shortcodeSnippet.textContent(), `[ocean_tracker reference_number="${NUMBER}" theme="dark"]\n`);
      assert.equal(
        await blockSnippet.textContent(),
        `<!-- wp:cargo-trackers/ocean-tracker {"reference_number":"${NUMBER}","theme":"dark"} /-->\n`,
      );
      await page.locator('[data-key="density"]').selectOption('compact');
      assert.equal(await shortcodeSnippet.textContent(), `[ocean_tracker reference_number="${NUMBER}" theme="dark" density="compact"]\n`);

      // The preview asks the plugin's own route, which alone asks the service with the key.
      const preview = page.locator('#preview ocean-tracker');
      assert.equal(await preview.getAttribute('proxy-url'), `${site.origin}/index.php?rest_route=/cargo-trackers/v1/ocean`);
      const status = preview.locator('[part~="status"]');
      await status.filter({ hasText: NUMBER }).waitFor({ timeout: 30_000 });
      assert.match(await status.innerText(), /In transit/);
      assert.equal(await preview.getAttribute('theme'), 'dark');

      await page.locator('[data-snippet="shortcode"] button').click();
      await page.waitForFunction(() => /Copied: WordPress shortcode/.test(document.getElementById('copy-status')?.textContent ?? ''));
      shortcode = await page.evaluate(() => navigator.clipboard.readText());
      assert.ok(!(await page.content()).includes(KEY), "the key is not in the configurator's page");
      assert.deepEqual(pageErrors, []);
    } finally {
      await settled();
      ownerExchanges.push(...exchanges);
      await context.close();
    }
    const lookups = exchanges.filter((exchange) => new URL(exchange.url).searchParams.get('referenceNumber') === NUMBER);
    assert.ok(lookups.length > 0, 'the preview looked the number up');
    assert.deepEqual(
      lookups.map((exchange) => [new URL(exchange.url).searchParams.get('rest_route'), exchange.status]),
      lookups.map(() => ['/cargo-trackers/v1/ocean', 200]),
    );

    // Pasted into a Shortcode block of a page, for a logged-out visitor.
    const url = await site.publish({
      slug: 'configured',
      title: 'Configured tracker',
      content: `<!-- wp:shortcode -->\n${shortcode}<!-- /wp:shortcode -->`,
    });
    const visitor = await newContext();
    const visit = await visitor.newPage();
    try {
      assert.equal((await visit.goto(url))?.status(), 200);
      const tracker = visit.locator('ocean-tracker');
      const status = tracker.locator('[part~="status"]');
      await status.filter({ hasText: NUMBER }).waitFor({ timeout: 30_000 });
      assert.match(await status.innerText(), /In transit/);
      assert.equal(await tracker.getAttribute('theme'), 'dark');
      assert.equal(await tracker.getAttribute('density'), 'compact');
      assert.equal(await tracker.getAttribute('proxy-url'), `${site.origin}/index.php?rest_route=/cargo-trackers/v1/ocean`);
    } finally {
      await visitor.close();
    }
  });

  it("Build a tracker has no axe violation (WCAG 2.x A and AA, best practices) in the plugin's markup, with trackers and a contrast message shown; its snippets are named and their lines line up", async () => {
    const context = await newContext();
    const page = await context.newPage();
    try {
      const buildUrl = `${site.origin}/wp-admin/options-general.php?page=cargo-trackers&tab=build`;
      await logIn(page, buildUrl);

      const number = page.locator('[data-key="ocean-tracker reference-number"]');
      await number.fill(NUMBER);
      await number.press('Tab');
      await page.locator('#preview ocean-tracker [part~="status"]').filter({ hasText: NUMBER }).waitFor({ timeout: 30_000 });
      // A colour that passes on the light theme and fails on the dark one an auto theme may show: the contrast message is shown.
      await page.locator('[data-property="--tracker-text-color"]').fill('#222222');
      await page.locator('[data-key="theme"]').selectOption('auto');
      assert.equal(await page.locator('[data-property="--tracker-text-color"]').getAttribute('aria-invalid'), 'true');
      // The tab's own container: WordPress's menus, bars and notices around it are WordPress's.
      assert.deepEqual(await axeViolations(page, '.cargo-trackers-configurator'), [], 'ocean tracker');
      // Both trackers: the air tracker's own options and its preview too.
      await page.locator('input[name="product"][value="both"]').check();
      await page.locator('#preview air-tracker').waitFor();
      assert.deepEqual(await axeViolations(page, '.cargo-trackers-configurator'), [], 'both trackers');

      // A snippet scrolls by keyboard, so it takes the focus: a region named by its heading, so that
      // the name is read there (axe can only flag a name on an element without a role for review).
      for (const title of ['WordPress shortcode', 'WordPress block', 'CSS for the chosen colours and sizes']) {
        assert.equal(await page.getByRole('region', { name: title, exact: true }).locator('code').count(), 1, title);
      }
      // WordPress's admin styles code too: a snippet's lines still start at one place, as they are copied.
      // (No named function inside: tsx would wrap it in a helper the page does not have.)
      const lineStarts = await page.locator('#snippet-shortcode').evaluate((code) => {
        const text = code.firstChild as Text;
        return [0, text.data.indexOf('\n') + 1].map((i) => {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          return Math.round(range.getBoundingClientRect().left);
        });
      });
      assert.equal(lineStarts[0], lineStarts[1], 'the first and second lines of the shortcodes');
    } finally {
      await context.close();
    }
  });

  it("Build a tracker says the trackers' script did not load only when a tag it shows stays undefined past 5 s of the page's clock", async () => {
    const context = await newContext();
    const page = await context.newPage();
    try {
      const buildUrl = `${site.origin}/wp-admin/options-general.php?page=cargo-trackers&tab=build`;
      // Logged in on real time; the clock, installed on the whole context, times the tab's pages after.
      await logIn(page, buildUrl);
      const warning = page.locator('#preview-missing');

      await page.clock.install();
      await page.reload();
      // The script defines only the tags on the page: <ocean-tracker> at first, <air-tracker> once Both is chosen.
      await page.evaluate(() => customElements.whenDefined('ocean-tracker'));
      await page.clock.runFor(5_000);
      assert.equal(await warning.isHidden(), true, 'no warning with a working script');
      await page.locator('input[name="product"][value="both"]').check();
      await page.evaluate(() => customElements.whenDefined('air-tracker'));
      await page.clock.runFor(5_000);
      assert.equal(await warning.isHidden(), true, 'none with both shown');

      // And the warning still comes when the script does not load: a page of its own, paused
      // before it loads, so that the 5 s start from the page's own clock.
      const bare = await context.newPage();
      await bare.route(/\/cargo-trackers\.js(\?|$)/, (route) => route.abort());
      await bare.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      await bare.goto(buildUrl);
      await bare.clock.runFor(4_999);
      assert.equal(await bare.locator('#preview-missing').isHidden(), true, 'not before 5 s');
      await bare.clock.runFor(1);
      assert.equal(await bare.locator('#preview-missing').isVisible(), true, 'the warning after 5 s without the script');
    } finally {
      await context.close();
    }
  });

  it('the owner drops an Ocean tracker block on a page, types the number in the sidebar and publishes it', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const { exchanges, settled } = record(page);
    try {
      const editor = `${site.origin}/wp-admin/post-new.php?post_type=page`;
      await logIn(page, editor, 'commit');

      // The welcome guide (and, for a page, a pattern chooser) open as modals on a first visit: closed as a person would.
      const modal = page.locator('.components-modal__frame');
      await Promise.race([
        modal.waitFor({ timeout: 30_000 }),
        page.getByRole('button', { name: 'Toggle block inserter' }).waitFor({ timeout: 30_000 }),
      ]);
      // Drawn with the editor, or a moment after it.
      await modal.waitFor({ timeout: 2_000 }).catch(() => undefined);
      for (let i = 0; i < 3 && (await modal.isVisible()); i++) {
        await page.keyboard.press('Escape');
        await page.waitForTimeout(300);
      }

      const canvas = await editorCanvas(page);
      await canvas.getByRole('textbox', { name: 'Add title' }).fill('Track your container');

      await page.getByRole('button', { name: 'Toggle block inserter' }).click();
      await page.getByPlaceholder('Search').fill('Ocean tracker');
      await page.getByRole('option', { name: 'Ocean tracker' }).click();
      await page.getByRole('button', { name: 'Toggle block inserter' }).click();
      // The block's settings are in the sidebar, which the Settings button opens when it is closed.
      const settings = page.getByRole('button', { name: 'Settings', exact: true });
      if ((await settings.getAttribute('aria-pressed')) !== 'true') await settings.click();

      const sidebar = page.locator('.block-editor-block-inspector');
      const number = sidebar.getByLabel('Reference number');
      await number.waitFor({ timeout: 30_000 });
      await number.fill(NUMBER);
      // The server's preview of the block, with the number, upgraded in the canvas.
      await canvas.locator(`ocean-tracker[reference-number="${NUMBER}"]`).waitFor({ state: 'attached', timeout: 30_000 });

      await page.locator('.editor-post-publish-panel__toggle').click();
      await page.locator('.editor-post-publish-panel__header-publish-button').getByRole('button', { name: 'Publish' }).click();
      const view = page.locator('.post-publish-panel__postpublish-header a', { hasText: 'Track your container' });
      await view.waitFor({ timeout: 30_000 });
      pageUrl = (await view.getAttribute('href')) ?? '';
      assert.match(pageUrl, new RegExp(`^${site.origin.replace(/\./g, '\\.')}/\\?page_id=\\d+$`), 'plain permalinks');
    } finally {
      await settled();
      ownerExchanges.push(...exchanges);
      await context.close();
    }
    // In everything the owner's browser sent and got, the key is only in the form that saved it.
    // (Test connection posts the same form to the same address, its key field left empty, and is
    // sent back to its result.)
    const savedIt = (exchange: Exchange) =>
      exchange.method === 'POST' &&
      new URL(exchange.url).pathname === '/wp-admin/options.php' &&
      !(exchange.responseHeaders?.location ?? '').includes('cargo-trackers-tested=1');
    assert.equal(ownerExchanges.filter(savedIt).length, 1);
    assert.deepEqual(keySightings(ownerExchanges, savedIt), [], 'the key is in no admin page, request or response but the form');
  });

  it('a visitor opens the page and sees the shipment, asking only the WordPress site, which alone asks the service', async () => {
    assert.ok(pageUrl, 'the page was published');
    const context = await newContext(); // no cookies: logged out
    const page = await context.newPage();
    const { exchanges, settled } = record(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    try {
      const response = await page.goto(pageUrl);
      assert.equal(response?.status(), 200);
      const tracker = page.locator('ocean-tracker');
      const status = tracker.locator('[part~="status"]');
      await status.waitFor({ timeout: 30_000 });
      assert.match(await status.innerText(), /In transit/);
      assert.match(await status.innerText(), new RegExp(NUMBER));
      assert.ok((await tracker.locator('[part~="milestone"]').count()) > 3, 'the milestones');
      assert.match(await tracker.locator('[part~="eta"]').innerText(), /Rotterdam/);
      assert.equal(await page.evaluate(() => document.querySelector('ocean-tracker')?.trackingState), 'loaded');
      // The block's default: the plugin's own route, as rest_url() writes it under plain permalinks.
      assert.equal(await tracker.getAttribute('proxy-url'), `${site.origin}/index.php?rest_route=/cargo-trackers/v1/ocean`);
      assert.ok(!(await page.content()).includes(KEY), "the key is not in the page's DOM");
    } finally {
      await settled();
      await context.close();
    }

    const elsewhere = exchanges.filter((exchange) => new URL(exchange.url).origin !== site.origin).map((exchange) => exchange.url);
    assert.deepEqual(elsewhere, [], 'every request went to the WordPress site');
    const script = exchanges.filter((exchange) => exchange.url.includes('/cargo-trackers.js'));
    assert.deepEqual(
      script.map((exchange) => new URL(exchange.url).pathname),
      ['/wp-content/plugins/cargo-trackers/assets/0.1.0/cargo-trackers.js'],
      "the script from the plugin's folder",
    );

    const lookups = exchanges.filter((exchange) => new URL(exchange.url).searchParams.get('referenceNumber') !== null);
    assert.equal(lookups.length, 1, lookups.map((exchange) => exchange.url).join('\n'));
    const lookup = lookups[0]!;
    const address = new URL(lookup.url);
    assert.equal(address.pathname, '/index.php');
    assert.equal(address.searchParams.get('rest_route'), '/cargo-trackers/v1/ocean', "the plugin's REST route");
    assert.equal(address.searchParams.get('referenceNumber'), NUMBER);
    assert.equal(lookup.type, 'fetch');
    assert.equal(lookup.requestHeaders['cargo-trackers-request'], '1', 'the request marker');
    assert.equal(lookup.status, 200);
    const proxyRequests = exchanges.filter((exchange) =>
      new URL(exchange.url).searchParams.get('rest_route')?.startsWith('/cargo-trackers/v1/'),
    );
    assert.deepEqual(
      proxyRequests.filter((exchange) => exchange.requestHeaders['cargo-trackers-request'] !== '1').map((exchange) => exchange.url),
      [],
      'the marker on every request to the routes (the carrier list too)',
    );
    assert.match(lookup.responseHeaders?.['content-type'] ?? '', /^application\/json/);
    assert.equal(lookup.responseHeaders?.['x-content-type-options'], 'nosniff');

    // Only WordPress's PHP knows the service: it asked for this number, with the key. (The editor's
    // preview asked first; within the plugin's cache time the visit's lookup is answered from it.)
    const numberLookups = upstream.filter((call) => call.path.startsWith(`/v1/shipments/ocean?referenceNumber=${NUMBER}`));
    assert.ok(numberLookups.length > 0, JSON.stringify(upstream));
    assert.deepEqual(
      numberLookups.filter((call) => call.authorization !== `Bearer ${KEY}`),
      [],
      'every lookup with the pasted key',
    );
    assert.deepEqual(
      upstream.filter((call) => !/^\/v1\/(shipments|carriers)\/(ocean|air)(\?|$)/.test(call.path)),
      [],
      "nothing but the service's routes",
    );

    assert.deepEqual(keySightings(exchanges), [], 'the key is in no request or response of the visit');
    assert.equal(exchanges[0]?.type, 'document');
    assert.match(exchanges[0]?.body ?? '', /<ocean-tracker /, "the page's HTML was among what was searched");
    assert.ok(!(await site.debugLog()).includes(KEY), 'nor in the debug log');
    assert.ok(!site.serverOutput().includes(KEY), "nor in php -S's output");
    assert.deepEqual(pageErrors, []);
  });
});

// The number is the mock's own, so the journey follows the demo's table.
assert.equal(findDemoNumber('ocean', NUMBER)?.outcome, 'document');
