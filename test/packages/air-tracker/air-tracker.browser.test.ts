import { expect } from '@open-wc/testing';
import '@cargo-trackers/air-tracker';
import type { AirTracker } from '@cargo-trackers/air-tracker';
import type { TrackerErrorEvent, TrackerLoadEvent, TrackerPendingEvent } from '@cargo-trackers/core';
import { fixture, mount, nextEvent, part, parts, scenario, shadowText, sleep, until } from '../../support/browser.js';

const transfer = () => fixture<Record<string, unknown>>('air-awb-transfer.json');

async function tracker(attrs: string): Promise<AirTracker> {
  const el = mount<AirTracker>(`<air-tracker ${attrs}></air-tracker>`);
  await el.updateComplete;
  return el;
}

/** Loads a document through a scripted proxy and waits until it is on screen. */
async function loaded(body: unknown, number = 'X'): Promise<AirTracker> {
  const s = await scenario({ responses: [{ status: 200, body }] });
  const el = mount<AirTracker>(`<air-tracker lang="en" proxy-url="${s.base}/air" awb-number="${number}"></air-tracker>`);
  await nextEvent(el, 'tracker-load');
  await el.updateComplete;
  return el;
}

async function type(el: AirTracker, value: string): Promise<void> {
  const input = el.shadowRoot!.querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new InputEvent('input'));
  await el.updateComplete;
}

function params(search: string): URLSearchParams {
  return new URLSearchParams(search);
}

function text(node: Element | null): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Captures console.error calls for the duration of a test. */
function captureConsoleErrors(): { messages: string[]; restore: () => void } {
  const original = console.error;
  const messages: string[] = [];
  console.error = (...args: unknown[]) => messages.push(args.map(String).join(' '));
  return { messages, restore: () => (console.error = original) };
}

