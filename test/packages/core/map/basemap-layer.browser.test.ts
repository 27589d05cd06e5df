// The basemap layer alone, on a bare Leaflet map: the built-in land in the land pane, below the
// route's, with the closest zoom its finest level allows; a page's tiles in its place, with their
// own limit; and nothing left, nor added later, once the layer is removed.
import { expect, waitUntil } from '@open-wc/testing';
import type { Map as LeafletMap } from 'leaflet';
import { BasemapLayer } from '../../../../packages/core/src/map/basemap-layer.js';
import { LAND_MAX_ZOOM } from '../../../../packages/core/src/map/land-levels.js';
import { PANES } from '../../../../packages/core/src/map/panes.js';
import { bareMap, type BareMap } from './bare-map.js';

describe('the basemap layer', () => {
  let bare: BareMap;
  let container: HTMLDivElement;
  let map: LeafletMap;
  let layer: BasemapLayer;

  beforeEach(() => {
    bare = bareMap({ width: 400, height: 300 }, { center: [52, 4], zoom: 3, maxZoom: 30 });
    ({ map, container } = bare);
    layer = new BasemapLayer(() => undefined).addTo(map);
  });

  afterEach(() => bare.remove());

  const land = () => map.getPane(PANES.land)!.querySelectorAll('path');

  it('draws the built-in land in the land pane, below the route, and limits the zoom to what it can show', async () => {
    map.setZoom(LAND_MAX_ZOOM + 3, { animate: false });
    layer.show(undefined);
    expect(map.options.maxZoom).to.equal(LAND_MAX_ZOOM);
    expect(map.getZoom(), 'zoomed out to the limit').to.equal(LAND_MAX_ZOOM);
    await waitUntil(() => land().length > 0, 'no land was drawn', { timeout: 10_000 });
    const z = (pane: string) => Number(getComputedStyle(map.getPane(pane)!).zIndex);
    expect(z(PANES.land)).to.be.lessThan(z(PANES.route));
  });

  it('puts a page’s tiles in the land’s place, and leaves the closest zoom to them', async () => {
    layer.show(undefined);
    await waitUntil(() => land().length > 0, 'no land was drawn', { timeout: 10_000 });
    layer.show('https://tiles.example/{z}/{x}/{y}.png');
    expect(map.options.maxZoom).to.equal(undefined);
    expect(land(), 'the land is gone').to.have.length(0);
    await waitUntil(() => layer.getLayers().length === 1, 'the tile layer never came', { timeout: 10_000 });
  });

  it('takes everything with it when removed, and adds nothing that arrives after', async () => {
    layer.show('https://tiles.example/{z}/{x}/{y}.png');
    // Removed while the tile code is still on its way: what it brings must not be added.
    layer.remove();
    await import('../../../../packages/core/src/map/leaflet-tiles.js');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(layer.getLayers()).to.have.length(0);
    expect(container.querySelectorAll('.leaflet-tile-container, .leaflet-layer')).to.have.length(0);
    layer.addTo(map);
    layer.show(undefined);
    await waitUntil(() => land().length > 0, 'no land was drawn', { timeout: 10_000 });
    layer.remove();
    expect(land()).to.have.length(0);
  });
});
