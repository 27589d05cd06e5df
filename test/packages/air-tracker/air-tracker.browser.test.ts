import { expect } from '@open-wc/testing';
import '@cargo-trackers/air-tracker';
import type { AirTracker } from '@cargo-trackers/air-tracker';
import type { TrackerErrorEvent, TrackerLoadEvent } from '@cargo-trackers/core';
import {
  captureConsoleErrors,
  fixture,
  mount,
  nextEvent,
  part,
  parts,
  scenario,
  shadowText,
  sleep,
  text,
  typeNumber,
  until,
} from '../../support/browser.js';
import { describeElementCases, type ElementSpec } from '../../support/element-suite.js';
import { describeOutcomes } from '../../support/outcome-suite.js';
import { FakeClock } from '../../support/fake-clock.js';
import { useClock } from '@cargo-trackers/core/internal/first';

const transfer = () => fixture<Record<string, unknown>>('air-awb-transfer.json');

/** What the cases both elements share (../../support/element-suite.ts) and every other answer need to know of this one. */
const air: ElementSpec = {
  tag: 'air-tracker',
  product: 'air',
  path: 'air',
  numberAttribute: 'awb-number',
  setNumber: (el, number) => ((el as AirTracker).awbNumber = number),
  numberOf: (el) => (el as AirTracker).awbNumber,
  numberParameter: 'number',
  routeParameter: 'routePath',
  label: 'Air waybill number',
  fields: 1,
  number: '176-22817340',
  document: transfer,
  secondNumber: '618-44193726',
  secondDocument: () => fixture<Record<string, unknown>>('air-delivered.json'),
  referenceOf: (document) => document['awbNumber'],
  incompleteDocument: '{"awbNumber":"176-22817340","status":"IN_TRANSIT"}',
  otherProductDocument: '{"referenceNumber":"MEDU9091004","status":"IN_TRANSIT","containers":[]}',
  awkwardNumber: ' 176 2281-7340&x=%20#é ',
  // Common spellings (spaces, no hyphen) sent in the contract's PPP-SSSSSSSS when the check digit is right.
  spellings: [
    { typed: '176 2281 7340', sent: '176-22817340' },
    { typed: '17622817340', sent: '176-22817340' },
  ],
  // 2281734 mod 7 = 0.
  wrongCheckDigit: { typed: '176-22817341', advice: 'The last digit of 176-22817341 should be 0' },
  hostile: { fixture: 'air-hostile-strings.json', number: 'X', part: 'flights', text: "<script>alert('xss')</script>" },
  travelPart: 'flights',
  // Hong Kong's country is Hong Kong ("Hong Kong SAR China" in Firefox's and WebKit's Intl.DisplayNames): said once.
  mapPlaces: ['Hong Kong (HKG)', 'Dubai (DXB), United Arab Emirates', 'Frankfurt am Main (FRA), Germany'],
  mapText: 'Manifested',
  routeless: { fixture: 'air-unknown-codes.json', number: '180-33077155' },
};

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

function params(search: string): URLSearchParams {
  return new URLSearchParams(search);
}

