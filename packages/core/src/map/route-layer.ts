/**
 * The route, as a Leaflet layer: its lines, sailed and planned, in the route pane, and a mark at
 * each place in the places pane, the current place's a larger filled pin (tracker-route-map.ts
 * styles them).
 */
import { circleMarker, latLng, LayerGroup, polyline } from './leaflet-parts.js';
import { PANES } from './panes.js';
import type { RouteScene, SceneStop } from './route-scene.js';

/** The current place's pin: larger than a port's ring, and filled. */
const CURRENT_RADIUS = 8;

/** A place mark's radius: the current place's pin, the origin's and destination's, or a stop's between. */
export function placeRadius(stop: SceneStop, current: string | undefined): number {
  return stop.place.code === current ? CURRENT_RADIUS : stop.roles.some((r) => r === 'origin' || r === 'destination') ? 6 : 4.5;
}

export class RouteLayer extends LayerGroup {
  /** Draws `scene`'s lines and places, in place of those drawn before; `current`: the code of the place to pin. */
  show(scene: RouteScene, current: string | undefined): void {
    this.clearLayers();
    for (const line of scene.lines) {
      polyline(
        line.latLngs.map((p) => latLng(p.lat, p.lng)),
        {
          className: `tracker-route tracker-route--${line.state}${line.part ? ` tracker-route--${line.part}` : ''}`,
          interactive: false,
          pane: PANES.route,
          // A thicker tolerance would drop the small bends of a port approach.
          smoothFactor: 0.5,
        },
      ).addTo(this);
    }
    for (const stop of scene.stops) {
      const here = stop.place.code === current;
      circleMarker(latLng(stop.at.lat, stop.at.lng), {
        className: `tracker-place ${stop.roles.map((r) => `tracker-place--${r}`).join(' ')}${here ? ' tracker-place--current' : ''}`,
        radius: placeRadius(stop, current),
        interactive: false,
        pane: PANES.places,
      }).addTo(this);
    }
  }
}
