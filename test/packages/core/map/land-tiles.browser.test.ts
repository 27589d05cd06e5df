// Issue 28: the finer land outline is fetched only when the map is zoomed past the coarse
// outline's zooms, and only the tiles of the level drawn at that zoom. Runs in its own page, so
// the requests seen are this file's: the first test must stay the one that never zooms in.
import { expect, fixture, html } from '@open-wc/testing';
import { until } from '../../../support/browser.js';
import '../../../../packages/core/src/map/define.js';
import type { Map as LeafletMap } from 'leaflet';
import type { TrackerRouteMap } from '../../../../packages/core/src/map/index.js';
import { landZooms } from '../../../../packages/core/src/map/land-zooms.generated.js';
import { mapView, oceanInTransit } from './fixtures.js';
import { drawnMap, frames, requestedUrls } from './map-test-helpers.js';

const landRequests = (pattern: RegExp): string[] => requestedUrls().filter((url) => pattern.test(url));
const TILE = /\/map\/land\//;
const INDEX = /land-tiles\.generated/;

/**
 * Focuses the map, as a visitor's click or Tab does before they zoom: until then the map fits the
 * whole route again when its host resizes, which would take a view set by the test back out to the
 * coarse outline. (It also did at the resize observer's first notice, which WebKitGTK gave after
 * drawnMap() returned: these cases were skipped there for it.)
 */
function takeMap(el: TrackerRouteMap): LeafletMap {
  const map = el.leafletMap!;
  el.shadowRoot!.querySelector<HTMLElement>('.leaflet-container')!.focus();
  expect(map.dragging.enabled(), "the focused map is the visitor's").to.be.true;
  return map;
}

/** The land paths the map's SVG holds (the coarse outline is three: the world and its copies either side). */
function landPaths(el: TrackerRouteMap): SVGPathElement[] {
  return [...el.shadowRoot!.querySelectorAll<SVGPathElement>('path.tracker-land')];
}

let el: TrackerRouteMap;

// A route from China to Rotterdam, fitted far out (open-wc removes each test's fixture after it).
beforeEach(async () => {
  el = document.createElement('cargo-tracker-route-map');
  Object.assign(el, { loading: 'eager', view: mapView(oceanInTransit()) });
  el.style.cssText = 'width: 640px; --tracker-map-height: 360px';
  await fixture(html`${el}`);
  await drawnMap(el);
});

describe('the land outline as the map zooms', () => {
  it('draws the coarse outline for a route across the world and fetches no tile', async () => {
    const map = el.leafletMap!;
    expect(map.getZoom()).to.be.at.most(landZooms[0]!);
    await frames();
    expect(landPaths(el)).to.have.length(3);
    expect(landRequests(TILE)).to.deep.equal([]);
    expect(landRequests(INDEX)).to.deep.equal([]);
  });

  it('fetches the finest tiles round Kaohsiung past zoom 5, and draws them instead of the coarse outline', async () => {
    const map = takeMap(el);
    const coarse = landPaths(el)[1]!.getAttribute('d');
    map.setView([22.61, 120.28], landZooms[2]!, { animate: false });
    await until(() => landRequests(TILE).length > 0, 'no land tile was requested');
    expect(landRequests(INDEX)).to.have.length(1);
    // Kaohsiung is near the bottom of zoom-4 tile 13-6; the view with half a view round it reaches 13-7 below.
    await until(() => landPaths(el).length === 1, 'the finer outline did not replace the coarse one');
    expect(
      landRequests(TILE)
        .map((url) => /\/land\/([\w-]+)\.generated/.exec(url)?.[1])
        .sort(),
    ).to.deep.equal(['fine-13-6', 'fine-13-7']);
    expect(landPaths(el)[0]!.getAttribute('d')).to.not.equal(coarse);
  });

  it('fetches the middle level at zoom 4.5 and goes back to the coarse outline at zoom 2.75 without a request', async () => {
    const map = takeMap(el);
    map.setView([22.61, 120.28], 4.5, { animate: false });
    await until(() => landRequests(/\/land\/mid-/).length > 0, 'no middle-level tile was requested');
    const before = requestedUrls().length;
    map.setZoom(landZooms[0]!, { animate: false });
    await until(() => landPaths(el).length === 3, 'the coarse outline did not come back');
    expect(requestedUrls().length).to.equal(before);
  });

  it('stops at the closest zoom the finest outline holds', () => {
    const map = el.leafletMap!;
    map.setZoom(12, { animate: false });
    expect(map.getZoom()).to.equal(landZooms.at(-1));
  });
});
