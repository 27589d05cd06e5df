import { expect } from '@open-wc/testing';
import '@cargo-trackers/air-tracker';
import '@cargo-trackers/ocean-tracker';
import {
  fixture,
  frames,
  itExceptIn,
  mount,
  nextEvent,
  part,
  parts,
  scenario,
  setViewport,
  tooNarrowFor,
  until,
} from '../../../support/browser.js';

type Tracker = HTMLElement & { updateComplete: Promise<boolean> };

const PHONE = { width: 390, height: 844 };
const DOCUMENTS = [
  { tag: 'ocean-tracker', attr: 'reference-number="MEDU9091004"', fixture: 'ocean-container-in-transit.json' },
  { tag: 'ocean-tracker', attr: 'reference-number="MEDU9091004"', fixture: 'ocean-delivered.json' },
  { tag: 'air-tracker', attr: 'awb-number="176-22817340"', fixture: 'air-awb-transfer.json' },
  { tag: 'air-tracker', attr: 'awb-number="020-44170626"', fixture: 'air-delivered.json' },
] as const;

function text(node: Element | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

async function loaded(tag: string, attr: string, body: unknown, extra = ''): Promise<Tracker> {
  const s = await scenario({ responses: [{ status: 200, body }], airlines: await fixture('carriers-air.json') });
  const el = mount<Tracker>(
    `<${tag} lang="en" proxy-url="${s.base}/${tag === 'air-tracker' ? 'air' : 'ocean'}" ${attr} ${extra}></${tag}>`,
  );
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  return el;
}

describe('the first screen of a result', () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    document.body.style.margin = '';
    await setViewport({ width: 800, height: 600 });
  });

  for (const d of DOCUMENTS) {
    itExceptIn(
      tooNarrowFor(PHONE.width),
      `${d.tag}, ${d.fixture}: says where the shipment is, its latest event with its date and the next one, above the fold of a 390 × 844 phone`,
      async () => {
        await setViewport(PHONE);
        document.body.style.margin = '0';
        const el = await loaded(d.tag, d.attr, await fixture(d.fixture), 'style="margin:0"');
        window.scrollTo(0, 0);
        const progress = part(el, 'progress')!;
        expect(progress, 'a progress summary').to.exist;
        // First in the result, under its heading and status line and what went wrong, if anything did.
        const shipment = part(el, 'shipment')!;
        const [, second, third] = [...shipment.children];
        expect(second!.matches('[part~="exception"]') ? third : second).to.equal(progress);
        // Without scrolling: what went wrong, where the shipment is, its latest event and the next one.
        // The button to the history may fall below (with Debian's fonts, Firefox wraps more lines).
        expect(progress.querySelector('dl.facts')!.getBoundingClientRect().bottom).to.be.at.most(window.innerHeight);
        const latest = progress.querySelector('dt + dd')!;
        expect(progress.querySelector('dt')!.textContent).to.equal('Latest');
        // The latest event is the timeline's current row, with its date.
        const current = el.shadowRoot!.querySelector('[part~="milestone"][data-current]')!;
        expect(text(latest)).to.contain(text(current.querySelector('.milestone-title')).replace(/ ?Actual.*$/, ''));
        expect(latest.querySelector('time')!.dateTime).to.equal(current.querySelector('time')!.dateTime);
        expect(text(progress.querySelector('.progress-now'))).to.not.equal('');
      },
    );
  }

  itExceptIn(tooNarrowFor(PHONE.width), 'does not say "Planned" again and again on a booking’s first screen', async () => {
    await setViewport(PHONE);
    document.body.style.margin = '0';
    const el = await loaded('ocean-tracker', 'reference-number="263841975"', await fixture('ocean-booked-planned.json'), 'map="none"');
    window.scrollTo(0, 0);
    // The status says "Planned"; the progress summary does not say it again, nor does each stop.
    expect(text(part(el, 'status')!.querySelector('.status-badge'))).to.equal('Planned');
    expect(text(part(el, 'progress')!.querySelector('.progress-now'))).to.equal('Nothing has happened yet');
    const seen: string[] = [];
    const walker = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.height > 0 && box.width > 1 && box.top < PHONE.height) seen.push(node.textContent!);
    }
    // Was six: the status, the progress summary, the next event's tag, "Planned arrival" and two stops' tags.
    expect(seen.join(' ').match(/Planned/g)).to.have.length.at.most(2);
  });

  it('names the next expected event, marked as expected, and where the cargo is on its way to', async () => {
    const el = await loaded('ocean-tracker', 'reference-number="MEDU9091004"', await fixture('ocean-container-in-transit.json'));
    const progress = part(el, 'progress')!;
    const [, next] = [...progress.querySelectorAll('dd')];
    expect(text(progress.querySelectorAll('dt')[1])).to.equal('Next');
    expect(next!.querySelector('time')).to.exist;
    expect(text(next!.querySelector('.kind-tag'))).to.match(/^(Estimated|Planned)$/);
    expect(text(progress.querySelector('.progress-now'))).to.match(/^On the way from .+ to .+$/);
  });

  it('takes the visitor from the summary to the latest row of the history, which gets the focus', async () => {
    const el = await loaded('air-tracker', 'awb-number="176-22817340"', await fixture('air-awb-transfer.json'));
    part(el, 'progress-jump')!.click();
    const current = el.shadowRoot!.querySelector('[part~="milestone"][data-current]');
    expect(el.shadowRoot!.activeElement).to.equal(current);
  });

  for (const d of [DOCUMENTS[0], DOCUMENTS[2]]) {
    it(`${d.tag}: gives every stop of the route its date, saying which are expected`, async () => {
      const el = await loaded(d.tag, d.attr, await fixture(d.fixture));
      const stops = [...part(el, 'route')!.querySelectorAll('li')];
      expect(stops.length).to.be.at.least(3);
      for (const stop of stops) {
        const time = stop.querySelector('.stop-time');
        expect(time, `a date for ${text(stop)}`).to.exist;
        expect(time!.querySelector('time')!.dateTime).to.match(/^\d{4}-\d\d-\d\dT/);
        const kind = time!.getAttribute('data-kind');
        // Past: "Departed …"/"Arrived …"; expected: "Departs …"/"Arrives …", and a carrier's estimate
        // says so in a tag. A planned time wears none (it was "Planned" on every stop of a booking).
        if (kind === 'actual') expect(text(time)).to.match(/^(Departed|Arrived) /);
        else if (kind === 'estimated') expect(text(time)).to.match(/^(Departs|Arrives) .+Estimated$/);
        else expect(text(time)).to.match(/^(Departs|Arrives) .+\d$/);
      }
      expect(stops.some((s) => s.querySelector('.stop-time')!.getAttribute('data-kind') !== 'actual')).to.equal(true);
    });
  }

  it('says a place that is its own country once: "Singapore", "Hong Kong (HKG)"', async () => {
    const ocean = await loaded('ocean-tracker', 'reference-number="MEDU9091004"', await fixture('ocean-container-in-transit.json'));
    const names = [...part(ocean, 'route')!.querySelectorAll('.place-name')].map(text);
    expect(names).to.include('Singapore');
    expect(names).to.include('Rotterdam, Netherlands');
    const air = await loaded('air-tracker', 'awb-number="176-22817340"', await fixture('air-awb-transfer.json'));
    expect(text(part(air, 'route')!.querySelector('.place-name'))).to.equal('Hong Kong (HKG)');
  });

  it("puts its headings at the page's level: h2 by default, heading-level below, sections one under, anything else h2", async () => {
    const body = await fixture('ocean-container-in-transit.json');
    const levels = (el: Tracker) => ({
      title: part(el, 'status')!.querySelector('.title')!.localName,
      sections: [...new Set(['eta', 'route', 'vessels'].map((p) => part(el, p)!.querySelector('h1, h2, h3, h4, h5, h6')!.localName))],
    });
    expect(levels(await loaded('ocean-tracker', 'reference-number="MEDU9091004"', body))).to.deep.equal({ title: 'h2', sections: ['h3'] });
    const el = await loaded('ocean-tracker', 'reference-number="MEDU9091004"', body, 'heading-level="3"');
    expect(levels(el)).to.deep.equal({ title: 'h3', sections: ['h4'] });
    (el as Tracker & { headingLevel: number }).headingLevel = 6;
    await el.updateComplete;
    expect(levels(el)).to.deep.equal({ title: 'h6', sections: ['h6'] });
    expect(levels(await loaded('ocean-tracker', 'reference-number="MEDU9091004"', body, 'heading-level="9"'))).to.deep.equal({
      title: 'h2',
      sections: ['h3'],
    });
  });

  it('leaves the airline to the result while the number in the input is the one shown, and names it for another', async () => {
    const el = await loaded('air-tracker', 'awb-number="176-22817340"', await fixture('air-awb-transfer.json'));
    const input = el.shadowRoot!.querySelector('input')!;
    const type = async (value: string) => {
      input.value = value;
      input.dispatchEvent(new InputEvent('input'));
      await el.updateComplete;
    };
    await type('160-88230472');
    await until(() => text(part(el, 'airline-hint')).startsWith('Airline: Cathay'), 'the airline of another number named');
    await type('176-22817340');
    expect(text(part(el, 'airline-hint'))).to.equal('');
    expect(text(part(el, 'status'))).to.contain('Emirates');
  });
});

