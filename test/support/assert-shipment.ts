/**
 * Structural check of a normalizer's result against the view model's declared field types, for
 * the property tests: every declared string is a string, every number finite, every enum in its
 * set, no key present-and-undefined, and no key the view model does not declare (so no upstream
 * field leaks through).
 */
import assert from 'node:assert/strict';
import type { NormalizeResult } from '@cargo-trackers/core';

const STRING_KEYS = new Set([
  'iso',
  'timeZone',
  'code',
  'name',
  'city',
  'country',
  'terminal',
  'text',
  'description',
  'facility',
  'mode',
  'vessel',
  'voyage',
  'flightNumber',
  'id',
  'isoCode',
  'imo',
  'flag',
  'aircraftType',
  'vehicle',
  'label',
  'reference',
  'iata',
]);
const NUMBER_KEYS = new Set(['epochMs', 'offsetMinutes', 'lat', 'lng', 'headingDeg', 'speedKnots', 'altitudeFt', 'pieces', 'weightKg']);
const BOOLEAN_KEYS = new Set(['known', 'empty', 'superseded', 'dateOnly']);
const OBJECT_KEYS = new Set([
  'status',
  'carrier',
  'updatedAt',
  'eta',
  'originalEta',
  'time',
  'place',
  'position',
  'from',
  'to',
  'departure',
  'arrival',
  'scheduled',
  'estimated',
  'actual',
  'reportedAt',
]);
const ARRAY_KEYS = new Set(['route', 'vessels', 'flights', 'units', 'milestones', 'legs', 'path', 'roles', 'voyages']);
const ENUMS: Readonly<Record<string, readonly string[]>> = {
  product: ['ocean', 'air'],
  referenceType: ['container', 'bill_of_lading', 'booking', 'awb'],
  state: ['completed', 'current', 'planned', 'cancelled'],
  kind: ['actual', 'estimated', 'planned', 'vessel', 'aircraft'],
};
const ROLES = ['origin', 'loading', 'transshipment', 'discharge', 'destination', 'transfer'];

export function assertWellFormed(result: NormalizeResult): void {
  if (!result.ok) {
    assert.equal(typeof result.reason, 'string');
    assert.ok(result.reason.length > 0, 'a failure says why');
    return;
  }
  walk(result.shipment, 'shipment');
}

function walk(value: unknown, path: string): void {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), `${path} is an object`);
  for (const [key, v] of Object.entries(value)) {
    const at = `${path}.${key}`;
    assert.notEqual(v, undefined, `${at} is absent, not undefined`);
    if (STRING_KEYS.has(key)) assert.equal(typeof v, 'string', `${at} is a string`);
    else if (NUMBER_KEYS.has(key)) {
      assert.ok(typeof v === 'number' && Number.isFinite(v), `${at} is a finite number`);
      if (key === 'lat') assert.ok(v >= -90 && v <= 90, `${at} is a latitude`);
      if (key === 'lng') assert.ok(v >= -180 && v <= 180, `${at} is a longitude`);
    } else if (BOOLEAN_KEYS.has(key)) assert.equal(typeof v, 'boolean', `${at} is a boolean`);
    else if (key in ENUMS) assert.ok(ENUMS[key]?.includes(v as string), `${at} = ${String(v)} is allowed`);
    else if (OBJECT_KEYS.has(key)) walk(v, at);
    else if (ARRAY_KEYS.has(key)) {
      assert.ok(Array.isArray(v), `${at} is an array`);
      (v as unknown[]).forEach((item, i) => {
        if (key === 'roles') assert.ok(ROLES.includes(item as string), `${at}[${i}] is a role`);
        else if (key === 'voyages') assert.equal(typeof item, 'string', `${at}[${i}] is a string`);
        else walk(item, `${at}[${i}]`);
      });
    } else assert.fail(`${at} is not a view-model field`);
  }
}
