import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { fixture, mount, part, scenario, until } from '../support/browser.js';

/** The focused element, through shadow roots (the map's included). */
function deepActive(): Element | null {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

async function tabUntil(predicate: (el: Element | null) => boolean, what: string, max = 40): Promise<Element> {
  for (let i = 0; i < max; i++) {
    await sendKeys({ press: 'Tab' });
    const a = deepActive();
    if (predicate(a)) return a!;
  }
  throw new Error(`Tab never reached ${what}`);
}

/** Mounts the element after a plain button, and puts focus on that button: the visitor's starting point. */
function mountAfterButton<T extends TrackerElement>(markup: string): T {
  const root = mount<HTMLElement>(`<div><button id="before">before</button>${markup}</div>`);
  root.querySelector<HTMLButtonElement>('#before')!.focus();
  return root.lastElementChild as T;
}

describe('keyboard only', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('<ocean-tracker>: type a number, pick a carrier with the arrows, submit, switch containers, reach the map', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-bill-of-lading-pacific.json') }] });
    const el = mountAfterButton<TrackerElement>(`<ocean-tracker lang="en" proxy-url="${s.base}/ocean"></ocean-tracker>`);
    await el.updateComplete;
    const select = el.shadowRoot!.querySelector('select')!;

    await sendKeys({ press: 'Tab' });
    expect(deepActive()?.id).to.equal('number');
    await sendKeys({ type: 'OOLU2741938520' });
    await sendKeys({ press: 'Tab' });
    expect(deepActive()).to.equal(select);
    // The list is asked for when the picker takes the focus.
    await until(() => select.options.length > 1, 'carriers listed');
    await sendKeys({ press: 'ArrowDown' });
    if (CSS.supports('selector(:open)') && select.matches(':open')) {
      // A select the page styles (appearance: base-select) opens its list on the arrow, as a combobox does.
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Enter' });
      expect(select.matches(':open'), 'the list closes on Enter').to.equal(false);
    }
    const picked = select.value;
    expect(picked).not.to.equal('');
    await sendKeys({ press: 'Tab' });
    expect(deepActive()).to.equal(part(el, 'submit-button'));
    await sendKeys({ press: 'Enter' });
    await until(() => el.trackingState === 'loaded', 'loaded');
    const q = new URLSearchParams((await s.requests())[0]!.search);
    expect(q.get('referenceNumber')).to.equal('OOLU2741938520');
    expect(q.get('carrierCode')).to.equal(picked);

    await el.updateComplete;
    const second = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="unit-button"]')[1]!;
    await tabUntil((a) => a === second, 'the second container');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(second.getAttribute('aria-pressed')).to.equal('true');
    const timeline = part(el, 'milestones')!.textContent!;
    expect(timeline).to.contain(second.textContent!.trim().split(/\s/)[0]!.slice(0, 4));

    // The map takes focus and answers the keyboard (Leaflet's own +/- and arrows). It comes before
    // the history in reading order, so the visitor tabs to it from the top of the page: past the
    // last element, Chromium wraps to the top, but Firefox leaves the page for the browser's own UI.
    const map = el.shadowRoot!.querySelector('cargo-tracker-route-map')!;
    map.scrollIntoView();
    await until(() => !!map.shadowRoot?.querySelector('.leaflet-container'), 'map drawn');
    document.querySelector<HTMLButtonElement>('#before')!.focus();
    const container = await tabUntil((a) => !!a?.classList.contains('leaflet-container'), 'the map');
    const zoom = () => (map as unknown as { leafletMap: { getZoom(): number } }).leafletMap.getZoom();
    const before = zoom();
    await sendKeys({ press: '+' });
    await until(() => zoom() > before, 'zoomed in with +');
    expect(deepActive()).to.equal(container);
  });

  it('<ocean-tracker>: reaches "Try again" and asks afresh with Enter', async () => {
    const s = await scenario({ responses: [{ status: 200, body: { not: 'a shipment' } }] });
    const el = mountAfterButton<TrackerElement>(
      `<ocean-tracker lang="en" proxy-url="${s.base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`,
    );
    await until(() => el.trackingState === 'failed', 'failed');
    await el.updateComplete;
    await tabUntil((a) => a === part(el, 'retry-button'), 'the retry button');
    await sendKeys({ press: 'Enter' });
    await until(async () => (await s.requests()).length === 2, 'asked again');
  });

  it('<air-tracker>: type an AWB, submit with Enter from the field, then retry from the keyboard', async () => {
    const s = await scenario({
      responses: [
        { status: 200, body: { not: 'a shipment' } },
        { status: 200, body: await fixture('air-awb-transfer.json') },
      ],
    });
    const el = mountAfterButton<TrackerElement>(`<air-tracker lang="en" proxy-url="${s.base}/air"></air-tracker>`);
    await el.updateComplete;
    await sendKeys({ press: 'Tab' });
    expect(deepActive()?.tagName).to.equal('INPUT');
    await sendKeys({ type: '176-22817340' });
    await sendKeys({ press: 'Enter' });
    await until(() => el.trackingState === 'failed', 'failed');
    await el.updateComplete;
    await tabUntil((a) => a === part(el, 'retry-button'), 'the retry button');
    await sendKeys({ press: 'Enter' });
    await until(() => el.trackingState === 'loaded', 'loaded after retry');
  });
});
