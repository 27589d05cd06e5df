import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  field,
  mergeRouteStops,
  readCount,
  readEnum,
  readLatLng,
  readLineString,
  readMoment,
  readNumber,
  readString,
  readTimeZone,
  sortByTime,
  withoutUndefined,
} from '../../../../packages/core/src/model/read.js';

describe('readString', () => {
  it('keeps text exactly as given, markup included', () => {
    assert.equal(readString('<img src=x onerror=alert(1)>'), '<img src=x onerror=alert(1)>');
    assert.equal(readString('  Rotterdam '), '  Rotterdam ');
  });
  it('treats empty and blank strings and non-strings as absent', () => {
    for (const v of ['', '   ', 5, null, undefined, {}, ['a'], true]) assert.equal(readString(v), undefined);
  });
});

describe('readNumber', () => {
  it('accepts finite numbers only, not numeric strings', () => {
    assert.equal(readNumber(16.4), 16.4);
    assert.equal(readNumber(-0.5), -0.5);
    for (const v of ['16.4', Number.NaN, Number.POSITIVE_INFINITY, null, true]) assert.equal(readNumber(v), undefined);
  });
  it('reads counts as whole numbers from zero', () => {
    assert.equal(readCount(12), 12);
    assert.equal(readCount(0), 0);
    assert.equal(readCount(1.5), undefined);
    assert.equal(readCount(-1), undefined);
  });
});

describe('readEnum', () => {
  it('answers a member of the list and nothing else', () => {
    const kinds = ['actual', 'estimated', 'planned'] as const;
    assert.equal(readEnum('estimated', kinds), 'estimated');
    assert.equal(readEnum('ACTUAL', kinds), undefined);
    assert.equal(readEnum(0, kinds), undefined);
  });
});

describe('field', () => {
  it('reads own properties only, never the prototype chain', () => {
    const doc = JSON.parse('{"name":"x","__proto__":"p"}') as Record<string, unknown>;
    assert.equal(field(doc, 'name'), 'x');
    assert.equal(field(doc, '__proto__'), 'p');
    assert.equal(field(doc, 'constructor'), undefined);
    assert.equal(field(doc, 'toString'), undefined);
    assert.equal(field(undefined, 'name'), undefined);
  });
});

describe('readTimeZone', () => {
  it('keeps a zone Intl knows, as written', () => {
    assert.equal(readTimeZone('Asia/Kolkata'), 'Asia/Kolkata');
    assert.equal(readTimeZone('America/Los_Angeles'), 'America/Los_Angeles');
  });
  it('drops a zone Intl would reject, so formatters downstream never throw', () => {
    for (const v of ['Mars/Olympus_Mons', '<script>', 'javascript:alert(1)', 8, '']) assert.equal(readTimeZone(v), undefined);
  });
});

describe('readMoment', () => {
  it('reads an offset time into epoch, offset and the place zone', () => {
    assert.deepEqual(readMoment('2026-11-02T14:20:00+08:00', 'Asia/Shanghai'), {
      iso: '2026-11-02T14:20:00+08:00',
      epochMs: Date.UTC(2026, 10, 2, 6, 20),
      offsetMinutes: 480,
      timeZone: 'Asia/Shanghai',
    });
  });
  it('reads Z as offset 0 and negative and half-hour offsets', () => {
    assert.equal(readMoment('2026-11-20T08:55:00Z')?.offsetMinutes, 0);
    assert.equal(readMoment('2026-11-20T08:55:00Z')?.epochMs, Date.UTC(2026, 10, 20, 8, 55));
    assert.equal(readMoment('2026-11-29T06:00:00-08:00')?.epochMs, Date.UTC(2026, 10, 29, 14, 0));
    assert.equal(readMoment('2026-11-05T18:00:00+05:30')?.offsetMinutes, 330);
    assert.equal(readMoment('2026-11-05T18:00:00-03:30')?.offsetMinutes, -210);
    assert.ok(Object.is(readMoment('2026-11-05T18:00:00-00:00')?.offsetMinutes, 0));
  });
  it('leaves the zone out when the caller does not know the place', () => {
    assert.equal('timeZone' in (readMoment('2026-11-20T08:55:00Z') ?? {}), false);
  });
  it('reads minutes-only times and fractional seconds', () => {
    assert.equal(readMoment('2026-11-20T08:55+01:00')?.epochMs, Date.UTC(2026, 10, 20, 7, 55));
    assert.equal(readMoment('2026-11-20T08:55:01.5678Z')?.epochMs, Date.UTC(2026, 10, 20, 8, 55, 1, 567));
  });
  it('reads years before 100 as written', () => {
    const epochMs = readMoment('0050-01-01T00:00:00Z')?.epochMs;
    assert.equal(epochMs, Date.parse('0050-01-01T00:00:00Z'));
    assert.ok(epochMs !== undefined && epochMs < Date.UTC(1900, 0, 1));
  });
  it('is absent, never NaN, for times it cannot place', () => {
    for (const v of [
      '2026-11-20T08:55:00', // no offset
      '2026-02-30T10:00:00+08:00',
      '2026-13-01T10:00:00Z',
      '2026-11-20T24:00:00Z',
      '2026-11-20T08:60:00Z',
      '2026-11-20T08:55:00+19:00',
      '2026-11-20',
      'yesterday',
      '<script>alert(1)</script>',
      1763621520000,
      null,
    ]) {
      assert.equal(readMoment(v), undefined, String(v));
    }
  });
});

