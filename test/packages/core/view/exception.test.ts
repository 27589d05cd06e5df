import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadFixture } from '../../../fixtures/load-fixture.js';
import { normalizeOcean } from '../../../../packages/ocean-tracker/src/lookup/ocean-normalizer.js';
import { normalizeAir } from '../../../../packages/air-tracker/src/lookup/air-normalizer.js';
import { loadCatalogue, shippedLocales } from '../../../../packages/core/src/i18n/catalogues.js';
import { enShipment } from '../../../../packages/core/src/i18n/en-shipment.js';
import { Localizer, registerEnglish } from '../../../../packages/core/src/i18n/localizer.js';
import { createPresenter } from '../../../../packages/core/src/view/present.js';
import { mapMessagesFor } from '../../../../packages/core/src/view/map-messages.js';
import type { Flight, Milestone, Shipment } from '../../../../packages/core/src/model/shipment.js';
import { airDocuments } from '../../../../demo/mock-service/air-documents.js';
import { oceanDocuments } from '../../../../demo/mock-service/ocean-documents.js';

const DEMO_NOW = Date.parse('2026-11-20T12:00:00Z');

/** The demo's document for a number, as the mock service writes it at DEMO_NOW, normalized. */
function demoShipment(number: string): Shipment {
  const air = airDocuments.get(number);
  const body = air
    ? air({ nowMs: DEMO_NOW, number, withRoute: false })
    : oceanDocuments.get(number)!({ nowMs: DEMO_NOW, number, withRoute: false });
  const result = (air ? normalizeAir : normalizeOcean)(JSON.parse(JSON.stringify(body)));
  if (!result.ok) throw new Error(result.reason);
  return result.shipment;
}

function shipmentOf(name: string): Shipment {
  const result = (name.startsWith('air') ? normalizeAir : normalizeOcean)(loadFixture(name));
  if (!result.ok) throw new Error(result.reason);
  return result.shipment;
}

function present(shipment: Shipment, locale = 'en') {
  const l = new Localizer(locale);
  return createPresenter()(shipment, undefined, l, mapMessagesFor(l));
}

/** The cancelled-flight fixture with its replacement flights gone: the cargo waits for a re-booking. */
function cancelledWithoutReplacement(): Shipment {
  const s = shipmentOf('air-cancelled-flight.json');
  return { ...s, flights: s.flights.filter((f: Flight) => f.state === 'cancelled') };
}

