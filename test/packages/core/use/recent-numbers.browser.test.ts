import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { captureConsoleErrors, fixture, mount, part, parts, scenario, until } from '../../../support/browser.js';

// `remember` (issue 41): the numbers tracked on this device, in the site's localStorage only.
const KEY = 'cargo-trackers:recent:ocean';

describe('recent numbers on this device (remember)', () => {
  let errors: ReturnType<typeof captureConsoleErrors>;
  beforeEach(() => {
    localStorage.clear();
    errors = captureConsoleErrors();
  });
  afterEach(() => {
    errors.restore();
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    localStorage.clear();
  });

  /** An element that answers each lookup with the next fixture. */
  async function tracker(attrs: string, ...fixtures: string[]) {
    const s = await scenario({ responses: await Promise.all(fixtures.map(async (f) => ({ status: 200, body: await fixture(f) }))) });
    const el = mount<OceanTracker>(`<ocean-tracker lang="en" proxy-url="${s.base}/ocean" map="none" ${attrs}></ocean-tracker>`);
    await el.updateComplete;
    return { el, s };
  }

  async function track(el: OceanTracker, number: string): Promise<void> {
    const loads = el.shipment;
    el.referenceNumber = number;
    await until(() => el.trackingState === 'loaded' && el.shipment !== loads, `${number} loaded`);
    await el.updateComplete;
  }

  const listed = (el: OceanTracker) =>
    parts(el, 'recent-item').map((item) => ({
      number: item.querySelector('[part~="recent-number"]')!.textContent!.trim(),
      status: item.querySelector('.recent-status')!.textContent!.trim(),
    }));
  const statusOf = (el: OceanTracker) => part(el, 'status')!.querySelector('.status-badge')!.textContent!.trim();
  const deepActive = (): Element | null => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a;
  };

  it('keeps nothing without the attribute', async () => {
    const { el } = await tracker('', 'ocean-container-in-transit.json');
    await track(el, 'MEDU9091004');
    expect(localStorage.length).to.equal(0);
    expect(part(el, 'recent')).to.equal(null);
  });

  it('lists the numbers tracked, newest first with their last status, at most `remember` of them, in localStorage', async () => {
    const { el } = await tracker('remember="2"', 'ocean-container-in-transit.json', 'ocean-delivered.json', 'ocean-minimal.json');
    await track(el, 'MEDU9091004');
    const first = statusOf(el);
    await until(() => listed(el).length === 1, 'listed');
    expect(listed(el)).to.deep.equal([{ number: 'MEDU9091004', status: first }]);
    await track(el, 'MSCU1234565');
    const second = statusOf(el);
    await track(el, 'OOLU2741938520');
    await until(() => listed(el)[0]?.number === 'OOLU2741938520', 'the newest first');
    expect(listed(el).map((e) => e.number)).to.deep.equal(['OOLU2741938520', 'MSCU1234565']);
    expect(listed(el)[1]!.status).to.equal(second);
    const stored = JSON.parse(localStorage.getItem(KEY)!) as Array<{ number: string }>;
    expect(stored.map((e) => e.number)).to.deep.equal(['OOLU2741938520', 'MSCU1234565']);
    expect(Object.keys(localStorage)).to.deep.equal([KEY]);
    // Shown again on the next visit, before any lookup.
    const { el: again } = await tracker('remember="5"');
    await until(() => listed(again).length === 2, 'listed on the next visit');
    expect(errors.messages).to.deep.equal([]);
  });

  it('tracks a listed number again when pressed, from the keyboard', async () => {
    localStorage.setItem(KEY, JSON.stringify([{ number: 'MEDU9091004', status: 'In transit' }]));
    const { el, s } = await tracker('remember="5"', 'ocean-container-in-transit.json');
    await until(() => listed(el).length === 1, 'listed');
    const button = part(el, 'recent-number')!;
    expect(button.tagName).to.equal('BUTTON');
    (el.shadowRoot!.querySelector('input') as HTMLInputElement).focus();
    // Tab order: the field, the carrier picker, Track, then the list.
    for (let i = 0; i < 5 && deepActive() !== button; i++) await sendKeys({ press: 'Tab' });
    expect(deepActive()).to.equal(button);
    await sendKeys({ press: 'Enter' });
    await until(() => el.trackingState === 'loaded', 'tracked');
    expect(new URLSearchParams((await s.requests())[0]!.search).get('referenceNumber')).to.equal('MEDU9091004');
    expect(el.referenceNumber).to.equal('MEDU9091004');
  });

  it('removes one number, and forgets them all, each named for a screen reader', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify([
        { number: 'MEDU9091004', status: 'In transit' },
        { number: 'MSCU1234565', status: 'Delivered' },
      ]),
    );
    const { el } = await tracker('remember="5"');
    await until(() => listed(el).length === 2, 'listed');
    const list = el.shadowRoot!.querySelector('[part~="recent"] ul')!;
    const title = el.shadowRoot!.getElementById(list.getAttribute('aria-labelledby')!)!;
    expect(title.textContent!.trim()).to.equal('Recent on this device');
    const remove = parts(el, 'recent-remove');
    expect(remove.map((b) => b.getAttribute('aria-label'))).to.deep.equal(['Remove MEDU9091004', 'Remove MSCU1234565']);
    await expect(el).to.be.accessible();
    remove[0]!.focus();
    await sendKeys({ press: ' ' });
    await until(() => listed(el).length === 1, 'one removed');
    expect(listed(el)[0]!.number).to.equal('MSCU1234565');
    expect((JSON.parse(localStorage.getItem(KEY)!) as unknown[]).length).to.equal(1);
    expect(deepActive(), 'the focus back on the field').to.equal(el.shadowRoot!.querySelector('input'));
    part(el, 'recent-forget')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => part(el, 'recent') === null, 'all forgotten');
    expect(localStorage.getItem(KEY)).to.equal(null);
  });

  it('stays quiet with what is not its list in storage, and replaces it', async () => {
    localStorage.setItem(KEY, '{not json');
    const { el } = await tracker('remember="3"', 'ocean-container-in-transit.json');
    await el.updateComplete;
    expect(part(el, 'recent')).to.equal(null);
    await track(el, 'MEDU9091004');
    await until(() => listed(el).length === 1, 'listed');
    expect((JSON.parse(localStorage.getItem(KEY)!) as Array<{ number: string }>)[0]!.number).to.equal('MEDU9091004');
    localStorage.setItem(KEY, JSON.stringify([{ number: 42 }, null, 'x', { number: 'MSCU1234565', status: 'Delivered' }]));
    const { el: other } = await tracker('remember="3"');
    await until(() => listed(other).length === 1, 'the one good entry listed');
    expect(errors.messages).to.deep.equal([]);
  });

  it('tracks as usual when the storage is full', async () => {
    // Filled for real, until the browser refuses even one more character.
    let n = 0;
    for (const size of [512 * 1024, 32 * 1024, 1024, 64, 1]) {
      try {
        for (;;) localStorage.setItem(`filler-${n++}`, 'x'.repeat(size));
      } catch {
        // Full at this size: on to a smaller one.
      }
    }
    const { el } = await tracker('remember="3"', 'ocean-container-in-transit.json');
    await track(el, 'MEDU9091004');
    await until(() => listed(el).length === 1, 'listed for this visit');
    expect(localStorage.getItem(KEY)).to.equal(null);
    expect(errors.messages).to.deep.equal([]);
  });
});
