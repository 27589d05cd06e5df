// Numbers as people type them, on the demo page (the built script-tag bundle, the reference proxy,
// the mock service) in a real Chromium: a container number as painted on its doors and an AWB
// number in groups are sent in their one spelling and said; anything else is sent as typed, and a
// "not found" says what to check and offers what may help.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { startDemoServer, type DemoServer } from '../../../demo/server/start-demo-server.js';
import { buildCdnBundle, type BuiltBundle } from '../../support/cdn-bundle.js';
import { launchChromium } from '../../support/find-chromium.mjs';

describe('the demo page, with numbers as people type them', () => {
  let bundle: BuiltBundle;
  let demo: DemoServer;
  let browser: Browser;
  let page: Page;
  /** The number query parameter of every lookup the page sent to the proxy. */
  let sent: string[];

  before(async () => {
    bundle = await buildCdnBundle();
    demo = await startDemoServer({ host: '127.0.0.1', port: 0, bundleDir: bundle.dir, mockHoldMs: 500, log: () => undefined });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await demo?.close();
    await bundle?.remove();
  });

  async function open(): Promise<void> {
    await page?.close();
    page = await browser.newPage();
    sent = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/tracking/') && !url.pathname.includes('carriers'))
        sent.push(url.searchParams.get('referenceNumber') ?? url.searchParams.get('number') ?? '');
    });
    await page.goto(demo.url);
    await page.waitForFunction(() => customElements.get('ocean-tracker') !== undefined && customElements.get('air-tracker') !== undefined);
  }

  async function track(tag: 'ocean-tracker' | 'air-tracker', number: string): Promise<void> {
    await page.locator(`${tag} input`).fill(number);
    await page.locator(`${tag} [part~="submit-button"]`).click();
  }

  it('tracks a container number as painted on the doors, MEDU 909100-4, as MEDU9091004, and says so', async () => {
    await open();
    await track('ocean-tracker', 'MEDU 909100-4');
    const status = page.locator('ocean-tracker [part~="status"]');
    await status.waitFor({ timeout: 30_000 });
    assert.match(await status.innerText(), /MEDU9091004/);
    assert.deepEqual(sent, ['MEDU9091004']);
    assert.equal(await page.locator('ocean-tracker [part~="searched"]').innerText(), 'Searched MEDU9091004');
    // The field keeps what the visitor typed, and its description names what was searched.
    assert.equal(await page.locator('ocean-tracker input').inputValue(), 'MEDU 909100-4');
    assert.match((await page.locator('ocean-tracker input').getAttribute('aria-describedby')) ?? '', /\bsearched\b/);
    // Typing again: the hint is about the old number, so it goes.
    await page.locator('ocean-tracker input').fill('MEDU 909100-');
    await page.locator('ocean-tracker [part~="searched"]').waitFor({ state: 'detached' });
  });

  it('tracks an air waybill written in groups, 157 1390 5275, as 157-13905275', async () => {
    await open();
    await track('air-tracker', '157 1390 5275');
    const status = page.locator('air-tracker [part~="status"]');
    await status.waitFor({ timeout: 30_000 });
    assert.match(await status.innerText(), /157-13905275/);
    assert.deepEqual(sent, ['157-13905275']);
    assert.equal(await page.locator('air-tracker [part~="searched"]').innerText(), 'Searched 157-13905275');
  });

  it('sends a bill of lading as typed, and when it is not found offers its compact spelling, which is found', async () => {
    await open();
    await track('ocean-tracker', 'OOLU-2741938520');
    const notice = page.locator('ocean-tracker [part~="notice"]');
    await notice.getByText('We could not find OOLU-2741938520.').waitFor({ timeout: 30_000 });
    assert.deepEqual(sent, ['OOLU-2741938520']);
    assert.match(await notice.innerText(), /It may be listed as OOLU2741938520\./);
    await notice.getByRole('button', { name: 'Track OOLU2741938520' }).click();
    const status = page.locator('ocean-tracker [part~="status"]');
    await status.waitFor({ timeout: 30_000 });
    assert.match(await status.innerText(), /OOLU2741938520/);
    assert.deepEqual(sent, ['OOLU-2741938520', 'OOLU2741938520']);
  });

  it('says on a 404 what to check and where it is printed, once, and offers the carrier picker', async () => {
    await open();
    await track('ocean-tracker', 'DEMO404');
    const notice = page.locator('ocean-tracker [part~="notice"]');
    await notice.getByText('We could not find DEMO404.').waitFor({ timeout: 30_000 });
    const text = await notice.locator('.notice-text').innerText();
    assert.match(text, /four letters and seven digits, painted on the container’s doors/);
    assert.doesNotMatch(text, /No shipment found/, 'the service’s own words for the same thing are not repeated');
    const sentences = text.split(/(?<=[.:;])\s+/).filter(Boolean);
    assert.equal(new Set(sentences).size, sentences.length, `no sentence twice: ${text}`);
    assert.equal(await notice.locator('[part~="notice-action"]').count(), 1, 'one next step: DEMO404 has no other spelling');
    await notice.getByRole('button', { name: 'Choose the carrier' }).click();
    assert.equal(await page.locator('ocean-tracker select').evaluate((select) => select.matches(':focus')), true);
    // Its one alert says the same words.
    const alert = await page.locator('ocean-tracker [part~="announcer"] [role="alert"]').innerText();
    assert.match(alert, /^We could not find DEMO404\. Check it against your documents/);
  });

  it('says where an air waybill number is printed when it is not found', async () => {
    await open();
    await track('air-tracker', '176-12345675');
    const notice = page.locator('air-tracker [part~="notice"]');
    await notice.getByText('We could not find 176-12345675.').waitFor({ timeout: 30_000 });
    assert.match(await notice.innerText(), /printed at the top of the air waybill/);
    assert.equal(await notice.getByRole('button', { name: 'Choose the carrier' }).count(), 0);
  });
});
