// Wide hosts put the map beside the summary and the timeline across the whole width below both,
// so neither leaves a column empty; narrow hosts stack summary, map and timeline. The element's
// own width decides (container queries), so an embed in a page's column lays out by that column.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { fixture, mount, nextEvent, nextFrame, part, scenario, setViewport } from '../support/browser.js';

interface Document {
  locations: Array<{ locode: string; lat: number; lon: number }>;
  routeDetails?: unknown;
}

/** The 600-event history, with a first leg (Laem Chabang → Ho Chi Minh City) so it has a map. */
async function longHistoryWithRoute(): Promise<Document> {
  const doc = await fixture<Document>('ocean-long-history.json');
  const at = (code: string) => doc.locations.find((l) => l.locode === code)!;
  const [from, to] = [at('THLCH'), at('VNSGN')];
  doc.routeDetails = {
    segments: [
      {
        from: from.locode,
        to: to.locode,
        mode: 'vessel',
        state: 'completed',
        path: {
          type: 'LineString',
          coordinates: [
            [from.lon, from.lat],
            [103.5, 9.5],
            [to.lon, to.lat],
          ],
        },
      },
    ],
  };
  return doc;
}

async function shown(lang: string, style = ''): Promise<OceanTracker> {
  const s = await scenario({ responses: [{ status: 200, body: await longHistoryWithRoute() }] });
  const el = mount<OceanTracker>(
    `<ocean-tracker lang="${lang}" map="eager" proxy-url="${s.base}/ocean" reference-number="MEDU9091004" style="margin:0;${style}"></ocean-tracker>`,
  );
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  await nextFrame();
  return el;
}

/** What a visitor sees of the shipment: the summary, the map, the vessels and the history, as laid out. */
function boxes(el: OceanTracker) {
  const box = (target: Element) => target.getBoundingClientRect();
  const root = el.shadowRoot!;
  return {
    shipment: box(part(el, 'shipment')!),
    summary: box(root.querySelector('.summary')!),
    map: box(part(el, 'map')!),
    vessels: box(part(el, 'vessels')!),
    history: box(root.querySelector('.history')!),
    milestone: box(part(el, 'milestone')!),
    gap: parseFloat(getComputedStyle(root.querySelector('.panels')!).rowGap),
  };
}

describe('the map and a long timeline on a wide host', () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    window.scrollTo(0, 0);
    await setViewport({ width: 800, height: 600 });
  });

  for (const [lang, width] of [
    ['en', 1280],
    ['ar', 1280],
    // An embed in a page's column: the element's width decides, not the window's.
    ['en', 900],
  ] as const) {
    it(`puts the map beside the summary, the vessels and the timeline across the whole width below both, ${width} px wide (${lang})`, async () => {
      await setViewport({ width: 1280, height: 800 });
      document.body.style.margin = '0';
      const el = await shown(lang, `width:${width}px`);
      const { shipment, summary, map, vessels, history, milestone, gap } = boxes(el);
      // The map is beside the summary, on its inline-end side, and starts with it.
      expect(map.height, 'the map has a height').to.be.greaterThan(100);
      expect(map.top).to.be.closeTo(summary.top, 1);
      if (lang === 'ar') expect(map.right).to.be.at.most(summary.left + 1);
      else expect(map.left).to.be.at.least(summary.right - 1);
      // The timeline's rows use the element's whole width, not a column beside an empty one.
      expect(milestone.width, 'a milestone row').to.be.at.least(0.9 * shipment.width);
      expect(history.left).to.be.closeTo(shipment.left, 1);
      expect(history.right).to.be.closeTo(shipment.right, 1);
      // Each starts a gap below what is above it, the vessels below the taller of the map and the
      // summary: nothing empty in between.
      const top = Math.max(map.bottom, summary.bottom);
      for (const [what, box, above] of [
        ['vessels', vessels, top],
        ['history', history, vessels.bottom],
      ] as const) {
        expect(box.top, what).to.be.at.least(above - 1);
        expect(box.top - above, what).to.be.at.most(gap + 1);
      }
    });
  }

  for (const [what, viewport, style] of [
    ['on a narrow window', 600, ''],
    ['in a narrow column of a wide window', 1280, 'width:700px'],
  ] as const) {
    it(`spans the full width between summary and timeline ${what}`, async () => {
      await setViewport({ width: viewport, height: 800 });
      const el = await shown('en', style);
      const { summary, map, history } = boxes(el);
      expect(map.width).to.be.closeTo(history.width, 1);
      expect(map.left).to.be.closeTo(history.left, 1);
      expect(map.top).to.be.at.least(summary.bottom);
      expect(map.bottom).to.be.at.most(history.top);
    });
  }
});
