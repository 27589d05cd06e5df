// The labels layer alone, on a bare Leaflet map with Leaflet's CSS: a route runs east from one
// place to another, so the first place's preferred side (the inline end, east) lies on the line.
// Both labels are shown, and neither is drawn across the line.
import { expect } from '@open-wc/testing';
import type { Map as LeafletMap } from 'leaflet';
import type { Place } from '../../../../packages/core/src/model/shipment.js';
import { LabelsLayer } from '../../../../packages/core/src/map/labels-layer.js';
import type { RouteScene, SceneStop } from '../../../../packages/core/src/map/route-scene.js';
import { englishMapMessages } from '../../../../packages/core/src/view/map-messages.js';
import type { MapView } from '../../../../packages/core/src/contracts/view-model.js';
import { bareMap, type BareMap } from './bare-map.js';

function stop(code: string, lng: number): SceneStop {
  const place: Place = { code, name: code, country: 'XX', position: { lat: 0, lng } };
  return { place, roles: [], at: { lat: 0, lng } };
}

const WEST = -25;
const EAST = 25;
const scene: RouteScene = {
  lines: [
    {
      state: 'current',
      mode: 'vessel',
      latLngs: [
        { lat: 0, lng: WEST },
        { lat: 0, lng: EAST },
      ],
    },
  ],
  stops: [stop('WESTPORT', WEST), stop('EASTPORT', EAST)],
};
// The labels read a place's name and roles from the view; with none there, each is named by its code.
const view = { route: [], places: new Map() } as unknown as MapView;

describe('the labels layer', () => {
  let bare: BareMap;
  let container: HTMLDivElement;
  let map: LeafletMap;
  let layer: LabelsLayer;

  beforeEach(() => {
    bare = bareMap({ width: 480, height: 320 }, { center: [0, 0], zoom: 2, zoomControl: false, attributionControl: false });
    ({ map, container } = bare);
    layer = new LabelsLayer(() => []).addTo(map);
  });

  afterEach(() => bare.remove());

  it('shows every label, none across the route line', () => {
    layer.show(scene, view, { messages: englishMapMessages, now: 0, current: undefined });
    layer.place();
    const labels = [...container.querySelectorAll<HTMLElement>('.tracker-label')];
    expect(labels.map((l) => l.querySelector('.tracker-label-name')?.textContent).sort()).to.deep.equal(['EASTPORT', 'WESTPORT']);
    const origin = container.getBoundingClientRect();
    const west = map.latLngToContainerPoint([0, WEST]);
    const east = map.latLngToContainerPoint([0, EAST]);
    const across = labels.filter((label) => {
      const box = label.getBoundingClientRect();
      const [left, right, top, bottom] = [box.left - origin.left, box.right - origin.left, box.top - origin.top, box.bottom - origin.top];
      return top < west.y && bottom > west.y && left < east.x && right > west.x;
    });
    expect(across.map((l) => l.textContent)).to.deep.equal([]);
  });
});
