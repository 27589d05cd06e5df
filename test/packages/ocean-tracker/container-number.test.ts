import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  checkContainerNumber,
  containerCheckDigit,
  respelledOceanReference,
  searchableContainerNumber,
} from '../../../packages/ocean-tracker/src/first/container-number.js';
import { loadFixture } from '../../fixtures/load-fixture.js';

describe('checkContainerNumber', () => {
  it('accepts the ISO 6346 standard example CSQU3054383', () => {
    assert.deepEqual(checkContainerNumber('CSQU3054383'), { kind: 'valid', normalized: 'CSQU3054383' });
  });

  it('accepts spaces, hyphens and lowercase for the check and reports the canonical spelling', () => {
    assert.deepEqual(checkContainerNumber(' medu 909100-4 '), { kind: 'valid', normalized: 'MEDU9091004' });
    assert.deepEqual(checkContainerNumber('OOLU-188203-0'), { kind: 'valid', normalized: 'OOLU1882030' });
  });

  it('reports the expected check digit when the typed one is wrong', () => {
    assert.deepEqual(checkContainerNumber('CSQU3054381'), {
      kind: 'invalid-check-digit',
      expected: 3,
      normalized: 'CSQU3054381',
    });
  });

  it('writes a remainder of 10 as check digit 0', () => {
    // Owner code and serial chosen so that the weighted sum is 10 mod 11.
    const firstTen = findFirstTenWithRemainderTen();
    assert.equal(containerCheckDigit(firstTen), 0);
    assert.equal(checkContainerNumber(`${firstTen}0`).kind, 'valid');
  });

  it('uses the standard letter values that skip multiples of 11', () => {
    // A=10, B=12 (11 skipped), L=23 (22 skipped), V=34 (33 skipped).
    assert.equal(containerCheckDigit('AAAU000000'), ((10 + 20 + 40 + 32 * 8) % 11) % 10);
    assert.equal(containerCheckDigit('BLVU000000'), ((12 + 23 * 2 + 34 * 4 + 32 * 8) % 11) % 10);
  });

  it('weighs every letter and digit as the ISO 6346 table does, in every position', () => {
    // The standard's table, written out for A to Z: 10, then 11, 22 and 33 skipped.
    const letterValues = [10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 34, 35, 36, 37, 38];
    const table: Record<string, number> = Object.fromEntries(
      [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [letter, letterValues[i]!]),
    );
    for (const digit of '0123456789') table[digit] = Number(digit);
    for (const [ch, value] of Object.entries(table)) {
      for (let position = 0; position < 10; position++) {
        const firstTen = '0000000000'.slice(0, position) + ch + '0000000000'.slice(position + 1);
        assert.equal(containerCheckDigit(firstTen), ((value * 2 ** position) % 11) % 10, `${ch} at ${position}`);
      }
    }
  });

  it('takes U, J and Z as the category, nothing else', () => {
    for (const category of ['U', 'J', 'Z']) {
      const firstTen = `ABC${category}123456`;
      assert.equal(checkContainerNumber(`${firstTen}${containerCheckDigit(firstTen)}`).kind, 'valid');
    }
    assert.deepEqual(checkContainerNumber('ABCX1234560'), { kind: 'not-a-container' });
  });

  it('says "not a container" for other shapes: bills of lading, bookings, short or long numbers', () => {
    for (const input of ['', 'OOLU2741938520', '263841975', 'MEDU909100', 'MEDU90910045', 'ME1U9091004', 'MEDU9O91004', 'MEDU/9091004']) {
      assert.deepEqual(checkContainerNumber(input), { kind: 'not-a-container' }, input);
    }
  });

  it('finds every container number in the fixtures valid', () => {
    const files = [
      'ocean-container-in-transit.json',
      'ocean-bill-of-lading-pacific.json',
      'ocean-delivered.json',
      'ocean-booked-planned.json',
      'ocean-unknown-codes.json',
      'ocean-minimal.json',
      'ocean-wrong-types.json',
      'ocean-long-history.json',
      'ocean-out-of-range-coordinates.json',
    ];
    let checked = 0;
    for (const file of files) {
      const doc = loadFixture(file) as { containers: unknown[] };
      for (const c of doc.containers) {
        const number = (c as { number?: unknown } | null)?.number;
        if (typeof number !== 'string') continue;
        assert.equal(checkContainerNumber(number).kind, 'valid', `${file}: ${number}`);
        checked++;
      }
    }
    assert.ok(checked >= 11, `checked ${checked}`);
  });
});

