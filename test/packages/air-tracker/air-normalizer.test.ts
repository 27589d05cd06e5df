import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Shipment } from '@cargo-trackers/core';
import { AIR_EVENT_CODES, AIR_STATUSES, normalizeAir, parseAirlines } from '../../../packages/air-tracker/src/lookup/air-normalizer.js';
import { loadFixture } from '../../fixtures/load-fixture.js';
import { assertWellFormed } from '../../support/assert-shipment.js';
import { mutated } from '../../support/mutate-json.js';

function shipmentOf(fixture: string | object): Shipment {
  const result = normalizeAir(typeof fixture === 'string' ? loadFixture(fixture) : fixture);
  assert.ok(result.ok, result.ok ? '' : result.reason);
  return result.shipment;
}

function doc(fixture: string): Record<string, unknown> {
  return loadFixture(fixture) as Record<string, unknown>;
}

/** `code flight` of each milestone, with `*` on the superseded ones. */
function bookings(s: Shipment): string[] {
  return (s.units[0]?.milestones ?? [])
    .filter((m) => m.code === 'BKD' || m.code === 'MAN')
    .map((m) => `${m.code} ${m.flightNumber ?? '-'}${m.superseded === true ? ' *' : ''}`);
}

describe('normalizeAir', () => {
  describe('the contract example of an AWB with a transfer', () => {
    const s = shipmentOf('air-awb-transfer.json');

    it('echoes the AWB number, the airline and the status', () => {
      assert.equal(s.product, 'air');
      assert.equal(s.reference, '176-22817340');
      assert.equal(s.referenceType, 'awb');
      assert.deepEqual(s.carrier, { code: '176', iata: 'EK', name: 'Emirates SkyCargo' });
      assert.deepEqual(s.status, { code: 'IN_TRANSIT', text: 'In transit', known: true });
      assert.equal(s.pieces, 12);
      assert.equal(s.weightKg, 830.5);
    });

    it('lists origin, transfer and destination airports with their places', () => {
      assert.deepEqual(
        s.route.map((stop) => [stop.place.code, stop.roles]),
        [
          ['HKG', ['origin']],
          ['DXB', ['transfer']],
          ['FRA', ['destination']],
        ],
      );
      assert.deepEqual(s.route[1]?.place, {
        code: 'DXB',
        name: 'Dubai International Airport',
        city: 'Dubai',
        country: 'AE',
        timeZone: 'Asia/Dubai',
        position: { lat: 25.253, lng: 55.364 },
      });
    });

    it('reads the ETA in Frankfurt’s zone', () => {
      assert.deepEqual(s.eta, {
        time: { iso: '2026-11-21T06:35:00+01:00', epochMs: Date.UTC(2026, 10, 21, 5, 35), offsetMinutes: 60, timeZone: 'Europe/Berlin' },
        kind: 'estimated',
        place: s.route[2]?.place,
      });
    });

    it('reads each flight’s times in its airport’s zone', () => {
      assert.equal(s.flights.length, 2);
      const first = s.flights[0];
      assert.equal(first?.flightNumber, 'EK9381');
      assert.equal(first?.from?.code, 'HKG');
      assert.equal(first?.to?.code, 'DXB');
      assert.equal(first?.state, 'completed');
      assert.equal(first?.aircraftType, 'B77F');
      assert.deepEqual(first?.departure.actual, {
        iso: '2026-11-20T00:20:00+08:00',
        epochMs: Date.UTC(2026, 10, 19, 16, 20),
        offsetMinutes: 480,
        timeZone: 'Asia/Hong_Kong',
      });
      assert.equal(first?.arrival.actual?.timeZone, 'Asia/Dubai');
      assert.equal(first?.arrival.estimated, undefined);
      assert.equal(s.flights[1]?.departure.estimated?.epochMs, Date.UTC(2026, 10, 20, 21, 10));
      assert.equal(s.flights[1]?.state, 'planned');
    });

    it('has the waybill as its one unit, its history in time order, nothing superseded', () => {
      assert.equal(s.units.length, 1);
      const unit = s.units[0];
      assert.equal(unit?.id, '176-22817340');
      assert.deepEqual(
        unit?.milestones.map((m) => m.code),
        ['BKD', 'RCS', 'MAN', 'DEP', 'ARR', 'RCF', 'MAN', 'DEP', 'ARR'],
      );
      assert.ok(unit?.milestones.every((m) => m.known && m.superseded === undefined));
      const arr = unit?.milestones[4];
      assert.equal(arr?.place?.code, 'DXB');
      assert.equal(arr?.time?.timeZone, 'Asia/Dubai');
      assert.equal(arr?.flightNumber, 'EK9381');
      assert.equal(arr?.pieces, 12);
      assert.equal(unit?.milestones[0]?.weightKg, 830.5);
      assert.equal(unit?.milestones[8]?.kind, 'estimated');
    });

    it('reads the legs for the map with the flight number as the vehicle', () => {
      assert.deepEqual(
        s.legs.map((l) => [l.from?.code, l.to?.code, l.vehicle, l.mode, l.state, l.path.length]),
        [
          ['HKG', 'DXB', 'EK9381', 'air', 'completed', 25],
          ['DXB', 'FRA', 'EK9905', 'air', 'planned', 25],
        ],
      );
      assert.deepEqual(s.legs[0]?.path[0], { lat: 22.308, lng: 113.918 });
      assert.equal(s.position, undefined);
      assert.deepEqual(s.vessels, []);
    });
  });

  describe('re-booking', () => {
    it('marks the booking and manifest of the replaced flight superseded and keeps both', () => {
      const s = shipmentOf('air-rebooked.json');
      assert.deepEqual(bookings(s), ['BKD LH8160 *', 'MAN LH8160 *', 'BKD LH8162', 'MAN LH8162']);
      const dis = s.units[0]?.milestones.find((m) => m.code === 'DIS');
      assert.equal(dis?.superseded, undefined);
      assert.equal(dis?.description, 'Offloaded: lack of space');
    });

    it('marks a booking on a cancelled flight superseded', () => {
      const s = shipmentOf('air-cancelled-flight.json');
      assert.deepEqual(bookings(s), ['BKD CX096 *', 'BKD CX084']);
    });

    it('marks a booking on a cancelled flight superseded even before the re-booking arrives', () => {
      const body = doc('air-cancelled-flight.json');
      body['milestones'] = (body['milestones'] as { code: string; flightNumber?: string }[]).filter((m) => m.flightNumber !== 'CX084');
      assert.deepEqual(bookings(shipmentOf(body)), ['BKD CX096 *']);
    });

    it('does not supersede the onward flight of a transfer, even when booked at the origin', () => {
      const body = doc('air-awb-transfer.json');
      const milestones = body['milestones'] as Record<string, unknown>[];
      milestones.splice(1, 0, {
        code: 'BKD',
        description: 'Booked on onward flight',
        airport: 'HKG',
        time: '2026-11-18T10:13:00+08:00',
        kind: 'actual',
        flightNumber: 'EK9905',
      });
      assert.deepEqual(bookings(shipmentOf(body)), ['BKD EK9381', 'BKD EK9905', 'MAN EK9381', 'MAN EK9905']);
    });

    it('does not supersede a booking repeated for the same flight', () => {
      const body = doc('air-rebooked.json');
      const milestones = body['milestones'] as Record<string, unknown>[];
      for (const m of milestones) if (m['flightNumber'] === 'LH8160') m['flightNumber'] = 'LH8162';
      assert.deepEqual(bookings(shipmentOf(body)), ['BKD LH8162', 'MAN LH8162', 'BKD LH8162', 'MAN LH8162']);
    });

    it('supersedes by later time, not by document position', () => {
      const body = doc('air-rebooked.json');
      (body['milestones'] as unknown[]).reverse();
      assert.deepEqual(bookings(shipmentOf(body)), ['BKD LH8160 *', 'MAN LH8160 *', 'BKD LH8162', 'MAN LH8162']);
    });
  });

  it('reads the aircraft position while airborne', () => {
    const body = doc('air-rebooked.json');
    const aircraft = (body['routePath'] as { aircraft: { lat: number; lon: number } }).aircraft;
    assert.deepEqual(shipmentOf(body).position, {
      kind: 'aircraft',
      lat: aircraft.lat,
      lng: aircraft.lon,
      label: 'LH8162',
      headingDeg: 247,
      altitudeFt: 34000,
      reportedAt: { iso: '2026-11-18T16:25:00Z', epochMs: Date.UTC(2026, 10, 18, 16, 25), offsetMinutes: 0 },
    });
  });

  describe('a cancelled flight', () => {
    const s = shipmentOf('air-cancelled-flight.json');

    it('leaves the cancelled flight out of the route but in the flights', () => {
      assert.deepEqual(
        s.route.map((stop) => [stop.place.code, stop.roles]),
        [
          ['HKG', ['origin']],
          ['ANC', ['transfer']],
          ['ORD', ['destination']],
        ],
      );
      assert.deepEqual(
        s.flights.map((f) => [f.flightNumber, f.from?.code, f.to?.code, f.state]),
        [
          ['CX096', 'HKG', 'ORD', 'cancelled'],
          ['CX084', 'HKG', 'ANC', 'planned'],
          ['CX084', 'ANC', 'ORD', 'planned'],
        ],
      );
      assert.equal(s.flights[2]?.departure.scheduled?.timeZone, 'America/Anchorage');
      assert.equal(s.flights[2]?.departure.scheduled?.offsetMinutes, -540);
    });

    it('keeps path-less segments between known airports with an empty path, for a great-circle arc', () => {
      assert.deepEqual(
        s.legs.map((l) => [l.from?.code, l.to?.code, l.state, l.path.length]),
        [
          ['HKG', 'ORD', 'cancelled', 0],
          ['HKG', 'ANC', 'planned', 21],
          ['ANC', 'ORD', 'planned', 0],
        ],
      );
    });
  });

  it('shows a delivered waybill with every step passed and every code known', () => {
    const s = shipmentOf('air-delivered.json');
    assert.deepEqual(s.status, { code: 'DELIVERED', text: 'Delivered', known: true });
    const milestones = s.units[0]?.milestones ?? [];
    assert.deepEqual(
      milestones.map((m) => m.code),
      ['BKD', 'RCS', 'MAN', 'DEP', 'ARR', 'RCF', 'CCD', 'NFD', 'AWD', 'DLV'],
    );
    assert.ok(milestones.every((m) => m.kind === 'actual' && m.known));
    assert.equal(s.eta?.kind, 'actual');
    assert.equal(s.legs[0]?.state, 'completed');
  });

  describe('without the airports list', () => {
    const s = shipmentOf('air-no-airports.json');

    it('shows airports by their codes and times with their offsets but no zone', () => {
      assert.deepEqual(s.route, [
        { place: { code: 'IST' }, roles: ['origin'] },
        { place: { code: 'JFK' }, roles: ['destination'] },
      ]);
      const dep = s.units[0]?.milestones[0];
      assert.deepEqual(dep?.place, { code: 'IST' });
      assert.equal(dep?.time?.offsetMinutes, 180);
      assert.equal(dep?.time?.timeZone, undefined);
      assert.equal(s.flights[0]?.arrival.actual?.epochMs, Date.UTC(2026, 10, 19, 19, 20));
    });

    it('has no leg to draw when neither a path nor airport positions are known', () => {
      assert.deepEqual(s.legs, []);
    });
  });

  describe('unknown codes', () => {
    const s = shipmentOf('air-unknown-codes.json');

    it('keeps an unknown status with the document text', () => {
      assert.deepEqual(s.status, { code: 'HELD_FOR_INSPECTION', text: 'Held for inspection', known: false });
    });

    it('keeps an unknown event code with the document text', () => {
      const codes = (s.units[0]?.milestones ?? []).map((m) => [m.code, m.known, m.description]);
      assert.deepEqual(codes, [
        ['FOH', false, 'Freight on hand'],
        ['RCS', true, 'Received from shipper'],
        ['PRE', false, 'Prepared for loading'],
        ['DEP', true, 'Departed'],
        ['ARR', true, 'Arrived'],
        ['CRC', false, 'Reported to customs; held for inspection'],
      ]);
      assert.equal(s.eta, undefined);
      assert.deepEqual(s.legs, []);
    });
  });

  describe('hostile strings', () => {
    const s = shipmentOf('air-hostile-strings.json');

    it('passes markup through as plain text, unescaped', () => {
      assert.equal(s.reference, "<script>alert('xss')</script>");
      assert.deepEqual(s.carrier, {
        code: 'javascript:alert(document.cookie)',
        iata: '<img src=x onerror=alert(1)>',
        name: "${alert(1)}{{constructor.constructor('alert(1)')()}}",
      });
      assert.equal(s.status.code, '<img src=x onerror=alert(1)>');
      assert.equal(s.units[0]?.id, "<script>alert('xss')</script>");
      assert.equal(s.flights[0]?.flightNumber, '<img src=x onerror=alert(1)>');
      assert.equal(s.position?.label, "<script>alert('xss')</script>");
    });

    it('treats __proto__ and constructor as ordinary airport codes', () => {
      assert.deepEqual(
        s.route.map((stop) => stop.place.code),
        ['__proto__', 'constructor'],
      );
      assert.equal(s.route[0]?.place.name, "<script>alert('xss')</script>");
      assert.equal(s.route[0]?.place.timeZone, undefined);
      assert.equal(s.route[1]?.place.timeZone, 'Europe/Berlin');
    });
  });

  it('takes the carrier code from the AWB prefix when the airline is missing', () => {
    const body = doc('air-awb-transfer.json');
    delete body['airline'];
    assert.deepEqual(shipmentOf(body).carrier, { code: '176' });
  });

  it('takes a missing origin and destination from the flights', () => {
    const body = doc('air-awb-transfer.json');
    delete body['origin'];
    delete body['destination'];
    assert.deepEqual(
      shipmentOf(body).route.map((stop) => [stop.place.code, stop.roles]),
      [
        ['HKG', ['origin']],
        ['DXB', ['transfer']],
        ['FRA', ['destination']],
      ],
    );
  });

  it('accepts an empty milestones list', () => {
    const s = shipmentOf({ awbNumber: '176-22817340', status: 'BOOKED', milestones: [] });
    assert.deepEqual(s.units, [{ id: '176-22817340', milestones: [] }]);
    assert.deepEqual(s.carrier, { code: '176' });
    assert.deepEqual(s.route, []);
  });

  describe('unusable documents', () => {
    it('fails cleanly when the body is not an object', () => {
      for (const body of [null, undefined, '176-22817340', 0, []]) {
        assert.deepEqual(normalizeAir(body), { ok: false, reason: 'the response is not an object' });
      }
    });

    it('names the missing or mistyped required field', () => {
      const base = { awbNumber: '176-22817340', status: 'BOOKED', milestones: [] };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, awbNumber: undefined }, 'the response has no awbNumber'],
        [{ ...base, awbNumber: 17622817340 }, 'the response’s awbNumber is not text'],
        [{ ...base, status: undefined }, 'the response has no status'],
        [{ ...base, status: '' }, 'the response’s status is empty'],
        [{ ...base, milestones: undefined }, 'the response has no milestones list'],
        [{ ...base, milestones: 'none' }, 'the response’s milestones is not a list'],
      ];
      for (const [body, reason] of cases) assert.deepEqual(normalizeAir(body), { ok: false, reason });
    });
  });

  describe('never throws', () => {
    it('on arbitrary JSON', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (body) => {
          assertWellFormed(normalizeAir(body));
        }),
        { numRuns: 500 },
      );
    });

    it('on arbitrary objects that carry the required fields', () => {
      fc.assert(
        fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue(), { maxLength: 20 }), (extra, milestones) => {
          const result = normalizeAir({ ...extra, awbNumber: '176-22817340', status: 'X', milestones });
          assert.ok(result.ok);
          assertWellFormed(result);
        }),
        { numRuns: 300 },
      );
    });

    for (const fixture of ['air-awb-transfer.json', 'air-rebooked.json', 'air-cancelled-flight.json', 'air-hostile-strings.json']) {
      it(`on damaged copies of ${fixture}`, () => {
        fc.assert(
          fc.property(mutated(loadFixture(fixture)), (body) => {
            assertWellFormed(normalizeAir(body));
          }),
          { numRuns: 150 },
        );
      });
    }

    it('and every fixture reads into a well-formed view model', () => {
      for (const fixture of [
        'air-awb-transfer.json',
        'air-delivered.json',
        'air-rebooked.json',
        'air-cancelled-flight.json',
        'air-no-airports.json',
        'air-unknown-codes.json',
        'air-hostile-strings.json',
      ]) {
        const result = normalizeAir(loadFixture(fixture));
        assert.ok(result.ok, fixture);
        assertWellFormed(result);
      }
    });
  });
});

