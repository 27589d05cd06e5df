// The plugin as a site owner installs it: `npm run build:wordpress`'s zip, installed through
// WordPress's own Plugin_Upgrader (what Plugins → Add New → Upload runs) into a real WordPress
// (Debian's 6.1 and the Playground build of 6.5), activated, and a page with a block and a
// shortcode rendered in Chromium: the script and its chunks come from the plugin's folder, no
// request leaves the site, and both elements upgrade. Then the block in the block editor: its
// sidebar fields, and its preview upgraded in the editor's canvas.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright';
import { shippedLocales } from '../../../packages/core/src/i18n/catalogues.js';
import { buildWordPressZip } from '../../../scripts/build-wordpress.mjs';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { launchChromium } from '../../support/find-chromium.mjs';
import {
  debianWordPress,
  playgroundWordPress,
  reservePort,
  startWordPressSite,
  type SitePost,
  type WordPressSite,
  type WordPressSource,
} from './wordpress-site.js';

const POSTS: SitePost[] = [
  {
    slug: 'block-and-shortcode',
    title: 'A block and a shortcode',
    content:
      '<!-- wp:cargo-trackers/ocean-tracker {"reference_number":"MEDU9091004","theme":"dark","map":"none","poll_interval":30,"sync_url":true} /-->\n\n' +
      '<!-- wp:shortcode -->\n[air_tracker map="none"]\n<!-- /wp:shortcode -->',
  },
  {
    slug: 'hostile-block',
    title: 'A block with hostile attributes',
    // As the editor serializes them: JSON in the block comment, with <, >, " and & escaped as \u sequences.
    content: `<!-- wp:cargo-trackers/air-tracker ${JSON.stringify({
      awb_number: '"><script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">',
      proxy_url: 'javascript:window.__xss = 3',
      tile_attribution: '<b onmouseover="window.__xss = 4">Tiles</b>',
      theme: 'not-a-theme',
      map: 'none',
    })
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\\"/g, '\\u0022')} /-->`,
  },
];

/** One bundle and one zip for both WordPress versions, built as `npm run build:wordpress` builds them. */
let built: Promise<{ bundle: BuiltBundle; zipDir: string; zip: string }> | undefined;
function buildZip() {
  return (built ??= (async () => {
    const bundle = await buildCdnBundle();
    const zipDir = await mkdtemp(join(tmpdir(), 'cargo-trackers-zip-'));
    return { bundle, zipDir, zip: buildWordPressZip({ bundleDir: bundle.dir, outDir: zipDir }) };
  })());
}
after(async () => {
  const done = await built?.catch(() => undefined);
  await done?.bundle.remove();
  if (done) await rm(done.zipDir, { recursive: true, force: true });
});

function zipListing(zip: string): string[] {
  const listed = spawnSync('unzip', ['-Z1', zip], { encoding: 'utf8' });
  assert.equal(listed.status, 0, listed.stderr);
  return listed.stdout.split('\n').filter(Boolean);
}

describe('npm run build:wordpress', () => {
  it('writes one cargo-trackers/ folder: the PHP, the blocks, readme.txt, the bundle and its chunks, nothing else', async () => {
    const files = zipListing((await buildZip()).zip);
    for (const needed of [
      'cargo-trackers/cargo-trackers.php',
      'cargo-trackers/attributes.generated.php',
      'cargo-trackers/readme.txt',
      'cargo-trackers/LICENSE',
      'cargo-trackers/NOTICE.txt',
      'cargo-trackers/languages/cargo-trackers.pot',
      'cargo-trackers/blocks/blocks.php',
      'cargo-trackers/blocks/editor.js',
      'cargo-trackers/blocks/fields.generated.php',
      'cargo-trackers/blocks/ocean-tracker/block.json',
      'cargo-trackers/blocks/air-tracker/block.json',
      'cargo-trackers/assets/0.1.0/cargo-trackers.js',
      'cargo-trackers/includes/configurator.php',
      'cargo-trackers/admin/configurator.css',
      'cargo-trackers/assets/0.1.0/configure/configure.js',
      'cargo-trackers/assets/0.1.0/configure/controls.generated.js',
      'cargo-trackers/assets/0.1.0/configure/contrast.js',
      'cargo-trackers/assets/0.1.0/configure/snippets.js',
    ]) {
      assert.ok(files.includes(needed), `${needed} is in the zip:\n${files.join('\n')}`);
    }
    assert.ok(
      files.some((f) => /^cargo-trackers\/assets\/0\.1\.0\/chunks\/ocean-tracker-[\w-]+\.js$/.test(f)),
      'the elements’ chunks',
    );
    assert.ok(
      files.some((f) => /^cargo-trackers\/assets\/0\.1\.0\/chunks\/land-fine-13-6-[\w-]+\.js$/.test(f)),
      'the finer land outline’s tiles, beside the map’s chunk',
    );
    assert.deepEqual(
      files.filter((f) => !f.startsWith('cargo-trackers/')),
      [],
      'everything in one folder',
    );
    assert.deepEqual(
      files.filter((f) => /\.map$|\.vite\/|phpcs|\.ts$/.test(f)),
      [],
      'no source maps, manifest, linter settings or sources',
    );
  });
});

