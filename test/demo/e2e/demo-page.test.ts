// End to end, as a person would: `npm start` (the README's command) builds the bundle and
// starts the demo server with the built-in mock; a real Chromium loads the script-tag page,
// and a visitor types numbers into <ocean-tracker>.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../../support/find-chromium.mjs';

const root = new URL('../../../', import.meta.url).pathname;

function startDemo(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TRACKING_API_BASE_URL: '', TRACKING_API_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`demo did not start:\n${out}`)), 120_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Demo: (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
  });
}

describe('the demo page, started with npm start', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const offLoopback: string[] = [];

  before(async () => {
    demo = await startDemo();
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${m.text()} ${m.location().url}`));
    page.on('request', (r) => {
      const host = new URL(r.url()).hostname;
      if (!['127.0.0.1', 'localhost'].includes(host) && !r.url().startsWith('data:')) offLoopback.push(r.url());
    });
    await page.goto(demo.url);
    await page.waitForFunction(() => customElements.get('ocean-tracker') !== undefined);
  });

  after(async () => {
    await browser?.close();
    if (demo?.child.pid) process.kill(-demo.child.pid, 'SIGTERM');
  });

  async function track(number: string): Promise<void> {
    const input = page.locator('ocean-tracker input[name="referenceNumber"]');
    await input.fill(number);
    await page.locator('ocean-tracker [part~="submit-button"]').click();
  }

  it('shows a container in transit after a lookup typed by the visitor', async () => {
    await track('MEDU9091004');
    const status = page.locator('ocean-tracker [part~="status"]');
    await status.waitFor({ timeout: 30_000 });
    assert.match(await status.innerText(), /In transit/);
    assert.match(await status.innerText(), /MEDU9091004/);
    assert.ok((await page.locator('ocean-tracker [part~="milestone"]').count()) > 3);
    assert.match(await page.locator('ocean-tracker [part~="eta"]').innerText(), /Rotterdam/);
  });

  it('shows "the carrier is slow" on a 202 and then the shipment, by itself', async () => {
    await track('DEMO202');
    const notice = page.locator('ocean-tracker [part~="notice"]');
    await notice.filter({ hasText: 'carrier is slow' }).waitFor({ timeout: 30_000 });
    await page.locator('ocean-tracker [part~="status"]').waitFor({ timeout: 30_000 });
    assert.match(await page.locator('ocean-tracker [part~="status"]').innerText(), /DEMO202|In transit|Delivered|Arrived|Planned/);
  });

  it('shows an air waybill typed into <air-tracker>, with its airline named from the prefix', async () => {
    await page.locator('air-tracker input[name="number"]').fill('176-22817340');
    await page.locator('air-tracker [part~="airline-hint"]').filter({ hasText: 'Emirates' }).waitFor({ timeout: 30_000 });
    await page.locator('air-tracker [part~="submit-button"]').click();
    const status = page.locator('air-tracker [part~="status"]');
    await status.waitFor({ timeout: 30_000 });
    assert.match(await status.innerText(), /176-22817340/);
    assert.ok((await page.locator('air-tracker [part~="flight"]').count()) >= 2);
  });

  it('says a 401 and a 402 from the mock apart: the visitor learns whose they are and what to do, the site owner what to fix', async () => {
    const visitor = await browser.newPage();
    const advice: string[] = [];
    visitor.on('console', (m) => m.type() === 'error' && advice.push(m.text()));
    try {
      const notices: Record<string, string> = {};
      for (const number of ['DEMO401', 'DEMO402']) {
        await visitor.goto(`${demo.url}?ocean=${number}#ocean`);
        const notice = visitor.locator('ocean-tracker [part~="notice"]').filter({ hasText: 'contact the site' });
        await notice.waitFor({ timeout: 30_000 });
        notices[number] = await notice.innerText();
      }
      assert.match(notices['DEMO401']!, /Tracking is not set up correctly on this site/);
      assert.match(notices['DEMO402']!, /Tracking is unavailable on this site for now/);
      assert.doesNotMatch(notices['DEMO402']!, /credit|used up/i, 'the site’s account is for the site owner, not the public');
      assert.doesNotMatch(notices['DEMO401']!, /credit/);
      assert.doesNotMatch(notices['DEMO402']!, /not set up/);
      const help = /#when-tracking-is-unavailable-401-and-402/;
      assert.ok(
        advice.some((m) => /answered 401/.test(m) && /TRACKING_API_KEY/.test(m) && help.test(m)),
        advice.join('\n'),
      );
      assert.ok(
        advice.some((m) => /402 insufficient_credits/.test(m) && /Top up credits/.test(m) && help.test(m)),
        advice.join('\n'),
      );
      assert.ok(!advice.some((m) => m.includes('trk_')), 'no key in the advice');
    } finally {
      await visitor.close();
    }
  });

  it('fits a 320 px phone without sideways scrolling, and its trackers turn dark with the OS in the brand colour', async () => {
    const phone = await browser.newPage({ viewport: { width: 320, height: 640 }, colorScheme: 'dark' });
    try {
      await phone.goto(demo.url);
      await phone.waitForFunction(() => customElements.get('air-tracker') !== undefined);
      const fit = await phone.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: document.documentElement.clientWidth,
      }));
      assert.ok(fit.scroll <= fit.width, `page is ${fit.scroll}px wide in a ${fit.width}px viewport`);
      const look = await phone.evaluate(() =>
        ['ocean-tracker', 'air-tracker'].map((tag) => {
          const el = document.querySelector(tag)!;
          const probe = document.createElement('div');
          probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--brand');
          document.body.append(probe);
          const brand = getComputedStyle(probe).color;
          probe.remove();
          const button = el.shadowRoot!.querySelector('[part~="submit-button"]')!;
          const [r, g, b] = getComputedStyle(el).color.match(/\d+/g)!.map(Number);
          return {
            theme: el.getAttribute('theme'),
            lightText: r! + g! + b! > 3 * 160,
            button: getComputedStyle(button).backgroundColor,
            brand,
          };
        }),
      );
      for (const l of look) {
        assert.equal(l.theme, 'auto');
        assert.ok(l.lightText, 'light text: the tracker is in its dark theme');
        assert.equal(l.button, l.brand, 'the submit button takes --tracker-accent-color from the page');
      }
    } finally {
      await phone.close();
    }
  });

  it('threw no page error, logged no console error (not even a missing favicon), sent nothing off loopback, and put no key in the page', async () => {
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(offLoopback, []);
    const html = await page.content();
    assert.doesNotMatch(html, /trk_/);
    assert.doesNotMatch(demo.output(), /trk_\w{8,}/);
  });
});
