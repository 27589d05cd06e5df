// Map labels checked by geometry, not pixels: in <ocean-tracker> and <air-tracker> loaded over
// real HTTP, on six routes, at five widths, in English and Arabic, every visible label lies
// inside the map, off the controls, and off every other label.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { airDocuments } from '../../../../demo/mock-service/air-documents.js';
import { oceanDocuments } from '../../../../demo/mock-service/ocean-documents.js';
import { fixture, itExceptIn, mount, scenario, setViewport, tooNarrowFor, until } from '../../../support/browser.js';
import { mapDrawn } from '../../../a11y/elements.js';
import { frames } from './map-test-helpers.js';
import { DEFAULT_GAP, DEFAULT_MARGIN } from '../../../../packages/core/src/map/label-placement.js';

interface Route {
  readonly id: string;
  readonly name: string;
  readonly tag: 'ocean-tracker' | 'air-tracker';
  readonly document: () => Promise<unknown>;
}

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
    document: async () => oceanDocuments.get('HLXU8123446')!({ nowMs: Date.now(), number: 'HLXU8123446', withRoute: true }),
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
// Sub-pixel positions of a transform can round either way.
const EPSILON = 0.5;

async function loaded(route: Route, lang: string): Promise<TrackerElement> {
  const s = await scenario({ responses: [{ status: 200, body: await route.document() }] });
  const product = route.tag === 'ocean-tracker' ? 'ocean' : 'air';
  const number = route.tag === 'ocean-tracker' ? 'reference-number="MEDU9091004"' : 'awb-number="176-22817340"';
  const el = mount<TrackerElement>(
    `<${route.tag} proxy-url="${s.base}/${product}" ${number} map="eager" lang="${lang}" style="margin:0"></${route.tag}>`,
  );
  await until(() => el.trackingState === 'loaded', 'loaded', 15000);
  await el.updateComplete;
  await mapDrawn(el);
  await settled(el);
  return el;
}

function mapOf(el: TrackerElement): HTMLElement & { shadowRoot: ShadowRoot } {
  return el.shadowRoot!.querySelector('cargo-tracker-route-map') as HTMLElement & { shadowRoot: ShadowRoot };
}

/** Waits until the attribution is drawn and the labels stop moving. */
async function settled(el: TrackerElement): Promise<void> {
  const map = mapOf(el);
  // The labels are placed as the map is drawn, before the attribution shows; a map with no room for
  // any whole name (a thousand letters without a space, on a phone) shows none.
  await until(() => !!map.shadowRoot.querySelector('.attribution'), 'map drawn', 10000);
  let before = '';
  for (let i = 0; i < 20; i++) {
    await frames(3);
    const now = JSON.stringify(labelBoxes(el).map((l) => [l.text, Math.round(l.box.left), Math.round(l.box.top)]));
    if (now === before) return;
    before = now;
  }
}

function labelBoxes(el: TrackerElement): Array<{ text: string; box: DOMRect; kind: string }> {
  const root = mapOf(el).shadowRoot;
  return [...root.querySelectorAll<HTMLElement>('.leaflet-tooltip.tracker-label:not(.tracker-label-measure)')].map((node) => ({
    text: node.textContent ?? '',
    box: node.getBoundingClientRect(),
    kind: node.classList.contains('tracker-vehicle-label') ? 'vehicle' : 'place',
  }));
}

function controlBoxes(el: TrackerElement): Array<{ name: string; box: DOMRect }> {
  const root = mapOf(el).shadowRoot;
  return [...root.querySelectorAll<HTMLElement>('.leaflet-control-zoom, .attribution')].map((node) => ({
    name: node.className,
    box: node.getBoundingClientRect(),
  }));
}

const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right - EPSILON && b.left < a.right - EPSILON && a.top < b.bottom - EPSILON && b.top < a.bottom - EPSILON;

