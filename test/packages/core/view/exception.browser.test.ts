import { expect } from '@open-wc/testing';
import '@cargo-trackers/air-tracker';
import '@cargo-trackers/ocean-tracker';
import { fixture, mount, nextEvent, part, scenario } from '../../../support/browser.js';
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

  it('shows a cancelled flight in the status and in a banner above the summary, with the affected flight', async () => {
    const el = await loaded('air-tracker', await awaitingRebooking());
    const banner = part(el, 'exception')!;
    expect(banner, 'part="exception"').to.exist;
    expect(text(banner)).to.contain('Cancelled').and.to.contain('no replacement').and.to.contain('Affected: CX096: Hong Kong (HKG)');
    expect(text(part(el, 'status')!.querySelector('[data-exception="cancelled"]'))).to.equal('Cancelled');
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
    const saidException = spoken.filter((t) => t.includes('A leg of the journey was cancelled'));
    expect(saidException).to.have.length(1);
    expect(saidException[0]).to.match(/^Found 160-88230472\. Status: .+ Affected: CX096: /);
  });

  it('names a re-booking onto the replacement flight', async () => {
    const el = await loaded('air-tracker', await fixture('air-cancelled-flight.json'));
    const banner = part(el, 'exception')!;
    expect(banner.querySelector('[data-exception="rebooked"]')).to.exist;
    expect(text(banner)).to.contain('Re-booked').and.to.contain('re-booked on CX084');
  });

  it('says an arrival later than first promised once, in the arrival box, not also as a badge and a banner (ocean)', async () => {
    const el = await loaded('ocean-tracker', await fixture('ocean-container-in-transit.json'));
    expect(text(part(el, 'eta')))
      .to.contain('Delayed by 2 days 18 hours')
      .and.to.contain('Rotterdam');
    expect(text(part(el, 'exception')), 'no banner').to.equal('');
    expect(text(part(el, 'status')!.querySelector('[data-exception]')), 'no badge').to.equal('');
    // On the page (the live region says the shipment's news once, apart).
    expect(text(part(el, 'shipment')).match(/[Dd]elayed|later than first promised/g)).to.have.length(1);
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

    it('is not "In transit": the status says it awaits re-booking, beside the cancellation', async () => {
      const el = await load();
      const status = part(el, 'status')!;
      expect(text(status.querySelector('.status-badge'))).to.equal('Awaiting re-booking');
      expect(text(status)).not.to.contain('In transit');
      expect(text(status.querySelector('[data-exception="cancelled"]'))).to.equal('Cancelled');
      const polite = part(el, 'announcer')!.querySelector('[role="status"]')!;
      expect(text(polite)).to.match(/^Found 157-13905275\. Status: Awaiting re-booking\. A leg of the journey was cancelled/);
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
        const banner = getComputedStyle(part(el, 'exception')!);
        expect(badge.borderTopColor, 'badge edge').not.to.equal(delay);
        expect(banner.borderInlineStartColor, 'banner edge').not.to.equal(delay);
        const background = getComputedStyle(el).backgroundColor;
        for (const [where, style] of [
          ['badge', badge],
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
    expect(text(banner)).to.contain('أُلغيت إحدى مراحل الرحلة');
    const style = getComputedStyle(banner);
    expect(style.direction).to.equal('rtl');
    expect(style.borderRightWidth).to.equal('4px');
    expect(style.borderLeftWidth).to.equal('0px');
  });
});
