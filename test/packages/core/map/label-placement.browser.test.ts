// Map labels checked by geometry, not pixels: in <ocean-tracker> and <air-tracker> loaded over
// real HTTP, on six routes, at five widths, in English and Arabic, every visible label lies
// inside the map, off the controls, and off every other label; and again after a zoom, a resize
// and a change of language. The demo's own numbers: label-placement-demo.browser.test.ts.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import { oceanDocuments } from '../../../../demo/mock-service/ocean-documents.js';
import { fixture, itExceptIn, labelSweepSkips, setViewport, tooNarrowFor, until } from '../../../support/browser.js';
import { TEST_NOW } from '../../../support/fake-clock.js';
import { controlBoxes, labelBoxes, loaded, loadedAt, mapOf, problems, settled, type Route } from './label-geometry.js';

const routes: readonly Route[] = [
  {
    id: 'transshipment',
    name: 'a container via a transshipment (Ningbo → Singapore → Rotterdam)',
    tag: 'ocean-tracker',
    document: () => fixture('ocean-container-in-transit.json'),
  },
  {
    id: 'pacific',
    name: 'a trans-Pacific bill of lading (Shanghai → Los Angeles)',
    tag: 'ocean-tracker',
    document: () => fixture('ocean-bill-of-lading-pacific.json'),
  },
  {
    id: 'panama',
    name: 'a delivery through the Panama Canal (Busan → Balboa → Savannah)',
    tag: 'ocean-tracker',
    document: () => fixture('ocean-panama-canal.json'),
  },
  {
    id: 'duisburg',
    name: 'the demo’s delivery to Duisburg (Santos → Hamburg → Duisburg)',
    tag: 'ocean-tracker',
    document: async () => oceanDocuments.get('HLXU8123446')!({ nowMs: TEST_NOW, number: 'HLXU8123446', withRoute: true }),
  },
  {
    id: 'awb-transfer',
    name: 'an air waybill with a transfer (Hong Kong → Dubai → Frankfurt)',
    tag: 'air-tracker',
    document: () => fixture('air-awb-transfer.json'),
  },
  {
    id: 'awb-rebooked',
    name: 'a re-booked air waybill in flight (Frankfurt → Chicago)',
    tag: 'air-tracker',
    document: () => fixture('air-rebooked.json'),
  },
];

const WIDTHS = [320, 390, 768, 1280, 1400] as const;

