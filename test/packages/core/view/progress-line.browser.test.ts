import { expect } from '@open-wc/testing';
import { emulateMedia, executeServerCommand } from '@web/test-runner-commands';
import '@cargo-trackers/air-tracker';
import '@cargo-trackers/ocean-tracker';
import {
  fixture,
  frames,
  itExceptIn,
  mount,
  nextEvent,
  part,
  scenario,
  setViewport,
  tooNarrowFor,
  until,
} from '../../../support/browser.js';

type Tracker = HTMLElement & { updateComplete: Promise<boolean> };

interface Document {
  readonly tag: 'ocean-tracker' | 'air-tracker';
  readonly attr: string;
  readonly fixture: string;
}

const OCEAN: Document = { tag: 'ocean-tracker', attr: 'reference-number="MEDU9091004"', fixture: 'ocean-container-in-transit.json' };
const AIR: Document = { tag: 'air-tracker', attr: 'awb-number="176-22817340"', fixture: 'air-awb-transfer.json' };
const DELIVERED: Document = { tag: 'ocean-tracker', attr: 'reference-number="HLXU8372618"', fixture: 'ocean-delivered.json' };

async function loaded(d: Document, extra = 'lang="en"', body?: unknown): Promise<Tracker> {
  const s = await scenario({ responses: [{ status: 200, body: body ?? (await fixture(d.fixture)) }] });
  const el = mount<Tracker>(`<${d.tag} proxy-url="${s.base}/${d.tag === 'air-tracker' ? 'air' : 'ocean'}" ${d.attr} ${extra}></${d.tag}>`);
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  return el;
}

const line = (el: Tracker) => part(el, 'progress-line')!;
const stops = (el: Tracker) => [...line(el).querySelectorAll<HTMLElement>('.line-stop')];
const centre = (node: Element) => {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
};
const dots = (el: Tracker) => stops(el).map((s) => centre(s.querySelector('.line-dot')!));

interface AxNode {
  readonly role: string;
  readonly name: string;
}

const chromiumOnly = {
  firefox: 'the accessibility tree is read over the Chrome DevTools Protocol',
  webkit: 'the accessibility tree is read over the Chrome DevTools Protocol',
};

async function cleanUp(): Promise<void> {
  document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  document.body.style.margin = '';
  await setViewport({ width: 800, height: 600 });
}

