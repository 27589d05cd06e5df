import { expect } from '@open-wc/testing';
import '@cargo-trackers/air-tracker';
import { useClock } from '@cargo-trackers/core/internal/first';
import { fixture, mount, part, scenario, until } from '../../../support/browser.js';
import { FakeClock, TEST_NOW } from '../../../support/fake-clock.js';

type Tracker = HTMLElement & { updateComplete: Promise<boolean> };

function text(node: Element | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

// The demo page's end-to-end test (test/demo/e2e/waiting-feedback.test.ts) holds a lookup on the
// mock service in Chromium; this one holds it on the scripted proxy, in every engine and in Arabic.
describe('while a lookup is in flight', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('shows the outline of the shipment from the inline start, and after 2 s says in the visitor’s language that the service is still looking', async () => {
    // The answer takes 6 s of real time, far more than the steps before it need; the 2 s after which
    // the element says it is still looking are on its own clock, which the test moves.
    const s = await scenario({ responses: [{ status: 200, body: await fixture('air-awb-transfer.json'), delayMs: 6000 }] });
    const el = mount<Tracker>(`<air-tracker lang="ar" proxy-url="${s.base}/air" awb-number="176-22817340"></air-tracker>`);
    const clock = new FakeClock(TEST_NOW);
    useClock(el, clock);
    await el.updateComplete;
    await until(() => part(el, 'skeleton') !== null, 'the skeleton is shown');
    const skeleton = part(el, 'skeleton')!;
    expect(skeleton.getAttribute('aria-busy')).to.equal('true');
    const frame = skeleton.getBoundingClientRect();
    const bones = [...skeleton.querySelectorAll('.bone')].map((b) => b.getBoundingClientRect());
    expect(bones.length).to.be.at.least(8);
    expect(bones.every((b) => b.width > 0 && b.height > 0)).to.be.true;
    // Right to left: the route's and the timeline's dots start at the right edge, as the real ones will.
    const dots = [...skeleton.querySelectorAll('.dot')].map((b) => b.getBoundingClientRect());
    expect(dots.length).to.be.at.least(4);
    for (const dot of dots) expect(dot.right).to.be.closeTo(frame.right, 1);
    expect(text(part(el, 'notice'))).to.not.contain('ما زال البحث جاريًا');

    // The controller took the request over and counts 2 s from then.
    await until(() => clock.nextIn === 2000, 'the still-looking timer set');
    await clock.advance(1999);
    await el.updateComplete;
    expect(text(part(el, 'notice')), 'not a millisecond early').to.not.contain('ما زال البحث جاريًا');
    await clock.advance(1);
    await el.updateComplete;
    expect(text(part(el, 'notice'))).to.contain('ما زال البحث جاريًا');
    const polite = part(el, 'announcer')!.querySelector('[role="status"]')!;
    expect(text(polite)).to.equal('ما زال البحث جاريًا. بعض شركات النقل تستغرق وقتًا أطول قليلًا للرد.');

    await until(() => part(el, 'status') !== null, 'the shipment is shown');
    await el.updateComplete;
    expect(part(el, 'skeleton'), 'the outline gives way to the shipment').to.equal(null);
    expect(text(part(el, 'notice'))).to.equal('');
  });
});
