import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkAwbNumber, prefixOf, respelledAwbNumber, searchableAwbNumber } from '../../../packages/air-tracker/src/first/awb-number.js';
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

/** An AWB number's prefix and serial, check digit right. */
const awb = fc
  .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9_999_999 }))
  .map(([prefix, serial]) => ({ prefix: String(prefix).padStart(3, '0'), serial: String(serial).padStart(7, '0') + (serial % 7) }));
const separator = fc.constantFrom('', ' ', '-', '.', ' - ');

describe('searchableAwbNumber', () => {
  it('sends an AWB number written as PPP SSSS SSSS, PPP-SSSSSSSS or all together in the contract’s PPP-SSSSSSSS', () => {
    for (const input of ['176 2281 7340', '176-22817340', '17622817340', ' 176.2281.7340 ', '176 - 2281 7340']) {
      assert.equal(searchableAwbNumber(input), '176-22817340', input);
    }
  });

  it('finds the contract’s spelling of any AWB number in any of those ways of writing it', () => {
    fc.assert(
      fc.property(awb, separator, fc.constantFrom('', ' ', '-', '.'), ({ prefix, serial }, afterPrefix, middle) => {
        const typed = `${prefix}${afterPrefix}${serial.slice(0, 4)}${middle}${serial.slice(4)}`;
        assert.equal(searchableAwbNumber(typed), `${prefix}-${serial}`);
      }),
    );
  });

  it('leaves a wrong check digit and other groupings as typed', () => {
    for (const input of ['176-22817341', '1762-2817340', '17 622 817 340', '176/22817340', '176-2281734', 'MEDU9091004']) {
      assert.equal(searchableAwbNumber(input), undefined, input);
    }
    fc.assert(
      fc.property(fc.string(), (input) => {
        const searchable = searchableAwbNumber(input);
        if (searchable !== undefined) {
          assert.match(searchable, /^\d{3}-\d{8}$/);
          assert.equal(checkAwbNumber(searchable).kind, 'valid');
        }
      }),
    );
  });
});

describe('respelledAwbNumber', () => {
  it('offers the contract’s spelling of eleven digits sent in another one', () => {
    assert.equal(respelledAwbNumber('1762 2817340'), '176-22817340');
    assert.equal(respelledAwbNumber('176.22817341'), '176-22817341');
  });
  it('offers nothing for the contract’s spelling itself, or for what is not eleven digits', () => {
    for (const input of ['176-22817340', '176-2281734', 'MEDU9091004']) assert.equal(respelledAwbNumber(input), undefined, input);
  });
});
