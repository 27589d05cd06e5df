// The land outline ships its arcs packed as text: the generator packs, the map unpacks.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { unpackArcs } from '../../../../packages/core/src/map/packed-arcs.js';
// @ts-expect-error: a plain ES module script without declarations
import { packArc } from '../../../../scripts/generate-map-assets.mjs';
import { landArcs } from '../../../../packages/core/src/map/land-110m.generated.js';

const pack = packArc as (arc: Array<[number, number]>) => string;

describe('unpackArcs', () => {
  it('reads back any arcs the generator packs, negative and large steps included', () => {
    const step = fc.integer({ min: -(2 ** 20), max: 2 ** 20 });
    const arc = fc.array(fc.tuple(step, step), { minLength: 2, maxLength: 40 });
    fc.assert(
      fc.property(fc.array(arc, { minLength: 1, maxLength: 8 }), (arcs) => {
        assert.deepEqual(unpackArcs(arcs.map(pack).join(' ')), arcs);
      }),
    );
  });

  it('reads the shipped land outline: many arcs, each of at least two points', () => {
    const arcs = unpackArcs(landArcs);
    assert.ok(arcs.length > 100, `${arcs.length} arcs`);
    for (const arc of arcs) assert.ok(arc.length >= 2);
  });
});
