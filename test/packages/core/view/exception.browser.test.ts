import { expect } from '@open-wc/testing';
import '@cargo-trackers/air-tracker';
import '@cargo-trackers/ocean-tracker';
import { fixture, itExceptIn, mount, nextEvent, part, scenario, setViewport, tooNarrowFor } from '../../../support/browser.js';
import { contrastRatio } from '../../../../demo/public/configure/contrast.js';
import { over, rgb } from '../../../support/contrast.js';

type Doc = Record<string, unknown> & { flights: { state: string }[] };

/** The cancelled-flight document without the flights that replace the cancelled one: awaiting re-booking. */
async function awaitingRebooking(): Promise<Doc> {
  const doc = await fixture<Doc>('air-cancelled-flight.json');
  return { ...doc, flights: doc.flights.filter((f) => f.state === 'cancelled') };
}

async function loaded(
  tag: 'air-tracker' | 'ocean-tracker',
  body: unknown,
  lang = 'en',
): Promise<HTMLElement & { updateComplete: Promise<boolean> }> {
  const s = await scenario({ responses: [{ status: 200, body }] });
  const attr = tag === 'air-tracker' ? 'awb-number="160-88230472"' : 'reference-number="MEDU9091004"';
  const el = mount<HTMLElement & { updateComplete: Promise<boolean> }>(`<${tag} lang="${lang}" proxy-url="${s.base}/x" ${attr}></${tag}>`);
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  return el;
}

