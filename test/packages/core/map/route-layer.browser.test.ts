// The route layer alone, on a bare Leaflet map: its lines in the route pane, a mark at each place
// in the places pane above them, the current place a larger pin, and nothing of an earlier route
// left once another is shown or the layer is removed.
import { expect } from '@open-wc/testing';
import type { CircleMarker, Map as LeafletMap } from 'leaflet';
import { PANES } from '../../../../packages/core/src/map/panes.js';
import { RouteLayer } from '../../../../packages/core/src/map/route-layer.js';
import type { RouteScene, SceneStop } from '../../../../packages/core/src/map/route-scene.js';
import { bareMap, type BareMap } from './bare-map.js';

function stop(code: string, lat: number, lng: number, roles: SceneStop['roles']): SceneStop {
  return { place: { code, name: code }, roles, at: { lat, lng } };
}

const OUTBOUND: RouteScene = {
  lines: [
    {
      state: 'current',
      mode: 'vessel',
      part: 'travelled',
      latLngs: [
        { lat: 30, lng: 120 },
        { lat: 1, lng: 104 },
      ],
    },
    {
      state: 'current',
      mode: 'vessel',
      part: 'ahead',
      latLngs: [
        { lat: 1, lng: 104 },
        { lat: 52, lng: 4 },
      ],
    },
  ],
  stops: [stop('CNNGB', 30, 120, ['origin']), stop('SGSIN', 1, 104, ['transshipment']), stop('NLRTM', 52, 4, ['destination'])],
};

const SHORT: RouteScene = {
  lines: [
    {
      state: 'planned',
      mode: 'vessel',
      latLngs: [
        { lat: 24, lng: 118 },
        { lat: 22, lng: 120 },
      ],
    },
  ],
  stops: [stop('CNXMN', 24, 118, ['origin']), stop('TWKHH', 22, 120, ['destination'])],
};

describe('the route layer', () => {
  let bare: BareMap;
  let map: LeafletMap;
  let layer: RouteLayer;

  beforeEach(() => {
    bare = bareMap({ width: 400, height: 300 }, { center: [30, 60], zoom: 1 });
    ({ map } = bare);
    layer = new RouteLayer().addTo(map);
  });

  afterEach(() => bare.remove());

  const lines = () => [...map.getPane(PANES.route)!.querySelectorAll('path.tracker-route')];
  const marks = () => [...map.getPane(PANES.places)!.querySelectorAll('path.tracker-place')];
  const radii = () =>
    Object.fromEntries(
      (layer.getLayers() as CircleMarker[]).filter((l) => 'getRadius' in l).map((l) => [l.options.className, l.getRadius()]),
    );

  it('draws each line in the route pane and each place in the places pane, which lies above it', () => {
    layer.show(OUTBOUND, undefined);
    expect(lines().map((l) => l.getAttribute('class'))).to.deep.equal([
      'tracker-route tracker-route--current tracker-route--travelled',
      'tracker-route tracker-route--current tracker-route--ahead',
    ]);
    expect(marks()).to.have.length(3);
    const z = (pane: string) => Number(getComputedStyle(map.getPane(pane)!).zIndex);
    expect(z(PANES.places)).to.be.greaterThan(z(PANES.route));
  });

  it('pins the current place: larger than the ends, which are larger than a stop between', () => {
    layer.show(OUTBOUND, undefined);
    expect(radii()).to.deep.equal({
      'tracker-place tracker-place--origin': 6,
      'tracker-place tracker-place--transshipment': 4.5,
      'tracker-place tracker-place--destination': 6,
    });
    layer.show(OUTBOUND, 'SGSIN');
    expect(radii()['tracker-place tracker-place--transshipment tracker-place--current']).to.equal(8);
    expect(marks().filter((m) => m.classList.contains('tracker-place--current'))).to.have.length(1);
  });

  it('leaves nothing of the route shown before, and nothing at all once removed', () => {
    layer.show(OUTBOUND, 'SGSIN');
    layer.show(SHORT, undefined);
    expect(lines()).to.have.length(1);
    expect(marks()).to.have.length(2);
    expect(marks().some((m) => m.classList.contains('tracker-place--current'))).to.be.false;
    layer.remove();
    expect(lines()).to.have.length(0);
    expect(marks()).to.have.length(0);
  });
});