/** Every problem a visitor would see: a label cut by the map's edge, under a control, or over another label. */
function problems(el: TrackerElement): string[] {
  const map = mapOf(el).getBoundingClientRect();
  const labels = labelBoxes(el);
  const out: string[] = [];
  for (const l of labels) {
    const { box } = l;
    if (
      box.left < map.left - EPSILON ||
      box.right > map.right + EPSILON ||
      box.top < map.top - EPSILON ||
      box.bottom > map.bottom + EPSILON
    ) {
      out.push(
        `“${l.text}” leaves the map (${Math.round(box.left - map.left)}..${Math.round(box.right - map.left)} of ${Math.round(map.width)}, ${Math.round(box.top - map.top)}..${Math.round(box.bottom - map.top)} of ${Math.round(map.height)})`,
      );
    }
    for (const c of controlBoxes(el)) if (overlap(box, c.box)) out.push(`“${l.text}” is under ${c.name}`);
  }
  labels.forEach((a, i) => {
    for (const b of labels.slice(i + 1)) if (overlap(a.box, b.box)) out.push(`“${a.text}” overlaps “${b.text}”`);
  });
  return out;
}

/** Labels drawn over the vessel or aircraft. */
function overVehicle(el: TrackerElement): string[] {
  const vehicle = mapOf(el).shadowRoot.querySelector('.tracker-vehicle svg')?.getBoundingClientRect();
  if (!vehicle) return [];
  return labelBoxes(el)
    .filter((l) => overlap(l.box, vehicle))
    .map((l) => `“${l.text}” covers the vehicle`);
}

/**
 * Labels shown shorter than their whole name although the whole name (without detail lines) fits
 * on a side of its marker: inside the map, off the controls, the markers and the other labels.
 */
function cutThoughWholeFits(el: TrackerElement): string[] {
  const root = mapOf(el).shadowRoot;
  const map = mapOf(el).getBoundingClientRect();
  const labels = labelBoxes(el);
  const markers = [...root.querySelectorAll('path.tracker-place, .tracker-vehicle svg')].map((m) => m.getBoundingClientRect());
  const controls = controlBoxes(el).map((c) => c.box);
  const out: string[] = [];
  for (const node of root.querySelectorAll<HTMLElement>('.tracker-label--shortened:not(.tracker-label--merged)')) {
    const whole = node.querySelector('.tracker-label-whole')!.textContent!;
    const own = node.getBoundingClientRect();
    // Its marker: the nearest to the label's edge on its side.
    const side = (['right', 'left', 'top', 'bottom'] as const).find((s) => node.classList.contains(`leaflet-tooltip-${s}`))!;
    const edge =
      side === 'right'
        ? { x: own.left, y: (own.top + own.bottom) / 2 }
        : side === 'left'
          ? { x: own.right, y: (own.top + own.bottom) / 2 }
          : side === 'top'
            ? { x: (own.left + own.right) / 2, y: own.bottom }
            : { x: (own.left + own.right) / 2, y: own.top };
    const marker = markers
      .map((m) => ({ m, d: Math.hypot((m.left + m.right) / 2 - edge.x, (m.top + m.bottom) / 2 - edge.y) }))
      .sort((a, b) => a.d - b.d)[0]!.m;
    const probe = node.cloneNode(false) as HTMLElement;
    probe.style.transform = 'none';
    probe.append(Object.assign(document.createElement('strong'), { className: 'tracker-label-name', textContent: whole }));
    node.parentElement!.append(probe);
    const { width, height } = probe.getBoundingClientRect();
    probe.remove();
    const cx = (marker.left + marker.right) / 2;
    const cy = (marker.top + marker.bottom) / 2;
    // The map keeps labels a gap beyond the marker's stroke (1 px outside its path).
    const reach = marker.width / 2 + 1 + DEFAULT_GAP;
    const boxes = {
      right: new DOMRect(cx + reach, cy - height / 2, width, height),
      left: new DOMRect(cx - reach - width, cy - height / 2, width, height),
      top: new DOMRect(cx - width / 2, cy - reach - height, width, height),
      bottom: new DOMRect(cx - width / 2, cy + reach, width, height),
    };
    for (const [where, box] of Object.entries(boxes)) {
      const inside =
        box.left >= map.left + DEFAULT_MARGIN + 1 &&
        box.right <= map.right - DEFAULT_MARGIN - 1 &&
        box.top >= map.top + DEFAULT_MARGIN + 1 &&
        box.bottom <= map.bottom - DEFAULT_MARGIN - 1;
      // Strict here, as the placement is: within a pixel of something counts as on it.
      const near = (a: DOMRect, b: DOMRect) => a.left < b.right + 1 && b.left < a.right + 1 && a.top < b.bottom + 1 && b.top < a.bottom + 1;
      const blocked =
        controls.some((c) => near(box, c)) ||
        markers.some((m) => m !== marker && near(box, m)) ||
        labels.some((l) => !(l.box.left === own.left && l.box.top === own.top) && near(box, l.box));
      if (inside && !blocked) out.push(`“${node.textContent}” is cut, but “${whole}” fits on the ${where}`);
    }
  }
  return out;
}

