// The React 19 example (the `@lit/react` components) and the Vue 3 example (the elements
// themselves), after a real production build (`npm run build:examples`, which `npm run
// test:browser` runs first), loaded in a frame against the scripted proxy.
// Everything is asserted through what the framework did to the elements: attributes,
// properties, and the tracker-* events reaching the app's own handlers.
import { expect } from '@open-wc/testing';
import type { AirTracker } from '@cargo-trackers/air-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { fixture, scenario, until, type Scenario } from '../support/browser.js';

async function openExample(app: 'react-app' | 'vue-app', base: string): Promise<Window> {
  const frame = document.createElement('iframe');
  frame.style.width = '900px';
  frame.style.height = '700px';
  frame.src = `/demo/${app}/dist/index.html?proxy=${encodeURIComponent(base)}`;
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  return frame.contentWindow!;
}

const eventLines = (win: Window) => [...win.document.querySelectorAll('#events li')].map((li) => li.textContent);
const lookedUp = async (s: Scenario) =>
  (await s.requests()).filter((r) => r.path.endsWith('/ocean')).map((r) => new URLSearchParams(r.search).get('referenceNumber'));

for (const [app, framework] of [
  ['react-app', 'React 19'],
  ['vue-app', 'Vue 3'],
] as const) {
  describe(`the ${framework} example (demo/${app})`, () => {
    afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

    it('sets attributes and properties, and hears tracker-load and tracker-error', async () => {
      const shipment = await fixture<Record<string, unknown>>('ocean-container-in-transit.json');
      const s = await scenario({
        responses: [
          { status: 200, body: shipment },
          { status: 404, body: { message: 'No shipment' } },
        ],
      });
      const win = await openExample(app, s.base);
      await until(
        () => win.customElements.get('ocean-tracker') !== undefined && win.document.querySelector('ocean-tracker') !== null,
        'the element renders',
      );
      const el = win.document.querySelector('ocean-tracker') as OceanTracker;

      expect(el.getAttribute('proxy-url')).to.equal(`${s.base}/ocean`);
      expect(el.getAttribute('theme')).to.equal('dark');
      expect(el.pollInterval, 'a number property, not a string attribute').to.equal(5);
      expect(el.messages).to.deep.equal({ 'form.submit': 'Find shipment' });
      await until(
        () => el.shadowRoot?.querySelector('[part~="submit-button"]')?.textContent?.trim() === 'Find shipment',
        'the messages property reached the element',
      );
      expect((win.document.querySelector('air-tracker') as AirTracker).proxyUrl).to.equal(`${s.base}/air`);

      await until(() => eventLines(win).some((l) => l?.startsWith('load ')), 'tracker-load reached the app');
      expect(el.shipment, 'the shipment is shown').to.not.equal(undefined);
      expect(eventLines(win)[0]).to.equal(`load ${el.shipment!.reference}`);

      (win.document.querySelector('#next') as HTMLButtonElement).click();
      await until(() => eventLines(win).includes('error 404'), 'a changed reference-number started a lookup whose failure reached the app');
      expect(await lookedUp(s)).to.deep.equal(['MSCU1234565', 'MAEU1234567']);
    });
  });
}

describe('the React 19 example (demo/react-app): the components', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  /** The latest state the app's onTrackerStateChange listener heard, as the page shows it. */
  const stateLine = (win: Window) => win.document.querySelector('#state')?.textContent;

  /** Types `number` into the element's form and sends it, as a visitor does. */
  function sendFromForm(el: HTMLElement, number: string): void {
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('input#number')!;
    input.value = number;
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    el.shadowRoot!.querySelector('form')!.requestSubmit();
  }

  it("shows the state onTrackerStateChange reports, and keeps the number the visitor sent through the app's renders", async () => {
    const shipment = await fixture<Record<string, unknown>>('ocean-container-in-transit.json');
    const s = await scenario({
      responses: [
        { status: 200, body: shipment },
        { status: 404, body: { message: 'No shipment' } },
        { status: 200, body: shipment },
      ],
    });
    const win = await openExample('react-app', s.base);
    await until(() => stateLine(win) === 'loaded', 'the first lookup reached onTrackerStateChange');
    const el = win.document.querySelector('ocean-tracker') as OceanTracker;

    (win.document.querySelector('#next') as HTMLButtonElement).click();
    await until(() => stateLine(win) === 'failed', 'the failed lookup of the number the app set');

    // The component sets referenceNumber at each render: the app follows the visitor's number into
    // its state (onTrackerNumberChange), or the render that the state change causes puts the old one back.
    sendFromForm(el, 'HLXU8123446');
    await until(() => eventLines(win).filter((l) => l?.startsWith('load ')).length === 2, "the visitor's number was looked up");
    await until(() => stateLine(win) === 'loaded', 'and its state shown');
    expect(el.referenceNumber).to.equal('HLXU8123446');
    expect(await lookedUp(s)).to.deep.equal(['MSCU1234565', 'MAEU1234567', 'HLXU8123446']);
  });
});