describe('readLatLng', () => {
  it('accepts the bounds themselves', () => {
    assert.deepEqual(readLatLng(-90, 180), { lat: -90, lng: 180 });
    assert.deepEqual(readLatLng(90, -180), { lat: 90, lng: -180 });
  });
  it('is absent when either coordinate is out of range or not a number', () => {
    assert.equal(readLatLng(91, 0), undefined);
    assert.equal(readLatLng(0, -180.01), undefined);
    assert.equal(readLatLng('51.9', 4), undefined);
    assert.equal(readLatLng(Number.POSITIVE_INFINITY, 4), undefined);
    assert.equal(readLatLng(51.9, undefined), undefined);
  });
});

describe('readLineString', () => {
  it('turns GeoJSON [lon, lat] pairs into Leaflet-order points, keeping antimeridian jumps', () => {
    const path = readLineString({
      type: 'LineString',
      coordinates: [
        [179.6, 46],
        [-179.4, 46.1],
      ],
    });
    assert.deepEqual(path, [
      { lat: 46, lng: 179.6 },
      { lat: 46.1, lng: -179.4 },
    ]);
  });
  it('skips invalid vertices and keeps the rest', () => {
    const path = readLineString({ type: 'LineString', coordinates: [[4, 51], [72, 95], 'x', [250, 12], [1], [5, 52]] });
    assert.deepEqual(path, [
      { lat: 51, lng: 4 },
      { lat: 52, lng: 5 },
    ]);
  });
  it('reads no points from another geometry type or a non-object', () => {
    assert.deepEqual(
      readLineString({
        type: 'Point',
        coordinates: [
          [4, 51],
          [5, 52],
        ],
      }),
      [],
    );
    assert.deepEqual(readLineString([[4, 51]]), []);
    assert.deepEqual(readLineString({ type: 'LineString', coordinates: 'none' }), []);
  });
});

describe('sortByTime', () => {
  it('orders by time and keeps document order for equal times', () => {
    const items = [
      { id: 'c', t: 30 },
      { id: 'a', t: 10 },
      { id: 'b1', t: 20 },
      { id: 'b2', t: 20 },
    ];
    assert.deepEqual(
      sortByTime(items, (i) => i.t).map((i) => i.id),
      ['a', 'b1', 'b2', 'c'],
    );
  });
  it('keeps an undated item right after the item it followed in the document', () => {
    const items = [
      { id: 'late', t: 50 },
      { id: 'undated-after-late', t: undefined },
      { id: 'early', t: 10 },
      { id: 'undated-after-early', t: undefined },
      { id: 'middle', t: 20 },
    ];
    assert.deepEqual(
      sortByTime(items, (i) => i.t).map((i) => i.id),
      ['early', 'undated-after-early', 'middle', 'late', 'undated-after-late'],
    );
  });
  it('keeps leading undated items first', () => {
    const items = [
      { id: 'x', t: undefined },
      { id: 'y', t: 5 },
      { id: 'z', t: 1 },
    ];
    assert.deepEqual(
      sortByTime(items, (i) => i.t).map((i) => i.id),
      ['x', 'z', 'y'],
    );
  });
});

describe('mergeRouteStops', () => {
  it('gives a place that plays several roles one stop with every role once', () => {
    const stops = mergeRouteStops(
      [
        ['CNSHA', 'origin'],
        ['CNSHA', 'loading'],
        ['SGSIN', 'transshipment'],
        ['SGSIN', 'transshipment'],
        ['USLAX', 'discharge'],
        ['USLAX', 'destination'],
      ],
      (code) => ({ code }),
    );
    assert.deepEqual(
      stops.map((s) => [s.place.code, s.roles]),
      [
        ['CNSHA', ['origin', 'loading']],
        ['SGSIN', ['transshipment']],
        ['USLAX', ['discharge', 'destination']],
      ],
    );
  });
});

describe('withoutUndefined', () => {
  it('removes absent keys so they are not present-and-undefined', () => {
    const o = withoutUndefined({ a: 1, b: undefined as number | undefined, c: null });
    assert.deepEqual(Object.keys(o), ['a', 'c']);
  });
});
