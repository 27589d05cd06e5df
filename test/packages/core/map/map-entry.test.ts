// The map's entry must import where there is no window (SSR, Node tests), and its
// generated assets must match the installed Leaflet and world-atlas.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

describe('packages/core/src/map', () => {
  it('imports without window or document', async () => {
    assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
    const map = await import('../../../../packages/core/src/map/index.js');
    // The define module registers nothing where there is no customElements.
    await import('../../../../packages/core/src/map/define.js');
    const { TrackerRouteMap } = await import('../../../../packages/core/src/map/tracker-route-map.js');
    assert.equal(typeof TrackerRouteMap, 'function');
    assert.equal(typeof map.loadMapRenderer, 'function');
    assert.equal(map.parseMapLoading('none'), 'none');
  });

  it('has generated Leaflet CSS and land modules that match the installed packages', () => {
    const script = fileURLToPath(new URL('../../../../scripts/generate-map-assets.mjs', import.meta.url));
    const result = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
  });
});
