// The timeline as a visitor meets it in <ocean-tracker>: a long history opens folded to its
// latest actual events and what is still to come, behind a labelled, keyboard-usable toggle.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { fixture, itExceptIn, mount, nextEvent, part, parts, scenario, setViewport, tooNarrowFor } from '../../../support/browser.js';

async function shown(name: string): Promise<OceanTracker> {
  const s = await scenario({ responses: [{ status: 200, body: await fixture(name) }] });
  const el = mount<OceanTracker>(`<ocean-tracker lang="en" map="none" proxy-url="${s.base}/ocean" reference-number="X"></ocean-tracker>`);
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  return el;
}

describe('timeline', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('opens a 600-event history folded: the last 10 actual events and everything still to come, numbered as in the whole list', async () => {
    const el = await shown('ocean-long-history.json');
    const all = el.shipment!.units[0]!.milestones;
    const upcoming = all.filter((m) => m.kind !== 'actual').length;
    const rows = parts(el, 'milestone');
    expect(rows).to.have.length(10 + upcoming);
    expect(rows.slice(0, 10).every((r) => r.dataset.kind === 'actual')).to.equal(true);
    expect(rows.filter((r) => r.hasAttribute('data-current'))).to.have.length(1);
    expect(rows[9]!.hasAttribute('data-current')).to.equal(true);
    const list = part(el, 'milestones')!;
    expect(list.tagName).to.equal('OL');
    expect(list.getAttribute('start')).to.equal(String(all.length - rows.length + 1));
    const toggle = part(el, 'history-toggle')!;
    expect(toggle.tagName).to.equal('BUTTON');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    // Honest about how many are folded: a step of 25 out of all the earlier ones.
    expect(toggle.textContent!.trim()).to.equal(`Show 25 of ${all.length - rows.length} earlier events`);
    // Clear of the first dot under it (the dot sits at the row's top), not touching it.
    expect(rows[0]!.getBoundingClientRect().top - toggle.getBoundingClientRect().bottom).to.be.at.least(12);
    expect(part(el, 'history-fold')).to.equal(null);
  });

  it('shows 25 earlier events a step from the keyboard, keeping focus on the toggle, then folds them all again', async () => {
    const el = await shown('ocean-long-history.json');
    const total = el.shipment!.units[0]!.milestones.length;
    const initial = parts(el, 'milestone').length;
    const folded = total - initial;
    part(el, 'history-toggle')!.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    // One step builds a screenful, never the whole history (600 events here; the proxy passes 30,000).
    expect(parts(el, 'milestone')).to.have.length(initial + 25);
    expect(part(el, 'milestones')!.getAttribute('start')).to.equal(String(folded - 25 + 1));
    expect(part(el, 'history-toggle')!.getAttribute('aria-expanded')).to.equal('false');
    expect(part(el, 'history-fold')!.textContent!.trim()).to.equal('Hide earlier events');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'history-toggle'));
    let steps = 1;
    while (part(el, 'history-toggle')!.getAttribute('aria-expanded') === 'false') {
      const before = parts(el, 'milestone').length;
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(parts(el, 'milestone').length - before).to.be.within(1, 25);
      steps++;
    }
    expect(steps).to.equal(Math.ceil(folded / 25));
    expect(parts(el, 'milestone')).to.have.length(total);
    expect(part(el, 'milestones')!.getAttribute('start')).to.equal('1');
    expect(part(el, 'history-toggle')!.textContent!.trim()).to.equal('Hide earlier events');
    expect(part(el, 'history-fold')).to.equal(null);
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'history-toggle'));
    await sendKeys({ press: ' ' });
    await el.updateComplete;
    expect(parts(el, 'milestone')).to.have.length(initial);
    expect(part(el, 'history-toggle')!.getAttribute('aria-expanded')).to.equal('false');
  });

  it('hides the earlier events shown so far with the fold button, while some are still folded', async () => {
    const el = await shown('ocean-long-history.json');
    const initial = parts(el, 'milestone').length;
    part(el, 'history-toggle')!.click();
    await el.updateComplete;
    part(el, 'history-toggle')!.click();
    await el.updateComplete;
    expect(parts(el, 'milestone')).to.have.length(initial + 50);
    part(el, 'history-fold')!.click();
    await el.updateComplete;
    expect(parts(el, 'milestone')).to.have.length(initial);
    expect(part(el, 'history-fold')).to.equal(null);
  });

  it('folds again for a new lookup', async () => {
    const el = await shown('ocean-long-history.json');
    part(el, 'history-toggle')!.click();
    await el.updateComplete;
    const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-long-history.json') }] });
    el.proxyUrl = `${s.base}/ocean`;
    el.referenceNumber = 'Y';
    await nextEvent(el, 'tracker-load');
    await el.updateComplete;
    expect(part(el, 'history-toggle')!.getAttribute('aria-expanded')).to.equal('false');
  });

  it('shows a short history whole, with no toggle', async () => {
    const el = await shown('ocean-container-in-transit.json');
    expect(parts(el, 'milestone')).to.have.length(el.shipment!.units[0]!.milestones.length);
    expect(part(el, 'history-toggle')).to.equal(null);
  });

  it('tags only the events still expected; an actual one is told by its dot, and in words to a screen reader', async () => {
    const el = await shown('ocean-container-in-transit.json');
    const rows = parts(el, 'milestone');
    const actual = rows.filter((r) => r.dataset.kind === 'actual');
    expect(actual.length).to.equal(8);
    for (const row of actual) {
      expect(row.querySelector('.kind-tag'), row.dataset.code).to.equal(null);
      const hidden = row.querySelector('.milestone-title .visually-hidden')!;
      expect(hidden.textContent!.trim()).to.equal('Actual');
      // In the text a screen reader reads, not on the screen.
      expect(hidden.getBoundingClientRect().width).to.be.at.most(1);
    }
    for (const row of rows.filter((r) => r.dataset.kind !== 'actual')) {
      expect(row.querySelector('.kind-tag')!.textContent).to.match(/^(Estimated|Planned)$/);
    }
  });

  it('does not repeat under a title the document’s text that says no more ("Full container gated in at terminal" under "Gate in")', async () => {
    const el = await shown('ocean-container-in-transit.json');
    const gateIn = parts(el, 'milestone').find((r) => r.dataset.code === 'GTIN')!;
    expect(gateIn.querySelector('.milestone-title')!.textContent).to.contain('Gate in');
    expect(gateIn.textContent).not.to.contain('gated in');
    // One that says more stays: the gate-out is for delivery.
    const gateOut = parts(el, 'milestone')
      .filter((r) => r.dataset.code === 'GTOT')
      .at(-1)!;
    expect(gateOut.textContent).to.contain('Full container gate out for delivery');
  });

  it('shows an expected day without an hour as the day alone, and an actual midnight with its hour', async () => {
    const el = await shown('ocean-date-only-estimate.json');
    const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
    expect(text(part(el, 'eta')!.querySelector('.eta-time'))).to.equal('Dec 2, 2026');
    const times = parts(el, 'milestone').map((r) => text(r.querySelector('time')));
    expect(times).to.deep.equal([
      'Nov 14, 2026, 12:00 AM GMT+8',
      'Nov 15, 2026, 04:20 PM GMT+8',
      'Nov 16, 2026, 02:10 AM GMT+8',
      'Dec 2, 2026',
      'Dec 3, 2026',
      'Dec 5, 2026, 09:30 AM GMT\u22128',
    ]);
    expect(text(part(el, 'shipment')).match(/12:00 AM/g)).to.have.length(1);
  });

  describe('on a 390 px phone', () => {
    afterEach(async () => {
      document.body.style.margin = '';
      await setViewport({ width: 800, height: 600 });
    });
    itExceptIn(tooNarrowFor(390), 'never breaks a time zone label across lines ("GMT−8", not "GMT-" and "8")', async () => {
      await setViewport({ width: 390, height: 844 });
      document.body.style.margin = '0';
      const el = await shown('ocean-unknown-codes.json');
      const times = [...el.shadowRoot!.querySelectorAll('time')];
      expect(times.length).to.be.greaterThan(5);
      let zones = 0;
      for (const time of times) {
        const walker = document.createTreeWalker(time, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.search(/GMT[+\-\u2212]\d/);
          if (at < 0) continue;
          zones++;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, node.textContent!.length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          expect(lines.size, node.textContent!).to.equal(1);
        }
      }
      expect(zones, 'zone labels west of GMT').to.be.greaterThan(5);
      // Drawn in a column too narrow for a whole time, the label still keeps together.
      const time = times.find((t) => /GMT\u2212/.test(t.textContent!))!;
      const narrow = time.cloneNode(true) as HTMLElement;
      narrow.style.cssText = 'display: inline-block; width: min-content';
      time.after(narrow);
      const node = document.createTreeWalker(narrow, NodeFilter.SHOW_TEXT).nextNode()!;
      const range = document.createRange();
      range.setStart(node, node.textContent!.search(/GMT/));
      range.setEnd(node, node.textContent!.length);
      expect(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size).to.equal(1);
      narrow.remove();
    });
  });
});