function findFirstTenWithRemainderTen(): string {
  for (let serial = 0; serial < 1000; serial++) {
    const firstTen = `MSCU${String(serial).padStart(6, '0')}`;
    let sum = 0;
    for (let i = 0; i < 10; i++) {
      const ch = firstTen.charAt(i);
      const value = /[A-Z]/.test(ch) ? (({ M: 24, S: 30, C: 13, U: 32 } as Record<string, number>)[ch] ?? -1) : Number(ch);
      sum += value * 2 ** i;
    }
    if (sum % 11 === 10) return firstTen;
  }
  throw new Error('no serial with remainder 10 below 1000');
}

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
/** A container number in its compact spelling, check digit right. */
const containerNumber = fc
  .tuple(fc.array(letter, { minLength: 3, maxLength: 3 }), fc.constantFrom('U', 'J', 'Z'), fc.array(digit, { minLength: 6, maxLength: 6 }))
  .map(([owner, category, serial]) => {
    const firstTen = owner.join('') + category + serial.join('');
    return firstTen + containerCheckDigit(firstTen);
  });
/** The same characters as people print and type them: separators between any two, any case, spaces around. */
function written(compact: string, separators: readonly string[], lower: readonly boolean[]): string {
  const chars = [...compact].map((c, i) => (lower[i] ? c.toLowerCase() : c));
  return ` ${chars.map((c, i) => c + (separators[i] ?? '')).join('')} `;
}
const separatorsFor = fc.array(fc.constantFrom('', '', ' ', '-', '.', ' - '), { minLength: 10, maxLength: 10 });
const casing = fc.array(fc.boolean(), { minLength: 11, maxLength: 11 });

describe('searchableContainerNumber', () => {
  it('sends a container number as painted on its doors in its compact spelling', () => {
    assert.equal(searchableContainerNumber('MEDU 909100-4'), 'MEDU9091004');
    assert.equal(searchableContainerNumber('medu 909100 4'), 'MEDU9091004');
    assert.equal(searchableContainerNumber('MEDU.909100.4'), 'MEDU9091004');
    assert.equal(searchableContainerNumber('MEDU9091004'), 'MEDU9091004');
  });

  it('finds the one spelling of any container number however it is spaced, punctuated or cased', () => {
    fc.assert(
      fc.property(containerNumber, separatorsFor, casing, (compact, separators, lower) => {
        assert.equal(searchableContainerNumber(written(compact, separators, lower)), compact);
      }),
    );
  });

  it('rewrites nothing whose check digit fails once cleaned: that number is questioned, not guessed', () => {
    fc.assert(
      fc.property(containerNumber, fc.integer({ min: 1, max: 9 }), separatorsFor, casing, (compact, shift, separators, lower) => {
        const wrong = compact.slice(0, 10) + ((Number(compact[10]) + shift) % 10);
        // A remainder of 10 is written 0, so two digits can pass; only a failing one is left as typed.
        fc.pre(checkContainerNumber(wrong).kind === 'invalid-check-digit');
        assert.equal(searchableContainerNumber(written(wrong, separators, lower)), undefined);
      }),
    );
  });

  it('leaves bills of lading, bookings and anything else as typed', () => {
    for (const input of ['OOLU 2741938520', 'oolu2741938520', '238417562', '2384-17562', 'MEDU 909100', 'MEDU/909100/4', 'hello world']) {
      assert.equal(searchableContainerNumber(input), undefined, input);
    }
    fc.assert(
      fc.property(fc.string(), (input) => {
        const searchable = searchableContainerNumber(input);
        // Whatever it gives is a valid container number in its compact spelling, and itself again.
        if (searchable !== undefined) {
          assert.deepEqual(checkContainerNumber(searchable), { kind: 'valid', normalized: searchable });
          assert.equal(searchableContainerNumber(searchable), searchable);
        }
      }),
    );
  });
});

describe('respelledOceanReference', () => {
  it('offers the compact spelling of a reference that was sent spaced or in lower case', () => {
    assert.equal(respelledOceanReference('OOLU 2741938520'), 'OOLU2741938520');
    assert.equal(respelledOceanReference('oolu-2741938520'), 'OOLU2741938520');
    assert.equal(respelledOceanReference('MEDU 909100-5'), 'MEDU9091005');
  });

  it('offers nothing for a number already compact, or one that cannot be a reference', () => {
    for (const input of ['OOLU2741938520', 'MEDU9091004', 'AB C', 'hello world!'])
      assert.equal(respelledOceanReference(input), undefined, input);
  });
});
