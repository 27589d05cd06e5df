import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../../../packages/core/src/map/define.js';
import { englishMapMessages } from '../../../../packages/core/src/view/map-messages.js';
import type { TrackerRouteMap } from '../../../../packages/core/src/map/index.js';
import { engine, itExceptIn } from '../../../support/browser.js';
import { over, ratio } from '../../../support/contrast.js';
import { airTransfer, oceanInTransit, mapView } from './fixtures.js';
import { drawnMap } from './map-test-helpers.js';
import { trackerApi } from '../../../../packages/core/src/first/api/tracker-api.js';

// WebKitGTK under WebDriver does not match :focus-visible after a scripted focus(), so the ring is not drawn there.
const noScriptedFocusVisible = { webkit: 'WebKitGTK does not match :focus-visible after a scripted focus() under WebDriver' };

async function mount(theme: 'light' | 'dark' | 'auto', shipment = oceanInTransit()): Promise<TrackerRouteMap> {
  const el = document.createElement('cargo-tracker-route-map');
  Object.assign(el, { loading: 'eager', theme, view: mapView(shipment, englishMapMessages) });
  el.style.cssText = 'width: 640px; --tracker-map-height: 360px';
  await fixture(html`${el}`);
  await drawnMap(el);
  return el;
}

/** The basemap's land and sea as drawn: the land polygons' fill and the map container's background. */
function basemap(el: TrackerRouteMap): { land: string; sea: string } {
  const root = el.shadowRoot!;
  return {
    land: getComputedStyle(root.querySelector('path.tracker-land')!).fill,
    sea: getComputedStyle(root.querySelector('.leaflet-container')!).backgroundColor,
  };
}

/** The first colour of a computed box-shadow list (`rgb(…) 0px 0px 0px 2px inset, …`). */
function firstShadowColour(shadow: string): string {
  const colour = /rgba?\([^)]*\)/.exec(shadow);
  if (!colour) throw new Error(`no colour in box-shadow: ${shadow}`);
  return colour[0];
}

const noSchemeEmulation = {
  firefox: "Puppeteer emulates prefers-color-scheme over CDP only, and Firefox's WebDriver BiDi has no such command",
  webkit: 'WebDriver classic has no command to emulate prefers-color-scheme',
};

const themes = [
  { name: 'theme="light"', theme: 'light', scheme: undefined },
  { name: 'theme="dark"', theme: 'dark', scheme: undefined },
  { name: 'theme="auto" in a dark colour scheme', theme: 'auto', scheme: 'dark' },
] as const;

/** The `it` for a theme: tests that need an emulated colour scheme run where the driver can emulate one. */
function itIn(scheme: 'dark' | undefined, skipIn: Partial<Record<'chromium' | 'firefox' | 'webkit', string>>) {
  return (title: string, fn: Mocha.AsyncFunc) => itExceptIn(scheme ? { ...skipIn, ...noSchemeEmulation } : skipIn, title, fn);
}

