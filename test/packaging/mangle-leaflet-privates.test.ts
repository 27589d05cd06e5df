// The table that shortens Leaflet's private member names in the map's chunks: one short name per
// private name, the same whichever chunk it is in, never a name Leaflet already uses, and never
// for a name Leaflet also writes quoted. (The built map itself is driven in
// test/demo/e2e/bundled-map.test.ts.)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { leafletPrivateNames } from '../../scripts/mangle-leaflet-privates.js';

const require = createRequire(import.meta.url);
const leafletSrc = join(dirname(require.resolve('leaflet/package.json')), 'src');

describe('leafletPrivateNames (build plugin)', () => {
  it("gives each of the installed Leaflet's private names its own shorter name that starts with an underscore", () => {
    const table = leafletPrivateNames(leafletSrc);
    assert.ok(table.size > 300, `only ${table.size} names`);
    const shorts = [...table.values()];
    assert.equal(new Set(shorts).size, shorts.length, 'two names share a short name');
    for (const [name, short] of table) {
      assert.match(short, /^_[A-Za-z][A-Za-z0-9]*$/);
      assert.ok(short.length < name.length, `${name} → ${short}`);
      assert.equal(table.has(short), false, `${short} is also one of Leaflet's names`);
    }
    // The most used name gets one of the shortest (Leaflet has its own `_a` … `_d`, which are skipped);
    // two-underscore names are not Leaflet's privates.
    assert.equal(table.get('_map'), '_e');
    assert.equal(
      [...table.keys()].some((name) => name.startsWith('__')),
      false,
    );
  });

  it('keeps the names Leaflet writes quoted, and never hands out a short name Leaflet already uses', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'leaflet-src-'));
    try {
      await mkdir(join(dir, 'core'));
      await writeFile(
        join(dir, 'core', 'A.js'),
        "this._layers = {}; this._layers.x = 1; this._layers.y = this._a; obj['_leaflet_id'] = obj._leaflet_id; this.__super__ = 1;",
      );
      await writeFile(join(dir, 'B.js'), 'this._container = this._layers; // _container');
      await writeFile(join(dir, 'notes.md'), 'this._ignored');
      const table = leafletPrivateNames(dir);
      assert.deepEqual(Object.fromEntries(table), { _layers: '_b', _container: '_c' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
