import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkAwbNumber, prefixOf } from '../../../packages/air-tracker/src/first/awb-number.js';
import { loadFixture } from '../../fixtures/load-fixture.js';

describe('checkAwbNumber', () => {
  it('accepts the contract example 176-22817340 (2281734 mod 7 = 0)', () => {
    assert.deepEqual(checkAwbNumber('176-22817340'), { kind: 'valid', prefix: '176', serial: '22817340' });
  });

  it('accepts the number without a hyphen and with spaces', () => {
    assert.deepEqual(checkAwbNumber('17622817340'), { kind: 'valid', prefix: '176', serial: '22817340' });
    assert.deepEqual(checkAwbNumber(' 176 2281 7340 '), { kind: 'valid', prefix: '176', serial: '22817340' });
  });

  it('reports the expected check digit when the last digit is wrong', () => {
    // 5583016 mod 7 = 5
    assert.deepEqual(checkAwbNumber('020-55830161'), {
      kind: 'invalid-check-digit',
      prefix: '020',
      serial: '55830161',
      expected: 5,
    });
  });

  it('can never accept a check digit of 7, 8 or 9', () => {
    for (const d of ['7', '8', '9']) assert.equal(checkAwbNumber(`176-2281734${d}`).kind, 'invalid-check-digit');
  });

  it('says "incomplete" while fewer than eleven digits are typed', () => {
    for (const input of ['', '1', '176', '176-', '176-2281734']) {
      assert.deepEqual(checkAwbNumber(input), { kind: 'incomplete' }, input);
    }
  });

  it('says "not an AWB" for letters, other characters or too many digits', () => {
    for (const input of ['MEDU9091004', '176-2281734O', '176/22817340', '176-228173400']) {
      assert.deepEqual(checkAwbNumber(input), { kind: 'not-an-awb' }, input);
    }
  });

  it('finds every AWB number in the fixtures valid', () => {
    const files = [
      'air-awb-transfer.json',
      'air-delivered.json',
      'air-rebooked.json',
      'air-cancelled-flight.json',
      'air-no-airports.json',
      'air-unknown-codes.json',
    ];
    for (const file of files) {
      const { awbNumber } = loadFixture(file) as { awbNumber: string };
      assert.equal(checkAwbNumber(awbNumber).kind, 'valid', `${file}: ${awbNumber}`);
    }
  });
});

describe('prefixOf', () => {
  it('gives the airline prefix as soon as three digits are typed', () => {
    assert.equal(prefixOf('17'), undefined);
    assert.equal(prefixOf('176'), '176');
    assert.equal(prefixOf('176-228'), '176');
    assert.equal(prefixOf(' 0 2 0'), '020');
  });
  it('gives nothing once the input cannot be an AWB number', () => {
    assert.equal(prefixOf('MEDU'), undefined);
    assert.equal(prefixOf('176A'), undefined);
    assert.equal(prefixOf('176-228173400'), undefined);
  });
});