describe('<air-tracker>', () => {
  let errors: ReturnType<typeof captureConsoleErrors>;
  beforeEach(() => (errors = captureConsoleErrors()));
  afterEach(() => {
    errors.restore();
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  describeElementCases(air);

  describe('requests', () => {
    it('marks its request with Cargo-Trackers-Request: 1, the proxy’s cross-site rule', async () => {
      const s = await scenario({ responses: [{ status: 404, body: { message: 'No shipment' } }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air"></air-tracker>`);
      el.awbNumber = '176-22817340';
      await until(async () => (await s.requests()).length === 1, 'one request');
      expect((await s.requests())[0]!.marker).to.equal('1');
    });

    it('refuses a number longer than the proxy accepts with a message, and sends nothing', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transfer() }] });
      const el = mount<AirTracker>(`<air-tracker proxy-url="${s.base}/air"></air-tracker>`);
      const failed = nextEvent<TrackerErrorEvent>(el, 'tracker-error');
      el.awbNumber = '1'.repeat(257);
      const event = await failed;
      expect(event.detail.code).to.equal('value_too_long');
      expect(event.detail.retryable).to.equal(false);
      await until(() => (part(el, 'notice-error')?.textContent ?? '').includes('could not be tracked'), 'the notice');
      await sleep(200);
      expect(await s.requests()).to.have.length(0);
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

    it('asks for a number when the form is sent empty', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }] });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      await typeNumber(el, '   ');
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
      await typeNumber(el, '16');
      await sleep(200);
      expect(text(part(el, 'airline-hint'))).to.equal('');
      await typeNumber(el, '160');
      await until(() => text(part(el, 'airline-hint')).includes('Cathay Cargo'), 'airline named');
      expect(text(part(el, 'airline-hint'))).to.equal('Airline: Cathay Cargo (CX)');
      // The live region is the same node as before, so it is announced as a change, not re-created.
      expect(part(el, 'airline-hint')).to.equal(hint);
      await typeNumber(el, '160-8823');
      expect(text(part(el, 'airline-hint'))).to.equal('Airline: Cathay Cargo (CX)');
      await typeNumber(el, '160 88230472');
      expect(text(part(el, 'airline-hint'))).to.equal('Airline: Cathay Cargo (CX)');
    });

    it('holds the airline’s line before the name arrives, so nothing under the form moves (CLS 0)', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }], airlines: await fixture('carriers-air.json') });
      const el = await tracker(`lang="en" proxy-url="${s.base}/air"`);
      const form = part(el, 'form')!;
      const empty = { hint: part(el, 'airline-hint')!.getBoundingClientRect().height, form: form.getBoundingClientRect().height };
      expect(empty.hint).to.be.greaterThan(10);
      await typeNumber(el, '160');
      await until(() => text(part(el, 'airline-hint')).includes('Cathay Cargo'), 'airline named');
      expect(part(el, 'airline-hint')!.getBoundingClientRect().height).to.equal(empty.hint);
      expect(form.getBoundingClientRect().height).to.equal(empty.form);
    });

    it('says when a prefix is not an airline it knows, and nothing for what cannot be an AWB', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }] });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      await typeNumber(el, '176');
      await until(() => text(part(el, 'airline-hint')).includes('Emirates SkyCargo'), 'list loaded');
      await typeNumber(el, '999-1');
      expect(text(part(el, 'airline-hint'))).to.equal('Prefix 999 is not an airline we know.');
      await typeNumber(el, 'ABC-12345675');
      expect(text(part(el, 'airline-hint'))).to.equal('');
    });

    it('asks for the airline list only when a number has a prefix to name', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }] });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      await typeNumber(el, '17');
      await sleep(300);
      expect(await s.listRequests(), 'list requests before a prefix is typed').to.equal(0);
      await typeNumber(el, '176');
      await until(() => text(part(el, 'airline-hint')).includes('Emirates SkyCargo'), 'list loaded');
      expect(await s.listRequests()).to.equal(1);
    });

    it('asks for the airline list beside proxy-url, and claims nothing when the list is unavailable', async () => {
      const s = await scenario({ responses: [{ status: 404, body: {} }], airlines: 503 });
      const el = await tracker(`proxy-url="${s.base}/air"`);
      await typeNumber(el, '999');
      // Counted by the scenario at <base>/carriers/air, beside the proxy's <base>/air. (The page's
      // resource timings were read here once; their buffer keeps 250 entries, and a long file fills it.)
      await until(async () => (await s.listRequests()) === 1, 'list asked for');
      await sleep(300);
      expect(text(part(el, 'airline-hint'))).to.equal('');
    });
  });

  describe('a 200', () => {
    it('shows the contract example: status, airline, ETA in Frankfurt’s zone, route, cargo, flights and timeline, and fires tracker-load', async () => {
      const s = await scenario({ responses: [{ status: 200, body: await transfer() }] });
      // The relative ETA is read against a fixed now, 2 days 17 h 35 min before the fixture's ETA:
      // against the calendar it said "last week" from a week after the fixture's date on.
      const el = mount<AirTracker>(`<air-tracker lang="en" proxy-url="${s.base}/air" awb-number="176-22817340"></air-tracker>`);
      useClock(el, new FakeClock('2026-11-18T12:00:00Z'));
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
      expect(text(eta.querySelectorAll('p')[1] ?? null)).to.equal('in 3 days');

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
      // Hong Kong's country is Hong Kong ("Hong Kong SAR China" in Firefox's and WebKit's Intl.DisplayNames): said once.
      expect(first).to.contain('Hong Kong (HKG) → Dubai (DXB), United Arab Emirates');
      expect(first).to.contain('Aircraft: B77F');
      expect(first).to.contain('Completed');
      // Departure in Hong Kong's zone (scheduled 23:55, actual 00:20, in the 12-hour clock of lang="en"), arrival in Dubai's (scheduled 04:40, actual 04:51).
      expect(first).to.match(/Departure Scheduled Nov 19, 2026, 11:55 PM GMT\+8 Actual Nov 20, 2026, 12:20 AM GMT\+8/);
      expect(first).to.match(/Arrival Scheduled Nov 20, 2026, 04:40 AM GMT\+4 Actual Nov 20, 2026, 04:51 AM GMT\+4/);
      const second = text(flights[1]!);
      expect(second).to.contain('EK9905');
      expect(second).to.contain('Planned');
      expect(second).to.match(/Arrival Scheduled Nov 21, 2026, 06:35 AM GMT\+1 Estimated Nov 21, 2026, 06:35 AM GMT\+1/);
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

    it('counts pieces with the plural form and the digits of the language', async () => {
      const doc = await transfer();
      const events = doc['milestones'] as Array<Record<string, unknown>>;
      events[0]!['pieces'] = 1;
      events[1]!['pieces'] = 1240;
      const el = await loaded(doc, '176-22817340');
      const rows = parts(el, 'milestone').map(text);
      expect(rows[0]).to.contain('1 piece').and.not.contain('1 pieces');
      expect(rows[1]).to.contain('1,240 pieces');
      el.lang = 'de';
      await el.updateComplete;
      const german = parts(el, 'milestone').map(text);
      expect(german[0]).to.contain('1 Packstück').and.not.contain('Packstücke');
      expect(german[1]).to.contain('1.240 Packstücke');
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
      expect(text(flights[1]!)).to.match(/Arrival Scheduled Nov 21, 2026, 02:35 PM (AKST|GMT\u22129)/);
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
      expect(flight).to.match(/Arrival Scheduled Nov 19, 2026, 02:10 PM GMT\u22125/);
      expect(flight).not.to.contain('Aircraft');
      expect(part(el, 'cargo')).to.equal(null);
    });

    it('shows an unknown status and event codes with the document text', async () => {
      const el = await loaded(await fixture('air-unknown-codes.json'), '180-33077155');
      const shipment = el.shipment!;
      expect(shipment.status.known).to.equal(false);
      expect(text(part(el, 'status'))).to.contain('Held for inspection');
      const rows = parts(el, 'milestone');
      const unknown = rows
        .filter((r) => ['FOH', 'PRE', 'CRC'].includes(r.dataset.code!))
        .map((r) => text(r.querySelector('.milestone-title')));
      expect(unknown).to.have.length(3);
      expect(unknown[0]).to.match(/^Freight on hand/);
      expect(unknown[1]).to.match(/^Prepared for loading/);
      expect(unknown[2]).to.match(/^Reported to customs; held for inspection/);
      // No arrival in the document, but the ARR event at Los Angeles says it arrived: the arrival box
      // says so, with the date the route list shows (it said "Arrival unknown" beside "Arrived" before).
      expect(text(part(el, 'eta'))).to.match(/^Arrived · Los Angeles \(LAX\), United States Nov 18, 2026, 02:40 PM GMT−8/);
      expect(text(part(el, 'route'))).to.contain('Arrived Nov 18, 2026, 02:40 PM GMT−8');
    });

    it('names the airline from the airline list when the document leaves its name out', async () => {
      const doc = await transfer();
      delete doc['airline'];
      const el = await loaded(doc, '176-22817340');
      await until(() => text(part(el, 'status')).includes('Emirates SkyCargo'), 'airline named from the list');
      expect(el.shipment!.carrier).to.deep.equal({ code: '176' });
    });
  });

  describe('the map', () => {
    it('does not rebuild the map while a visitor types five characters (the airline named from the list)', async () => {
      const doc = await transfer();
      delete doc['airline'];
      const s = await scenario({ responses: [{ status: 200, body: doc }], airlines: await fixture('carriers-air.json') });
      const el = mount<AirTracker>(`<air-tracker lang="en" proxy-url="${s.base}/air" map="eager" awb-number="176-22817340"></air-tracker>`);
      await nextEvent(el, 'tracker-load');
      await until(() => text(part(el, 'status')).includes('Emirates SkyCargo'), 'airline named from the list');
      type LayerEvent = { layer: { options?: { className?: string } } };
      const map = part(el, 'map') as HTMLElement & { leafletMap?: { on(type: string, fn: (e: LayerEvent) => void): void } };
      await until(
        () => map.leafletMap !== undefined && (map.shadowRoot?.querySelectorAll('.tracker-place').length ?? 0) > 0,
        'map drawn',
        10000,
      );
      // A build draws the route lines afresh; moving labels around (a resize) does not.
      let builds = 0;
      map.leafletMap!.on('layeradd', ({ layer }) => {
        if (layer.options?.className?.includes('tracker-route--')) builds++;
      });
      for (const typed of ['1', '17', '176', '176-', '176-2']) await typeNumber(el, typed);
      await sleep(100);
      expect(builds, 'route lines redrawn while typing').to.equal(0);
      // The count does see a rebuild: a new language relabels the map.
      el.lang = 'de';
      await el.updateComplete;
      await until(() => builds > 0, 'a change of labels rebuilds the map');
    });
  });

  describeOutcomes(air);
});