describe('the progress line', () => {
  afterEach(cleanUp);

  it('opens the progress summary with the route, origin to destination, and one name for the whole', async () => {
    const el = await loaded(OCEAN);
    expect(part(el, 'progress')!.firstElementChild).to.equal(line(el));
    expect(line(el).getAttribute('role')).to.equal('img');
    expect(line(el).getAttribute('aria-label')).to.equal('Progress: between Singapore and Rotterdam, 1 of 2 legs done');
    expect(stops(el).map((s) => s.textContent!.trim())).to.deep.equal(['Ningbo', 'Singapore', 'Rotterdam']);
    expect(line(el).dataset.position).to.equal('between');
  });

  itExceptIn(chromiumOnly, 'is one image in the accessibility tree, its stops’ names not read one by one', async () => {
    await loaded(OCEAN);
    const nodes = (await executeServerCommand('ax-tree')) as AxNode[];
    const images = nodes.filter((n) => n.name.startsWith('Progress: '));
    expect(images.map((n) => n.role)).to.deep.equal(['image']);
    expect(images[0]!.name).to.equal('Progress: between Singapore and Rotterdam, 1 of 2 legs done');
    // "Ningbo" alone is only the line's word for the origin; the route list says "Ningbo, China".
    expect(nodes.filter((n) => n.name === 'Ningbo')).to.deep.equal([]);
  });

  it('puts the marker halfway between the stop left and the next, the legs behind it drawn done', async () => {
    const el = await loaded(OCEAN);
    expect(stops(el).map((s) => s.dataset.stage)).to.deep.equal(['done', 'leaving', 'ahead']);
    const markers = line(el).querySelectorAll('.line-marker');
    expect(markers).to.have.length(1);
    const [, singapore, rotterdam] = dots(el);
    const marker = centre(markers[0]!);
    expect(marker.x).to.be.closeTo((singapore!.x + rotterdam!.x) / 2, 1.5);
    expect(marker.y).to.be.closeTo(singapore!.y, 1);
    // The first half of the leg under way is drawn done, the second as what is ahead.
    const [, leaving, ahead] = stops(el);
    const done = getComputedStyle(leaving!.querySelector('.line-dot')!).backgroundColor;
    expect(getComputedStyle(leaving!, '::after').backgroundColor).to.equal(done);
    expect(getComputedStyle(ahead!, '::before').backgroundColor).to.not.equal(done);
  });

  it('rings the transfer airport a waybill waits at, in <air-tracker>', async () => {
    const el = await loaded(AIR);
    expect(line(el).getAttribute('aria-label')).to.equal('Progress: at Dubai\u00a0(DXB), 1 of 2 legs done');
    expect(stops(el).map((s) => s.dataset.stage)).to.deep.equal(['done', 'current', 'ahead']);
    expect(line(el).querySelector('.line-marker')).to.equal(null);
    expect(getComputedStyle(stops(el)[1]!.querySelector('.line-dot')!).boxShadow).to.not.equal('none');
  });

  it('takes its colours from the element’s custom properties: accent for the way done, success for a delivery', async () => {
    const el = await loaded(DELIVERED, 'lang="en" style="--tracker-accent-color: rgb(1, 2, 3); --tracker-success-color: rgb(4, 5, 6)"');
    expect(line(el).dataset.position).to.equal('delivered');
    expect(line(el).getAttribute('aria-label')).to.equal('Progress: delivered at New York, 1 of 1 leg done');
    const [first, last] = stops(el);
    expect(getComputedStyle(first!.querySelector('.line-dot')!).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(first!, '::after').backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(last!.querySelector('.line-dot')!).backgroundColor).to.equal('rgb(4, 5, 6)');
  });

  it('draws a booking nothing has happened to yet as all ahead, without a marker', async () => {
    const booked = { tag: 'ocean-tracker', attr: 'reference-number="263841975"', fixture: 'ocean-booked-planned.json' } as const;
    const el = await loaded(booked);
    expect(line(el).dataset.position).to.equal('notStarted');
    expect(line(el).getAttribute('aria-label')).to.equal('Progress: not yet left Yantian, 0 of 3 legs done');
    expect(stops(el).map((s) => s.dataset.stage)).to.deep.equal(['ahead', 'ahead', 'ahead', 'ahead']);
    expect(line(el).querySelector('.line-marker')).to.equal(null);
  });

  it('draws a hold in the warning colour, at the place of the hold', async () => {
    // ONE's container held at Oakland, its latest event an inspection (a hold, as the exception banner says).
    const body = await fixture<{ containers: Array<{ milestones: Array<{ code: string }> }> }>('ocean-unknown-codes.json');
    for (const m of body.containers[0]!.milestones) if (m.code === 'HOLD') m.code = 'INSP';
    const held = { tag: 'ocean-tracker', attr: 'reference-number="ONEU6041826"', fixture: '' } as const;
    const el = await loaded(held, 'lang="en" style="--tracker-warning-color: rgb(7, 8, 9)"', body);
    expect(line(el).dataset.position).to.equal('held');
    expect(line(el).getAttribute('aria-label')).to.equal('Progress: held at Oakland, 1 of 1 leg done');
    expect(stops(el).map((s) => s.dataset.stage)).to.deep.equal(['done', 'current']);
    expect(getComputedStyle(stops(el)[1]!.querySelector('.line-dot')!).backgroundColor).to.equal('rgb(7, 8, 9)');
  });

  it('mirrors in Arabic: the origin on the right, the destination on the left, the marker still between its stops', async () => {
    const english = await loaded(OCEAN);
    const ltr = dots(english);
    // How far each stop is from where the line starts: its left edge, or in Arabic its right.
    const fromLeft = line(english).getBoundingClientRect().left;
    const ltrInset = ltr.map((c) => c.x - fromLeft);
    expect(ltr[0]!.x).to.be.lessThan(ltr[1]!.x);
    expect(ltr[1]!.x).to.be.lessThan(ltr[2]!.x);
    english.remove();
    const el = await loaded(OCEAN, 'lang="ar"');
    await until(() => line(el).getAttribute('aria-label')!.startsWith('التقدم'), 'the line named in Arabic');
    const rtl = dots(el);
    expect(rtl[0]!.x).to.be.greaterThan(rtl[1]!.x);
    expect(rtl[1]!.x).to.be.greaterThan(rtl[2]!.x);
    const fromRight = line(el).getBoundingClientRect().right;
    rtl.forEach((c, i) => expect(fromRight - c.x, `stop ${i}`).to.be.closeTo(ltrInset[i]!, 1.5));
    const marker = centre(line(el).querySelector('.line-marker')!);
    expect(marker.x).to.be.closeTo((rtl[1]!.x + rtl[2]!.x) / 2, 1.5);
  });

  itExceptIn(chromiumOnly, 'keeps its colours on paper, where backgrounds are left out by default', async () => {
    const el = await loaded(OCEAN);
    await emulateMedia({ media: 'print' });
    try {
      const [done] = stops(el);
      for (const node of [done!.querySelector('.line-dot')!, line(el).querySelector('.line-marker')!]) {
        expect(getComputedStyle(node).printColorAdjust).to.equal('exact');
      }
      expect(getComputedStyle(done!, '::after').printColorAdjust).to.equal('exact');
    } finally {
      await emulateMedia({ media: 'screen' });
    }
  });

  for (const width of [390, 1280]) {
    itExceptIn(tooNarrowFor(width), `at ${width} px: fits its box at its fixed height, names cut short rather than wrapped`, async () => {
      await setViewport({ width, height: 900 });
      document.body.style.margin = '0';
      for (const d of [OCEAN, AIR]) {
        const el = await loaded(d, 'lang="en" style="margin:0"');
        const box = line(el).getBoundingClientRect();
        const progress = part(el, 'progress')!.getBoundingClientRect();
        expect(box.left).to.be.at.least(progress.left);
        expect(box.right).to.be.at.most(progress.right);
        expect(box.height).to.be.closeTo(2.5 * parseFloat(getComputedStyle(line(el)).fontSize), 0.5);
        for (const stop of stops(el)) {
          const name = stop.querySelector('.line-name')!.getBoundingClientRect();
          expect(name.height, 'one line').to.be.lessThan(box.height / 1.5);
          expect(name.left).to.be.at.least(stop.getBoundingClientRect().left - 0.5);
          expect(name.right).to.be.at.most(stop.getBoundingClientRect().right + 0.5);
        }
        // The stops evenly spread: each leg as long as the others.
        const x = dots(el).map((c) => c.x);
        for (let i = 2; i < x.length; i++) expect(x[i]! - x[i - 1]!).to.be.closeTo(x[1]! - x[0]!, 1);
        expect(el.scrollWidth).to.be.at.most(el.clientWidth);
        el.remove();
      }
    });
  }
});