describe('AIR_STATUSES and AIR_EVENT_CODES', () => {
  it('list the contract’s codes', () => {
    assert.deepEqual(
      [...AIR_STATUSES],
      ['BOOKED', 'RECEIVED', 'DEPARTED', 'IN_TRANSIT', 'ARRIVED', 'READY_FOR_PICKUP', 'DELIVERED', 'UNKNOWN'],
    );
    assert.deepEqual([...AIR_EVENT_CODES].sort(), ['ARR', 'AWD', 'BKD', 'CCD', 'DEP', 'DIS', 'DLV', 'MAN', 'NFD', 'RCF', 'RCS', 'TFD']);
  });
});

describe('parseAirlines', () => {
  it('reads the contract’s airline list', () => {
    const airlines = parseAirlines(loadFixture('carriers-air.json'));
    assert.equal(airlines?.length, 10);
    assert.deepEqual(airlines?.[0], { prefix: '020', iata: 'LH', name: 'Lufthansa Cargo' });
    assert.deepEqual(
      airlines?.find((a) => a.prefix === '176'),
      { prefix: '176', iata: 'EK', name: 'Emirates SkyCargo' },
    );
  });

  it('skips entries without a 3-digit prefix or a name', () => {
    assert.deepEqual(
      parseAirlines({
        airlines: [
          { prefix: 176, name: 'Numeric prefix' },
          { prefix: '17', name: 'Short' },
          { prefix: '160' },
          null,
          { prefix: '172', name: 'Cargolux', iata: 5 },
        ],
      }),
      [{ prefix: '172', name: 'Cargolux' }],
    );
  });

  it('answers undefined for a body that is not an airline list', () => {
    for (const body of [null, [], { airlines: {} }, { carriers: [] }]) assert.equal(parseAirlines(body), undefined);
  });
});

