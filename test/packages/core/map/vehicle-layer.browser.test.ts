// The vehicle layer alone, on a bare Leaflet map: one marker, where the last position given puts
// it, of that vehicle's kind and pointing its way, and none once there is no position.
import { expect } from '@open-wc/testing';
import type { Map as LeafletMap } from 'leaflet';
import { PANES } from '../../../../packages/core/src/map/panes.js';
import type { ScenePosition } from '../../../../packages/core/src/map/route-scene.js';
import { VehicleLayer } from '../../../../packages/core/src/map/vehicle-layer.js';
import { bareMap, type BareMap } from './bare-map.js';

function position(kind: 'vessel' | 'aircraft', lat: number, lng: number, bearing?: number): ScenePosition {
  return { position: { kind, label: 'TEST', lat, lng }, at: { lat, lng }, ...(bearing === undefined ? {} : { bearing }) };
}

describe('the vehicle layer', () => {
  let bare: BareMap;
  let container: HTMLDivElement;
  let map: LeafletMap;
  let layer: VehicleLayer;

  beforeEach(() => {
    bare = bareMap({ width: 400, height: 300 }, { center: [20, 0], zoom: 2 });
    ({ map, container } = bare);
    layer = new VehicleLayer().addTo(map);
  });

  afterEach(() => bare.remove());

  const markers = () => [...container.querySelectorAll<HTMLElement>('.tracker-vehicle')];

  /** The marker's centre, in the map container's pixels. */
  function centre(marker: HTMLElement): { x: number; y: number } {
    const box = marker.getBoundingClientRect();
    const origin = container.getBoundingClientRect();
    return { x: box.left + box.width / 2 - origin.left, y: box.top + box.height / 2 - origin.top };
  }

  it('moves its one marker to each new position, in the vehicle pane, with its kind and bearing', () => {
    layer.show(position('vessel', 10, -30, 90));
    layer.show(position('aircraft', 40, 60, 180));
    const drawn = markers();
    expect(drawn, 'the first marker is gone').to.have.length(1);
    const [marker] = drawn as [HTMLElement];
    expect(marker.parentElement).to.equal(map.getPane(PANES.vehicle));
    expect(marker.classList.contains('tracker-vehicle--aircraft')).to.be.true;
    expect(marker.querySelector('.tracker-vehicle-glyph')?.getAttribute('transform')).to.equal('rotate(180)');
    const expected = map.latLngToContainerPoint([40, 60]);
    const { x, y } = centre(marker);
    expect(x).to.be.closeTo(expected.x, 1);
    expect(y).to.be.closeTo(expected.y, 1);
  });

  it('draws a dot when the bearing is unknown, and nothing without a position', () => {
    layer.show(position('vessel', 10, -30));
    expect(markers()[0]?.querySelector('circle.tracker-vehicle-glyph')).to.exist;
    layer.show(undefined);
    expect(markers()).to.have.length(0);
  });
});