describe('<air-tracker>', () => {
  let errors: ReturnType<typeof captureConsoleErrors>;
  beforeEach(() => (errors = captureConsoleErrors()));
  afterEach(() => {
    errors.restore();
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  describe('configuration', () => {
    it('without proxy-url shows a configuration notice, names the attribute in the console and asks nothing', async () => {
      const before = performance.getEntriesByType('resource').length;
      const el = await tracker('awb-number="176-22817340"');
      await sleep(200);
      expect(part(el, 'notice')?.textContent).to.contain('proxy-url');
      expect(errors.messages.some((m) => m.includes('proxy-url') && m.includes('/api/tracking/air'))).to.equal(true);
      const newEntries = performance.getEntriesByType('resource').slice(before);
      expect(newEntries.filter((e) => e.name.includes('number='))).to.have.length(0);
    });

    it('waits for the visitor when no awb-number is set', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transfer() }] });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      await sleep(200);
      expect(await s.requests()).to.have.length(0);
      expect(part(el, 'form')).to.exist;
      expect(el.shadowRoot!.querySelector('label[for="number"]')!.textContent).to.contain('Air waybill number');
      expect(el.shadowRoot!.querySelectorAll('input, select')).to.have.length(1);
      expect(el.trackingState).to.equal('idle');
    });
  });

  describe('requests', () => {
    it('sends the number exactly as set, with routePath=true and nothing else', async () => {
      const awkward = ' 176 2281-7340&x=%20#é ';
      const s = await scenario({ responses: [{ status: 404, body: { message: 'No shipment' } }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air"></air-tracker>`);
      el.awbNumber = awkward;
      await until(async () => (await s.requests()).length === 1, 'one request');
      const [request] = await s.requests();
      expect(request!.path).to.equal('/air');
      const q = params(request!.search);
      expect([...q.keys()]).to.deep.equal(['number', 'routePath']);
      expect(q.get('number')).to.equal(awkward);
      expect(q.get('routePath')).to.equal('true');
    });

    it('tracks at once when awb-number is set, and again when it changes', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transfer() }] });
      const el = await tracker(`proxy-url="${s.base}/air" awb-number="176-22817340"`);
      await nextEvent(el, 'tracker-load');
      el.setAttribute('awb-number', '618-44193726');
      await until(async () => (await s.requests()).length === 2, 'second request');
      const numbers = (await s.requests()).map((r) => params(r.search).get('number'));
      expect(numbers).to.deep.equal(['176-22817340', '618-44193726']);
    });

    it('sends a common spelling (spaces, no hyphen) as typed, without a warning when its check digit is right', async () => {
      const s = await scenario({ responses: [{ status: 404, body: { message: 'nope' } }] });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      for (const spelling of ['176 2281 7340', '17622817340']) {
        await type(el, spelling);
        part(el, 'submit-button')!.click();
        await until(async () => (await s.requests()).some((r) => params(r.search).get('number') === spelling), `request for ${spelling}`);
        expect(part(el, 'track-anyway-button')).to.equal(null);
      }
    });

    it('warns about a wrong check digit and sends what was typed only after "track anyway"', async () => {
      const s = await scenario({ responses: [{ status: 404, body: { message: 'nope' } }] });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      await type(el, '176-22817341');
      part(el, 'submit-button')!.click();
      await el.updateComplete;
      // 2281734 mod 7 = 0.
      expect(shadowText(el)).to.contain('The last digit of 176-22817341 should be 0');
      const input = el.shadowRoot!.querySelector('input')!;
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(input.getAttribute('aria-describedby')).to.contain('advice');
      await sleep(150);
      expect(await s.requests()).to.have.length(0);
      part(el, 'track-anyway-button')!.click();
      await until(async () => (await s.requests()).length === 1, 'request after track anyway');
      expect(params((await s.requests())[0]!.search).get('number')).to.equal('176-22817341');
    });

    it('asks for a number when the form is sent empty', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }] });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      await type(el, '   ');
      part(el, 'submit-button')!.click();
      await el.updateComplete;
      expect(shadowText(el)).to.contain('Enter a number to track.');
      await sleep(150);
      expect(await s.requests()).to.have.length(0);
    });
  });

  describe('the airline prefix', () => {
    it('names the airline from the proxy’s airline list as soon as the prefix is typed', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }], airlines: await fixture('carriers-air.json') });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      const hint = part(el, 'airline-hint')!;
      expect(hint.getAttribute('role')).to.equal('status');
      expect(el.shadowRoot!.querySelector('input')!.getAttribute('aria-describedby')).to.contain(hint.id);
      await type(el, '16');
      await sleep(200);
      expect(text(part(el, 'airline-hint'))).to.equal('');
      await type(el, '160');
      await until(() => text(part(el, 'airline-hint')).includes('Cathay Cargo'), 'airline named');
      expect(text(part(el, 'airline-hint'))).to.equal('Airline: Cathay Cargo (CX)');
      // The live region is the same node as before, so it is announced as a change, not re-created.
      expect(part(el, 'airline-hint')).to.equal(hint);
      await type(el, '160-8823');
      expect(text(part(el, 'airline-hint'))).to.equal('Airline: Cathay Cargo (CX)');
      await type(el, '160 88230472');
      expect(text(part(el, 'airline-hint'))).to.equal('Airline: Cathay Cargo (CX)');
    });

    it('says when a prefix is not an airline it knows, and nothing for what cannot be an AWB', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }] });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      await type(el, '176');
      await until(() => text(part(el, 'airline-hint')).includes('Emirates SkyCargo'), 'list loaded');
      await type(el, '999-1');
      expect(text(part(el, 'airline-hint'))).to.equal('Prefix 999 is not an airline we know.');
      await type(el, 'ABC-12345675');
      expect(text(part(el, 'airline-hint'))).to.equal('');
    });

    it('asks for the airline list beside proxy-url, and claims nothing when the list is unavailable', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }], airlines: 503 });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      const listUrl = new URL(`${s.base}/carriers/air`, document.baseURI).href;
      await until(() => performance.getEntriesByType('resource').some((e) => e.name === listUrl), 'list asked for');
      await type(el, '999');
      await sleep(300);
      expect(text(part(el, 'airline-hint'))).to.equal('');
    });
  });

  describe('a 200', () => {
    it('shows the contract example: status, airline, ETA in Frankfurt’s zone, route, cargo, flights and timeline, and fires tracker-load', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transfer() }] });
      const el = mount<AirTracker>(`<air-tracker lang="en" proxy-url="${s.base}/air" awb-number="176-22817340"></air-tracker>`);
      const load = await nextEvent<TrackerLoadEvent>(el, 'tracker-load');
      await el.updateComplete;
      expect(load.shipment.reference).to.equal('176-22817340');
      expect(load.detail.shipment).to.equal(el.shipment);
      const status = text(part(el, 'status'));
      expect(status).to.contain('Air waybill 176-22817340');
      expect(status).to.contain('In transit');
      expect(status).to.contain('Airline: Emirates SkyCargo');

      const eta = part(el, 'eta')!;
      // 2026-11-21T06:35+01:00 shown in Frankfurt's zone, with the zone named, and relative to now.
      expect(text(eta)).to.contain('Frankfurt am Main (FRA)');
      expect(text(eta)).to.match(/Nov 21, 2026/);
      expect(text(eta)).to.match(/06:35/);
      expect(text(eta)).to.match(/GMT\+1|CET/);
      expect(text(eta.querySelectorAll('p')[1] ?? null)).to.match(/^in \d+|ago$|^(tomorrow|yesterday)$/);

      const route = text(part(el, 'route'));
      expect(route.indexOf('Hong Kong (HKG)')).to.be.greaterThan(-1);
      expect(route.indexOf('Hong Kong (HKG)')).to.be.lessThan(route.indexOf('Dubai (DXB)'));
      expect(route.indexOf('Dubai (DXB)')).to.be.lessThan(route.indexOf('Frankfurt am Main (FRA)'));
      expect(route).to.contain('Transfer');

      const cargo = text(part(el, 'cargo'));
      expect(cargo).to.match(/Pieces\s*12\b/);
      expect(cargo).to.match(/Weight\s*830\.5 kg/);

      const flights = parts(el, 'flight');
      expect(flights).to.have.length(2);
      const first = text(flights[0]!);
      expect(first).to.contain('EK9381');
      expect(first).to.contain('Hong Kong (HKG), Hong Kong → Dubai (DXB), United Arab Emirates');
      expect(first).to.contain('Aircraft: B77F');
      expect(first).to.contain('Completed');
      // Departure in Hong Kong's zone (scheduled 23:55, actual 00:20, in the 12-hour clock of lang="en"), arrival in Dubai's (scheduled 04:40, actual 04:51).
      expect(first).to.match(/Departure Scheduled Nov 19, 2026, 11:55 PM GMT\+8 · Actual Nov 20, 2026, 12:20 AM GMT\+8/);
      expect(first).to.match(/Arrival Scheduled Nov 20, 2026, 04:40 AM GMT\+4 · Actual Nov 20, 2026, 04:51 AM GMT\+4/);
      const second = text(flights[1]!);
      expect(second).to.contain('EK9905');
      expect(second).to.contain('Planned');
      expect(second).to.match(/Arrival Scheduled Nov 21, 2026, 06:35 AM GMT\+1 · Estimated Nov 21, 2026, 06:35 AM GMT\+1/);
      expect(flights[1]!.dataset.state).to.equal('planned');

      const rows = parts(el, 'milestone');
      expect(rows.length).to.equal(9);
      expect(rows.map((r) => r.dataset.code)).to.deep.equal(['BKD', 'RCS', 'MAN', 'DEP', 'ARR', 'RCF', 'MAN', 'DEP', 'ARR']);
      expect(text(rows[0]!)).to.contain('Booked');
      expect(text(rows[0]!)).to.contain('Actual');
      // Times in the airport's own zone: booked 10:12 in Hong Kong (UTC+8).
      expect(text(rows[0]!)).to.match(/10:12/);
      expect(text(rows[1]!)).to.contain('Received from shipper');
      expect(text(rows[2]!)).to.contain('Manifested');
      expect(text(rows[3]!)).to.contain('Departed');
      expect(text(rows[4]!)).to.contain('Arrived');
      expect(text(rows[5]!)).to.contain('Received from flight');
      // The latest actual event: manifested on the onward flight in Dubai.
      expect(rows.filter((r) => r.hasAttribute('data-current'))).to.deep.equal([rows[6]]);
      expect(text(rows[6]!)).to.contain('EK9905');
      expect(text(rows[8]!)).to.contain('Estimated');
      expect(rows.some((r) => r.hasAttribute('data-superseded'))).to.equal(false);
      expect(part(el, 'milestones')!.tagName).to.equal('OL');
    });

    it('says every Cargo-IMP code of a delivered waybill in words', async () => {
      const el = await loaded(await fixture('air-delivered.json'));
      const words = Object.fromEntries(parts(el, 'milestone').map((r) => [r.dataset.code, text(r.querySelector('.milestone-title'))]));
      expect(words['BKD']).to.match(/^Booked/);
      expect(words['RCS']).to.match(/^Received from shipper/);
      expect(words['MAN']).to.match(/^Manifested/);
      expect(words['DEP']).to.match(/^Departed/);
      expect(words['ARR']).to.match(/^Arrived/);
      expect(words['RCF']).to.match(/^Received from flight/);
      expect(words['CCD']).to.match(/^Customs cleared/);
      expect(words['NFD']).to.match(/^Consignee notified/);
      expect(words['AWD']).to.match(/^Documents delivered/);
      expect(words['DLV']).to.match(/^Delivered/);
      expect(text(part(el, 'status'))).to.contain('Delivered');
      expect(text(part(el, 'eta'))).to.contain('Arrived');
    });

    it('keeps both entries of a re-booking and marks the replaced ones in text', async () => {
      const el = await loaded(await fixture('air-rebooked.json'), '020-55830165');
      const rows = parts(el, 'milestone');
      expect(rows).to.have.length(8);
      const replaced = rows.filter((r) => r.hasAttribute('data-superseded'));
      expect(replaced.map((r) => `${r.dataset.code} ${text(r).includes('LH8160')}`)).to.deep.equal(['BKD true', 'MAN true']);
      for (const r of replaced) expect(text(r)).to.contain('Replaced by a later booking');
      const kept = rows.filter((r) => !r.hasAttribute('data-superseded') && (r.dataset.code === 'BKD' || r.dataset.code === 'MAN'));
      expect(kept.map((r) => text(r).includes('LH8162'))).to.deep.equal([true, true]);
      for (const r of kept) expect(text(r)).not.to.contain('Replaced');
      const flights = parts(el, 'flight');
      expect(flights).to.have.length(1);
      expect(text(flights[0]!)).to.contain('In the air');
      expect(text(part(el, 'cargo'))).to.match(/Weight\s*1,240 kg/);
    });

    it('marks a cancelled flight in words and leaves it out of the route', async () => {
      const el = await loaded(await fixture('air-cancelled-flight.json'), '160-88230472');
      const flights = parts(el, 'flight');
      expect(flights.map((f) => f.dataset.state)).to.deep.equal(['cancelled', 'planned', 'planned']);
      expect(text(flights[0]!)).to.contain('CX096');
      expect(text(flights[0]!)).to.contain('Cancelled');
      expect(flights.slice(1).every((f) => !text(f).includes('Cancelled'))).to.equal(true);
      // A time in Anchorage's zone (UTC-9): CX084 lands there at 14:35.
      expect(text(flights[1]!)).to.match(/Arrival Scheduled Nov 21, 2026, 02:35 PM (AKST|GMT-9)/);
      expect(text(part(el, 'route'))).to.match(/Hong Kong \(HKG\).*Anchorage.*\(ANC\).*Chicago.*\(ORD\)/);
      const booking = parts(el, 'milestone').find((r) => r.dataset.code === 'BKD' && text(r).includes('CX096'));
      expect(booking!.hasAttribute('data-superseded')).to.equal(true);
    });

    it('shows airports the document does not list by their codes, with times at the document’s offsets', async () => {
      const el = await loaded(await fixture('air-no-airports.json'), '235-61203343');
      expect(text(part(el, 'route'))).to.match(/IST \(IST\).*JFK \(JFK\)/);
      const flight = text(parts(el, 'flight')[0]!);
      expect(flight).to.contain('TK6311');
      expect(flight).to.match(/Departure Scheduled Nov 19, 2026, 09:30 AM GMT\+3/);
      expect(flight).to.match(/Arrival Scheduled Nov 19, 2026, 02:10 PM GMT-5/);
      expect(flight).not.to.contain('Aircraft');
      expect(part(el, 'cargo')).to.equal(null);
    });

    it('shows an unknown status and event codes with the document text', async () => {
      const el = await loaded(await fixture('air-unknown-codes.json'), '180-33077155');
      const shipment = el.shipment!;
      expect(shipment.status.known).to.equal(false);
      expect(text(part(el, 'status'))).to.contain('Held for inspection');
      const rows = parts(el, 'milestone');
      const unknown = rows.filter((r) => ['FOH', 'PRE', 'CRC'].includes(r.dataset.code!)).map((r) => text(r.querySelector('.milestone-title')));
      expect(unknown).to.have.length(3);
      expect(unknown[0]).to.match(/^Freight on hand/);
      expect(unknown[1]).to.match(/^Prepared for loading/);
      expect(unknown[2]).to.match(/^Reported to customs; held for inspection/);
      expect(part(el, 'eta')).to.equal(null);
    });

    it('renders hostile strings in every field as text', async () => {
      (window as unknown as { __pwned?: boolean }).__pwned = false;
      const el = await loaded(await fixture('air-hostile-strings.json'));
      await sleep(100);
      const root = el.shadowRoot!;
      expect(root.querySelectorAll('script, img, iframe, object, embed, svg:not([data-icon])').length).to.equal(0);
      for (const node of root.querySelectorAll('*')) {
        for (const attr of node.attributes) expect(attr.name.startsWith('on'), `${node.tagName} ${attr.name}`).to.equal(false);
      }
      expect(shadowText(el)).to.contain('<img');
      expect(text(part(el, 'flights'))).to.contain("<script>alert('xss')</script>");
      expect((window as unknown as { __pwned?: boolean }).__pwned).to.equal(false);
    });

    it('names the airline from the airline list when the document leaves its name out', async () => {
      const doc = await transfer();
      delete doc['airline'];
      const el = await loaded(doc, '176-22817340');
      await until(() => text(part(el, 'status')).includes('Emirates SkyCargo'), 'airline named from the list');
      expect(el.shipment!.carrier).to.deep.equal({ code: '176' });
    });

    it('takes a replacement normalizer for another document shape', async () => {
      const s = await scenario({ responses: [{ status: 200, body: { ref: '176-22817340', state: 'DELIVERED' } }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air"></air-tracker>`);
      el.normalizer = (body) => {
        const b = body as { ref: string; state: string };
        return {
          ok: true,
          shipment: { product: 'air', reference: b.ref, status: { code: b.state, known: true }, route: [], vessels: [], flights: [], units: [], legs: [] },
        };
      };
      el.awbNumber = '176-22817340';
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      expect(part(el, 'status')!.textContent).to.contain('Delivered');
      expect(part(el, 'flights')).to.equal(null);
    });
  });

  describe('the map', () => {
    it('shows the route map for a document with route data, with the map code loaded', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transfer() }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" map="eager" awb-number="176-22817340"></air-tracker>`);
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      const map = part(el, 'map');
      expect(map?.localName).to.equal('tracker-route-map');
      await until(() => (map!.shadowRoot?.querySelectorAll('.leaflet-pane').length ?? 0) > 0, 'leaflet drawn', 10000);
      expect(map!.shadowRoot!.textContent).to.match(/Hong Kong International Airport.*Dubai International Airport.*Frankfurt Airport/s);
    });

    it('shows no map with map="none", nor for a document without route data', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transfer() }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" map="none" awb-number="176-22817340"></air-tracker>`);
      await nextEvent(el, 'tracker-load');
      await el.updateComplete;
      expect(part(el, 'map')).to.equal(null);
      const plain = await loaded(await fixture('air-unknown-codes.json'), '180-33077155');
      expect(plain.map).to.equal('lazy');
      expect(part(plain, 'map')).to.equal(null);
    });
  });

  describe('every other answer', () => {
    it('polls after a 202 every poll-interval seconds: 202 → 202 → 200 makes exactly three requests', async () => {
      const doc = await transfer();
      const s = await scenario({
        responses: [
          { status: 202, body: { message: 'Accepted, processing' } },
          { status: 202, body: { message: 'Accepted, processing' } },
          { status: 200, body: doc },
        ],
      });
      const pending: TrackerPendingEvent[] = [];
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" poll-interval="1"></air-tracker>`);
      el.addEventListener('tracker-pending', (e) => pending.push(e));
      const load = nextEvent(el, 'tracker-load', 10000);
      el.awbNumber = '176-22817340';
      await until(() => pending.length === 1, 'first pending');
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain('carrier is slow');
      expect(part(el, 'notice')!.textContent).to.match(/Checking again in 0:0[01]/);
      // Spoken by the element's standing live region, not by the notice (see test/a11y).
      expect(part(el, 'announcer')!.querySelector('[role="status"]')!.textContent).to.contain('carrier is slow');
      expect(pending[0]!.attempt).to.equal(1);
      expect(pending[0]!.retryAt.getTime()).to.be.closeTo(Date.now() + 1000, 600);
      await load;
      await sleep(1500);
      const requests = await s.requests();
      expect(requests).to.have.length(3);
      expect(requests.every((r) => params(r.search).get('number') === '176-22817340')).to.equal(true);
      expect(requests[1]!.at - requests[0]!.at).to.be.at.least(950);
      expect(pending.map((p) => p.attempt)).to.deep.equal([1, 2]);
    });

    it('stops after 15 answers of 202 and offers to try again', async () => {
      const s = await scenario({ responses: [{ status: 202, body: { message: 'Accepted' } }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" poll-interval="1" awb-number="172-20200003"></air-tracker>`);
      const error = await nextEvent<TrackerErrorEvent>(el, 'tracker-error', 19000);
      expect(error.detail.status).to.equal(202);
      expect(error.detail.retryable).to.equal(true);
      expect(await s.requests()).to.have.length(15);
      await el.updateComplete;
      expect(part(el, 'retry-button')).to.exist;
    }).timeout(25000);

    it('waits Retry-After after a 429, shows the countdown, then asks again by itself', async () => {
      const s = await scenario({ responses: [{ status: 429, headers: { 'Retry-After': '2' }, body: { message: 'Too many' } }, { status: 200, body: await transfer() }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" awb-number="176-22817340"></air-tracker>`);
      const error = await nextEvent<TrackerErrorEvent>(el, 'tracker-error');
      expect(error.detail.status).to.equal(429);
      expect(error.detail.retryable).to.equal(true);
      expect(error.detail.retryAt!.getTime()).to.be.closeTo(Date.now() + 2000, 600);
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.match(/Trying again in 0:0[12]/);
      await nextEvent(el, 'tracker-load', 5000);
      const [first, second] = await s.requests();
      expect(second!.at - first!.at).to.be.at.least(1950);
    });

    it('after a 401 tells the visitor tracking is unavailable, tells the site owner about the key, and never asks again', async () => {
      const s = await scenario({ responses: [{ status: 401, body: { message: 'Invalid API key' } }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" poll-interval="1" awb-number="172-40100001"></air-tracker>`);
      const error = await nextEvent<TrackerErrorEvent>(el, 'tracker-error');
      expect(error.detail).to.include({ status: 401, retryable: false });
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain('Tracking is not available right now');
      expect(part(el, 'notice')!.textContent).not.to.contain('Invalid API key');
      expect(part(el, 'retry-button')).to.equal(null);
      expect(errors.messages.some((m) => m.includes('[air-tracker]') && m.includes('401') && m.includes('key'))).to.equal(true);
      await sleep(2500);
      expect(await s.requests()).to.have.length(1);
    });

    it('tells the two 402s apart, shows when the cap resets, and never asks again', async () => {
      const credits = await scenario({ responses: [{ status: 402, body: { message: 'No credits', error: 'insufficient_credits', product: 'air' } }] });
      const a = mount<AirTracker>(`<air-tracker proxy-url="${credits.base}/air" poll-interval="1" awb-number="172-40200005"></air-tracker>`);
      const e1 = await nextEvent<TrackerErrorEvent>(a, 'tracker-error');
      await a.updateComplete;
      const creditsText = part(a, 'notice')!.textContent!;
      expect(e1.detail).to.include({ status: 402, code: 'insufficient_credits', retryable: false });

      const cap = await scenario({
        responses: [{ status: 402, body: { message: 'Cap', error: 'usage_limit_reached', product: 'air', limit: 1000, resets_at: '2026-12-01T00:00:00Z' } }],
      });
      const b = mount<AirTracker>(`<air-tracker lang="en" proxy-url="${cap.base}/air" poll-interval="1" awb-number="172-40200016"></air-tracker>`);
      const e2 = await nextEvent<TrackerErrorEvent>(b, 'tracker-error');
      await b.updateComplete;
      expect(e2.detail).to.include({ status: 402, code: 'usage_limit_reached' });
      const capText = part(b, 'notice')!.textContent!;
      expect(capText).not.to.equal(creditsText);
      expect(capText).to.contain('limit');
      expect(capText).to.match(/Dec 1, 2026/);
      await sleep(1500);
      expect(await credits.requests()).to.have.length(1);
      expect(await cap.requests()).to.have.length(1);
    });

    it('shows a 404 with the service message and does not retry', async () => {
      const s = await scenario({ responses: [{ status: 404, body: { message: 'No shipment found for 172-40400006' } }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" poll-interval="1" awb-number="172-40400006"></air-tracker>`);
      const e = await nextEvent<TrackerErrorEvent>(el, 'tracker-error');
      expect(e.detail).to.include({ status: 404, retryable: false });
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain('could not find 172-40400006');
      expect(part(el, 'notice')!.textContent).to.contain('No shipment found for 172-40400006');
      expect(part(el, 'announcer')!.querySelector('[role="alert"]')!.textContent).to.contain('could not find 172-40400006');
      await sleep(1200);
      expect(await s.requests()).to.have.length(1);
    });

    it('retries a 5xx three times with growing waits, then offers "try again", which asks afresh', async () => {
      const s = await scenario({ responses: [{ status: 503, body: { message: 'Down' } }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" awb-number="172-50000005"></air-tracker>`);
      const retries: TrackerErrorEvent[] = [];
      el.addEventListener('tracker-error', (e) => retries.push(e));
      await until(() => retries.some((e) => !e.detail.retryAt), 'final error', 15000);
      const requests = await s.requests();
      expect(requests).to.have.length(4);
      const gaps = requests.slice(1).map((r, i) => r.at - requests[i]!.at);
      expect(gaps[0]).to.be.within(450, 1300);
      expect(gaps[1]).to.be.within(950, 2300);
      expect(gaps[2]).to.be.within(1950, 4300);
      expect(retries.slice(0, 3).every((e) => e.detail.retryable && e.detail.retryAt)).to.equal(true);
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain('not answering');
      part(el, 'retry-button')!.click();
      await until(async () => (await s.requests()).length === 5, 'asked again after try again');
    }).timeout(20000);

    it('treats a network failure like a 5xx: retries with a wait', async () => {
      // Nothing listens on loopback port 9: the connection is refused.
      const el = mount<AirTracker>(`<air-tracker proxy-url="http://127.0.0.1:9/air" awb-number="176-22817340"></air-tracker>`);
      const e = await nextEvent<TrackerErrorEvent>(el, 'tracker-error');
      expect(e.detail).to.include({ status: 0, code: 'network_error', retryable: true });
      expect(e.detail.retryAt!.getTime()).to.be.greaterThan(Date.now());
      await el.updateComplete;
      expect(part(el, 'notice')!.textContent).to.contain('Retrying automatically (attempt 1 of 3)');
    });

    for (const [name, body] of [
      ['a body that is not JSON', '<html>oops</html>'],
      ['JSON that is not an object', '[1,2,3]'],
      ['a document without its milestones', '{"awbNumber":"172-20000024","status":"BOOKED"}'],
      ['an ocean document sent to the air tracker', '{"referenceNumber":"MEDU9091004","status":"IN_TRANSIT","containers":[]}'],
    ] as const) {
      it(`says "unexpected response" for ${name}`, async () => {
        const s = await scenario({ responses: [{ status: 200, body }] });
        const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" awb-number="172-20000013"></air-tracker>`);
        const e = await nextEvent<TrackerErrorEvent>(el, 'tracker-error');
        expect(e.detail.status).to.equal(200);
        await el.updateComplete;
        expect(part(el, 'notice')!.textContent).to.contain('could not read');
        expect(el.shipment).to.equal(undefined);
        expect(el.trackingState).to.equal('failed');
      });
    }
  });

  describe('one lookup at a time', () => {
    it('aborts the old request for a new number and never shows the stale answer', async () => {
      const first = await fixture<Record<string, unknown>>('air-awb-transfer.json');
      const second = await fixture<Record<string, unknown>>('air-delivered.json');
      const s = await scenario({ responses: [{ status: 200, body: first, delayMs: 1500 }, { status: 200, body: second }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" awb-number="176-22817340"></air-tracker>`);
      const loads: TrackerLoadEvent[] = [];
      el.addEventListener('tracker-load', (e) => loads.push(e));
      await until(async () => (await s.requests()).length === 1, 'first request sent');
      el.awbNumber = '618-44193726';
      await until(() => loads.length === 1, 'second loaded');
      await sleep(1800);
      expect(loads).to.have.length(1);
      expect(loads[0]!.shipment.reference).to.equal(second['awbNumber']);
      expect(el.shipment!.reference).to.equal(second['awbNumber']);
      expect(text(part(el, 'status'))).to.contain('618-44193726');
      const requests = await s.requests();
      expect(requests[0]!.aborted).to.equal(true);
    });

    it('aborts the request when removed, asks nothing while away, and resumes when added back', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transfer(), delayMs: 2000 }, { status: 200, body: await transfer() }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" awb-number="176-22817340"></air-tracker>`);
      await until(async () => (await s.requests()).length === 1, 'request sent');
      const parent = el.parentElement!;
      el.remove();
      await until(async () => (await s.requests())[0]!.aborted, 'request aborted');
      await sleep(300);
      expect(await s.requests()).to.have.length(1);
      const load = nextEvent(el, 'tracker-load');
      parent.append(el);
      await load;
      expect(await s.requests()).to.have.length(2);
    });

    it('clears its timers when removed while waiting, and resumes the wait when added back', async () => {
      const s = await scenario({ responses: [{ status: 202, body: { message: 'later' } }, { status: 200, body: await transfer() }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air" poll-interval="1" awb-number="176-22817340"></air-tracker>`);
      await nextEvent(el, 'tracker-pending');
      const parent = el.parentElement!;
      el.remove();
      await sleep(1600);
      expect(await s.requests(), 'no poll while removed').to.have.length(1);
      const load = nextEvent(el, 'tracker-load');
      parent.append(el);
      await load;
      expect(await s.requests()).to.have.length(2);
    });
  });
});
