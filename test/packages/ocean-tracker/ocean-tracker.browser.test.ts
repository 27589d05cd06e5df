import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import type { TrackerLoadEvent } from '@cargo-trackers/core';
import { captureConsoleErrors, fixture, mount, nextEvent, part, parts, scenario, shadowText, sleep, until } from '../../support/browser.js';
import { describeElementCases, type ElementSpec } from '../../support/element-suite.js';
import { describeOutcomes } from '../../support/outcome-suite.js';

const transit = () => fixture<Record<string, unknown>>('ocean-container-in-transit.json');

async function tracker(attrs: string): Promise<OceanTracker> {
  const el = mount<OceanTracker>(`<ocean-tracker ${attrs}></ocean-tracker>`);
  await el.updateComplete;
  return el;
}

/** What the cases both elements share (../../support/element-suite.ts) and every other answer need to know of this one. */
const ocean: ElementSpec = {
  tag: 'ocean-tracker',
  product: 'ocean',
  path: 'ocean',
  numberAttribute: 'reference-number',
  setNumber: (el, number) => ((el as OceanTracker).referenceNumber = number),
  numberOf: (el) => (el as OceanTracker).referenceNumber,
  numberParameter: 'referenceNumber',
  routeParameter: 'routeDetails',
  label: 'Container, bill of lading or booking number',
  // The number's field and the carrier picker.
  fields: 2,
  number: 'MEDU9091004',
  document: transit,
  secondNumber: 'HLXU8372618',
  secondDocument: () => fixture<Record<string, unknown>>('ocean-delivered.json'),
  referenceOf: (document) => document['referenceNumber'],
  incompleteDocument: '{"referenceNumber":"MEDU9091004"}',
  otherProductDocument: '{"awbNumber":"176-22817340","status":"IN_TRANSIT","milestones":[]}',
  awkwardNumber: ' msc u 12+3&x=%20#é ',
  spellings: [{ typed: 'medu 909100-4', sent: 'MEDU9091004' }],
  wrongCheckDigit: { typed: 'MEDU9091005', advice: 'check digit should be 4' },
  hostile: { fixture: 'ocean-hostile-strings.json', number: 'X', part: 'vessels', text: "<img src=x onerror=alert('vessel')>" },
  travelPart: 'vessels',
  mapPlaces: ['Ningbo, China', 'Singapore', 'Rotterdam, Netherlands'],
  mapText: 'MSC GULSUN',
  routeless: { fixture: 'ocean-minimal.json', number: 'TGHU8830212' },
};

function params(search: string): URLSearchParams {
  return new URLSearchParams(search);
}