describe('the room of a result while it loads', () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    document.body.style.margin = '';
    await setViewport({ width: 800, height: 600 });
  });

  for (const viewport of [PHONE, { width: 1350, height: 940 }]) {
    itExceptIn(
      tooNarrowFor(viewport.width),
      `${viewport.width} × ${viewport.height}: the content under a tracker given a number does not move on screen while the outline and the result take turns`,
      async () => {
        await setViewport(viewport);
        document.body.style.margin = '0';
        const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-container-in-transit.json'), delayMs: 600 }] });
        const shifts: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) shifts.push(entry.value);
        });
        observer.observe({ type: 'layout-shift' });
        const root = mount<HTMLElement>(
          `<div><ocean-tracker lang="en" proxy-url="${s.base}/x" reference-number="MEDU9091004"></ocean-tracker><p class="below">Content below the tracker.</p></div>`,
        );
        window.scrollTo(0, 0);
        const el = root.querySelector<Tracker>('ocean-tracker')!;
        const below = root.querySelector('.below')!;
        const tops: number[] = [];
        let watching = true;
        const watch = () => {
          tops.push(below.getBoundingClientRect().top);
          if (watching) requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
        await until(() => part(el, 'skeleton')?.classList.contains('skeleton') === true, 'the outline shown');
        const skeletonTop = below.getBoundingClientRect().top;
        await nextEvent(el, 'tracker-load');
        await el.updateComplete;
        await frames(2);
        watching = false;
        observer.disconnect();
        // In every frame, from the first: what is below the tracker stays under the fold.
        expect(tops.length).to.be.at.least(3);
        expect(Math.min(...tops)).to.be.at.least(viewport.height);
        expect(shifts.reduce((a, b) => a + b, 0)).to.be.at.most(0.05);
        // The outline is no taller than what replaces it, so the result never pulls the page up.
        expect(below.getBoundingClientRect().top).to.be.at.least(skeletonTop);
        expect(parts(el, 'skeleton')).to.have.length(0);
      },
    );
  }
});