function text(node: Element | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('exceptions first', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('shows a cancelled flight in the status and in a banner right under it, with the affected flight', async () => {
    const el = await loaded('air-tracker', await awaitingRebooking());
    const banner = part(el, 'exception')!;
    expect(banner, 'part="exception"').to.exist;
    expect(text(banner)).to.contain('Flight CX096 cancelled — awaiting a new flight.').and.to.contain('Affected: CX096: Hong Kong (HKG)');
    expect(text(part(el, 'status')!.querySelector('[data-exception="cancelled"]'))).to.equal('Flight cancelled');
    const summary = el.shadowRoot!.querySelector('.summary')!;
    expect(banner.getBoundingClientRect().bottom).to.be.at.most(summary.getBoundingClientRect().top + 0.5);
    expect(banner.getBoundingClientRect().top).to.be.at.least(part(el, 'status')!.getBoundingClientRect().bottom - 0.5);
    expect(banner.getBoundingClientRect().height).to.be.greaterThan(0);
  });

  it('says the exception once in the live region, with the status, and not again on a re-render', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await awaitingRebooking() }] });
    const el = mount<HTMLElement & { updateComplete: Promise<boolean>; awbNumber: string }>(
      `<air-tracker lang="en" proxy-url="${s.base}/air"></air-tracker>`,
    );
    await el.updateComplete;
    const polite = part(el, 'announcer')!.querySelector<HTMLElement>('[role="status"]')!;
    const spoken: string[] = [];
    new MutationObserver(() => spoken.push(text(polite))).observe(polite, { characterData: true, childList: true, subtree: true });
    el.awbNumber = '160-88230472';
    await nextEvent(el, 'tracker-load');
    await el.updateComplete;
    const input = el.shadowRoot!.querySelector('input')!;
    input.value = '160-8823047';
    input.dispatchEvent(new InputEvent('input'));
    await el.updateComplete;
    const saidException = spoken.filter((t) => t.includes('Flight CX096 cancelled'));
    expect(saidException).to.have.length(1);
    expect(saidException[0]).to.match(/^Found 160-88230472\. Status: .+ Affected: CX096: /);
  });

  it('names a re-booking onto the replacement flight', async () => {
    const el = await loaded('air-tracker', await fixture('air-cancelled-flight.json'));
    const banner = part(el, 'exception')!;
    expect(banner.querySelector('[data-exception="rebooked"]')).to.exist;
    expect(text(banner)).to.contain('re-booked on CX084');
    expect(text(part(el, 'status')!.querySelector('[data-exception="rebooked"]'))).to.equal('Re-booked');
  });

  it('names the flight a re-booking dropped and the one the cargo is on now', async () => {
    const el = await loaded('air-tracker', await fixture('air-rebooked.json'));
    expect(text(part(el, 'exception'))).to.equal('Offloaded from LH8160, now on LH8162.');
  });

  it('says an arrival later than first promised under the status too, with the new arrival, in the warning tone (ocean)', async () => {
    // Was said in the arrival box only, which a phone shows below its first screen.
    const el = await loaded('ocean-tracker', await fixture('ocean-container-in-transit.json'));
    expect(text(part(el, 'eta')))
      .to.contain('Delayed by 2 days 18 hours')
      .and.to.contain('Rotterdam');
    expect(text(part(el, 'exception')))
      .to.contain('Arrival is now expected 2 days 18 hours later than first promised.')
      .and.to.match(/Now expected Dec 4, 2026, 08:00 AM GMT\+1\./);
    expect(part(el, 'status')!.querySelector('.status-badge')!.getAttribute('data-tone')).to.equal('warning');
    expect(text(part(el, 'status')!.querySelector('[data-exception="delayed"]'))).to.equal('Delayed');
  });

  it('gives the status badge of a shipment without exceptions no tone, and of one with a hold the warning colour, not the accent', async () => {
    const plain = await loaded('air-tracker', await fixture('air-awb-transfer.json'));
    const plainBadge = part(plain, 'status')!.querySelector('.status-badge')!;
    expect(plainBadge.hasAttribute('data-tone')).to.equal(false);
    const held = await loaded('ocean-tracker', await fixture('ocean-unknown-codes.json'));
    const badge = part(held, 'status')!.querySelector('.status-badge')!;
    expect(text(badge)).to.equal('Held by customs');
    expect(badge.getAttribute('data-tone')).to.equal('warning');
    expect(getComputedStyle(badge).borderTopColor).not.to.equal(getComputedStyle(plainBadge).borderTopColor);
    expect(text(part(held, 'exception')))
      .to.contain('The cargo is held')
      .and.to.contain('Next: Customs release');
  });

  describe('a flight cancelled with nothing in its place (the demo’s 157-13905275)', () => {
    const load = async (theme = 'light') => {
      const s = await scenario({ responses: [{ status: 200, body: await fixture('air-cancelled-awaiting-rebooking.json') }] });
      const el = mount<HTMLElement & { updateComplete: Promise<boolean> }>(
        `<air-tracker lang="en" theme="${theme}" map="none" proxy-url="${s.base}/air" awb-number="157-13905275"></air-tracker>`,
      );
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      return el;
    };

    it('keeps the waybill’s status, in the danger tone, beside the cancelled flight: the flight is cancelled, not the waybill', async () => {
      // Was "Awaiting re-booking" beside a red "Cancelled", which read as if the waybill were cancelled.
      const el = await load();
      const status = part(el, 'status')!;
      const badge = status.querySelector('.status-badge')!;
      expect(text(badge)).to.equal('In transit');
      expect(badge.getAttribute('data-tone')).to.equal('danger');
      expect(text(status.querySelector('[data-exception="cancelled"]'))).to.equal('Flight cancelled');
      expect(text(part(el, 'exception'))).to.contain('Flight QR8325 cancelled — awaiting a new flight.');
      const polite = part(el, 'announcer')!.querySelector('[role="status"]')!;
      expect(text(polite)).to.match(/^Found 157-13905275\. Status: In transit\. Flight QR8325 cancelled — awaiting a new flight\./);
    });

    it('says in the arrival box that the arrival is unknown, and why', async () => {
      const el = await load();
      const eta = part(el, 'eta')!;
      expect(eta, 'an arrival box without an arrival').to.exist;
      expect(text(eta.querySelector('.eta-time'))).to.equal('Arrival unknown');
      expect(text(eta)).to.contain('London (LHR)').and.to.contain('Awaiting re-booking after a cancellation');
    });

    for (const theme of ['light', 'dark']) {
      it(`draws the cancellation apart from a delay, its text still readable (${theme})`, async () => {
        const delayed = await loaded('ocean-tracker', await fixture('ocean-container-in-transit.json'));
        delayed.setAttribute('theme', theme);
        await delayed.updateComplete;
        // A delay is said once, in the arrival box, in the warning colour.
        const delay = getComputedStyle(part(delayed, 'eta')!.querySelector('.delay')!).color;
        const el = await load(theme);
        const badge = getComputedStyle(part(el, 'status')!.querySelector('[data-exception="cancelled"]')!);
        const status = getComputedStyle(part(el, 'status')!.querySelector('.status-badge')!);
        const banner = getComputedStyle(part(el, 'exception')!);
        expect(badge.borderTopColor, 'badge edge').not.to.equal(delay);
        expect(status.borderTopColor, 'status badge edge').to.equal(badge.borderTopColor);
        expect(banner.borderInlineStartColor, 'banner edge').not.to.equal(delay);
        const background = getComputedStyle(el).backgroundColor;
        for (const [where, style] of [
          ['badge', badge],
          ['status badge', status],
          ['banner', banner],
        ] as const) {
          const behind = over(style.backgroundColor, background);
          const ratio = contrastRatio(rgb(style.color), behind);
          expect(ratio, `${where} text ${style.color} on ${behind.join()}`).to.be.at.least(4.5);
        }
      });
    }
  });

  it('shows no banner for a shipment that went as planned', async () => {
    const el = await loaded('air-tracker', await fixture('air-delivered.json'));
    expect(part(el, 'exception')).to.equal(null);
    expect(part(el, 'status')!.querySelector('[data-exception]')).to.equal(null);
  });

  it('speaks Arabic right to left, its stripe on the inline start', async () => {
    const el = await loaded('air-tracker', await awaitingRebooking(), 'ar');
    const banner = part(el, 'exception')!;
    expect(text(banner)).to.contain('أُلغيت الرحلة').and.to.contain('CX096');
    const style = getComputedStyle(banner);
    expect(style.direction).to.equal('rtl');
    expect(style.borderRightWidth).to.equal('4px');
    expect(style.borderLeftWidth).to.equal('0px');
  });

  describe('on a 390 × 844 phone', () => {
    const PHONE = { width: 390, height: 844 };
    afterEach(async () => {
      document.body.style.margin = '';
      await setViewport({ width: 800, height: 600 });
    });
    const cases = [
      { tag: 'ocean-tracker', fixture: 'ocean-unknown-codes.json', kind: 'hold', tone: 'warning' },
      { tag: 'ocean-tracker', fixture: 'ocean-container-in-transit.json', kind: 'delayed', tone: 'warning' },
      { tag: 'air-tracker', fixture: 'air-cancelled-awaiting-rebooking.json', kind: 'cancelled', tone: 'danger' },
      { tag: 'air-tracker', fixture: 'air-rebooked.json', kind: 'rebooked', tone: 'warning' },
    ] as const;
    for (const c of cases) {
      itExceptIn(tooNarrowFor(PHONE.width), `names the ${c.kind} of ${c.fixture} and its next step on the first screen`, async () => {
        await setViewport(PHONE);
        document.body.style.margin = '0';
        const el = await loaded(c.tag, await fixture(c.fixture));
        window.scrollTo(0, 0);
        const exception = part(el, 'exception')!.querySelector<HTMLElement>(`[data-exception="${c.kind}"]`)!;
        expect(exception, c.kind).to.exist;
        expect(exception.getAttribute('data-tone')).to.equal(c.tone);
        const box = exception.getBoundingClientRect();
        expect(box.height).to.be.greaterThan(0);
        expect(box.bottom, 'the exception’s words above the fold').to.be.at.most(PHONE.height);
        expect(part(el, 'status')!.querySelector('.status-badge')!.getAttribute('data-tone')).to.equal(c.tone);
      });
    }
  });
});