describe('the licences in the zip', () => {
  it('holds the MIT licence of the code and the ODbL notice of the map data', async () => {
    const { zip } = await buildZip();
    const read = (file: string) => spawnSync('unzip', ['-p', zip, `cargo-trackers/${file}`], { encoding: 'utf8' }).stdout;
    assert.match(read('LICENSE'), /^MIT License/);
    assert.match(read('NOTICE.txt'), /OpenStreetMap contributors[\s\S]*Open Database License 1\.0/);
  });
});

const wordpresses: Array<[string, () => Promise<WordPressSource>]> = [
  ["Debian's WordPress 6.1", () => debianWordPress()],
  ['WordPress 6.5 from the Playground builds', () => playgroundWordPress('6.5')],
];

for (const [label, load] of wordpresses) {
  describe(`the plugin's zip, uploaded to ${label}`, () => {
    let source: WordPressSource;
    let site: WordPressSite;
    let browser: Browser;

    before(async () => {
      source = await load();
      const { zip } = await buildZip();
      const { port } = await reservePort();
      site = await startWordPressSite(source, { port, posts: POSTS, pluginZip: zip });
      browser = await launchChromium();
    });

    after(async () => {
      await browser?.close();
      await site?.close();
    });

    /** Every request the page makes, and its errors. */
    async function open(url: string): Promise<{ page: Page; requests: string[]; pageErrors: string[] }> {
      const page = await browser.newPage();
      const requests: string[] = [];
      const pageErrors: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      page.on('pageerror', (e) => pageErrors.push(String(e)));
      const response = await page.goto(url);
      assert.equal(response?.status(), 200, url);
      return { page, requests, pageErrors };
    }

    it('installs through Plugin_Upgrader and activates', () => {
      assert.ok(site.activePlugins.includes('cargo-trackers/cargo-trackers.php'), site.activePlugins.join(', '));
    });

    if (label === wordpresses.at(-1)![0]) {
      it('is the WordPress the plugin says it is tested up to (the newest these tests install)', async () => {
        const { zip } = await buildZip();
        const header = spawnSync('unzip', ['-p', zip, 'cargo-trackers/cargo-trackers.php'], { encoding: 'utf8' }).stdout;
        const tested = /^ \* Tested up to: (.+)$/m.exec(header)?.[1];
        assert.equal(tested, source.version.split('.').slice(0, 2).join('.'), `Tested up to: ${tested}; installed ${source.version}`);
      });
    }

    it('renders a block and a shortcode with the script from the plugin folder, asking no other host', async () => {
      const { page, requests, pageErrors } = await open(site.pageUrl('block-and-shortcode'));
      try {
        await page.waitForFunction(() => customElements.get('ocean-tracker') && customElements.get('air-tracker'), undefined, {
          timeout: 30_000,
        });
        // Both upgraded and drawn: the form in each shadow root.
        for (const tag of ['ocean-tracker', 'air-tracker']) await page.locator(`${tag} [part~="form"]`).waitFor({ timeout: 30_000 });
        const ocean = page.locator('ocean-tracker');
        // The block's attributes, printed by the shortcodes' function: a number as digits, a toggle as presence.
        assert.equal(await ocean.getAttribute('reference-number'), 'MEDU9091004');
        assert.equal(await ocean.getAttribute('theme'), 'dark');
        assert.equal(await ocean.getAttribute('poll-interval'), '30');
        assert.equal(await ocean.getAttribute('sync-url'), '1');
        // The lookup the block's number starts has left (to the site: the plugin's default proxy).
        await page.waitForFunction(() => document.querySelector('ocean-tracker')?.trackingState !== 'idle', undefined, { timeout: 30_000 });

        const entry = requests.filter((url) => url.includes('/cargo-trackers.js'));
        assert.deepEqual(
          entry.map((url) => new URL(url).pathname),
          ['/wp-content/plugins/cargo-trackers/assets/0.1.0/cargo-trackers.js'],
          'the entry once, at one address: the chunks import it by the same one',
        );
        const chunks = requests.filter((url) => url.includes('/chunks/'));
        assert.ok(
          chunks.some((url) => /\/wp-content\/plugins\/cargo-trackers\/assets\/0\.1\.0\/chunks\/ocean-tracker-[\w-]+\.js$/.test(url)),
          `the element's chunk, relative to the entry: ${chunks.join('\n')}`,
        );
        const elsewhere = requests.filter((url) => new URL(url).origin !== site.origin);
        assert.deepEqual(elsewhere, [], 'no request to any host but the site');
        assert.deepEqual(pageErrors, []);
      } finally {
        await page.close();
      }
    });

    it("prints a block's hostile attribute values as text, refuses a javascript: proxy and drops a value outside its list", async () => {
      const { page, pageErrors } = await open(site.pageUrl('hostile-block'));
      try {
        const air = page.locator('air-tracker');
        await air.locator('[part~="notice"]').waitFor({ timeout: 30_000 });
        assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined, 'no injected script ran');
        assert.equal(await page.locator('img[src="x"]').count(), 0, 'no element was injected');
        assert.match((await air.getAttribute('awb-number')) ?? '', /<script>window\.__xss = 1<\/script>/, 'the value is kept, as text');
        assert.equal(await air.getAttribute('proxy-url'), 'about:invalid');
        assert.match(await air.locator('[part~="notice"]').innerText(), /proxy-url/);
        assert.equal(await air.getAttribute('tile-attribution'), '<b onmouseover="window.__xss = 4">Tiles</b>');
        assert.equal(await air.getAttribute('theme'), null, 'WordPress drops a value its enum does not list');
        assert.deepEqual(pageErrors, []);
      } finally {
        await page.close();
      }
    });

    it('loads the script from jsDelivr only when a site opts in with cargo_trackers_use_cdn', async () => {
      const tag = (html: string) => /<script\b[^>]*cargo-trackers\.js[^>]*>/.exec(html)?.[0] ?? '';
      const own = tag(await (await fetch(site.pageUrl('block-and-shortcode'))).text());
      assert.match(own, /src=["']http:\/\/127\.0\.0\.1:\d+\/wp-content\/plugins\/cargo-trackers\/assets\/0\.1\.0\/cargo-trackers\.js["']/);
      const cdn = tag(await (await fetch(`${site.pageUrl('block-and-shortcode')}&cargo_cdn=1`)).text());
      assert.match(cdn, /src=["']https:\/\/cdn\.jsdelivr\.net\/npm\/cargo-trackers@0\.1\.0\/dist\/cdn\/cargo-trackers\.js["']/);
    });

    it('offers the block in the editor: its fields in the sidebar, its preview upgraded in the canvas', async () => {
      const editor = `${site.origin}/wp-admin/post-new.php`;
      const { page, requests, pageErrors } = await open(`${site.origin}/wp-login.php?redirect_to=${encodeURIComponent(editor)}`);
      try {
        await page.fill('#user_login', site.admin.user);
        await page.fill('#user_pass', site.admin.password);
        await Promise.all([page.waitForURL(editor, { waitUntil: 'commit' }), page.click('#wp-submit')]);
        await page.waitForFunction(
          () =>
            window.wp?.blocks?.getBlockType('cargo-trackers/ocean-tracker') !== undefined &&
            window.wp.data.select('core/editor').__unstableIsEditorReady(),
          undefined,
          {
            timeout: 60_000,
          },
        );
        await page.evaluate(() => {
          const { data, blocks } = window.wp!;
          // The welcome guide is a modal: the rest of the editor is hidden from assistive technology while it is open.
          // Its preference: core/preferences in 6.5, core/edit-post's features in 6.1.
          data.dispatch('core/preferences').set('core/edit-post', 'welcomeGuide', false);
          if (data.select('core/edit-post').isFeatureActive('welcomeGuide')) data.dispatch('core/edit-post').toggleFeature('welcomeGuide');
          data.dispatch('core/edit-post').openGeneralSidebar('edit-post/block');
          data
            .dispatch('core/block-editor')
            .insertBlocks(
              blocks.createBlock('cargo-trackers/ocean-tracker', { reference_number: 'MEDU9091004', map: 'none', theme: 'dark' }),
            );
        });
        // If the welcome guide opened all the same, Escape closes it (it holds the focus).
        if (await page.locator('.components-modal__screen-overlay').isVisible()) await page.keyboard.press('Escape');

        // The preview: the server's markup, in the canvas (an iframe in 6.5, where every block is apiVersion 3), upgraded.
        const canvas = await editorCanvas(page);
        const preview = canvas.locator('ocean-tracker[reference-number="MEDU9091004"]');
        await preview.locator('[part~="form"]').waitFor({ timeout: 30_000 });
        assert.equal(await preview.getAttribute('theme'), 'dark');
        assert.equal(await preview.getAttribute('map'), 'none');

        // The sidebar: a labelled field per attribute, holding the block's values.
        const sidebar = page.locator('.block-editor-block-inspector');
        const number = sidebar.getByLabel('Reference number');
        await number.waitFor({ timeout: 30_000 });
        assert.equal(await number.inputValue(), 'MEDU9091004');
        await sidebar.locator('button', { hasText: 'Display and proxy' }).dispatchEvent('click');
        assert.equal(await sidebar.getByLabel('Theme', { exact: true }).inputValue(), 'dark');
        assert.equal(await sidebar.getByLabel('Map', { exact: true }).inputValue(), 'none');
        assert.equal(await sidebar.getByLabel('Proxy URL', { exact: true }).inputValue(), '');
        // The language: a choice of the languages the trackers ship, each by its own name.
        const language = sidebar.getByLabel('Language');
        assert.deepEqual(await language.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)), [
          '',
          ...shippedLocales,
        ]);
        assert.equal(await language.locator('option[value="de"]').textContent(), 'Deutsch (de)');
        // The preview for the language is held at the site until the next edit is made: an edit made while a
        // preview loads must still reach the canvas (WordPress's ServerSideRender dropped it when the earlier
        // answer came within its 500 ms debounce).
        // (The REST route is in the path or, with plain permalinks, in ?rest_route=.)
        const rendersGerman = (url: URL) => {
          const asked = decodeURIComponent(url.href);
          return (
            asked.includes('/wp/v2/block-renderer/cargo-trackers/ocean-tracker') &&
            asked.includes('attributes[lang]=de') &&
            !asked.includes('MAEU')
          );
        };
        let releaseGerman!: () => void;
        const germanHeld = new Promise<void>((resolve) => (releaseGerman = resolve));
        await page.route(rendersGerman, async (route) => {
          const answer = await route.fetch();
          await germanHeld;
          // Aborted by the page when the next edit came first: then there is nothing left to answer.
          await route.fulfill({ response: answer }).catch(() => undefined);
        });
        const germanAsked = page.waitForRequest((request) => rendersGerman(new URL(request.url())));
        await language.selectOption('de');
        assert.equal(
          await page.evaluate(() => window.wp!.data.select('core/block-editor').getBlocks()[0]?.attributes.lang as string | undefined),
          'de',
        );
        await germanAsked;
        // Editing a field changes the block's attributes.
        await sidebar.getByLabel('Carrier code').fill('MAEU');
        releaseGerman();
        // The last preview stays while the next one loads.
        assert.equal(await preview.count(), 1, 'the preview stays in the canvas while the next one loads');
        assert.equal(
          await page.evaluate(
            () => window.wp!.data.select('core/block-editor').getBlocks()[0]?.attributes.carrier_code as string | undefined,
          ),
          'MAEU',
        );
        // The server renders the preview again with the edit.
        await canvas.locator('ocean-tracker[carrier-code="MAEU"][lang="de"]').waitFor({ state: 'attached', timeout: 30_000 });
        // WordPress's own welcome guide shows an image from s.w.org; nothing else may leave the site.
        assert.deepEqual(
          requests.filter((url) => new URL(url).origin !== site.origin && new URL(url).origin !== 'https://s.w.org'),
          [],
          'the editor asked no other host for the preview',
        );
        assert.deepEqual(pageErrors, []);
      } finally {
        await page.close();
      }
    });
  });
}

/** The frame the editor draws blocks in: its iframe when it has one, else the page itself. */
async function editorCanvas(page: Page): Promise<Frame> {
  const iframe = page.locator('iframe[name="editor-canvas"]');
  await page.locator('.block-editor-block-list__layout, iframe[name="editor-canvas"]').first().waitFor({ timeout: 30_000 });
  if ((await iframe.count()) > 0) {
    const frame = await (await iframe.elementHandle())?.contentFrame();
    if (frame) return frame;
  }
  return page.mainFrame();
}

declare global {
  interface Window {
    wp?: {
      blocks: { getBlockType(name: string): unknown; createBlock(name: string, attributes: Record<string, unknown>): unknown };
      data: {
        dispatch(store: string): Record<'openGeneralSidebar' | 'insertBlocks' | 'toggleFeature' | 'set', (...args: unknown[]) => unknown>;
        select(store: string): {
          getBlocks(): Array<{ attributes: Record<string, unknown> }>;
          __unstableIsEditorReady(): boolean;
          isFeatureActive(feature: string): boolean;
        };
      };
    };
  }
}