describe('an event still to come', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  /** The title of each history row of this code, by its time's kind, without its kind tag. */
  function titles(el: Tracker, code: string): Array<[string | undefined, string]> {
    return parts(el, 'milestone')
      .filter((r) => r.dataset.code === code)
      .map((r) => {
        const words = [...r.querySelector('.milestone-title')!.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE);
        return [
          r.dataset.kind,
          words
            .map((n) => n.textContent)
            .join('')
            .trim(),
        ];
      });
  }

  /** The summary's "Next" line. */
  const next = (el: Tracker) => text([...part(el, 'progress')!.querySelectorAll('dd')][1]);

  it('is named, not told as done, in the timeline and the summary’s next line; a vessel that arrived still "arrived"', async () => {
    const el = await loaded('ocean-tracker', 'reference-number="MEDU9091004"', await fixture('ocean-container-in-transit.json'));
    expect(titles(el, 'ARRI')).to.deep.equal([
      ['actual', 'Vessel arrived'],
      ['estimated', 'Vessel arrival'],
    ]);
    expect(titles(el, 'DISC')).to.deep.equal([
      ['actual', 'Discharged'],
      ['planned', 'Discharge'],
    ]);
    expect(next(el)).to.match(/^Vessel arrival ·.+Estimated$/);
    // Nothing still to come reads as done, the document's own text under the title included.
    for (const row of parts(el, 'milestone').filter((r) => r.dataset.kind !== 'actual')) {
      expect(text(row)).to.not.match(/arrived|departed|discharged|loaded/i);
    }
  });

  it('is named, not told as done, for a waybill: the onward flight’s departure and arrival', async () => {
    const el = await loaded('air-tracker', 'awb-number="176-22817340"', await fixture('air-awb-transfer.json'));
    expect(titles(el, 'DEP')).to.deep.equal([
      ['actual', 'Departed'],
      ['planned', 'Departure'],
    ]);
    expect(titles(el, 'ARR')).to.deep.equal([
      ['actual', 'Arrived'],
      ['estimated', 'Arrival'],
    ]);
    // "Next" says it is to come; a planned time wears no tag there (only an estimate does).
    expect(next(el)).to.match(/^Departure ·.+GMT\+4$/);
  });

  it('is named in the language of the element: "Ankunft des Schiffs", not "Schiff angekommen"', async () => {
    const el = await loaded('ocean-tracker', 'reference-number="MEDU9091004"', await fixture('ocean-container-in-transit.json'));
    el.lang = 'de';
    await until(() => titles(el, 'ARRI')[0]?.[1] === 'Schiff angekommen', 'the history in German');
    expect(titles(el, 'ARRI')).to.deep.equal([
      ['actual', 'Schiff angekommen'],
      ['estimated', 'Ankunft des Schiffs'],
    ]);
    expect(next(el)).to.match(/^Ankunft des Schiffs ·.+Voraussichtlich$/);
  });
});
