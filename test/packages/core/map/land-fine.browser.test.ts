// The finer land asks only for the tiles a view can show. A view Leaflet cannot place, or one far
// wider than the world, once made the tiles' loop run without end (a WebKitGTK run of the damaged
// documents in test/robustness/rendering-fuzz.browser.test.ts hung there): now the first asks for
// nothing, keeping the outline drawn before, and the second for the world and a copy either side.
import { expect } from '@open-wc/testing';
import type { Map as LeafletMap } from 'leaflet';
import { FineLand } from '../../../../packages/core/src/map/land-fine.js';

/** What FineLand reads of a map: its zoom and the pixel bounds of its view. */
function viewOf(zoom: number, min: [number, number], max: [number, number]): LeafletMap {
  const pixels = { min: { x: min[0], y: min[1] }, max: { x: max[0], y: max[1] } };
  const getSize = () => ({ x: pixels.max.x - pixels.min.x, y: pixels.max.y - pixels.min.y });
  return { getZoom: () => zoom, getPixelBounds: () => ({ ...pixels, getSize }) } as unknown as LeafletMap;
}

// A loop without end is caught by the test's own time limit (web-test-runner.config.mjs), which
// bounds a hang, not a speed: no wall-clock bound here, so a busy machine cannot fail these.
describe('the finer land for a view', () => {
  it('asks for no tile when the view is not a place, so the outline drawn before stays', async () => {
    const fine = new FineLand(viewOf(4, [Number.NaN, 0], [Number.NaN, 600]));
    expect(await fine.draw(0, () => true)).to.equal(undefined);
    const endless = new FineLand(viewOf(4, [-Infinity, 0], [Infinity, 600]));
    expect(await endless.draw(0, () => true)).to.equal(undefined);
  });

  it('draws at most the world and a copy either side for a view far wider than the world', async () => {
    const world = 256 * 2 ** 4;
    const fine = new FineLand(viewOf(4, [-1e9, 0], [1e9, world]));
    const polygon = await fine.draw(0, () => true);
    const rings = polygon!.getLatLngs() as unknown as Array<Array<Array<{ lng: number }>>>;
    expect(rings.length, 'some land is drawn').to.be.greaterThan(0);
    // Each tile is drawn at most once per world copy, on at most four copies round the middle.
    const copies = new Set(rings.flatMap((shape) => shape.flatMap((ring) => ring.map((p) => Math.floor((p.lng + 180) / 360)))));
    expect(copies.size, [...copies].join(', ')).to.be.at.most(4);
  });
});