describe('<cargo-tracker-route-map> keyboard focus and controls', () => {
  afterEach(async () => {
    if (engine === 'chromium') await emulateMedia({ colorScheme: 'light' });
  });

  itExceptIn(noSchemeEmulation, 'follows the dark colour scheme in theme="auto" (land, sea and buttons change)', async () => {
    const light = await mount('auto');
    const before = {
      ...basemap(light),
      button: getComputedStyle(light.shadowRoot!.querySelector('.leaflet-control-zoom-in')!).backgroundColor,
    };
    await emulateMedia({ colorScheme: 'dark' });
    const after = {
      ...basemap(light),
      button: getComputedStyle(light.shadowRoot!.querySelector('.leaflet-control-zoom-in')!).backgroundColor,
    };
    expect(after.land).to.not.equal(before.land);
    expect(after.sea).to.not.equal(before.sea);
    expect(after.button).to.not.equal(before.button);
  });

  for (const { name, theme, scheme } of themes) {
    describe(name, () => {
      beforeEach(async () => {
        if (scheme && engine === 'chromium') await emulateMedia({ colorScheme: scheme });
      });

      itIn(scheme, noScriptedFocusVisible)('draws a focus ring above the land and sea layers that stands out from both (3:1)', async () => {
        const el = await mount(theme);
        const container = el.shadowRoot!.querySelector<HTMLElement>('.leaflet-container')!;
        container.focus();
        expect(container.matches(':focus-visible')).to.equal(true);
        const ring = getComputedStyle(container, '::after');
        expect(ring.content).to.not.equal('none');
        expect(ring.position).to.equal('absolute');
        // Every layer Leaflet draws (panes, control corners) is a child of the container; the ring is above them all.
        const layers = [...container.children].map((child) => Number(getComputedStyle(child).zIndex) || 0);
        expect(Number(ring.zIndex)).to.be.above(Math.max(...layers));
        expect(ring.outlineStyle).to.equal('solid');
        expect(parseFloat(ring.outlineWidth)).to.be.at.least(2);
        const { land, sea } = basemap(el);
        const band = firstShadowColour(ring.boxShadow);
        for (const [what, colour] of [
          ['land', land],
          ['sea', sea],
        ] as const) {
          expect(ratio(ring.outlineColor, colour), `ring on ${what}`).to.be.at.least(3);
        }
        // The band either side of the ring keeps it apart from whatever the map shows there.
        expect(ratio(ring.outlineColor, band), 'ring against its band').to.be.at.least(3);
      });

      itIn(scheme, noScriptedFocusVisible)('keeps the attribution above the focus ring, so the ring never strikes through it', async () => {
        const el = await mount(theme);
        const container = el.shadowRoot!.querySelector<HTMLElement>('.leaflet-container')!;
        container.focus();
        const ring = getComputedStyle(container, '::after');
        const attribution = el.shadowRoot!.querySelector<HTMLElement>('.attribution')!;
        // The ring and the attribution stack in the host's one stacking context (isolation: isolate).
        expect(Number(getComputedStyle(attribution).zIndex)).to.be.above(Number(ring.zIndex));
        // And the credit sits where the ring runs: in the map's corner, inside the ring's band.
        const host = el.getBoundingClientRect();
        const credit = attribution.getBoundingClientRect();
        expect(host.bottom - credit.bottom).to.be.below(8);
      });

      itIn(scheme, {})('draws the vehicle 24 px or more, ringed in a colour that stands out from land and sea (3:1)', async () => {
        const el = await mount(theme);
        const root = el.shadowRoot!;
        const halo = root.querySelector('.tracker-vehicle-halo')!;
        const box = halo.getBoundingClientRect();
        expect(Math.min(box.width, box.height)).to.be.at.least(24);
        const { land, sea } = basemap(el);
        const ring = getComputedStyle(halo);
        expect(parseFloat(ring.strokeWidth)).to.be.at.least(2);
        for (const [what, colour] of [
          ['land', land],
          ['sea', sea],
        ] as const) {
          expect(ratio(ring.stroke, colour), `halo on ${what}`).to.be.at.least(3);
        }
        // Inside the ring, the glyph stands out from the disc it sits on.
        expect(ratio(getComputedStyle(root.querySelector('.tracker-vehicle-glyph')!).fill, ring.fill), 'glyph on its disc').to.be.at.least(
          3,
        );
      });

      itIn(scheme, {})('tells land from sea: the land 1.3:1 or more against the sea', async () => {
        const { land, sea } = basemap(await mount(theme));
        expect(ratio(land, sea)).to.be.at.least(1.3);
      });

      itIn(scheme, {})(
        'draws the routes, done, under way and planned, and the edges of the place marks 3:1 against land and sea',
        async () => {
          // The sea voyage has a leg done and one under way; the flights one still to come.
          const drawn = await Promise.all([mount(theme), mount(theme, airTransfer())]);
          const lines = drawn.flatMap((el) => [
            ...el.shadowRoot!.querySelectorAll<SVGPathElement>('path.tracker-route, path.tracker-place'),
          ]);
          const kinds = new Set(lines.flatMap((line) => [...line.classList]));
          for (const kind of ['tracker-route--completed', 'tracker-route--current', 'tracker-route--planned', 'tracker-place'])
            expect(kinds.has(kind), kind).to.equal(true);
          const { land, sea } = basemap(drawn[0]!);
          for (const line of lines) {
            const { stroke } = getComputedStyle(line);
            expect(ratio(stroke, land), `${line.classList.value} on land`).to.be.at.least(3);
            expect(ratio(stroke, sea), `${line.classList.value} on sea`).to.be.at.least(3);
          }
        },
      );

      itIn(scheme, {})('shows no ring while the map does not have focus', async () => {
        const el = await mount(theme);
        expect(getComputedStyle(el.shadowRoot!.querySelector('.leaflet-container')!, '::after').content).to.equal('none');
      });

      itIn(scheme, {})(
        "themes Leaflet's zoom buttons: glyphs 4.5:1 on the button, the button's edge 3:1 on land and sea; the attribution 4.5:1",
        async () => {
          const el = await mount(theme);
          const root = el.shadowRoot!;
          const { land, sea } = basemap(el);
          const bar = getComputedStyle(root.querySelector('.leaflet-bar')!);
          for (const selector of ['.leaflet-control-zoom-in', '.leaflet-control-zoom-out']) {
            const button = getComputedStyle(root.querySelector(selector)!);
            expect(ratio(button.color, button.backgroundColor), `${selector} glyph`).to.be.at.least(4.5);
            for (const [what, colour] of [
              ['land', land],
              ['sea', sea],
            ] as const) {
              expect(ratio(bar.borderTopColor, colour), `button edge on ${what}`).to.be.at.least(3);
            }
          }
          // The attribution (the element's own text, not Leaflet's control) over whatever the map shows under it.
          const attribution = getComputedStyle(root.querySelector('.attribution')!);
          for (const [what, colour] of [
            ['land', land],
            ['sea', sea],
          ] as const) {
            expect(ratio(attribution.color, over(attribution.backgroundColor, colour)), `attribution on ${what}`).to.be.at.least(4.5);
          }
          if (theme !== 'light') {
            // Leaflet's own buttons are white whatever the theme.
            expect(getComputedStyle(root.querySelector('.leaflet-control-zoom-in')!).backgroundColor).to.not.equal('rgb(255, 255, 255)');
          }
        },
      );
    });
  }
});

