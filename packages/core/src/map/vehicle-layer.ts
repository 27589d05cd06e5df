/**
 * The vehicle, as a Leaflet layer: a marker where the vessel or aircraft last reported itself,
 * pointing its way, in the vehicle pane (pinned-elements.ts draws it).
 */
import type { Position } from '../model/shipment.js';
import { latLng, LayerGroup } from './leaflet-parts.js';
import { VehicleMarker } from './pinned-elements.js';
import type { ScenePosition } from './route-scene.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The vehicle marker's size: big enough to find at a glance on a phone, its halo included. */
export const VEHICLE_SIZE = 30;

/**
 * An arrow (vessel) or a plane (aircraft) rotated to its bearing, a dot when that is unknown, on a
 * disc with a ring in the text colour: the ring stands out from land and sea alike, the disc
 * from the route line under it.
 */
function vehicleIcon(kind: Position['kind'], bearing: number | undefined): HTMLElement {
  const wrapper = document.createElement('span');
  wrapper.className = 'tracker-vehicle-icon';
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '-15 -15 30 30');
  svg.setAttribute('width', String(VEHICLE_SIZE));
  svg.setAttribute('height', String(VEHICLE_SIZE));
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', `tracker-vehicle-shape tracker-vehicle-shape--${kind}`);
  const halo = document.createElementNS(SVG_NS, 'circle');
  halo.setAttribute('class', 'tracker-vehicle-halo');
  halo.setAttribute('r', '13');
  const shape = document.createElementNS(SVG_NS, bearing === undefined ? 'circle' : 'path');
  shape.setAttribute('class', 'tracker-vehicle-glyph');
  if (bearing === undefined) {
    shape.setAttribute('r', '6');
  } else {
    shape.setAttribute(
      'd',
      kind === 'aircraft'
        ? 'M0-10 1.4-2.7 9 1.8v2L1.4 1.8.9 6.8l2.7 2V10L0 9.1-3.6 10V8.8l2.7-2L-1.4 1.8-9 3.8v-2l7.6-4.5z'
        : 'M0-10 6.3 8.1 0 4.5-6.3 8.1z',
    );
    shape.setAttribute('transform', `rotate(${Math.round(bearing)})`);
  }
  svg.append(halo, shape);
  wrapper.append(svg);
  return wrapper;
}

export class VehicleLayer extends LayerGroup {
  /** Draws the vehicle at `position`, in place of the one drawn before; none without a position. */
  show(position: ScenePosition | undefined): void {
    this.clearLayers();
    if (!position) return;
    const { at, bearing } = position;
    const { kind } = position.position;
    new VehicleMarker(latLng(at.lat, at.lng), `tracker-vehicle tracker-vehicle--${kind}`, VEHICLE_SIZE, vehicleIcon(kind, bearing)).addTo(
      this,
    );
  }
}
