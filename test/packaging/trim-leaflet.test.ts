// The script-tag bundle's Leaflet loses the VML renderer, the map methods nothing here calls and the detection of browsers that cannot run the bundle;
// every edit applies to the installed Leaflet, or the build stops.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseSync } from 'rolldown/utils';
import { CONSTANT_FLAGS, LEAFLET_EDITS, trimLeaflet } from '../../scripts/trim-leaflet.js';

const require = createRequire(import.meta.url);
const leafletDir = dirname(require.resolve('leaflet/package.json'));
/** Source without its comments (Leaflet's documentation names the methods it describes). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
}
function leafletModule(suffix: string): { id: string; code: string } {
  const id = join(leafletDir, suffix.replace(/^\/leaflet\//, ''));
  return { id, code: readFileSync(id, 'utf8') };
}

describe('trimLeaflet (build plugin)', () => {
  for (const module of new Set(LEAFLET_EDITS.map((edit) => edit.module))) {
    it(`applies each of its edits once to the installed ${module.slice(1)}, and the result parses`, () => {
      const { id, code: source } = leafletModule(module);
      const out = trimLeaflet(source, id)?.code.toString();
      assert.ok(out);
      const left = /from '\.\/SVG\.VML'|vmlMixin|vmlCreate|\tflyTo:|\tlocate:|setMaxBounds\(|_locationWatchId|Browser\.(vml|ielt9)/.exec(
        code(out),
      );
      assert.equal(left, null, `${module} still holds ${left?.[0]}`);
      assert.equal(parseSync(id, out).errors.length, 0);
    });
  }

  it('keeps the map methods the map and its handlers call', () => {
    const { id, code: source } = leafletModule('/leaflet/src/map/Map.js');
    const out = trimLeaflet(source, id)?.code.toString() ?? '';
    for (const name of [
      'setView',
      'fitBounds',
      'panBy',
      'setZoomAround',
      'invalidateSize',
      'remove',
      'getBoundsZoom',
      '_limitOffset',
      'whenReady',
    ]) {
      assert.match(out, new RegExp(`^\\t${name}: function`, 'm'), name);
    }
  });

  it('replaces Browser.js with the checks that still differ, and writes the constant flags where they are read', () => {
    const browser = leafletModule('/leaflet/src/core/Browser.js');
    const modern = trimLeaflet(browser.code, browser.id)?.code.toString() ?? '';
    assert.doesNotMatch(modern, /ActiveXObject|vml|msPointer/);
    assert.match(browser.code, /ActiveXObject/);
    assert.equal(parseSync(browser.id, modern).errors.length, 0);
    const events = leafletModule('/leaflet/src/dom/DomEvent.js');
    const out = trimLeaflet(events.code, events.id);
    assert.deepEqual([...(out?.flags ?? [])].sort(), ['edge', 'passiveEvents', 'pointer']);
    assert.doesNotMatch(out?.code.toString() ?? '', /Browser\.(edge|passiveEvents|pointer)\b/);
    assert.match(out?.code.toString() ?? '', /Browser\.touchNative/);
    assert.ok(Object.keys(CONSTANT_FLAGS).length > 0);
  });

  it('stops the build when Leaflet has changed and an edit no longer applies', () => {
    assert.throws(
      () => trimLeaflet("import {Renderer} from './Renderer';\n", '/x/leaflet/src/layer/vector/SVG.js'),
      /matches 0 times in \/x\/leaflet\/src\/layer\/vector\/SVG\.js/,
    );
  });

  it('stops the build when a module reads a flag the replacement neither computes nor fixes', () => {
    assert.throws(() => trimLeaflet('if (Browser.opera12) {}', '/x/leaflet/src/dom/DomUtil.js'), /reads Browser\.opera12/);
  });

  it('leaves every other module alone', () => {
    assert.equal(trimLeaflet('if (Browser.vml) {}', '/x/src/map/leaflet-parts.ts'), null);
  });
});
