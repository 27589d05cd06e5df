import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { airDocuments } from '../../../demo/mock-service/air-documents.js';
import { airlineList, knownOceanCarrierCodes } from '../../../demo/mock-service/carrier-lists.js';
import {
  awbCheckDigit,
  containerCheckDigit,
  imoCheckDigit,
  isValidAwbNumber,
  isValidContainerNumber,
  isValidImoNumber,
} from '../../../demo/mock-service/check-digits.js';
import { demoNumbers, findDemoNumber, lookupKey } from '../../../demo/mock-service/demo-numbers.js';
import { oceanDocuments } from '../../../demo/mock-service/ocean-documents.js';

describe('check digits', () => {
  it('computes ISO 6346 container check digits', () => {
    // The standard's own example, and the contract's numbers.
    assert.equal(containerCheckDigit('CSQU305438'), 3);
    assert.equal(containerCheckDigit('MEDU909100'), 4);
    assert.ok(isValidContainerNumber('OOLU1882030'));
    assert.ok(!isValidContainerNumber('OOLU1882031'));
    assert.ok(!isValidContainerNumber('OOLU188203'));
  });

  it('computes AWB check digits as the first seven serial digits modulo 7', () => {
    assert.equal(awbCheckDigit('2281734'), 0);
    assert.equal(awbCheckDigit('4417062'), 6);
    assert.ok(isValidAwbNumber('176-22817340'));
    assert.ok(isValidAwbNumber('17622817340'));
    assert.ok(!isValidAwbNumber('176-22817341'));
    assert.ok(!isValidAwbNumber('176-2281734'));
  });

  it('computes IMO check digits', () => {
    assert.equal(imoCheckDigit('983927'), 2);
    assert.ok(isValidImoNumber('9776171'));
    assert.ok(!isValidImoNumber('9776172'));
  });
});

describe('demo numbers', () => {
  it('lists each number once per product', () => {
    const keys = demoNumbers.map((d) => `${d.product}:${lookupKey(d.product, d.number)}`);
    assert.equal(new Set(keys).size, keys.length);
  });

  it('covers every outcome for both products', () => {
    for (const product of ['ocean', 'air'] as const) {
      const outcomes = new Set(demoNumbers.filter((d) => d.product === product).map((d) => d.outcome));
      for (const outcome of [
        'document',
        'accepted-then-document',
        'unauthorized',
        'insufficient-credits',
        'usage-limit-reached',
        'rate-limited',
        'not-found',
        'server-error',
        'not-json',
        'missing-required-field',
      ] as const) {
        assert.ok(outcomes.has(outcome), `${product} has no ${outcome} number`);
      }
    }
  });

  it('has a document for every number whose outcome is a document, and no document without a number', () => {
    const oceanNumbers = demoNumbers
      .filter((d) => d.product === 'ocean' && d.outcome === 'document')
      .map((d) => lookupKey('ocean', d.number));
    const airNumbers = demoNumbers.filter((d) => d.product === 'air' && d.outcome === 'document').map((d) => lookupKey('air', d.number));
    assert.deepEqual([...oceanDocuments.keys()].sort(), [...oceanNumbers].sort());
    assert.deepEqual([...airDocuments.keys()].sort(), [...airNumbers].sort());
  });

  it('gives every AWB a valid check digit and an airline prefix from the list', () => {
    const prefixes = new Set(airlineList.airlines.map((a) => a.prefix));
    for (const { number } of demoNumbers.filter((d) => d.product === 'air')) {
      assert.match(number, /^\d{3}-\d{8}$/);
      assert.ok(isValidAwbNumber(number), `${number} check digit`);
      assert.ok(prefixes.has(number.slice(0, 3)), `${number} prefix`);
    }
  });

  it('gives every container-shaped ocean number a valid check digit and a listed carrier', () => {
    for (const entry of demoNumbers.filter((d) => d.product === 'ocean')) {
      if (/^[A-Z]{4}\d{7}$/.test(entry.number)) assert.ok(isValidContainerNumber(entry.number), entry.number);
      if (entry.carrierCode !== undefined) assert.ok(knownOceanCarrierCodes.has(entry.carrierCode), entry.carrierCode);
    }
  });

  it('writes container and vessel numbers in the documents with valid check digits', () => {
    const request = { nowMs: Date.parse('2026-11-20T10:00:00Z'), number: 'X', withRoute: true };
    for (const build of oceanDocuments.values()) {
      const document = build(request);
      for (const container of document.containers) assert.ok(isValidContainerNumber(container.number), container.number);
      for (const vessel of document.vessels ?? []) assert.ok(isValidImoNumber(vessel.imo), `${vessel.name} ${vessel.imo}`);
    }
  });

  it('finds numbers as visitors type them', () => {
    assert.equal(findDemoNumber('ocean', 'demo202')?.outcome, 'accepted-then-document');
    assert.equal(findDemoNumber('air', '17620200003'), undefined);
    assert.equal(findDemoNumber('air', '172 20200003')?.outcome, 'accepted-then-document');
    assert.equal(findDemoNumber('ocean', '172-20200003'), undefined, 'numbers belong to one product');
  });
});
