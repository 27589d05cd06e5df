import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { captureConsoleErrors, engine, fixture, itExceptIn, mount, part, parts, scenario, until } from '../../../support/browser.js';

// Paper is white whatever the theme or the page's colours: the colour tokens' print values (in the
// notices' styles, which come with the lookup's code) win over the element's own token styles.
describe('printing', () => {
  let errors: ReturnType<typeof captureConsoleErrors>;
  beforeEach(() => (errors = captureConsoleErrors()));
  afterEach(async () => {
    errors.restore();
    if (engine === 'chromium') await emulateMedia({ media: 'screen' });
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  /** An element without proxy-url: its configuration notice (an error) brings the lookup's code and styles, and no request is made. */
  async function misconfigured(attrs: string): Promise<OceanTracker> {
    const el = mount<OceanTracker>(`<ocean-tracker map="none" ${attrs}></ocean-tracker>`);
    await el.updateComplete;
    expect(part(el, 'notice'), 'the configuration notice').to.exist;
    return el;
  }

  const pageColours = '--tracker-danger-color: rgb(200, 0, 0); --tracker-text-color: rgb(0, 0, 200); --tracker-background: rgb(20, 20, 20)';

  for (const theme of [undefined, 'light', 'dark', 'auto']) {
    itExceptIn(
      {
        firefox: 'its WebDriver cannot emulate print media (emulateMedia needs CDP)',
        webkit: 'its WebDriver cannot emulate print media (emulateMedia needs CDP)',
      },
      `prints the notice in black on white, and no form, ${theme ? `with theme="${theme}"` : 'without a theme'} and the page's colours`,
      async () => {
        const el = await misconfigured(`${theme ? `theme="${theme}"` : ''} style="${pageColours}"`);
        const notice = part(el, 'notice')!;
        expect(getComputedStyle(notice).borderInlineStartColor, 'on screen: the page colour').to.equal('rgb(200, 0, 0)');
        await emulateMedia({ media: 'print' });
        expect(getComputedStyle(notice).borderInlineStartColor).to.equal('rgb(0, 0, 0)');
        expect(getComputedStyle(el).color).to.equal('rgb(0, 0, 0)');
        expect(getComputedStyle(el).backgroundColor).to.equal('rgb(255, 255, 255)');
        expect(getComputedStyle(part(el, 'form')!).display).to.equal('none');
      },
    );
  }

  // Issue 41: a result that prints: no form nor controls, the map as drawn, the whole history, and
  // which number this is and when it was printed.
  const noPrintMedia = {
    firefox: 'its WebDriver cannot emulate print media (emulateMedia needs CDP)',
    webkit: 'its WebDriver cannot emulate print media (emulateMedia needs CDP)',
  };

  async function loaded(name: string, attrs: string): Promise<OceanTracker> {
    const s = await scenario({ responses: [{ status: 200, body: await fixture(name) }] });
    const el = mount<OceanTracker>(
      `<ocean-tracker lang="en" ${attrs} proxy-url="${s.base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`,
    );
    await until(() => el.trackingState === 'loaded', 'loaded');
    await el.updateComplete;
    return el;
  }

  const shown = (el: OceanTracker, name: string) => getComputedStyle(part(el, name)!).display !== 'none';

  itExceptIn(
    noPrintMedia,
    'prints every event of a long history, the number and the time; no form, buttons or remembered numbers',
    async () => {
      localStorage.setItem('cargo-trackers:recent:ocean', JSON.stringify([{ number: 'MSCU1234565', status: 'Delivered' }]));
      try {
        const el = await loaded('ocean-long-history.json', 'map="none" remember="3"');
        await until(() => part(el, 'recent') !== null, 'the remembered numbers');
        const total = el.shipment!.units[0]!.milestones.length;
        expect(parts(el, 'milestone').length, 'folded on screen').to.be.below(total);
        expect(shown(el, 'printed'), 'the printed line, on paper only').to.equal(false);

        await emulateMedia({ media: 'print' });
        await until(() => parts(el, 'milestone').length === total, 'every event on paper');
        expect(shown(el, 'form'), 'the form').to.equal(false);
        expect(shown(el, 'share'), 'the share buttons').to.equal(false);
        expect(shown(el, 'recent'), 'the remembered numbers').to.equal(false);
        for (const button of el.shadowRoot!.querySelectorAll('button')) expect(getComputedStyle(button).display).to.equal('none');
        expect(shown(el, 'printed')).to.equal(true);
        const printed = part(el, 'printed')!.textContent!;
        expect(printed).to.contain(el.shipment!.reference);
        expect(printed, 'the time of printing').to.match(/\d{1,2}:\d{2}/);
        expect(part(el, 'printed')!.getBoundingClientRect().bottom, 'above the status').to.be.at.most(
          part(el, 'status')!.getBoundingClientRect().top,
        );

        await emulateMedia({ media: 'screen' });
        await until(() => parts(el, 'milestone').length < total, 'folded again on screen');
      } finally {
        localStorage.clear();
      }
    },
  );

  itExceptIn(noPrintMedia, 'prints the map as drawn, without its buttons', async () => {
    const el = await loaded('ocean-container-in-transit.json', 'map="eager"');
    const map = part(el, 'map')!;
    await until(() => map.shadowRoot?.querySelector('.leaflet-control-container') != null, 'the map drawn');
    await emulateMedia({ media: 'print' });
    expect(shown(el, 'map'), 'the map').to.equal(true);
    expect(map.getBoundingClientRect().height).to.be.above(0);
    expect(map.shadowRoot!.querySelector('.leaflet-container'), 'the drawn map, not its placeholder').to.exist;
    const controls = map.shadowRoot!.querySelector('.leaflet-control-container')!;
    expect(getComputedStyle(controls).display, "the map's buttons").to.equal('none');
  });

  itExceptIn(noPrintMedia, 'leaves a map never drawn off the paper, not its "Loading map" box', async () => {
    // Far below the page's fold, a lazy map is not drawn: on screen its room holds the placeholder.
    const el = await loaded('ocean-container-in-transit.json', 'map="lazy" style="display: block; margin-top: 400vh"');
    const map = part(el, 'map')!;
    await (map as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(map.shadowRoot!.querySelector('.placeholder'), 'the placeholder, on screen').to.exist;
    expect(shown(el, 'map'), 'on screen').to.equal(true);
    await emulateMedia({ media: 'print' });
    expect(shown(el, 'map'), 'on paper').to.equal(false);
    expect(shown(el, 'milestones'), 'the history still printed').to.equal(true);
  });
});