describe('<ocean-tracker>', () => {
  let errors: ReturnType<typeof captureConsoleErrors>;
  beforeEach(() => (errors = captureConsoleErrors()));
  afterEach(() => {
    errors.restore();
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  describeElementCases(ocean);

  describe('configuration', () => {
    const unusable: Array<[string, string]> = [
      ['proxy-url', 'javascript:alert(4)'],
      ['proxy-url', 'mailto:ops@example.com'],
      ['proxy-url', 'data:application/json,{}'],
      ['proxy-url', 'about:blank'],
      ['carriers-url', 'javascript:alert(5)'],
      ['tile-url', 'javascript:alert(6)//{z}/{x}/{y}'],
    ];
    for (const [attribute, value] of unusable) {
      it(`with ${attribute}="${value}" names ${attribute} in one notice and one console error, and sends nothing`, async () => {
        const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
        const uncaught: unknown[] = [];
        const onError = (e: ErrorEvent | PromiseRejectionEvent) => uncaught.push('reason' in e ? e.reason : e.error);
        window.addEventListener('error', onError);
        window.addEventListener('unhandledrejection', onError);
        try {
          const attrs = { 'proxy-url': `${s.base}/ocean`, 'carriers-url': `${s.base}/carriers/ocean`, [attribute]: value };
          const el = await tracker(
            `reference-number="MEDU9091004" ${Object.entries(attrs)
              .map(([k, v]) => `${k}="${v}"`)
              .join(' ')}`,
          );
          await sleep(300);
          const notices = parts(el, 'notice');
          expect(notices).to.have.length(1);
          expect(notices[0]?.textContent).to.contain(attribute).and.to.contain('https://');
          expect(errors.messages.filter((m) => m.includes(attribute))).to.have.length(1);
          expect(await s.requests(), 'neither the lookup nor the carrier list').to.have.length(0);
          expect(el.trackingState).to.equal('idle');
          el.referenceNumber = 'HLXU8123446';
          await el.updateComplete;
          await sleep(100);
          expect(await s.requests(), 'nor a later number').to.have.length(0);
          expect(
            errors.messages.filter((m) => m.includes(attribute)),
            'still one console error',
          ).to.have.length(1);
          expect(uncaught).to.deep.equal([]);
        } finally {
          window.removeEventListener('error', onError);
          window.removeEventListener('unhandledrejection', onError);
        }
      });
    }

    it('works again once the attribute is corrected', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
      const el = await tracker(`reference-number="MEDU9091004" proxy-url="javascript:alert(4)"`);
      expect(part(el, 'notice')?.textContent).to.contain('proxy-url');
      el.setAttribute('proxy-url', `${s.base}/ocean`);
      await until(() => el.trackingState === 'loaded', 'loaded after the fix');
      expect(part(el, 'notice')).to.equal(null);
    });
  });

  describe('requests', () => {
    it('sends a number set at load once, and cancels the request when removed while it is out', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transit(), delayMs: 3000 }] });
      const el = mount<OceanTracker>(
        `<ocean-tracker lang="en" proxy-url="${s.base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`,
      );
      await until(async () => (await s.requests()).length === 1, 'the request is out');
      expect(el.trackingState).to.equal('loading');
      el.remove();
      await until(async () => (await s.requests())[0]!.aborted, 'the request was cancelled');
      expect(await s.requests()).to.have.length(1);
    });

    it('sends carrierCode when the attribute presets one', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
      await tracker(`proxy-url="${s.base}/ocean" carrier-code="MSCU" reference-number="MEDU9091004"`);
      await until(async () => (await s.requests()).length === 1, 'one request');
      expect(params((await s.requests())[0]!.search).get('carrierCode')).to.equal('MSCU');
    });

    it('names a preset carrier in the picker, not its code, also beside a container number', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
      const el = await tracker(`proxy-url="${s.base}/ocean" carrier-code="MSCU" reference-number="MEDU9091004"`);
      const select = el.shadowRoot!.querySelector('select')!;
      await until(
        () => select.selectedOptions[0]?.textContent === 'MSC Mediterranean Shipping Company',
        `the picker shows ${select.selectedOptions[0]?.textContent}`,
      );
      expect(select.value).to.equal('MSCU');
      expect([...select.options].map((o) => o.textContent)).not.to.include('MSCU');
    });

    it('fills the carrier picker from the proxy list and sends the picked carrier from the form', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
      const el = await tracker(`proxy-url="${s.base}/ocean"`);
      const select = el.shadowRoot!.querySelector('select')!;
      select.focus();
      await until(() => select.options.length > 1, 'carriers listed');
      expect(select.options[0]!.textContent).to.contain('Detect automatically');
      expect([...select.options].map((o) => o.value)).to.include('OOLU');
      select.value = 'OOLU';
      select.dispatchEvent(new Event('change'));
      const input = el.shadowRoot!.querySelector('input')!;
      input.value = 'MEDU9091004';
      input.dispatchEvent(new InputEvent('input'));
      await el.updateComplete;
      part(el, 'submit-button')!.click();
      await until(async () => (await s.requests()).length === 1, 'one request');
      const q = params((await s.requests())[0]!.search);
      expect(q.get('carrierCode')).to.equal('OOLU');
      expect(q.get('referenceNumber')).to.equal('MEDU9091004');
    });

    it('asks for the carrier list only when the picker is used', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }] });
      const el = await tracker(`proxy-url="${s.base}/ocean"`);
      const input = el.shadowRoot!.querySelector('input')!;
      input.focus();
      input.value = 'MEDU9091004';
      input.dispatchEvent(new InputEvent('input'));
      await el.updateComplete;
      await sleep(300);
      expect(await s.listRequests(), 'list requests before the picker is used').to.equal(0);
      const select = el.shadowRoot!.querySelector('select')!;
      select.dispatchEvent(new PointerEvent('pointerdown'));
      await until(() => select.options.length > 1, 'carriers listed');
      select.focus();
      await el.updateComplete;
      expect(await s.listRequests(), 'list requests once it is used').to.equal(1);
    });

    it("lets a carrier-code set by the page replace the visitor's earlier pick", async () => {
      const s = await scenario({ responses: [{ status: 404, body: { message: 'nope' } }] });
      const el = await tracker(`proxy-url="${s.base}/ocean"`);
      const select = el.shadowRoot!.querySelector('select')!;
      select.dispatchEvent(new PointerEvent('pointerdown'));
      await until(() => [...select.options].some((o) => o.value === 'OOLU'), 'carriers listed');
      select.value = 'OOLU';
      select.dispatchEvent(new Event('change'));
      await el.updateComplete;
      el.carrierCode = 'MAEU';
      el.referenceNumber = 'MAEU1234565';
      await until(async () => (await s.requests()).length === 1, 'one request');
      expect(params((await s.requests())[0]!.search).get('carrierCode')).to.equal('MAEU');
    });

    it('says when the picked carrier needs the container number for a booking', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }] });
      const el = await tracker(`proxy-url="${s.base}/ocean" carrier-code="MSCU"`);
      await until(() => [...el.shadowRoot!.querySelector('select')!.options].some((o) => o.textContent === 'Maersk'), 'carriers listed');
      const input = el.shadowRoot!.querySelector('input')!;
      input.value = 'BK2211';
      input.dispatchEvent(new InputEvent('input'));
      await el.updateComplete;
      expect(shadowText(el)).to.contain('needs the container number to track a booking');
    });
  });

  describe('a 200', () => {
    it('shows status, ETA in the port zone, delay, route, vessels and the timeline, and fires tracker-load', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transit() }] });
      const el = mount<OceanTracker>(
        `<ocean-tracker lang="en" proxy-url="${s.base}/ocean" reference-number="MEDU9091004"></ocean-tracker>`,
      );
      const loaded = await nextEvent<TrackerLoadEvent>(el, 'tracker-load');
      await el.updateComplete;
      expect(loaded.shipment.reference).to.equal('MEDU9091004');
      expect(loaded.detail.shipment).to.equal(el.shipment);
      expect(part(el, 'status')!.textContent).to.contain('In transit');
      expect(part(el, 'status')!.textContent).to.contain('MSC Mediterranean Shipping Company');
      expect(part(el, 'status')!.textContent).to.contain('Container');
      const eta = part(el, 'eta')!;
      // 2026-12-04T08:00+01:00 shown in Rotterdam's zone, with the zone named.
      expect(eta.textContent).to.match(/Dec 4, 2026/);
      expect(eta.textContent).to.match(/08:00/);
      expect(eta.textContent).to.match(/GMT\+1|CET/);
      expect(eta.textContent).to.contain('Delayed by 2 days');
      const route = part(el, 'route')!.textContent!.replace(/\s+/g, ' ');
      expect(route.indexOf('Ningbo')).to.be.lessThan(route.indexOf('Singapore'));
      expect(route.indexOf('Singapore')).to.be.lessThan(route.indexOf('Rotterdam'));
      expect(route).to.contain('Netherlands');
      expect(part(el, 'vessels')!.textContent).to.contain('MSC GULSUN');
      expect(part(el, 'vessels')!.textContent).to.contain('AE2545W');
      const rows = parts(el, 'milestone');
      expect(rows.length).to.equal(el.shipment!.units[0]!.milestones.length);
      expect(rows.length).to.be.greaterThan(3);
      expect(rows[0]!.textContent).to.contain('Gate out');
      expect(rows[0]!.textContent).to.contain('Actual');
      // Times in the place's own zone: the first event is 09:10 in Ningbo (UTC+8).
      expect(rows[0]!.textContent).to.match(/09:10/);
      expect(rows.some((r) => /Estimated|Planned/.test(r.textContent!))).to.equal(true);
      expect(rows.filter((r) => r.hasAttribute('data-current'))).to.have.length(1);
      expect(part(el, 'milestones')!.tagName).to.equal('OL');
    });

    it('lets the visitor switch between the containers of a bill of lading', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-bill-of-lading-pacific.json') }] });
      const el = mount<OceanTracker>(`<ocean-tracker proxy-url="${s.base}/ocean" reference-number="OOLU2741938520"></ocean-tracker>`);
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      const buttons = parts(el, 'unit-button');
      expect(buttons).to.have.length(2);
      expect(buttons[0]!.getAttribute('aria-pressed')).to.equal('true');
      const second = el.shipment!.units[1]!;
      buttons[1]!.click();
      await el.updateComplete;
      expect(parts(el, 'unit-button')[1]!.getAttribute('aria-pressed')).to.equal('true');
      expect(part(el, 'milestones')!.closest('section')!.getAttribute('aria-label')).to.contain(second.id);
      expect(parts(el, 'milestone')).to.have.length(second.milestones.length);
    });

    it('shows the containers of a bill of lading under a visible heading, above the map, each with its type and status in view', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-bill-of-lading-pacific.json') }] });
      const el = mount<OceanTracker>(
        `<ocean-tracker lang="en" map="eager" proxy-url="${s.base}/ocean" reference-number="OOLU2741938520"></ocean-tracker>`,
      );
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      const units = part(el, 'units')!;
      const heading = units.querySelector('h3')!;
      expect(heading.textContent!.trim()).to.equal('Containers');
      expect(heading.getBoundingClientRect().height, 'the heading is seen, not only heard').to.be.greaterThan(10);
      // Named as its heading says (the heading's level follows heading-level).
      expect(units.getAttribute('aria-label')).to.equal(heading.textContent!.trim());
      // Before the summary, the map and the history: not below the map on a phone.
      const below = ['.summary', '[part~="map"]', '[part~="milestones"]'].map((q) => el.shadowRoot!.querySelector(q)!);
      for (const node of below)
        expect(units.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING, node.className).to.not.equal(0);
      expect(units.getBoundingClientRect().bottom).to.be.at.most(part(el, 'map')!.getBoundingClientRect().top);
      const seen = parts(el, 'unit-button').map((b) => b.innerText.replace(/\s+/g, ' ').trim());
      expect(seen).to.deep.equal(["OOLU1882030 40' High Cube Dry In transit", "OOLU7429118 20' Dry In transit"]);
      expect(units.querySelector('.visually-hidden'), 'nothing said only to a screen reader').to.equal(null);
    });

    it('explains an empty container list instead of showing nothing', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await fixture('ocean-empty-containers.json') }] });
      const el = mount<OceanTracker>(`<ocean-tracker proxy-url="${s.base}/ocean" reference-number="X"></ocean-tracker>`);
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      expect(shadowText(el)).to.contain('lists no containers');
      expect(parts(el, 'milestone')).to.have.length(0);
    });

    it('shows an unknown status and event code with the document text', async () => {
      const doc = await fixture<Record<string, unknown>>('ocean-unknown-codes.json');
      const s = await scenario({ responses: [{ status: 200, body: doc }] });
      const el = mount<OceanTracker>(`<ocean-tracker proxy-url="${s.base}/ocean" reference-number="X"></ocean-tracker>`);
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      const shipment = el.shipment!;
      expect(shipment.status.known).to.equal(false);
      expect(part(el, 'status')!.textContent).to.contain(shipment.status.text ?? shipment.status.code);
      const unknown = shipment.units.flatMap((u) => u.milestones).find((m) => !m.known);
      expect(unknown, 'fixture has an unknown event').to.exist;
      expect(shadowText(el)).to.contain(unknown!.description ?? unknown!.code);
    });
  });

  describeOutcomes(ocean);
});