describe('the room of the progress line', () => {
  afterEach(cleanUp);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    itExceptIn(
      tooNarrowFor(viewport.width),
      `${viewport.width} px: the outline of a lookup holds the line and the sentence under it, and is never taller than the summary`,
      async () => {
        await setViewport(viewport);
        document.body.style.margin = '0';
        const s = await scenario({ responses: [{ status: 200, body: await fixture(AIR.fixture), delayMs: 600 }] });
        const el = mount<Tracker>(`<air-tracker lang="en" proxy-url="${s.base}/air" ${AIR.attr} style="margin:0"></air-tracker>`);
        await until(() => part(el, 'skeleton')?.classList.contains('skeleton') === true, 'the outline shown');
        const bone = part(el, 'skeleton')!.querySelector('.bone.progress')!.getBoundingClientRect();
        await nextEvent(el, 'tracker-load');
        await el.updateComplete;
        await frames(2);
        const progress = part(el, 'progress')!;
        const box = progress.getBoundingClientRect();
        const sentence = progress.querySelector('.progress-now')!.getBoundingClientRect();
        expect(line(el).getBoundingClientRect().bottom).to.be.at.most(sentence.top);
        expect(bone.height).to.be.at.least(sentence.bottom - box.top + parseFloat(getComputedStyle(progress).paddingBlockEnd));
        expect(bone.height).to.be.at.most(box.height + 0.5);
      },
    );
  }
});
