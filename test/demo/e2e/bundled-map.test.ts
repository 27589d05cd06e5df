// The map as the script-tag bundle ships it, not as the test runner compiles the sources one
// file at a time: the bundler drops module code it believes has no effect, and the parts of
// Leaflet the map uses register themselves by side effect (leaflet-parts.ts). In a real
// Chromium, a page holding one <ocean-tracker> draws its route and land, and its map answers to
// the zoom buttons, the keyboard, dragging, the mouse wheel and double clicks (and has its pinch
// handler); with `tile-url` it draws tiles. The build shortens Leaflet's private names in this
// chunk (scripts/mangle-leaflet-privates.ts), so this is where that is checked.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright';
import { startDemoServer, type DemoServer } from '../../../demo/server/start-demo-server.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { CHROMIUM_ARGS, findChromium } from '../../support/find-chromium.mjs';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>map</title><link rel="icon" href="data:,">
<script type="module" src="/cargo-trackers.js"></script></head>
<body><ocean-tracker map="eager" proxy-url="/api/tracking/ocean" reference-number="MEDU9091004"></ocean-tracker></body></html>`;

// The same tracker over raster tiles the demo server serves itself (a one-colour PNG).
const TILE_PAGE = PAGE.replace('<ocean-tracker ', '<ocean-tracker tile-url="/tiles/{z}/{x}/{y}.png" tile-attribution="© Test tiles" ');
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The Leaflet map's centre and zoom, read from the bundle's own map object. */
const VIEW = () => {
  const map = document.querySelector('ocean-tracker')?.shadowRoot?.querySelector('tracker-route-map');
  const leaflet = (map as unknown as { leafletMap?: { getZoom(): number; getCenter(): { lat: number; lng: number } } }).leafletMap;
  const c = leaflet!.getCenter();
  return { zoom: leaflet!.getZoom(), lat: c.lat, lng: c.lng };
};

describe('the bundled map', () => {
  let bundle: BuiltBundle;
  let publicDir: string;
  let demo: DemoServer;
  let browser: Browser;

  before(async () => {
    bundle = await buildCdnBundle();
    publicDir = await mkdtemp(join(tmpdir(), 'bundled-map-'));
    await writeFile(join(publicDir, 'index.html'), PAGE);
    await writeFile(join(publicDir, 'tiles.html'), TILE_PAGE);
    for (const z of [0, 1, 2, 3, 4, 5, 6, 7]) {
      for (let x = 0; x < Math.min(2 ** z, 8); x++) {
        await mkdir(join(publicDir, `tiles/${z}/${x}`), { recursive: true });
        for (let y = 0; y < Math.min(2 ** z, 8); y++) await writeFile(join(publicDir, `tiles/${z}/${x}/${y}.png`), TILE_PNG);
      }
    }
    demo = await startDemoServer({ port: 0, host: '127.0.0.1', publicDir, bundleDir: bundle.dir, log: () => {} });
    browser = await chromium.launch({ executablePath: await findChromium(), headless: true, args: CHROMIUM_ARGS });
  });

  after(async () => {
    await browser?.close();
    await demo?.close();
    await bundle?.remove();
    if (publicDir) await rm(publicDir, { recursive: true, force: true });
  });

  it('draws the route and the land, with every interaction handler, and warns of nothing', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(demo.url);
    const drawn = await page.waitForFunction(
      () => {
        const map = document.querySelector('ocean-tracker')?.shadowRoot?.querySelector('tracker-route-map');
        const root = map?.shadowRoot;
        if (!root?.querySelector('path.tracker-route') || !root.querySelector('path.tracker-land')) return false;
        const leaflet = (map as unknown as { leafletMap?: Record<string, unknown> }).leafletMap;
        return ['dragging', 'scrollWheelZoom', 'keyboard', 'doubleClickZoom', 'touchZoom'].filter((h) => leaflet?.[h] !== undefined);
      },
      null,
      { timeout: 20_000 },
    );
    assert.deepEqual(await drawn.jsonValue(), ['dragging', 'scrollWheelZoom', 'keyboard', 'doubleClickZoom', 'touchZoom']);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('pans and zooms by button, keyboard, drag, wheel and double click, and labels its ports', async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(demo.url);
    const mapHost = page.locator('ocean-tracker tracker-route-map');
    await page.waitForFunction(
      () =>
        !!document
          .querySelector('ocean-tracker')
          ?.shadowRoot?.querySelector('tracker-route-map')
          ?.shadowRoot?.querySelector('path.tracker-route'),
      null,
      { timeout: 20_000 },
    );
    const container = mapHost.locator('.leaflet-container');
    await container.scrollIntoViewIfNeeded();
    // Port labels are drawn, with the port's name as text.
    const labels = await mapHost.locator('.tracker-label:not(.tracker-label-measure)').allTextContents();
    assert.ok(labels.length >= 2 && labels.every((t) => t.trim() !== ''), `labels: ${JSON.stringify(labels)}`);

    const settle = () => page.waitForTimeout(400);
    let before = await page.evaluate(VIEW);
    await mapHost.locator('.leaflet-control-zoom-in').click();
    await settle();
    let after = await page.evaluate(VIEW);
    assert.equal(after.zoom, before.zoom + 1, 'the zoom-in button');

    before = after;
    await container.focus();
    await page.keyboard.press('-');
    await settle();
    after = await page.evaluate(VIEW);
    assert.equal(after.zoom, before.zoom - 1, 'the minus key');
    before = after;
    await page.keyboard.press('ArrowRight');
    await settle();
    after = await page.evaluate(VIEW);
    assert.ok(after.lng > before.lng, `the right arrow pans east: ${before.lng} → ${after.lng}`);

    const box = (await container.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    before = await page.evaluate(VIEW);
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(cx + i * 12, cy, { steps: 1 });
    await page.mouse.up();
    await settle();
    after = await page.evaluate(VIEW);
    assert.ok(after.lng < before.lng, `dragging east moves the view west: ${before.lng} → ${after.lng}`);

    before = after;
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, -300);
    await settle();
    after = await page.evaluate(VIEW);
    assert.ok(after.zoom > before.zoom, `the wheel zooms in: ${before.zoom} → ${after.zoom}`);

    before = after;
    await page.mouse.dblclick(cx, cy);
    await settle();
    after = await page.evaluate(VIEW);
    assert.ok(after.zoom > before.zoom, `a double click zooms in: ${before.zoom} → ${after.zoom}`);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('draws raster tiles from tile-url, with its attribution as text', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${demo.url}tiles.html`);
    const mapHost = page.locator('ocean-tracker tracker-route-map');
    await mapHost.locator('img.leaflet-tile-loaded').first().waitFor({ timeout: 20_000 });
    assert.ok((await mapHost.locator('img.leaflet-tile-loaded').count()) > 0);
    assert.equal(await page.locator('ocean-tracker').getByText('© Test tiles', { exact: true }).count(), 1);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
