// The labelled view's milestone list: items made when first read, otherwise a plain array.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lazyList } from '../../../../packages/core/src/view/lazy-list.js';

describe('lazyList', () => {
  it('makes only the items read: a slice of the last ten of 30,000 makes ten', () => {
    const made: number[] = [];
    const list = lazyList(30_000, (i) => {
      made.push(i);
      return { i };
    });
    assert.equal(list.length, 30_000);
    assert.deepEqual(
      list.slice(29_990).map((x) => x.i),
      Array.from({ length: 10 }, (_, k) => 29_990 + k),
    );
    assert.equal(made.length, 10);
    assert.equal(list[29_995], list[29_995], 'an item is made once and kept');
    assert.equal(made.length, 10);
  });

  it('reads, iterates, maps and compares like the array it stands for', () => {
    const list = lazyList(4, (i) => i * i);
    assert.deepEqual([...list], [0, 1, 4, 9]);
    assert.deepEqual(
      list.map((x) => x + 1),
      [1, 2, 5, 10],
    );
    assert.deepEqual(list, [0, 1, 4, 9]);
    assert.equal(2 in list, true);
    assert.equal(4 in list, false);
    assert.equal(list[4], undefined);
    assert.equal(Array.isArray(list), true);
  });
});
