// The map as the script-tag bundle ships it, not as the test runner compiles the sources one
// file at a time: the bundler drops module code it believes has no effect, and the parts of
// Leaflet the map uses register themselves by side effect (leaflet-parts.ts). In a real
// Chromium, a page holding one <ocean-tracker> draws its route, land and port labels, and its map
// answers to the mouse wheel, dragging, the keyboard, double clicks and the zoom buttons; with
// `tile-url` it draws tiles; zoomed in, it fetches the finer land's tiles from the chunks folder.
// The build trims Leaflet (scripts/trim-leaflet.ts): this is where that
// is checked.
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { startDemoServer, type DemoServer } from '../../../demo/server/start-demo-server.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { launchChromium } from '../../support/find-chromium.mjs';

const pageHtml = (
  attributes = '',
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>map</title><link rel="icon" href="data:,">
<script type="module" src="/cargo-trackers.js"></script></head>
<body><ocean-tracker map="eager" proxy-url="/api/tracking/ocean" reference-number="MEDU9091004"${attributes}></ocean-tracker></body></html>`;
const PAGE = pageHtml();
// Tiles from the demo server itself: the page makes no third-party request.
const TILES_PAGE = pageHtml(' tile-url="/tile.png?z={z}&amp;x={x}&amp;y={y}" tile-attribution="Test tiles"');
/** The chunk holding Leaflet's tile layer (vite.config.ts names it). */
const TILES_CHUNK = /\/chunks\/map-tiles-[\w-]+\.js$/;
/** The finer land outline's index and tiles (vite.config.ts names them). */
const LAND_CHUNK = /\/chunks\/land-[\w-]+\.js$/;

describe('the bundled map', () => {
  let bundle: BuiltBundle;
  let publicDir: string;
  let demo: DemoServer;
  let browser: Browser;

  before(async () => {
    bundle = await buildCdnBundle();
    publicDir = await mkdtemp(join(tmpdir(), 'bundled-map-'));
    await writeFile(join(publicDir, 'index.html'), PAGE);
    await writeFile(join(publicDir, 'tiles.html'), TILES_PAGE);
    await copyFile(new URL('../../packages/core/map/tile.png', import.meta.url), join(publicDir, 'tile.png'));
    demo = await startDemoServer({ port: 0, host: '127.0.0.1', publicDir, bundleDir: bundle.dir, log: () => {} });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await demo?.close();
    await bundle?.remove();
    if (publicDir) await rm(publicDir, { recursive: true, force: true });
  });

  /** A new page, with every URL it requests and every warning, error and uncaught exception it logs. */
  async function openPage(): Promise<{ page: Page; requests: string[]; problems: string[] }> {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    return { page, requests, problems };
  }

  it('draws the route and the land, with every interaction handler, and warns of nothing', async () => {
    const { page, requests, problems } = await openPage();
    await page.goto(demo.url);
    const drawn = await page.waitForFunction(
      () => {
        const map = document.querySelector('ocean-tracker')?.shadowRoot?.querySelector('cargo-tracker-route-map');
        const root = map?.shadowRoot;
        if (!root?.querySelector('path.tracker-route') || !root.querySelector('path.tracker-land')) return false;
        const leaflet = (map as unknown as { leafletMap?: Record<string, unknown> }).leafletMap;
        return ['dragging', 'scrollWheelZoom', 'keyboard', 'doubleClickZoom', 'touchZoom'].filter((h) => leaflet?.[h] !== undefined);
      },
      null,
      // The file's first page: it also waits for the demo server's first answers of each chunk,
      // which took past 20 s on a machine busy with two other suites.
      { timeout: 60_000 },
    );
    assert.deepEqual(await drawn.jsonValue(), ['dragging', 'scrollWheelZoom', 'keyboard', 'doubleClickZoom', 'touchZoom']);
    // The ports are labelled with their names.
    const labels = await page.locator('.tracker-label:not(.tracker-label-measure)').allTextContents();
    assert.ok(labels.length >= 2 && labels.some((text) => text.includes('Rotterdam')), `labels: ${JSON.stringify(labels)}`);

    // The handlers work, not only exist: the bundle's Leaflet is trimmed by scripts/trim-leaflet.ts,
    // which the browser tests (sources compiled file by file) never run through.
    const view = async () =>
      page.evaluate(() => {
        const map = document.querySelector('ocean-tracker')?.shadowRoot?.querySelector('cargo-tracker-route-map') as unknown as {
          leafletMap: { getCenter(): { lat: number; lng: number }; getZoom(): number };
        };
        const { lat, lng } = map.leafletMap.getCenter();
        return { lat, lng, zoom: map.leafletMap.getZoom() };
      });
    /**
     * Does `act`, then waits for Leaflet's 'moveend', which a map fires once a move and any
     * animation after it (a drag's inertia, a zoom) are over, and returns the view then. Waiting
     * for the event, not for a time, the view read is where the map came to rest.
     */
    const moved = async (act: () => Promise<void>, what: string) => {
      await page.evaluate(() => {
        const map = document.querySelector('ocean-tracker')?.shadowRoot?.querySelector('cargo-tracker-route-map') as unknown as {
          leafletMap: { once(type: string, listener: () => void): void };
        };
        (window as unknown as { mapMoved: boolean }).mapMoved = false;
        map.leafletMap.once('moveend', () => ((window as unknown as { mapMoved: boolean }).mapMoved = true));
      });
      await act();
      await page
        .waitForFunction(() => (window as unknown as { mapMoved: boolean }).mapMoved)
        .catch((error: unknown) => {
          throw new Error(`the map did not move after ${what}`, { cause: error });
        });
      return view();
    };
    const canvas = page.locator('.tracker-map-canvas');
    const box = await canvas.boundingBox();
    assert.ok(box && box.width > 100 && box.height > 100);
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.click(middle.x, middle.y); // activates dragging and the wheel
    let before = await view();

    let after = await moved(async () => {
      await page.mouse.move(middle.x, middle.y);
      await page.mouse.down();
      for (let step = 1; step <= 5; step++) await page.mouse.move(middle.x + step * 20, middle.y + step * 4);
      await page.mouse.up();
    }, 'a drag');
    assert.ok(after.lng < before.lng, `dragged right, the centre moves west: ${before.lng} → ${after.lng}`);
    assert.equal(after.zoom, before.zoom);

    before = after;
    after = await moved(() => page.mouse.wheel(0, -300), 'the wheel');
    assert.ok(after.zoom > before.zoom, `wheel up zooms in: ${before.zoom} → ${after.zoom}`);

    before = after;
    after = await moved(() => page.locator('.leaflet-control-zoom-out').click(), 'the zoom-out button');
    assert.equal(after.zoom, before.zoom - 1);

    before = after;
    after = await moved(() => page.mouse.dblclick(middle.x, middle.y), 'a double click');
    assert.equal(after.zoom, before.zoom + 1);

    before = after;
    await canvas.focus();
    after = await moved(() => page.keyboard.press('ArrowUp'), 'the arrow key');
    assert.ok(after.lat > before.lat, `ArrowUp pans north: ${before.lat} → ${after.lat}`);

    assert.deepEqual(problems, []);
    // No tile-url: Leaflet's tile layer is never fetched.
    assert.deepEqual(
      requests.filter((url) => TILES_CHUNK.test(url)),
      [],
    );
    assert.ok(
      requests.some((url) => /\/chunks\/map-[\w-]{6}\.js$/.test(url)),
      'the map chunk was loaded',
    );
    await page.close();
  });

  it('fetches the finer land tiles beside the other chunks when the map is zoomed in, and draws them', async () => {
    const { page, requests, problems } = await openPage();
    await page.goto(demo.url);
    await page.locator('path.tracker-route').first().waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('path.tracker-land').count(), 3, 'the coarse outline on the world and its two copies');
    assert.deepEqual(
      requests.filter((url) => LAND_CHUNK.test(url)),
      [],
    );
    await page.evaluate(() => {
      const map = document.querySelector('ocean-tracker')?.shadowRoot?.querySelector('cargo-tracker-route-map') as unknown as {
        leafletMap: { setView(center: [number, number], zoom: number, options: { animate: boolean }): void };
      };
      map.leafletMap.setView([22.61, 120.28], 7, { animate: false });
    });
    // The finer tiles replace the coarse outline's three paths with one.
    await page.waitForFunction(
      () =>
        document
          .querySelector('ocean-tracker')
          ?.shadowRoot?.querySelector('cargo-tracker-route-map')
          ?.shadowRoot?.querySelectorAll('path.tracker-land').length === 1,
      null,
      {
        timeout: 20_000,
      },
    );
    const mapChunk = requests.find((url) => /\/chunks\/map-[\w-]{6}\.js$/.test(url))!;
    const tiles = requests.filter((url) => LAND_CHUNK.test(url));
    assert.deepEqual(
      tiles.map((url) => new URL(url).pathname.replace(/-[\w-]{6}\.js$/, '')),
      ['/chunks/land-tiles', '/chunks/land-fine-13-6', '/chunks/land-fine-13-7'],
    );
    assert.ok(
      tiles.every((url) => new URL('.', url).href === new URL('.', mapChunk).href),
      'the tiles are served from the chunks folder',
    );
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('draws tiles from the tile chunk when the page sets tile-url, and no land', async () => {
    const { page, requests, problems } = await openPage();
    await page.goto(new URL('/tiles.html', demo.url).href);
    const tiles = page.locator('img.leaflet-tile.leaflet-tile-loaded');
    await tiles.first().waitFor({ timeout: 20_000 });
    // Leaflet's tile rules arrived with the chunk: tiles are placed absolutely and shown once loaded.
    const style = await tiles.first().evaluate((img) => {
      const { position, visibility } = getComputedStyle(img);
      return { position, visibility };
    });
    assert.deepEqual(style, { position: 'absolute', visibility: 'visible' });
    assert.equal(await page.locator('path.tracker-land').count(), 0);
    assert.equal(await page.getByText('Test tiles', { exact: true }).count(), 1, 'the tile attribution, as text');
    assert.equal(requests.filter((url) => TILES_CHUNK.test(url)).length, 1);
    const origin = new URL(demo.url).origin;
    assert.deepEqual(
      requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:')),
      [],
    );
    assert.deepEqual(problems, []);
    await page.close();
  });
});