// The map's palette is written twice: as CSS in the map element (its chunk must not carry the API
// declaration) and as the documented defaults in the API declaration (first/api/tracker-api.ts),
// the dark one in each description. What the map paints must be what the README and the types say.
describe('<cargo-tracker-route-map> colours, as the API declaration documents them', () => {
  const declared = trackerApi.cssProperties as Record<string, { readonly default?: string; readonly description: string }>;
  const documented = (name: string, theme: 'light' | 'dark'): string => {
    const property = declared[name]!;
    const hex = theme === 'light' ? property.default : /\(dark theme (#[0-9a-f]{6})\)/.exec(property.description)?.[1];
    if (!hex) throw new Error(`${name} documents no ${theme} colour`);
    const n = parseInt(hex.slice(1), 16);
    return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
  };

  for (const theme of ['light', 'dark'] as const) {
    it(`paints the sea, the land and the legs to come in the documented ${theme} colours`, async () => {
      // The flights with a transfer: one flown, one still to come.
      const el = await mount(theme, airTransfer());
      const planned = el.shadowRoot!.querySelector('.tracker-route--planned');
      expect(planned, 'a leg to come').to.exist;
      expect({ ...basemap(el), planned: getComputedStyle(planned!).stroke }).to.deep.equal({
        sea: documented('--tracker-map-water-color', theme),
        land: documented('--tracker-map-land-color', theme),
        planned: documented('--tracker-route-planned-color', theme),
      });
    });
  }
});
