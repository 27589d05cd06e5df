// The configurator (/configure on the demo server), used as a site owner would, in a real Chromium:
// every option changes the preview and the snippets; a demo number per state; a colour that fails
// contrast is flagged as it is picked; the copied script-tag snippet, pasted into a blank page on
// another origin, shows the same tracker as the preview; axe-clean, keyboard only, 320 px wide, and
// at a phone's 390 px nothing clipped and the skip link in reach.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright';
import { startDemoServer, type DemoServer } from '../../../demo/server/start-demo-server.js';
import { elements } from '../../../scripts/element-api/elements.js';
import { axeViolations } from '../../support/axe-page.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { launchChromium } from '../../support/find-chromium.mjs';
import { selfHostName } from '../../../scripts/self-host.mjs';
import { unzip } from '../../../scripts/zip.mjs';

/** The owner's own site: loopback, but another address than the demo server's, so another origin. */
const SITE_HOST = '127.0.0.2';
/** Where the owner uploads the self-host zip's folder: a static host on a third origin. */
const STATIC_HOST = '127.0.0.3';

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

describe('the configurator at /configure', () => {
  let bundle: BuiltBundle;
  let demo: DemoServer;
  let browser: Browser;
  let context: BrowserContext;
  let site: Server;
  let siteOrigin: string;
  let siteHtml = '';
  const pageErrors: string[] = [];

  before(async () => {
    bundle = await buildCdnBundle();
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(siteHtml);
    });
    siteOrigin = `http://${SITE_HOST}:${await listen(site, SITE_HOST)}`;
    demo = await startDemoServer({
      host: '127.0.0.1',
      port: 0,
      bundleDir: bundle.dir,
      proxy: { corsOrigins: [siteOrigin] },
      mockHoldMs: 50,
      log: () => undefined,
    });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(demo.url).origin });
  });

  after(async () => {
    await browser?.close();
    await demo?.close();
    if (site) await new Promise<void>((resolve) => (site.close(() => resolve()), site.closeAllConnections()));
    await bundle?.remove();
  });

  async function open(): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.goto(`${demo.url}configure`);
    // The bundle defines an element when its tag first appears; the page opens on <ocean-tracker>.
    await page.waitForFunction(() => customElements.get('ocean-tracker') !== undefined);
    return page;
  }

  const snippets = (page: Page) =>
    page.$$eval('#snippets code', (codes) => Object.fromEntries(codes.map((c) => [c.id.replace('snippet-', ''), c.textContent ?? ''])));
  const preview = (page: Page) =>
    page.$eval('#preview', (p) => ({
      style: p.getAttribute('style') ?? '',
      elements: [...p.children].map((c) => `<${c.localName} ${[...c.attributes].map((a) => `${a.name}=${a.value}`).join(' ')}>`),
    }));

  it('is at /configure, and has a control for every attribute and custom property the elements declare', async () => {
    const page = await open();
    try {
      assert.equal(new URL(page.url()).pathname, '/configure/');
      const keys = await page.$$eval('[data-key]', (nodes) => nodes.map((n) => (n as HTMLElement).dataset.key));
      const expected = new Set<string>();
      for (const e of elements)
        for (const [, p] of e.properties) {
          if (!p.attribute || p.readonly || p.attribute === 'proxy-url') continue;
          expected.add(p.inherited ? p.attribute : `${e.tagName} ${p.attribute}`);
        }
      assert.deepEqual([...keys].sort(), [...expected].sort());
      const properties = await page.$$eval('[data-property]', (nodes) => nodes.map((n) => (n as HTMLElement).dataset.property));
      // The shared ones: the configurator themes both elements at once.
      assert.deepEqual(
        properties.sort(),
        elements[0]!.cssProperties
          .map(([name]) => name)
          .filter((name) => name.startsWith('--tracker-'))
          .sort(),
      );
      assert.equal(await page.locator('[data-key="lang"] option[value="de"]').innerText(), 'German (de)');
      assert.match(await page.locator('#version').innerText(), /^cargo-trackers@\d+\.\d+\.\d+/);
    } finally {
      await page.close();
    }
  });

  it('every control changes both the preview and the snippets', async () => {
    const page = await open();
    try {
      await page.getByRole('radio', { name: 'Both' }).check();
      let before = { snippets: await snippets(page), preview: await preview(page) };
      assert.equal(before.preview.elements.length, 2, 'both elements in the preview');
      const changed = async (what: string, needle: string, { inPreview = true } = {}) => {
        const after = { snippets: await snippets(page), preview: await preview(page) };
        assert.notDeepEqual(after.snippets.html, before.snippets.html, `${what}: the script-tag snippet`);
        assert.ok(after.snippets.html!.includes(needle), `${what}: ${needle} in\n${after.snippets.html}`);
        if (inPreview) assert.notDeepEqual(after.preview, before.preview, `${what}: the preview`);
        before = after;
        return after;
      };

      for (const key of await page.$$eval('[data-key]', (nodes) => nodes.map((n) => (n as HTMLElement).dataset.key!))) {
        const control = page.locator(`[data-key="${key}"]`);
        const attribute = key.split(' ').at(-1)!;
        const tag = await control.evaluate((n) => n.localName + ':' + ((n as HTMLInputElement).type ?? ''));
        if (tag.startsWith('select')) {
          const values = await control.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
          await control.selectOption(values.at(-1)!);
        } else if (tag.endsWith(':checkbox')) await control.check();
        else if (tag.endsWith(':number')) await control.fill('30');
        else await control.fill(`x-${attribute}`);
        const after = await changed(key, `${attribute}=`);
        // The same attribute reaches every other format (underscores in the shortcode, the property in the block).
        assert.ok(after.snippets.shortcode!.includes(` ${attribute.replace(/-/g, '_')}=`), `${key} in the shortcode`);
        for (const format of ['vue', 'svelte']) assert.ok(after.snippets[format]!.includes(attribute), `${key} in ${format}`);
        // React's components take the properties.
        const property = attribute.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
        assert.ok(after.snippets.react!.includes(` ${property}`), `${key} in react`);
        assert.ok(after.snippets.block!.includes(`"${attribute.replace(/-/g, '_')}":`), `${key} in the block`);
        assert.match(after.snippets.block!, /^<!-- wp:cargo-trackers\/ocean-tracker \{/);
        if (attribute === 'lang') {
          // Reset, so the other controls are checked on a left-to-right page.
          await control.selectOption('');
          before = { snippets: await snippets(page), preview: await preview(page) };
        }
      }

      for (const property of await page.$$eval('[data-property]', (nodes) => nodes.map((n) => (n as HTMLElement).dataset.property!))) {
        const control = page.locator(`[data-property="${property}"]`);
        const type = await control.getAttribute('type');
        const value = type === 'color' ? '#123456' : property.endsWith('font-family') ? 'Georgia' : '12px';
        await control.fill(value);
        const after = await changed(property, `${property}: ${value};`);
        assert.ok(after.snippets.css!.includes(`${property}: ${value};`), `${property} in the CSS snippet`);
        assert.ok(after.preview.style.includes(`${property}: ${value}`), `${property} on the preview`);
      }

      // Where the proxy runs and where the script loads from go into the snippets; the preview keeps asking the demo's mock.
      await page.getByLabel('My own server').check();
      await page.getByLabel(/^Proxy address/).fill('https://shop.example/tracking');
      await changed('own proxy', 'proxy-url="https://shop.example/tracking/ocean"', { inPreview: false });
      await page.getByLabel('The WordPress plugin').check();
      const onWordPress = await changed('WordPress routes', 'proxy-url="/wp-json/cargo-trackers/v1/air"', { inPreview: false });
      // On the WordPress site itself, the plugin fills in its own routes.
      assert.ok(!onWordPress.snippets.shortcode!.includes('proxy_url'), onWordPress.snippets.shortcode);
      assert.ok(!onWordPress.snippets.block!.includes('proxy_url'), onWordPress.snippets.block);
      await page.getByLabel(/plain permalinks/).check();
      await changed('plain permalinks', 'proxy-url="/?rest_route=/cargo-trackers/v1/ocean"', { inPreview: false });
      await page.getByLabel(/^Site address/).fill('https://blog.example');
      await changed('WordPress site', 'proxy-url="https://blog.example/?rest_route=/cargo-trackers/v1/ocean"', { inPreview: false });
      await page.getByLabel('The Cloudflare Worker template').check();
      await page.getByLabel("The Worker's address").fill('https://tracking.acme.workers.dev');
      await changed('Worker', 'proxy-url="https://tracking.acme.workers.dev/api/tracking/air"', { inPreview: false });
      await page.getByLabel(/My own copy/).check();
      await page.getByLabel(/Address of your/).fill('https://shop.example/assets/cargo-trackers.js');
      await changed('bundle', 'src="https://shop.example/assets/cargo-trackers.js"', { inPreview: false });
      assert.ok(
        (await preview(page)).elements.every((e) => /proxy-url=\/api\/tracking\/(ocean|air)/.test(e)),
        'the preview asks the mock',
      );

      await page.getByRole('radio', { name: /^Air/ }).check();
      const air = await changed('air only', '<air-tracker');
      assert.ok(!air.snippets.html!.includes('<ocean-tracker'));
      assert.match(
        air.snippets.block!,
        /^<!-- wp:cargo-trackers\/air-tracker \{"proxy_url":"https:\/\/tracking\.acme\.workers\.dev\/api\/tracking\/air",/,
      );
      assert.match(air.snippets.shortcode!, /^\[air_tracker proxy_url="https:\/\/tracking\.acme\.workers\.dev\/api\/tracking\/air"/);
      assert.deepEqual(pageErrors, []);
    } finally {
      await page.close();
    }
  });

  it('refuses a value a snippet cannot carry, says why, and keeps what was typed', async () => {
    const page = await open();
    try {
      const field = page.locator('[data-key="carriers-url"]');
      const html = (await snippets(page)).html;
      await field.fill('/carriers"]<b>');
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      assert.match(await page.locator('#attr-carriers-url-message').innerText(), /Remove " \[ \] < >/);
      assert.equal((await snippets(page)).html, html, 'the snippet is unchanged');
      assert.equal(await field.inputValue(), '/carriers"]<b>');
      // What a format escapes, it escapes its own way: HTML entities, \u escapes in a block's comment.
      await page.locator('[data-key="tile-attribution"]').fill('Me & Co -- tiles');
      const escaped = await snippets(page);
      assert.ok(escaped.html!.includes('tile-attribution="Me &amp; Co -- tiles"'), escaped.html);
      assert.ok(escaped.block!.includes('"tile_attribution":"Me \\u0026 Co \\u002d\\u002d tiles"'), escaped.block);
      assert.ok(!escaped.block!.replace(/^<!--|-->\n$/g, '').includes('--'), 'nothing ends the block comment early');
      assert.ok(escaped.shortcode!.includes('tile_attribution="Me & Co -- tiles"'), escaped.shortcode);
      await page.getByLabel(/^Proxy address/).fill('javascript:alert(1)');
      assert.match(await page.locator('#proxy-own-message').innerText(), /https:\/\//);
      assert.ok(!(await snippets(page)).html!.includes('javascript:'));
    } finally {
      await page.close();
    }
  });

  it('when the browser refuses the clipboard, selects the snippet and says to press Ctrl+C', async () => {
    const page = await context.newPage();
    // The refusal a browser gives without the permission, made certain.
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    try {
      await page.goto(`${demo.url}configure`);
      await page.locator('[data-snippet="css"] button').click();
      await page.waitForFunction(() => /refused/.test(document.getElementById('copy-status')!.textContent ?? ''));
      assert.match(await page.locator('#copy-status').innerText(), /CSS for the chosen colours and sizes is selected, press Ctrl\+C/);
      // A selection's text ends where the last line's text does.
      assert.equal(await page.evaluate(() => getSelection()!.toString().trimEnd()), (await snippets(page)).css!.trimEnd());
    } finally {
      await page.close();
    }
  });

  it('shows every state a visitor can see, one click each, in the preview only', async () => {
    const page = await open();
    try {
      const tracker = page.locator('#preview ocean-tracker');
      assert.ok(!(await page.locator('[data-product="air"].states-of').isVisible()), 'no air states while only ocean is chosen');
      // Ask again a second after a 202, so the slow number's whole sequence fits the test.
      await page.locator('[data-key="poll-interval"]').fill('1');
      const html = (await snippets(page)).html;
      const expect: Array<[RegExp, string, RegExp]> = [
        [/In transit/, 'loaded', /OOLU2741938520/],
        [/Delayed/, 'loaded', /MEDU9091004/],
        [/202/, 'loaded', /DEMO202/],
        [/402/, 'failed', /DEMO402/],
        [/404/, 'failed', /DEMO404/],
      ];
      for (const [label, finalState, number] of expect) {
        await page.getByRole('button', { name: label }).first().click();
        await page
          .waitForFunction(
            ([state]) => (document.querySelector('#preview ocean-tracker') as unknown as { trackingState: string }).trackingState === state,
            [finalState],
            { timeout: 30_000 },
          )
          .catch((error: Error) => assert.fail(`${label}: never ${finalState} (${error.message})`));
        assert.match((await tracker.getAttribute('reference-number')) ?? '', number);
        if (finalState === 'failed') assert.ok(await tracker.locator('[part~="notice-error"]').isVisible(), `${label}: an error notice`);
        else assert.match(await tracker.locator('[part~="status"]').innerText(), number);
      }
      assert.match(await tracker.locator('[part~="notice"]').innerText(), /not|no /i);
      assert.equal((await snippets(page)).html, html, 'a demo number stays out of the snippet');
    } finally {
      await page.close();
    }
  });

  it('flags a colour that fails contrast as it is picked, naming the pair, in the themes the page shows', async () => {
    const page = await open();
    try {
      const accent = page.locator('[data-property="--tracker-accent-color"]');
      await accent.fill('#99ccff');
      assert.equal(await accent.getAttribute('aria-invalid'), 'true');
      const message = await page.locator('#css-tracker-accent-color-message').innerText();
      assert.match(message, /--tracker-accent-text-color on --tracker-accent-color \(primary buttons\): 1\.\d\d:1, needs 4\.5:1/);
      assert.match(message, /--tracker-accent-color on --tracker-background \(focus outline\): .*needs 3:1/);
      assert.match(await page.locator('#contrast-summary').innerText(), /below WCAG 2\.2 AA/);
      // Back to the default: no flag, and the property leaves the snippets.
      await page.getByRole('button', { name: 'Default buttons, the current milestone, the vessel marker' }).click();
      assert.equal(await accent.getAttribute('aria-invalid'), null);
      assert.ok(!(await snippets(page)).css!.includes('--tracker-accent-color'));
      assert.equal(await page.locator('#contrast-summary').innerText(), '');
      await accent.fill('#0a4f94');
      assert.equal(await accent.getAttribute('aria-invalid'), null);
      assert.match(await page.locator('#contrast-summary').innerText(), /Every colour pair meets WCAG 2\.2 AA/);

      // Dark text passes on the light theme's background, but not on the dark one.
      await page.locator('[data-property="--tracker-text-color"]').fill('#222222');
      assert.equal(await page.locator('[data-property="--tracker-text-color"]').getAttribute('aria-invalid'), null);
      await page.locator('[data-key="theme"]').selectOption('auto');
      assert.match(
        await page.locator('#css-tracker-text-color-message').innerText(),
        /--tracker-text-color on --tracker-background \(body text, dark theme\)/,
      );
    } finally {
      await page.close();
    }
  });

  it('the copied script-tag snippet, pasted into a blank page on another origin, shows the same tracker as the preview', async () => {
    const page = await open();
    try {
      const demoOrigin = new URL(demo.url).origin;
      await page.getByLabel(/^Proxy address/).fill(`${demoOrigin}/api/tracking`);
      await page.getByLabel(/My own copy/).check();
      await page.getByLabel(/Address of your/).fill(`${demoOrigin}/cargo-trackers.js`);
      await page.locator('[data-key="ocean-tracker reference-number"]').fill('HLXU8123446');
      await page.locator('[data-key="ocean-tracker carrier-code"]').fill('HLCU');
      await page.locator('[data-key="theme"]').selectOption('dark');
      await page.locator('[data-key="map"]').selectOption('none');
      await page.locator('[data-property="--tracker-accent-color"]').fill('#ffb347');
      await page.locator('[data-property="--tracker-radius"]').fill('2px');

      await page.locator('[data-snippet="html"] button').click();
      await page.waitForFunction(() => /Copied: Script tag/.test(document.getElementById('copy-status')!.textContent ?? ''));
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, (await snippets(page)).html);

      const look = async (where: Page) => {
        // The lookup's answer is shown: the status of the page's first tracker.
        await where.locator('ocean-tracker').first().locator('[part~="status"]').waitFor();
        return where.evaluate(async () => {
          const root = document.querySelector('ocean-tracker')!.shadowRoot!;
          const submit = root.querySelector('[part~="submit-button"]')!;
          const base = root.querySelector('[part~="base"]')!;
          // A colour just changed in the preview may still be in its transition: read where it ends.
          await Promise.all([submit, base].flatMap((el) => el.getAnimations().map((a) => a.finished)));
          return {
            // Without its last line, the freshness ("3 hours ago"), which may move on between the two visits.
            status: (root.querySelector('[part~="status"]') as HTMLElement | null)?.innerText.replace(/\n[^\n]*$/, ''),
            milestones: root.querySelectorAll('[part~="milestone"]').length,
            map: root.querySelector('[part~="map"]') !== null,
            accent: getComputedStyle(submit).backgroundColor,
            radius: getComputedStyle(submit).borderTopLeftRadius,
            background: getComputedStyle(base).backgroundColor,
          };
        });
      };
      const inPreview = await look(page);
      assert.match(inPreview.status ?? '', /HLXU8123446/);

      siteHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Owner's site</title><link rel="icon" href="data:,"></head><body>\n${copied}</body></html>`;
      const pasted = await context.newPage();
      pasted.on('pageerror', (error) => pageErrors.push(`pasted: ${String(error)}`));
      try {
        await pasted.goto(`${siteOrigin}/tracking`);
        const onSite = await look(pasted);
        assert.deepEqual(onSite, inPreview);
        assert.equal(onSite.accent, 'rgb(255, 179, 71)');
        assert.equal(onSite.map, false);
      } finally {
        await pasted.close();
      }
      assert.deepEqual(pageErrors, []);
    } finally {
      await page.close();
    }
  });

  it("says the preview needs the bundle only when a tag it shows stays undefined past 5 s of the page's clock", async () => {
    // A context of its own: a clock is installed on a whole context, and the other tests' pages run on real time.
    const clocked = await browser.newContext();
    const working = await clocked.newPage();
    const bare = await clocked.newPage();
    try {
      await working.clock.install();
      await working.goto(`${demo.url}configure`);
      // The bundle defines only the tags on the page: <ocean-tracker> at first, <air-tracker> once Both is chosen.
      await working.evaluate(() => customElements.whenDefined('ocean-tracker'));
      await working.clock.runFor(5_000);
      assert.equal(await working.locator('#preview-missing').isHidden(), true, 'no warning with a working bundle');
      await working.getByRole('radio', { name: 'Both' }).check();
      await working.evaluate(() => customElements.whenDefined('air-tracker'));
      await working.clock.runFor(5_000);
      assert.equal(await working.locator('#preview-missing').isHidden(), true, 'none with both shown');

      // And the warning still comes when the bundle does not load.
      await bare.route('**/cargo-trackers.js', (route) => route.abort());
      // Paused before the page loads, so that the 5 s start from the page's own clock, not from however long loading took.
      await bare.clock.install({ time: 0 });
      await bare.clock.pauseAt(1_000);
      await bare.goto(`${demo.url}configure`);
      await bare.clock.runFor(4_999);
      assert.equal(await bare.locator('#preview-missing').isHidden(), true, 'not before 5 s');
      await bare.clock.runFor(1);
      assert.equal(await bare.locator('#preview-missing').isVisible(), true, 'the warning after 5 s without the bundle');
    } finally {
      await clocked.close();
    }
  });

  it("offers the self-host zip first: downloaded, unpacked on a static host of another origin, its tag pasted on the owner's site shows the shipment", async () => {
    const page = await open();
    const unpacked = await mkdtemp(join(tmpdir(), 'cargo-trackers-self-host-'));
    const asked: string[] = [];
    // Serves the unpacked files as the zip's README says a host on another origin must: with Access-Control-Allow-Origin.
    const host = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      asked.push(path);
      readFile(join(unpacked, path.replace(/\.\.+/g, '')))
        .then((body) => {
          res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' });
          res.end(body);
        })
        .catch(() => {
          res.writeHead(404, { 'access-control-allow-origin': '*' });
          res.end();
        });
    });
    try {
      const hostOrigin = `http://${STATIC_HOST}:${await listen(host, STATIC_HOST)}`;
      const name = selfHostName();
      assert.equal(await page.getByLabel('My own copy, on my site').isChecked(), true, 'the own copy is the default');
      assert.match((await snippets(page)).html!, new RegExp(`src="/assets/${name}/cargo-trackers\\.js"`));

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: `Download ${name}.zip` }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `${name}.zip`);
      const files = unzip(await readFile(await download.path()));
      const names = [...files.keys()];
      assert.ok(
        names.every((n) => n.startsWith(`${name}/`)),
        names.join(' '),
      );
      assert.ok(!names.some((n) => n.endsWith('.map') || n.includes('.vite/')), 'no source map, no build manifest');
      // The entry and every chunk the bundle has, as built; a README and the licence beside them.
      const chunks = readdirSync(join(bundle.dir, 'chunks')).filter((n) => n.endsWith('.js'));
      assert.deepEqual(
        names.sort(),
        [...['cargo-trackers.js', 'README.md', 'LICENSE'], ...chunks.map((c) => `chunks/${c}`)].map((n) => `${name}/${n}`).sort(),
      );
      const entry = readFileSync(join(bundle.dir, 'cargo-trackers.js'));
      assert.ok(files.get(`${name}/cargo-trackers.js`)!.equals(entry));
      const readme = files.get(`${name}/README.md`)!.toString('utf8');
      assert.ok(readme.includes(`sha384-${createHash('sha384').update(entry).digest('base64')}`), "the entry's integrity hash");
      for (const needle of ['Access-Control-Allow-Origin: *', 'script-src', 'connect-src', 'chunks/'])
        assert.ok(readme.includes(needle), `the README says ${needle}`);
      for (const [path, data] of files) {
        await mkdir(dirname(join(unpacked, path)), { recursive: true });
        await writeFile(join(unpacked, path), data);
      }

      const demoOrigin = new URL(demo.url).origin;
      await page.getByLabel(/^Proxy address/).fill(`${demoOrigin}/api/tracking`);
      await page.getByLabel(/Address of your/).fill(`${hostOrigin}/${name}/cargo-trackers.js`);
      await page.locator('[data-key="ocean-tracker reference-number"]').fill('MEDU9091004');
      await page.locator('[data-key="map"]').selectOption('none');
      const tag = (await snippets(page)).html!;
      assert.ok(tag.includes(`src="${hostOrigin}/${name}/cargo-trackers.js"`), tag);

      siteHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Owner's site</title><link rel="icon" href="data:,"></head><body>\n${tag}</body></html>`;
      const pasted = await context.newPage();
      pasted.on('pageerror', (error) => pageErrors.push(`pasted: ${String(error)}`));
      try {
        await pasted.goto(`${siteOrigin}/tracking`);
        const status = pasted.locator('ocean-tracker [part~="status"]');
        await status.waitFor({ timeout: 30_000 });
        assert.match(await status.innerText(), /MEDU9091004/);
      } finally {
        await pasted.close();
      }
      assert.ok(
        asked.some((p) => p.startsWith(`/${name}/chunks/`)),
        `the chunks came from the static host: ${asked.join(' ')}`,
      );
      assert.deepEqual(pageErrors, []);
    } finally {
      await page.close();
      await new Promise<void>((resolve) => (host.close(() => resolve()), host.closeAllConnections()));
      await rm(unpacked, { recursive: true, force: true });
    }
  });

  it('has no axe violation (WCAG 2.x A and AA, best practices), with a tracker and a contrast message shown', async () => {
    const page = await open();
    try {
      await page
        .getByRole('button', { name: /In transit/ })
        .first()
        .click();
      await page.locator('#preview ocean-tracker [part~="status"]').waitFor({ timeout: 30_000 });
      // Passes on the light theme the preview shows, fails on the dark one an auto theme may show: a message, and a clean preview.
      await page.locator('[data-property="--tracker-text-color"]').fill('#222222');
      await page.locator('[data-key="theme"]').selectOption('auto');
      assert.equal(await page.locator('[data-property="--tracker-text-color"]').getAttribute('aria-invalid'), 'true');
      const violations = await axeViolations(page);
      assert.deepEqual(violations, []);
    } finally {
      await page.close();
    }
  });

  it('works by keyboard alone: choose both elements, a theme, a state, and copy a snippet', async () => {
    const page = await open();
    try {
      const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || '');
      async function tabTo(test: () => Promise<boolean>, what: string): Promise<void> {
        for (let i = 0; i < 200; i++) {
          if (await test()) return;
          await page.keyboard.press('Tab');
        }
        assert.fail(`Tab never reached ${what} (last: ${await focused()})`);
      }
      // The first stop skips the long form: Enter, and the next stop is the first snippet's Copy button.
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'Skip to the snippets');
      assert.ok((await page.evaluate(() => document.activeElement!.getBoundingClientRect().top)) >= 0, 'in sight once focused');
      await page.keyboard.press('Enter');
      assert.equal(await focused(), 'snippets-title');
      await page.keyboard.press('Tab');
      assert.equal(
        await page.evaluate(() => document.activeElement?.closest('[data-snippet]')?.getAttribute('data-snippet')),
        'html',
        'the first Copy button',
      );
      await page.reload();
      await page.waitForFunction(() => customElements.get('ocean-tracker') !== undefined);
      await tabTo(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name === 'product'), 'the element choice');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      assert.equal(await page.evaluate(() => (document.querySelector('input[name="product"]:checked') as HTMLInputElement).value), 'both');
      await tabTo(() => page.evaluate(() => document.activeElement?.id === 'attr-theme'), 'the theme');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      assert.equal(await page.locator('#preview air-tracker').getAttribute('theme'), 'dark');
      await tabTo(() => page.evaluate(() => /In transit, 176/.test(document.activeElement?.getAttribute('aria-label') ?? '')), 'a state');
      await page.keyboard.press('Enter');
      await page.locator('#preview air-tracker [part~="status"]').waitFor({ timeout: 30_000 });
      await tabTo(
        () =>
          page.evaluate(
            () => document.activeElement?.closest('[data-snippet="shortcode"]') !== null && document.activeElement?.localName === 'button',
          ),
        'the shortcode copy button',
      );
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => /Copied: WordPress shortcode/.test(document.getElementById('copy-status')!.textContent ?? ''));
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(
        copied,
        /^\[ocean_tracker proxy_url="\/api\/tracking\/ocean" theme="dark"\]\n\[air_tracker proxy_url="\/api\/tracking\/air" theme="dark"\]\n$/,
      );
      // Enter in a field applies nothing more and reloads nothing.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.getByLabel(/^Proxy address/).focus();
      await page.keyboard.type('/track');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true, 'the page did not reload');
      assert.match((await snippets(page)).shortcode!, /proxy_url="\/track\/ocean"/);
      // Focus is always visible.
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      assert.notEqual(outline, 'none');
    } finally {
      await page.close();
    }
  });

  it('is readable at 320 px: nothing wider than the screen but the code, which wraps', async () => {
    const page = await open();
    try {
      await page.setViewportSize({ width: 320, height: 800 });
      await page
        .getByRole('button', { name: /In transit/ })
        .first()
        .click();
      await page.locator('#preview ocean-tracker [part~="status"]').waitFor({ timeout: 30_000 });
      await page.locator('[data-property="--tracker-accent-color"]').fill('#99ccff');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 320), 'no sideways scrolling');
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((n) => !n.closest('#preview') && n.getBoundingClientRect().right > 320.5)
          .map((n) => n.localName + (n.id ? `#${n.id}` : '')),
      );
      assert.deepEqual(overflowing, []);
      const previewWidth = await page.locator('#preview ocean-tracker').evaluate((n) => n.getBoundingClientRect().width);
      assert.ok(previewWidth <= 320 && previewWidth > 240, `the preview fits: ${previewWidth}px`);
    } finally {
      await page.close();
    }
  });

  it('at 390 px (a phone) the text fits its layout: no sideways scrolling, nothing clipped, a snippet scrolls in its own box, and the skip link leads to the snippets', async () => {
    const page = await open();
    try {
      const width = 390;
      await page.setViewportSize({ width, height: 844 });
      // The skip link: the first Tab stop, in sight, and Enter brings the snippets' heading into view.
      await page.keyboard.press('Tab');
      const skip = await page.evaluate(() => {
        const rect = document.activeElement!.getBoundingClientRect();
        return { text: document.activeElement?.textContent, left: rect.left, right: rect.right, top: rect.top };
      });
      assert.equal(skip.text, 'Skip to the snippets');
      assert.ok(skip.left >= 0 && skip.right <= width && skip.top >= 0, `the focused skip link is in sight: ${JSON.stringify(skip)}`);
      await page.keyboard.press('Enter');
      const heading = await page.evaluate(() => ({
        id: document.activeElement?.id,
        top: document.activeElement!.getBoundingClientRect().top,
        height: window.innerHeight,
      }));
      assert.equal(heading.id, 'snippets-title');
      // Scrolled to the top edge, give or take a fraction of a pixel.
      assert.ok(heading.top > -1 && heading.top < heading.height, `the snippets' heading is in view: ${JSON.stringify(heading)}`);

      // Every control the page can show: both elements, a state in the preview, a contrast message.
      await page.getByRole('radio', { name: 'Both' }).check();
      await page
        .getByRole('button', { name: /In transit/ })
        .first()
        .click();
      await page.locator('#preview [part~="status"]').first().waitFor({ timeout: 30_000 });
      await page.locator('[data-property="--tracker-accent-color"]').fill('#99ccff');
      await page.locator('.contrast.failing').waitFor();

      assert.ok(await page.evaluate((w) => document.documentElement.scrollWidth <= w, width), 'no sideways scrolling');
      // Outside the preview (the element's own layout, tested by its own tests), no box is wider than
      // its content allows: a label, legend, button or hint whose text is wider than its box is cut or
      // spills over its neighbour. A snippet's code may be wider only where its box scrolls.
      // (No named function inside: tsx would wrap it in a helper the page does not have.)
      const misfits = await page.evaluate(
        (w) =>
          [...document.querySelectorAll('body *')]
            .filter((n) => !n.closest('#preview') && n.getClientRects().length > 0)
            .filter((n) => n.getBoundingClientRect().width > 1 && getComputedStyle(n).clipPath === 'none')
            .flatMap((n) => {
              const what = n.localName + (n.id ? `#${n.id}` : '') + (n.classList.length > 0 ? `.${n.classList[0]}` : '');
              const rect = n.getBoundingClientRect();
              const scrolls = n.localName === 'pre' && ['auto', 'scroll'].includes(getComputedStyle(n).overflowX);
              return [
                ...(rect.left < -0.5 || rect.right > w + 0.5 ? [`${what} spans ${rect.left}-${rect.right}px`] : []),
                ...(n.scrollWidth > n.clientWidth + 1 && !scrolls && !['input', 'select'].includes(n.localName)
                  ? [`${what} holds ${n.scrollWidth}px in ${n.clientWidth}px`]
                  : []),
              ];
            }),
        width,
      );
      assert.deepEqual(misfits, []);
    } finally {
      await page.close();
    }
  });
});
