import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Shipment } from '@cargo-trackers/core';
import { normalizeOcean, OCEAN_EVENT_CODES, OCEAN_STATUSES } from '../../../packages/ocean-tracker/src/lookup/ocean-normalizer.js';
import { parseOceanCarriers } from '../../../packages/ocean-tracker/src/lookup/carrier-list.js';
import { loadFixture } from '../../fixtures/load-fixture.js';
import { assertWellFormed } from '../../support/assert-shipment.js';
import { mutated } from '../../support/mutate-json.js';

function shipmentOf(fixture: string | object): Shipment {
  const result = normalizeOcean(typeof fixture === 'string' ? loadFixture(fixture) : fixture);
  assert.ok(result.ok, result.ok ? '' : result.reason);
  return result.shipment;
}

/** A fixture as a plain object, to edit a copy in a test. */
function doc(fixture: string): Record<string, unknown> {
  return loadFixture(fixture) as Record<string, unknown>;
}

const HOSTILE = ["<script>alert('xss')</script>", '<img src=x onerror=alert(1)>', 'javascript:alert(document.cookie)'];

describe('normalizeOcean', () => {
  describe('the contract example of a container in transit', () => {
    const s = shipmentOf('ocean-container-in-transit.json');

    it('echoes the reference, its type and the carrier', () => {
      assert.equal(s.product, 'ocean');
      assert.equal(s.reference, 'MEDU9091004');
      assert.equal(s.referenceType, 'container');
      assert.deepEqual(s.carrier, { code: 'MSCU', name: 'MSC Mediterranean Shipping Company' });
      assert.deepEqual(s.status, { code: 'IN_TRANSIT', text: 'In transit', known: true });
      assert.equal(s.updatedAt?.epochMs, Date.UTC(2026, 10, 20, 6, 12));
    });

    it('reads the ETA at Rotterdam in Rotterdam’s zone, and the original ETA to show the delay', () => {
      assert.deepEqual(s.eta?.time, {
        iso: '2026-12-04T08:00:00+01:00',
        epochMs: Date.UTC(2026, 11, 4, 7, 0),
        offsetMinutes: 60,
        timeZone: 'Europe/Amsterdam',
      });
      assert.equal(s.eta?.kind, 'estimated');
      assert.equal(s.eta?.place?.name, 'Rotterdam');
      assert.equal(s.originalEta?.time.epochMs, Date.UTC(2026, 11, 1, 13, 0));
      assert.equal(s.originalEta?.kind, 'planned');
    });

    it('lists the route in order, merging a place that plays several roles', () => {
      assert.deepEqual(
        s.route.map((stop) => [stop.place.code, stop.roles]),
        [
          ['CNNGB', ['origin', 'loading']],
          ['SGSIN', ['transshipment']],
          ['NLRTM', ['discharge', 'destination']],
        ],
      );
      assert.deepEqual(s.route[1]?.place, {
        code: 'SGSIN',
        name: 'Singapore',
        country: 'SG',
        timeZone: 'Asia/Singapore',
        position: { lat: 1.264, lng: 103.84 },
        terminal: 'Pasir Panjang Terminal',
      });
    });

    it('lists the vessels in route order with their voyages', () => {
      assert.deepEqual(s.vessels, [
        { name: 'MSC ARINA', imo: '9839272', flag: 'LR', voyages: ['FE544W'] },
        { name: 'MSC GULSUN', imo: '9839430', flag: 'PA', voyages: ['AE2545W'] },
      ]);
    });

    it('resolves each milestone’s place, zone and vessel name', () => {
      const unit = s.units[0];
      assert.equal(s.units.length, 1);
      assert.equal(unit?.id, 'MEDU9091004');
      assert.equal(unit?.isoCode, '45G1');
      assert.equal(unit?.description, "40' High Cube Dry");
      assert.equal(unit?.milestones.length, 11);
      const load = unit?.milestones[6];
      assert.equal(load?.code, 'LOAD');
      assert.equal(load?.known, true);
      assert.equal(load?.vessel, 'MSC GULSUN');
      assert.equal(load?.voyage, 'AE2545W');
      assert.equal(load?.place?.code, 'SGSIN');
      assert.equal(load?.time?.timeZone, 'Asia/Singapore');
      assert.equal(load?.time?.epochMs, Date.UTC(2026, 10, 12, 11, 30));
      assert.equal(unit?.milestones[0]?.empty, true);
      assert.equal(unit?.milestones[0]?.facility, 'Ningbo Beilun Depot');
      assert.equal(unit?.milestones[0]?.mode, 'truck');
      assert.deepEqual(unit?.milestones.map((m) => m.kind).filter((k) => k === 'actual').length, 8);
    });

    it('reads the legs with Leaflet-order paths and the AIS position', () => {
      assert.equal(s.legs.length, 2);
      assert.equal(s.legs[0]?.from?.code, 'CNNGB');
      assert.equal(s.legs[0]?.to?.code, 'SGSIN');
      assert.equal(s.legs[0]?.state, 'completed');
      assert.deepEqual(s.legs[0]?.path[0], { lat: 29.868, lng: 121.544 });
      assert.equal(s.legs[1]?.path.length, 23);
      assert.equal(s.legs[1]?.vehicle, 'MSC GULSUN');
      assert.equal(s.legs[1]?.voyage, 'AE2545W');
      assert.equal(s.legs[1]?.state, 'current');
      assert.deepEqual(s.position, {
        kind: 'vessel',
        lat: 12.31,
        lng: 58.42,
        label: 'MSC GULSUN',
        headingDeg: 268,
        speedKnots: 16.4,
        reportedAt: { iso: '2026-11-20T05:40:00Z', epochMs: Date.UTC(2026, 10, 20, 5, 40), offsetMinutes: 0 },
      });
      assert.deepEqual(s.flights, []);
    });
  });

  describe('the contract example of a bill of lading across the Pacific', () => {
    const s = shipmentOf('ocean-bill-of-lading-pacific.json');

    it('has one unit per container', () => {
      assert.deepEqual(
        s.units.map((u) => u.id),
        ['OOLU1882030', 'OOLU7429118'],
      );
      assert.equal(s.referenceType, 'bill_of_lading');
    });

    it('keeps the antimeridian jump in the path for the map to unwrap', () => {
      const path = s.legs[0]?.path ?? [];
      assert.deepEqual(path.slice(4, 6), [
        { lat: 46, lng: 179.6 },
        { lat: 46.1, lng: -179.4 },
      ]);
      assert.equal(s.position?.lng, -176.8);
    });

    it('gives the ETA at Los Angeles in Pacific time', () => {
      assert.equal(s.eta?.time.epochMs, Date.UTC(2026, 10, 29, 14, 0));
      assert.equal(s.eta?.time.offsetMinutes, -480);
      assert.equal(s.eta?.time.timeZone, 'America/Los_Angeles');
      assert.equal(s.vessels.length, 1);
      assert.deepEqual(s.vessels[0]?.voyages, ['078E']);
    });
  });

  it('shows a delivered container with every step passed and no live position', () => {
    const s = shipmentOf('ocean-delivered.json');
    assert.deepEqual(s.status, { code: 'DELIVERED', text: 'Delivered', known: true });
    const milestones = s.units[0]?.milestones ?? [];
    assert.equal(milestones.length, 9);
    assert.ok(milestones.every((m) => m.kind === 'actual'));
    assert.equal(milestones.at(-1)?.code, 'DROP');
    assert.equal(s.eta?.kind, 'actual');
    assert.equal(s.position, undefined);
    assert.equal(s.legs[0]?.state, 'completed');
  });

  it('shows a booking with only planned steps, nothing passed', () => {
    const s = shipmentOf('ocean-booked-planned.json');
    assert.equal(s.referenceType, 'booking');
    assert.equal(s.status.code, 'PLANNED');
    assert.ok(s.units[0]?.milestones.every((m) => m.kind !== 'actual'));
    assert.deepEqual(
      s.route.map((stop) => [stop.place.code, stop.roles]),
      [
        ['CNYTN', ['origin', 'loading']],
        ['MAPTM', ['transshipment']],
        ['ESVLC', ['discharge']],
        ['ESMAD', ['destination']],
      ],
    );
    assert.deepEqual(
      s.legs.map((l) => [l.mode, l.vehicle ?? null]),
      [
        ['vessel', 'MAERSK EMDEN'],
        ['feeder', 'MAERSK KOLKATA'],
        ['rail', null],
      ],
    );
  });

  it('accepts an empty containers list', () => {
    const s = shipmentOf('ocean-empty-containers.json');
    assert.deepEqual(s.units, []);
    assert.equal(s.route.length, 2);
    assert.equal(s.eta?.place?.code, 'BEANR');
  });

  describe('unknown codes', () => {
    const s = shipmentOf('ocean-unknown-codes.json');

    it('keeps an unknown status with the document text', () => {
      assert.deepEqual(s.status, { code: 'CUSTOMS_HOLD', text: 'Held by customs', known: false });
      assert.deepEqual(s.units[0]?.status, { code: 'CUSTOMS_HOLD', known: false });
    });

    it('keeps an unknown event code with the document text', () => {
      const xray = s.units[0]?.milestones.find((m) => m.code === 'XRAY');
      assert.equal(xray?.known, false);
      assert.equal(xray?.description, 'Scanned by customs X-ray');
      assert.equal(xray?.mode, 'hovercraft');
      assert.equal(s.units[0]?.milestones.find((m) => m.code === 'HOLD')?.known, false);
    });

    it('reads an unknown milestone kind as planned and an unknown segment state as planned', () => {
      assert.equal(s.units[0]?.milestones.find((m) => m.code === 'CUSR')?.kind, 'planned');
      assert.equal(s.legs[0]?.state, 'planned');
    });
  });

  describe('missing optional fields', () => {
    const s = shipmentOf('ocean-minimal.json');

    it('degrades to an empty view instead of failing', () => {
      assert.deepEqual(Object.keys(s).sort(), ['flights', 'legs', 'product', 'reference', 'route', 'status', 'units', 'vessels']);
      assert.deepEqual(s.route, []);
      assert.deepEqual(s.legs, []);
      assert.deepEqual(s.vessels, []);
    });

    it('keeps a milestone with a code or a description and drops one with neither', () => {
      const milestones = s.units[0]?.milestones ?? [];
      assert.deepEqual(
        milestones.map((m) => [m.code, m.description ?? null, m.kind]),
        [
          ['LOAD', null, 'planned'],
          ['', 'Arrived at inland depot', 'planned'],
          ['DEPA', null, 'planned'],
        ],
      );
      assert.equal(milestones[1]?.known, false);
      assert.deepEqual(s.units[1], { id: 'TGHU8830228', milestones: [] });
    });

    it('shows a place the locations list does not name by its code', () => {
      const body = doc('ocean-minimal.json');
      body['route'] = { origin: 'DEHAM', destination: 'USNYC' };
      assert.deepEqual(shipmentOf(body).route, [
        { place: { code: 'DEHAM' }, roles: ['origin'] },
        { place: { code: 'USNYC' }, roles: ['destination'] },
      ]);
    });
  });

  describe('wrong types in optional fields', () => {
    const s = shipmentOf('ocean-wrong-types.json');

    it('drops each wrongly typed field and keeps the document', () => {
      assert.equal(s.referenceType, undefined);
      assert.equal(s.carrier, undefined);
      assert.deepEqual(s.status, { code: 'IN_TRANSIT', known: true });
      assert.equal(s.updatedAt, undefined);
      assert.equal(s.eta, undefined);
      assert.equal(s.originalEta, undefined);
      assert.deepEqual(s.route, []);
      assert.deepEqual(s.vessels, []);
      assert.deepEqual(s.legs, []);
      assert.equal(s.position, undefined);
    });

    it('skips containers that are not objects or have no number', () => {
      assert.deepEqual(
        s.units.map((u) => u.id),
        ['MSCU1234566', 'MSCU7654329'],
      );
      assert.deepEqual(s.units[0], { id: 'MSCU1234566', milestones: [] });
    });

    it('keeps a milestone’s code when every other field is wrong, and never a bad time', () => {
      const milestones = s.units[1]?.milestones ?? [];
      assert.deepEqual(milestones[0], { code: 'LOAD', known: true, kind: 'planned' });
      assert.deepEqual(
        milestones.map((m) => [m.code, m.kind, m.time ?? null]),
        [
          ['LOAD', 'planned', null],
          ['DEPA', 'actual', null],
          ['ARRI', 'estimated', null],
        ],
      );
    });
  });

  describe('hostile strings', () => {
    const s = shipmentOf('ocean-hostile-strings.json');

    it('passes markup through as plain text, unescaped', () => {
      assert.equal(s.reference, HOSTILE[0]);
      assert.deepEqual(s.carrier, { code: HOSTILE[2], name: HOSTILE[1] });
      assert.equal(s.status.text, HOSTILE[0]);
      assert.equal(s.status.known, false);
      assert.equal(s.units[0]?.id, HOSTILE[1]);
      assert.equal(s.units[0]?.milestones[0]?.code, HOSTILE[0]);
      assert.equal(s.units[0]?.milestones[0]?.description, HOSTILE[1]);
    });

    it('treats __proto__ and constructor as ordinary codes', () => {
      assert.deepEqual(
        s.route.map((stop) => stop.place.code),
        ['constructor', "${alert(1)}{{constructor.constructor('alert(1)')()}}", '__proto__'],
      );
      assert.equal(s.route[2]?.place.name, HOSTILE[0]);
      assert.equal(s.units[0]?.milestones[0]?.vessel, "<img src=x onerror=alert('vessel')>");
      assert.equal(({} as Record<string, unknown>)['name'], undefined);
    });

    it('drops a time zone or time that is not one, rather than passing it on', () => {
      assert.equal(s.route[2]?.place.timeZone, undefined);
      assert.equal(s.eta?.time.timeZone, undefined);
      assert.equal(s.updatedAt, undefined);
      assert.equal(s.route[0]?.place.timeZone, 'Asia/Singapore');
    });
  });

  describe('a very long history', () => {
    const original = doc('ocean-long-history.json');

    it('keeps all 600 milestones in time order', () => {
      const s = shipmentOf(original);
      const milestones = s.units[0]?.milestones ?? [];
      assert.equal(milestones.length, 600);
      for (let i = 1; i < milestones.length; i++) {
        assert.ok((milestones[i - 1]?.time?.epochMs ?? 0) <= (milestones[i]?.time?.epochMs ?? 0), `order at ${i}`);
      }
      assert.equal(milestones[0]?.place?.code, 'THLCH');
      assert.equal(milestones[0]?.time?.timeZone, 'Asia/Bangkok');
      assert.equal(s.vessels[0]?.voyages.length, 38);
      assert.deepEqual(
        s.route.map((stop) => [stop.place.code, stop.roles]),
        [
          ['THLCH', ['origin', 'loading']],
          ['VNSGN', ['transshipment', 'discharge', 'destination']],
          ['SGSIN', ['transshipment']],
          ['MYPKG', ['transshipment']],
        ],
      );
    });

    it('sorts a reversed history back into time order', () => {
      const containers = original['containers'] as { milestones: unknown[] }[];
      const forward = shipmentOf(original).units[0]?.milestones.map((m) => m.time?.iso);
      const reversed = structuredClone(original);
      (reversed['containers'] as { milestones: unknown[] }[])[0]?.milestones.reverse();
      assert.deepEqual(
        shipmentOf(reversed).units[0]?.milestones.map((m) => m.time?.iso),
        forward,
      );
      assert.equal(containers[0]?.milestones.length, 600);
    });
  });

  it('keeps equal and absent times in document order', () => {
    const body = doc('ocean-minimal.json');
    body['containers'] = [
      {
        number: 'TGHU8830212',
        milestones: [
          { code: 'DISC', time: '2026-11-10T12:00:00Z' },
          { code: 'INSP', description: 'Inspection, time not given' },
          { code: 'GTIN', time: '2026-11-10T08:00:00+00:00' },
          { code: 'STUF', time: '2026-11-10T09:00:00+01:00' },
          { code: 'LOAD', time: '2026-11-10T10:00:00Z' },
        ],
      },
    ];
    assert.deepEqual(
      shipmentOf(body).units[0]?.milestones.map((m) => m.code),
      ['GTIN', 'STUF', 'LOAD', 'DISC', 'INSP'],
    );
  });

  it('names a vessel by its IMO when the vessels list does not name it', () => {
    const body = doc('ocean-bill-of-lading-pacific.json');
    body['vessels'] = [];
    const s = shipmentOf(body);
    assert.equal(s.units[0]?.milestones[1]?.vessel, '9776171');
    assert.deepEqual(s.vessels, [{ name: '9776171', imo: '9776171', voyages: ['078E'] }]);
  });

  describe('out-of-range coordinates', () => {
    const s = shipmentOf('ocean-out-of-range-coordinates.json');

    it('leaves positions absent rather than clamping them', () => {
      assert.deepEqual(
        s.route.map((stop) => [stop.place.code, stop.place.position ?? null]),
        [
          ['INNSA', null],
          ['MAPTM', null],
          ['BEANR', null],
          ['DEHAM', { lat: 53.5295, lng: 9.934 }],
        ],
      );
      assert.equal(s.position, undefined);
    });

    it('drops bad vertices and keeps a segment only when the map has something to draw', () => {
      assert.deepEqual(
        s.legs.map((l) => [l.from?.code, l.to?.code, l.path.length]),
        [
          ['INNSA', 'MAPTM', 5],
          ['BEANR', 'DEHAM', 2],
        ],
      );
    });
  });

  it('keeps a segment without a path when both ends have a position', () => {
    const body = doc('ocean-container-in-transit.json');
    const details = body['routeDetails'] as { segments: Record<string, unknown>[] };
    delete details.segments[0]?.['path'];
    const s = shipmentOf(body);
    assert.equal(s.legs.length, 2);
    assert.deepEqual(s.legs[0]?.path, []);
    assert.deepEqual(s.legs[0]?.from?.position, { lat: 29.8683, lng: 121.544 });
  });

  describe('unusable documents', () => {
    it('fails cleanly when the body is not an object', () => {
      for (const body of [null, undefined, 'MEDU9091004', 42, [], [{ referenceNumber: 'x' }]]) {
        assert.deepEqual(normalizeOcean(body), { ok: false, reason: 'the response is not an object' });
      }
    });

    it('names the missing or mistyped required field', () => {
      const base = doc('ocean-minimal.json');
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, referenceNumber: undefined }, 'the response has no referenceNumber'],
        [{ ...base, referenceNumber: 1234566 }, 'the response’s referenceNumber is not text'],
        [{ ...base, referenceNumber: '  ' }, 'the response’s referenceNumber is empty'],
        [{ ...base, status: undefined }, 'the response has no status'],
        [{ ...base, status: null }, 'the response has no status'],
        [{ ...base, status: { code: 'IN_TRANSIT' } }, 'the response’s status is not text'],
        [{ ...base, containers: undefined }, 'the response has no containers list'],
        [{ ...base, containers: { number: 'x' } }, 'the response’s containers is not a list'],
      ];
      for (const [body, reason] of cases) assert.deepEqual(normalizeOcean(body), { ok: false, reason });
    });
  });

  describe('never throws', () => {
    it('(the well-formedness check itself rejects a number where text is declared, or a leaked field)', () => {
      const good = shipmentOf('ocean-minimal.json');
      assert.throws(() => assertWellFormed({ ok: true, shipment: { ...good, reference: 5 as unknown as string } }));
      assert.throws(() => assertWellFormed({ ok: true, shipment: { ...good, referenceNumber: 'x' } as Shipment }));
      assert.throws(() => assertWellFormed({ ok: true, shipment: { ...good, eta: undefined } }));
      assert.doesNotThrow(() => assertWellFormed({ ok: true, shipment: good }));
    });

    it('on arbitrary JSON', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (body) => {
          assertWellFormed(normalizeOcean(body));
        }),
        { numRuns: 500 },
      );
    });

    it('on arbitrary objects that carry the required fields', () => {
      fc.assert(
        fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), (extra, status) => {
          const result = normalizeOcean({ ...extra, referenceNumber: 'MEDU9091004', status: `${status}X`, containers: [] });
          assert.ok(result.ok);
          assertWellFormed(result);
        }),
        { numRuns: 300 },
      );
    });

    for (const fixture of [
      'ocean-container-in-transit.json',
      'ocean-bill-of-lading-pacific.json',
      'ocean-booked-planned.json',
      'ocean-hostile-strings.json',
      'ocean-wrong-types.json',
    ]) {
      it(`on damaged copies of ${fixture}`, () => {
        fc.assert(
          fc.property(mutated(loadFixture(fixture)), (body) => {
            assertWellFormed(normalizeOcean(body));
          }),
          { numRuns: 150 },
        );
      });
    }

    it('and every fixture reads into a well-formed view model', () => {
      for (const fixture of [
        'ocean-container-in-transit.json',
        'ocean-bill-of-lading-pacific.json',
        'ocean-delivered.json',
        'ocean-booked-planned.json',
        'ocean-empty-containers.json',
        'ocean-unknown-codes.json',
        'ocean-minimal.json',
        'ocean-wrong-types.json',
        'ocean-hostile-strings.json',
        'ocean-long-history.json',
        'ocean-out-of-range-coordinates.json',
      ]) {
        const result = normalizeOcean(loadFixture(fixture));
        assert.ok(result.ok, fixture);
        assertWellFormed(result);
      }
    });
  });
});