describe('map labels that fit', () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    await setViewport({ width: 800, height: 600 });
  });

  for (const route of routes) {
    for (const lang of ['en', 'ar']) {
      for (const width of WIDTHS) {
        itExceptIn(
          tooNarrowFor(width),
          `${route.name}, ${lang}, ${width} px: every label inside the map, clear of the controls and of each other`,
          async () => {
            await setViewport({ width, height: 900 });
            document.body.style.margin = '0';
            const el = await loaded(route, lang);
            // For people to review: test-results/screenshots/map-labels-<route>-<lang>-<width>.png
            await executeServerCommand('screenshot', { name: `map-labels-${route.id}-${lang}-${width}` });
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

  // Every document the demo serves, as a visitor trying the demo numbers meets them.
  const demo: Route[] = [
    ...[...oceanDocuments].map(([number, build]) => ({
      id: `demo-${number}`,
      name: `demo ${number}`,
      tag: 'ocean-tracker' as const,
      document: async () => build({ nowMs: Date.now(), number, withRoute: true }),
    })),
    ...[...airDocuments].map(([number, build]) => ({
      id: `demo-${number}`,
      name: `demo ${number}`,
      tag: 'air-tracker' as const,
      document: async () => build({ nowMs: Date.now(), number, withRoute: true }),
    })),
  ];
  for (const route of demo) {
    for (const lang of ['en', 'ar']) {
      for (const width of [320, 390, 768, 1280]) {
        itExceptIn(
          tooNarrowFor(width),
          `${route.name}, ${lang}, ${width} px: labels inside the map, clear of the controls, each other and the vehicle, and whole wherever a whole one fits`,
          async () => {
            await setViewport({ width, height: 900 });
            document.body.style.margin = '0';
            const el = await loaded(route, lang);
            // For people to review: test-results/screenshots/map-labels-<number>-<lang>-<width>.png
            await executeServerCommand('screenshot', { name: `map-labels-${route.id}-${lang}-${width}` });
            expect(problems(el)).to.deep.equal([]);
            expect(overVehicle(el)).to.deep.equal([]);
            // Never cut mid-word: a name is whole or a whole shorter form of it.
            const names = [...mapOf(el).shadowRoot.querySelectorAll('.tracker-label-name, .tracker-label-whole')].map(
              (n) => n.textContent ?? '',
            );
            expect(names.filter((n) => n.endsWith('…'))).to.deep.equal([]);
            expect(cutThoughWholeFits(el)).to.deep.equal([]);
          },
        );
      }
    }
  }

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
    await until(() => labelBoxes(el).some((l) => /[\u0600-\u06FF]/.test(l.text)), 'Arabic labels', 10000);
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
    const [zoomLtr, attributionLtr] = controlBoxes(ltr).map((c) => c.box);
    expect(zoomLtr!.left - ltrMap.left).to.be.lessThan(ltrMap.right - zoomLtr!.right);
    expect(attributionLtr!.right).to.be.closeTo(ltrMap.right, 1);
    const rtl = await loaded(routes[0]!, 'ar');
    const rtlMap = mapOf(rtl).getBoundingClientRect();
    const [zoomRtl, attributionRtl] = controlBoxes(rtl).map((c) => c.box);
    expect(rtlMap.right - zoomRtl!.right).to.be.closeTo(zoomLtr!.left - ltrMap.left, 1);
    expect(attributionRtl!.left).to.be.closeTo(rtlMap.left, 1);
  });
});