describe('the exception state of the labelled view', () => {
  before(async () => {
    registerEnglish(enShipment);
    await Promise.all(shippedLocales.filter((l) => l !== 'en').map(loadCatalogue));
  });

  it('has none for a shipment on its way as planned, nor for one delivered', () => {
    for (const name of ['air-awb-transfer.json', 'air-delivered.json', 'ocean-delivered.json', 'ocean-booked-planned.json']) {
      assert.deepEqual(present(shipmentOf(name)).exceptions, [], name);
    }
  });

  it('says a cancelled flight with no replacement, naming the flight and its airports', () => {
    const view = present(cancelledWithoutReplacement());
    assert.equal(view.exceptions.length, 1);
    const [e] = view.exceptions;
    assert.equal(e!.kind, 'cancelled');
    assert.equal(e!.tone, 'danger');
    // The flight is cancelled, not the waybill: the badge and the sentence say which.
    assert.equal(e!.short, 'Flight cancelled');
    assert.equal(e!.text, 'Flight CX096 cancelled — awaiting a new flight.');
    assert.equal(view.tone, 'danger');
    assert.equal(e!.leg, 'CX096: Hong Kong\u00a0(HKG) →\u00a0Chicago\u00a0(ORD), United States');
  });

  it('reads the fixture of the demo’s 157-13905275 as the mock service writes it (a copy, so it must not drift)', () => {
    const number = '157-13905275';
    const mock = airDocuments.get(number)!({ nowMs: Date.parse('2026-11-20T12:00:00Z'), number, withRoute: true });
    assert.deepEqual(loadFixture('air-cancelled-awaiting-rebooking.json'), JSON.parse(JSON.stringify(mock)));
  });

  it('says a cancelled onward flight with nothing in its place once, and keeps the document’s status with the danger tone', () => {
    const view = present(shipmentOf('air-cancelled-awaiting-rebooking.json'));
    assert.equal(view.shipment.status.code, 'IN_TRANSIT');
    // Was "Awaiting re-booking" beside a red "Cancelled", which read as a cancelled waybill.
    assert.equal(view.status, 'In transit');
    assert.equal(view.tone, 'danger');
    assert.deepEqual(
      view.exceptions.map((e) => [e.kind, e.text, e.leg]),
      [
        [
          'cancelled',
          'Flight QR8325 cancelled — awaiting a new flight.',
          'QR8325: Doha\u00a0(DOH), Qatar →\u00a0London\u00a0(LHR), United Kingdom',
        ],
      ],
    );
    assert.match(view.announcement, /^Found 157-13905275\. Status: In transit\. Flight QR8325 cancelled — awaiting a new flight\. /);
    // A cancellation with a replacement is a re-booking: the document's status stands.
    assert.equal(present(shipmentOf('air-cancelled-flight.json')).status, 'Booked');
  });

  it('says a cancelled flight replaced by a later one from the same airport as a re-booking onto that flight', () => {
    const [e, ...rest] = present(shipmentOf('air-cancelled-flight.json')).exceptions;
    assert.deepEqual(rest, []);
    assert.equal(e!.kind, 'rebooked');
    assert.match(e!.text, /re-booked on CX084: Hong Kong\u00a0\(HKG\)/);
    assert.match(e!.leg!, /^CX096: /);
  });

  it('says a re-booking the document records only by superseding the first booking, naming the dropped flight and the new one', () => {
    const view = present(shipmentOf('air-rebooked.json'));
    const [e] = view.exceptions;
    assert.equal(e!.kind, 'rebooked');
    assert.equal(e!.tone, 'warning');
    assert.equal(view.tone, 'warning');
    assert.equal(e!.text, 'Offloaded from LH8160, now on LH8162.');
    // "Affected: LH8162" named the flight the cargo is on now, not the one it lost.
    assert.equal(e!.leg, undefined);
    assert.equal(present(demoShipment('618-50833915')).exceptions[0]!.text, 'Offloaded from SQ7378, now on SQ7372.');
  });

  it('says a hold that the status code names (an unknown status), with the tone of a warning and the next expected event', () => {
    // The demo's CMAU4719208: "Held by customs at destination", customs release expected tomorrow.
    const view = present(demoShipment('CMAU4719208'));
    assert.equal(view.status, 'Held by customs at destination');
    assert.equal(view.tone, 'warning');
    const [e, ...rest] = view.exceptions;
    assert.deepEqual(rest, []);
    assert.equal(e!.kind, 'hold');
    assert.equal(e!.leg, 'Le Havre, France');
    assert.match(e!.next!, /^Next: Customs release, Nov 21, 2026, \d\d:\d\d\s[AP]M\sGMT\+1\.$/);
    for (const name of ['ocean-unknown-codes.json', 'air-unknown-codes.json']) {
      assert.deepEqual(
        present(shipmentOf(name)).exceptions.map((x) => x.kind),
        ['hold'],
        name,
      );
    }
    // A word of the code, not a part of one.
    const threshold = { ...shipmentOf('ocean-unknown-codes.json'), status: { code: 'THRESHOLD_REACHED', known: false } };
    assert.deepEqual(present(threshold).exceptions, []);
  });

  it("says an arrival later than first promised, by how much, and when now (the place is the arrival box's)", () => {
    const [e] = present(shipmentOf('ocean-container-in-transit.json')).exceptions;
    assert.equal(e!.kind, 'delayed');
    assert.equal(e!.text, 'Arrival is now expected 2 days 18 hours later than first promised.');
    assert.match(e!.next!, /^Now expected Dec \d+, 2026, \d\d:\d\d\s[AP]M\sGMT\+1\.$/);
    assert.equal(e!.tone, 'warning');
    assert.equal(e!.leg, undefined, 'no "Affected" line: the destination is named right below');
  });

  it('says a hold (ocean inspection) or a discrepancy (air) when it is the latest thing that happened, not once it is past', () => {
    const ocean = shipmentOf('ocean-booked-planned.json');
    const inspected: Milestone = {
      code: 'INSP',
      known: true,
      kind: 'actual',
      time: { iso: '2030-01-01T00:00:00Z', epochMs: Date.UTC(2030, 0, 1), offsetMinutes: 0 },
    };
    const withHold: Shipment = { ...ocean, units: [{ id: 'MSCU1234565', milestones: [inspected] }] };
    assert.deepEqual(
      present(withHold).exceptions.map((e) => e.kind),
      ['hold'],
    );
    const released: Milestone = { ...inspected, code: 'CUSR', time: { ...inspected.time!, epochMs: inspected.time!.epochMs + 1 } };
    assert.deepEqual(present({ ...withHold, units: [{ id: 'MSCU1234565', milestones: [inspected, released] }] }).exceptions, []);

    const air = shipmentOf('air-awb-transfer.json');
    const unit = air.units[0]!;
    const latest = unit.milestones.filter((m) => m.kind === 'actual').at(-1)!;
    const discrepancy: Milestone = { ...latest, code: 'DIS', time: { ...latest.time!, epochMs: latest.time!.epochMs + 60_000 } };
    const view = present({ ...air, units: [{ ...unit, milestones: [...unit.milestones, discrepancy] }] });
    assert.deepEqual(
      view.exceptions.map((e) => e.kind),
      ['discrepancy'],
    );
  });

  it('says a cancellation the carrier records as a discrepancy on the cancelled flight once, as the cancellation', () => {
    // The demo's 157-13905275: QR8325 is cancelled, and its latest event is a DIS naming QR8325.
    const number = '157-13905275';
    const result = normalizeAir(airDocuments.get(number)!({ nowMs: Date.UTC(2026, 10, 23, 12), number, withRoute: false }));
    if (!result.ok) throw new Error(result.reason);
    const latest = result.shipment.units[0]!.milestones.at(-1)!;
    assert.equal(latest.code, 'DIS');
    assert.equal(latest.flightNumber, 'QR8325');
    const view = present(result.shipment);
    assert.deepEqual(
      view.exceptions.map((e) => e.kind),
      ['cancelled'],
    );
    assert.match(view.exceptions[0]!.leg!, /^QR8325: /);
  });

  it('adds the exceptions to the status sentence the live region says', () => {
    const view = present(cancelledWithoutReplacement());
    assert.match(
      view.announcement,
      /^Found 160-88230472\. Status: Booked\. Flight CX096 cancelled — awaiting a new flight\. Affected: CX096: /,
    );
  });

  it('has its words in every shipped language', () => {
    for (const locale of shippedLocales) {
      const [e] = present(cancelledWithoutReplacement(), locale).exceptions;
      const english = present(cancelledWithoutReplacement()).exceptions[0]!;
      if (locale !== 'en') assert.notEqual(e!.text, english.text, locale);
      assert.ok(e!.leg!.includes('CX096'), locale);
    }
  });
});