describe('OCEAN_STATUSES and OCEAN_EVENT_CODES', () => {
  it('list the contract’s codes', () => {
    assert.deepEqual([...OCEAN_STATUSES], ['PLANNED', 'AT_ORIGIN', 'IN_TRANSIT', 'TRANSSHIPMENT', 'ARRIVED', 'DELIVERED', 'UNKNOWN']);
    assert.deepEqual([...OCEAN_EVENT_CODES].sort(), [
      'ARRI',
      'CUSR',
      'DEPA',
      'DISC',
      'DROP',
      'GTIN',
      'GTOT',
      'INSP',
      'LOAD',
      'PICK',
      'STRP',
      'STUF',
    ]);
  });
});

describe('parseOceanCarriers', () => {
  it('reads the contract’s carrier list', () => {
    const carriers = parseOceanCarriers(loadFixture('carriers-ocean.json'));
    assert.equal(carriers?.length, 11);
    assert.deepEqual(carriers?.[1], {
      code: 'MSCU',
      name: 'MSC Mediterranean Shipping Company',
      referenceTypes: ['container', 'bill_of_lading', 'booking'],
      containerNumberRequiredWith: ['booking'],
    });
    assert.deepEqual(carriers?.find((c) => c.code === 'HDMU')?.referenceTypes, ['container', 'bill_of_lading']);
  });

  it('skips entries without a code, drops unknown reference types and assumes all types when none are listed', () => {
    const carriers = parseOceanCarriers({
      carriers: [
        { name: 'No code' },
        'MAEU',
        { code: 'ZIMU', referenceTypes: ['container', 'house_bill', 7], containerNumberRequiredWith: 'booking' },
        { code: 'EGLV', name: 'Evergreen Line' },
      ],
    });
    assert.deepEqual(carriers, [
      { code: 'ZIMU', name: 'ZIMU', referenceTypes: ['container'], containerNumberRequiredWith: [] },
      { code: 'EGLV', name: 'Evergreen Line', referenceTypes: ['container', 'bill_of_lading', 'booking'], containerNumberRequiredWith: [] },
    ]);
  });

  it('answers undefined for a body that is not a carrier list', () => {
    for (const body of [null, [], { carriers: 'x' }, { airlines: [] }, 'carriers']) assert.equal(parseOceanCarriers(body), undefined);
  });
});
