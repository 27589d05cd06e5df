// What a framework binding follows: `tracker-number-change` when the element changes its own number
// (the visitor's form, `sync-url`), `tracker-state-change` at each change of `trackingState`; and a
// lookup that starts in the update that shows it (Lit's dev build warned `change-in-update` when a
// property was set in `updated()`, which cost a second render).
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { AirTracker } from '@cargo-trackers/air-tracker';
import type { TrackerNumberChangeEvent, TrackerStateChangeEvent } from '@cargo-trackers/core';
import type { PropertyValues } from 'lit';
import { fixture, mount, nextEvent, scenario, sleep, until } from '../../../support/browser.js';

const transit = () => fixture<Record<string, unknown>>('ocean-container-in-transit.json');
const delivered = () => fixture<Record<string, unknown>>('air-delivered.json');

/** Every `tracker-state-change` of `el`, with what `trackingState` said when it came. */
function states(el: HTMLElement & { trackingState: string }): Array<[string, string]> {
  const seen: Array<[string, string]> = [];
  el.addEventListener('tracker-state-change', (e: TrackerStateChangeEvent) => {
    expect(e.detail.state).to.equal(e.state);
    seen.push([e.state, el.trackingState]);
  });
  return seen;
}

function numbers(el: HTMLElement): string[] {
  const seen: string[] = [];
  el.addEventListener('tracker-number-change', (e: TrackerNumberChangeEvent) => {
    expect(e.detail.number).to.equal(e.number);
    expect(e.bubbles && e.composed).to.equal(true);
    seen.push(e.number);
  });
  return seen;
}

/** Types `number` into the element's form and sends it, as a visitor does. */
function submit(el: HTMLElement, number: string): void {
  const input = el.shadowRoot!.querySelector<HTMLInputElement>('input#number')!;
  input.value = number;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  el.shadowRoot!.querySelector('form')!.requestSubmit();
}

/** Counts updates after which another one was already pending: what Lit's dev build warns about as `change-in-update`. */
class CountedOcean extends OceanTracker {
  changeInUpdate = 0;
  updates = 0;
  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.updates++;
    if (this.isUpdatePending) this.changeInUpdate++;
  }
}
class CountedAir extends AirTracker {
  changeInUpdate = 0;
  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.isUpdatePending) this.changeInUpdate++;
  }
}
customElements.define('counted-ocean-tracker', CountedOcean);
customElements.define('counted-air-tracker', CountedAir);

describe('change events', () => {
  afterEach(() => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    history.replaceState(null, '', location.pathname);
  });

  it('<ocean-tracker>: the visitor sending another number says tracker-number-change once, with the number; the page setting one does not', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
    const el = mount<OceanTracker>(`<ocean-tracker proxy-url="${s.base}/ocean" map="none"></ocean-tracker>`);
    await el.updateComplete;
    const said = numbers(el);
    submit(el, 'MEDU9091004');
    expect(said, 'at once, as the property changes').to.deep.equal(['MEDU9091004']);
    expect(el.referenceNumber).to.equal('MEDU9091004');
    await nextEvent(el, 'tracker-load');
    submit(el, 'MEDU9091004');
    el.referenceNumber = 'HLXU8123446';
    await el.updateComplete;
    expect(said, 'the same number sent again, and a number the page set, are not announced').to.deep.equal(['MEDU9091004']);
    submit(el, 'CSQU3054383');
    expect(said).to.deep.equal(['MEDU9091004', 'CSQU3054383']);
  });

  it('<air-tracker>: the visitor sending another number says tracker-number-change', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await delivered() }] });
    const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" map="none"></air-tracker>`);
    await el.updateComplete;
    const said = numbers(el);
    submit(el, '176-22817340');
    expect(said).to.deep.equal(['176-22817340']);
    expect(el.awbNumber).to.equal('176-22817340');
  });

  it('sync-url: the number read from the address is announced once the element is in the page', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
    history.replaceState(null, '', `${location.pathname}?ocean=MEDU9091004`);
    const root = document.createElement('div');
    root.dataset.testRoot = '';
    const el = document.createElement('ocean-tracker');
    el.setAttribute('proxy-url', `${s.base}/ocean`);
    el.setAttribute('map', 'none');
    el.syncUrl = true;
    root.append(el);
    document.body.append(root);
    // A framework adds its listener after inserting the element, in the same task.
    const said = numbers(el);
    await sleep(0);
    expect(said).to.deep.equal(['MEDU9091004']);
    expect(el.referenceNumber).to.equal('MEDU9091004');
  });

  it('tracker-state-change follows trackingState through a 202 to a shipment, each event when the property says it', async () => {
    const s = await scenario({
      responses: [
        { status: 202, body: { status: 'pending', message: 'Looking' } },
        { status: 200, body: await transit() },
      ],
    });
    const el = mount<OceanTracker>(`<ocean-tracker proxy-url="${s.base}/ocean" map="none" poll-interval="1"></ocean-tracker>`);
    const seen = states(el);
    el.referenceNumber = 'MEDU9091004';
    await nextEvent(el, 'tracker-load');
    expect(seen).to.deep.equal([
      ['loading', 'loading'],
      ['waiting', 'waiting'],
      ['loading', 'loading'],
      ['loaded', 'loaded'],
    ]);
  });

  it('tracker-state-change says failed, and loading again on "try again"', async () => {
    const s = await scenario({ responses: [{ status: 404, body: { error: { code: 'not_found', message: 'No such container' } } }] });
    const el = mount<OceanTracker>(`<ocean-tracker proxy-url="${s.base}/ocean" map="none"></ocean-tracker>`);
    const seen = states(el);
    el.referenceNumber = 'MEDU9091004';
    await nextEvent(el, 'tracker-error');
    await until(() => seen.length === 2, 'failed');
    expect(seen.map(([state]) => state)).to.deep.equal(['loading', 'failed']);
    el.retry();
    expect(seen.map(([state]) => state)).to.deep.equal(['loading', 'failed', 'loading']);
  });

  it('a lookup started by a number, by the form or by proxy-url needs one render: no update leaves another pending', async () => {
    const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
    const ocean = mount<CountedOcean>(`<counted-ocean-tracker proxy-url="${s.base}/ocean" map="none"></counted-ocean-tracker>`);
    await ocean.updateComplete;
    ocean.referenceNumber = 'MEDU9091004';
    await nextEvent(ocean, 'tracker-load');
    await ocean.updateComplete;
    submit(ocean, 'HLXU8123446');
    await nextEvent(ocean, 'tracker-load');
    ocean.proxyUrl = `${s.base}/ocean/`;
    await nextEvent(ocean, 'tracker-load');
    await ocean.updateComplete;
    expect(ocean.updates).to.be.greaterThan(3);
    expect(ocean.changeInUpdate).to.equal(0);

    const a = await scenario({ responses: [{ status: 200, body: await delivered() }] });
    const air = mount<CountedAir>(
      `<counted-air-tracker proxy-url="${a.base}/air" map="none" awb-number="176-22817340"></counted-air-tracker>`,
    );
    await nextEvent(air, 'tracker-load');
    await air.updateComplete;
    expect(air.changeInUpdate).to.equal(0);
  });
});