describe('normalizeAir on long histories', () => {
  /** The re-booking rule as its comment states it, pair by pair: the specification the one-pass code must meet. */
  function supersededBySpec(doc: {
    flights: Array<{ flightNumber: string; from: string; state: string }>;
    milestones: Array<{ code: string; flightNumber?: string; airport: string }>;
  }): boolean[] {
    const sectorOf = (m: { flightNumber?: string; airport: string }) => {
      const same = doc.flights.filter((f) => f.flightNumber === m.flightNumber);
      const f = same.find((g) => g.from === m.airport) ?? same[0];
      return { sector: f?.from ?? m.airport, cancelled: f?.state === 'cancelled' };
    };
    const isBooking = (m: { code: string; flightNumber?: string }) =>
      (m.code === 'BKD' || m.code === 'MAN') && m.flightNumber !== undefined;
    return doc.milestones.map((m, i) => {
      if (!isBooking(m)) return false;
      const own = sectorOf(m);
      return (
        own.cancelled ||
        doc.milestones.some((n, j) => j > i && isBooking(n) && n.flightNumber !== m.flightNumber && sectorOf(n).sector === own.sector)
      );
    });
  }

  it('marks superseded bookings exactly as the pairwise rule does, on random histories', () => {
    const airport = fc.constantFrom('FRA', 'DXB', 'HKG');
    const flightNumber = fc.constantFrom('LH1', 'LH2', 'EK3', 'EK4');
    const milestone = fc.record({
      code: fc.constantFrom('BKD', 'MAN', 'DEP', 'RCS'),
      flightNumber: fc.option(flightNumber, { nil: undefined }),
      airport,
    });
    const flight = fc.record({ flightNumber, from: airport, to: airport, state: fc.constantFrom('completed', 'cancelled', 'planned') });
    fc.assert(
      fc.property(fc.array(milestone, { maxLength: 25 }), fc.array(flight, { maxLength: 5 }), (milestones, flights) => {
        const body = {
          awbNumber: '020-55830165',
          status: 'BOOKED',
          flights,
          // Strictly increasing times keep the document's order as the history's order.
          milestones: milestones.map((m, i) => ({ ...m, time: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() })),
        };
        const got = shipmentOf(body).units[0]!.milestones.map((m) => m.superseded === true);
        assert.deepEqual(got, supersededBySpec(body));
      }),
    );
  });

  it('reads a 30,000-milestone document as large as the proxy passes, every milestone kept in order', async () => {
    const { largeAirDocument } = await import('../../fixtures/large-air-document.mjs');
    const body = largeAirDocument();
    assert.ok(JSON.stringify(body).length < 5 * 1024 * 1024);
    const milestones = shipmentOf(body).units[0]!.milestones;
    assert.equal(milestones.length, 30_000);
    assert.ok(milestones.every((m, i) => i === 0 || m.time!.epochMs >= milestones[i - 1]!.time!.epochMs));
  });
});
