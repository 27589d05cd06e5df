// Wide hosts keep the map in view beside a long timeline; narrow hosts show it full width
// between the summary and the timeline. Checked by geometry while the page scrolls.
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

async function shown(lang: string): Promise<OceanTracker> {
  const s = await scenario({ responses: [{ status: 200, body: await longHistoryWithRoute() }] });
  const el = mount<OceanTracker>(
    `<ocean-tracker lang="${lang}" map="eager" proxy-url="${s.base}/ocean" reference-number="MEDU9091004" style="margin:0"></ocean-tracker>`,
  );
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  // Open the whole history, a step at a time: a page many screens long.
  while (part(el, 'history-toggle')!.getAttribute('aria-expanded') === 'false') {
    part(el, 'history-toggle')!.click();
    await el.updateComplete;
  }
  return el;
}

describe('the map beside a long timeline', () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    window.scrollTo(0, 0);
    await setViewport({ width: 800, height: 600 });
  });

  for (const lang of ['en', 'ar']) {
    it(`stays in the viewport while a 600-event history scrolls past at 1280 px (${lang})`, async () => {
      await setViewport({ width: 1280, height: 800 });
      document.body.style.margin = '0';
      const el = await shown(lang);
      const map = part(el, 'map')!;
      const history = el.shadowRoot!.querySelector('.history')!;
      const historyBox = history.getBoundingClientRect();
      expect(historyBox.height, 'the history is many screens long').to.be.greaterThan(5 * innerHeight);
      const start = historyBox.top + scrollY;
      for (const share of [0.1, 0.3, 0.5, 0.7, 0.9]) {
        window.scrollTo(0, start + share * (historyBox.height - innerHeight));
        await nextFrame();
        const box = map.getBoundingClientRect();
        expect(box.height, 'the map has a height').to.be.greaterThan(100);
        expect(box.top, `map top at ${share * 100}% of the history`).to.be.at.least(0);
        expect(box.bottom, `map bottom at ${share * 100}% of the history`).to.be.at.most(innerHeight);
        // Beside the timeline, not over it: on its inline-end side.
        const rows = history.getBoundingClientRect();
        if (lang === 'ar') expect(box.right).to.be.at.most(rows.left + 1);
        else expect(box.left).to.be.at.least(rows.right - 1);
      }
    });
  }

  it('spans the full width between summary and timeline on a narrow host', async () => {
    await setViewport({ width: 600, height: 800 });
    const el = await shown('en');
    const map = part(el, 'map')!.getBoundingClientRect();
    const summary = el.shadowRoot!.querySelector('.summary')!.getBoundingClientRect();
    const history = el.shadowRoot!.querySelector('.history')!.getBoundingClientRect();
    expect(map.width).to.be.closeTo(history.width, 1);
    expect(map.left).to.be.closeTo(history.left, 1);
    expect(map.top).to.be.at.least(summary.bottom);
    expect(map.bottom).to.be.at.most(history.top);
  });
});