describe('map labels that fit', () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    await setViewport({ width: 800, height: 600 });
  });

  // First, while the page is fresh: these need the engine to render (a ResizeObserver after the
  // resize), which headless Chromium has been seen to stop doing late in a long file (nextFrame()).
  itExceptIn(tooNarrowFor(390), 'places the labels again after a zoom and a resize', async () => {
    await setViewport({ width: 1280, height: 900 });
    const el = await loaded(routes[0]!, 'en');
    const leaflet = (mapOf(el) as unknown as { leafletMap: import('leaflet').Map }).leafletMap;
    leaflet.setZoom(leaflet.getZoom() + 1.5, { animate: false });
    await settled(el);
    expect(problems(el), 'after zooming in').to.deep.equal([]);
    await setViewport({ width: 390, height: 900 });
    await settled(el);
    expect(problems(el), 'after narrowing the page').to.deep.equal([]);
  });

  itExceptIn(tooNarrowFor(390), 'fits the labels again when the page switches from English to Arabic', async () => {
    await setViewport({ width: 390, height: 900 });
    const el = await loaded(routes[0]!, 'en');
    el.setAttribute('lang', 'ar');
    await until(
      () => mapOf(el).shadowRoot.querySelector('.leaflet-control-zoom')!.parentElement!.classList.contains('leaflet-right'),
      'zoom buttons at the inline start',
      10000,
    );
    await until(() => labelBoxes(el).some((l) => /[\u0600-\u06FF]/.test(l.text)), 'Arabic labels');
    await settled(el);
    expect(problems(el)).to.deep.equal([]);
  });

  it('names Hamburg and Duisburg in one label while their markers nearly touch, and apart once zoomed in', async () => {
    await setViewport({ width: 1280, height: 900 });
    const el = await loaded(
      routes.find((r) => r.id === 'duisburg')!,
      'en',
    );
    const names = () => [...mapOf(el).shadowRoot.querySelectorAll('.tracker-place-label .tracker-label-name')].map((n) => n.textContent);
    expect(names()).to.include('Hamburg · Duisburg');
    const leaflet = (mapOf(el) as unknown as { leafletMap: import('leaflet').Map }).leafletMap;
    leaflet.setView([52.5, 8.5], 7, { animate: false });
    await settled(el);
    expect(names()).to.include.members(['Hamburg, Germany', 'Duisburg, Germany']);
  });

  it('puts a place label at the inline end of its marker: right in English, left in Arabic', async () => {
    await setViewport({ width: 1280, height: 900 });
    for (const [lang, side] of [
      ['en', 'right'],
      ['ar', 'left'],
    ] as const) {
      const el = await loaded(
        routes.find((r) => r.id === 'duisburg')!,
        lang,
      );
      const root = mapOf(el).shadowRoot;
      // Santos, the origin, has room on both sides, and its route leaves northwards.
      const marker = root.querySelector('path.tracker-place--origin')!.getBoundingClientRect();
      const label = [...root.querySelectorAll('.tracker-place-label')]
        .find((n) => n.textContent!.includes('Santos'))!
        .getBoundingClientRect();
      if (side === 'right') expect(label.left, lang).to.be.greaterThan(marker.right);
      else expect(label.right, lang).to.be.lessThan(marker.left);
      expect(label.top, lang).to.be.lessThan(marker.top + marker.height / 2);
      expect(label.bottom, lang).to.be.greaterThan(marker.top + marker.height / 2);
    }
  });

  it('mirrors the zoom buttons and the attribution in Arabic', async () => {
    await setViewport({ width: 768, height: 900 });
    const ltr = await loaded(routes[0]!, 'en');
    const ltrMap = mapOf(ltr).getBoundingClientRect();
    const boxOf = (el: Parameters<typeof controlBoxes>[0], name: string) => controlBoxes(el).find((c) => c.name.includes(name))!.box;
    const [zoomLtr, wayBackLtr, attributionLtr] = ['leaflet-control-zoom', 'tracker-way-back', 'attribution'].map((n) => boxOf(ltr, n));
    expect(zoomLtr!.left - ltrMap.left).to.be.lessThan(ltrMap.right - zoomLtr!.right);
    expect(attributionLtr!.right).to.be.closeTo(ltrMap.right, 1);
    const rtl = await loaded(routes[0]!, 'ar');
    const rtlMap = mapOf(rtl).getBoundingClientRect();
    const [zoomRtl, wayBackRtl, attributionRtl] = ['leaflet-control-zoom', 'tracker-way-back', 'attribution'].map((n) => boxOf(rtl, n));
    expect(rtlMap.right - zoomRtl!.right).to.be.closeTo(zoomLtr!.left - ltrMap.left, 1);
    // The way back sits beside the zoom buttons, on their inline-end side, in both directions.
    expect(wayBackLtr!.left).to.be.at.least(zoomLtr!.right);
    expect(wayBackRtl!.right).to.be.at.most(zoomRtl!.left);
    expect(rtlMap.right - wayBackRtl!.right).to.be.closeTo(wayBackLtr!.left - ltrMap.left, 1);
    expect(attributionRtl!.left).to.be.closeTo(rtlMap.left, 1);
  });

  for (const route of routes) {
    for (const lang of ['en', 'ar']) {
      for (const width of WIDTHS) {
        itExceptIn(
          labelSweepSkips(width, WIDTHS),
          `${route.name}, ${lang}, ${width} px: every label inside the map, clear of the controls and of each other`,
          async () => {
            const el = await loadedAt(route, lang, width);
            expect(problems(el)).to.deep.equal([]);
            // Origin and destination come first: shown, if need be cut short, wherever two fit. On a phone a
            // lower-priority one may be hidden (its full text stays in the page and the map's text alternative).
            const shown = labelBoxes(el).map((l) => l.text);
            const places = labelBoxes(el).filter((l) => l.kind === 'place').length;
            expect(places, `place labels shown: ${shown.join(' | ')}`).to.be.at.least(width < 400 ? 1 : 2);
          },
        );
      }
    }
  }
});
