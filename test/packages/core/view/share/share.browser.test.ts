import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { engine, fixture, itExceptIn, mount, part, parts, scenario, until } from '../../../../support/browser.js';

// The result's "Copy link" and "Add to calendar" (issue 41): the link the element reads back, said
// through its live region; a field to copy by hand when the clipboard refuses; a real download.
describe('sharing the result', () => {
  let original: string;
  beforeEach(() => (original = location.href));
  afterEach(() => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    history.replaceState(history.state, '', original);
  });

  async function loaded(name: string, attrs = ''): Promise<OceanTracker> {
    const s = await scenario({ responses: [{ status: 200, body: await fixture(name) }] });
    const el = mount<OceanTracker>(
      `<ocean-tracker lang="en" proxy-url="${s.base}/ocean" map="none" reference-number="MEDU9091004" ${attrs}></ocean-tracker>`,
    );
    await until(() => el.trackingState === 'loaded', 'loaded');
    await el.updateComplete;
    return el;
  }

  const button = (el: OceanTracker, text: string): HTMLButtonElement =>
    [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="share"] button')].find((b) => b.textContent!.trim() === text)!;
  const polite = (el: OceanTracker) => el.shadowRoot!.querySelector('[part="announcer"] [role="status"]')!.textContent!.trim();
  const urgent = (el: OceanTracker) => el.shadowRoot!.querySelector('[part="announcer"] [role="alert"]')!.textContent!.trim();
  const deepActive = (): Element | null => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a;
  };

  itExceptIn(
    { firefox: 'its WebDriver cannot grant clipboard reading', webkit: 'its WebDriver cannot grant clipboard reading' },
    'copies the link the element reads, built from the page and the number without sync-url, and says so',
    async () => {
      history.replaceState(null, '', `${location.pathname}?keep=1&ocean=OLD#top`);
      await executeServerCommand('grant-clipboard');
      const el = await loaded('ocean-container-in-transit.json');
      button(el, 'Copy link').focus();
      await sendKeys({ press: 'Enter' });
      await until(() => polite(el) === 'Link copied.', 'announced');
      const copied = new URL(await navigator.clipboard.readText());
      expect(copied.pathname).to.equal(location.pathname);
      expect(copied.searchParams.get('ocean')).to.equal('MEDU9091004');
      expect(copied.searchParams.get('keep')).to.equal('1');
      expect(copied.hash).to.equal('#top');
      expect(new URL(location.href).searchParams.get('ocean'), 'the address is left alone').to.equal('OLD');
    },
  );

  it("uses url-param's name, the one the element reads back with sync-url", async () => {
    history.replaceState(null, '', location.pathname);
    const el = await loaded('ocean-container-in-transit.json', 'url-param="box"');
    // No clipboard at all, as on a page served over plain http: the link is offered in a field.
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      button(el, 'Copy link').click();
      await until(() => part(el, 'share-field') !== null, 'the field');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
    const field = part(el, 'share-field') as HTMLInputElement;
    expect(new URL(field.value).searchParams.get('box')).to.equal('MEDU9091004');
    // Opened on that link, an element with sync-url and the same url-param tracks the number.
    history.replaceState(null, '', field.value);
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json') }] });
    const reader = mount<OceanTracker>(`<ocean-tracker sync-url url-param="box" proxy-url="${s.base}/ocean" map="none"></ocean-tracker>`);
    await until(() => reader.trackingState === 'loaded', 'the link read back');
    expect(reader.referenceNumber).to.equal('MEDU9091004');
  });

  it('offers the link in a selected field, said urgently, when the clipboard refuses it', async () => {
    const el = await loaded('ocean-container-in-transit.json');
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
      configurable: true,
    });
    try {
      button(el, 'Copy link').click();
      await until(() => part(el, 'share-field') !== null, 'the field');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
    const field = part(el, 'share-field') as HTMLInputElement;
    await until(() => deepActive() === field, 'the field focused');
    expect(field.readOnly).to.equal(true);
    expect(field.selectionStart).to.equal(0);
    expect(field.selectionEnd).to.equal(field.value.length);
    expect(field.labels?.[0]?.textContent).to.contain('Link to this shipment');
    expect(urgent(el)).to.equal('The link could not be copied. It is in the field below: select it and copy it.');
    await expect(el).to.be.accessible();
  });

  it("offers the device's share sheet where the browser has one: the title and the link; closing the sheet says nothing, a refusal offers the field", async () => {
    // Headless browsers have no share sheet: the page gets one that records what it is given and
    // answers as the visitor would, first by closing the sheet, then as a browser that refuses.
    const asked: ShareData[] = [];
    const answers = [new DOMException('Share canceled', 'AbortError'), new DOMException('Not allowed', 'NotAllowedError')];
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => (asked.push(data), Promise.reject(answers.shift())),
      configurable: true,
    });
    try {
      const el = await loaded('ocean-container-in-transit.json');
      const said = [polite(el), urgent(el)];
      const share = button(el, 'Share');
      expect(share, 'the Share button').to.exist;
      share.click();
      await until(() => asked.length === 1, 'the sheet asked');
      expect(asked[0]!.title).to.equal('Shipment MEDU9091004');
      expect(new URL(asked[0]!.url!).searchParams.get('ocean')).to.equal('MEDU9091004');
      // Closed by the visitor: no field, nothing said (its answer is handled before the next task).
      await new Promise((resolve) => setTimeout(resolve));
      await el.updateComplete;
      expect(part(el, 'share-field'), 'no field after the sheet was closed').to.equal(null);
      expect([polite(el), urgent(el)], 'nothing more said').to.deep.equal(said);
      button(el, 'Share').click();
      await until(() => part(el, 'share-field') !== null, 'the field after the refusal');
      expect(asked.length).to.equal(2);
      expect(urgent(el)).to.equal('The link could not be copied. It is in the field below: select it and copy it.');
      expect((part(el, 'share-field') as HTMLInputElement).value).to.equal(asked[1]!.url);
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('shows no Share button where the browser has no share sheet', async () => {
    // As desktop Chromium and Firefox on Linux: navigator.share is not there (hidden where an engine has it).
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    try {
      const el = await loaded('ocean-container-in-transit.json');
      expect(button(el, 'Copy link'), 'Copy link').to.exist;
      expect(button(el, 'Share'), 'no Share').to.equal(undefined);
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  itExceptIn(
    { firefox: 'downloads are watched through Playwright (Chromium)', webkit: 'downloads are watched through Playwright (Chromium)' },
    'downloads the estimated arrival as a calendar event, from the keyboard, and says so',
    async () => {
      await executeServerCommand('watch-downloads');
      const el = await loaded('ocean-container-in-transit.json');
      const calendar = button(el, 'Add to calendar');
      expect(calendar, 'the button').to.exist;
      calendar.focus();
      await sendKeys({ press: ' ' });
      const file = (await executeServerCommand('next-download')) as { name: string; text: string };
      expect(file.name).to.equal('MEDU9091004.ics');
      const lines = file.text.replaceAll('\r\n ', '').split('\r\n');
      expect(lines).to.include(`UID:ocean-MEDU9091004@${location.hostname}`);
      expect(lines.find((l) => l.startsWith('SUMMARY:'))).to.match(/^SUMMARY:Arrival of MEDU9091004 at .+/);
      expect(lines.find((l) => l.startsWith('DTSTART'))).to.match(/^DTSTART:\d{8}T\d{6}Z$/);
      expect(lines.find((l) => l.startsWith('URL:'))).to.contain('ocean=MEDU9091004');
      await until(() => polite(el) === 'Calendar event downloaded.', 'announced');
    },
  );

  it('offers no calendar event once the cargo has arrived', async () => {
    const el = await loaded('ocean-delivered.json');
    expect(button(el, 'Copy link')).to.exist;
    expect(button(el, 'Add to calendar')).to.equal(undefined);
  });

  it('is a named group of buttons the Tab key reaches after the progress summary, in order', async () => {
    const el = await loaded('ocean-container-in-transit.json');
    const group = part(el, 'share')!;
    expect(group.getAttribute('role')).to.equal('group');
    expect(group.getAttribute('aria-label')).to.equal('Share this shipment');
    const named = [...group.querySelectorAll('button')].map((b) => b.textContent!.trim());
    expect(named.slice(0, 1)).to.deep.equal(['Copy link']);
    expect(named.at(-1)).to.equal('Add to calendar');
    part(el, 'submit-button')!.focus();
    const reached: string[] = [];
    for (let i = 0; i < 10 && reached.length < named.length; i++) {
      await sendKeys({ press: 'Tab' });
      const a = deepActive();
      if (a && group.contains(a)) reached.push(a.textContent!.trim());
    }
    expect(reached).to.deep.equal(named);
    if (engine === 'chromium') {
      const tree = (await executeServerCommand('ax-tree')) as Array<{ role: string; name: string }>;
      expect(tree).to.deep.include({ role: 'group', name: 'Share this shipment', description: '' });
      for (const name of named)
        expect(
          tree.some((n) => n.role === 'button' && n.name === name),
          name,
        ).to.equal(true);
    }
    expect(parts(el, 'share-button').length).to.be.greaterThan(0);
  });
});
