/**
 * The map's drawing order, stated once: land under the routes, routes under the place marks,
 * marks under the vehicle, labels on top. Each layer names its pane, so the order holds whatever
 * order the layers (or the finer land's tiles) arrive in. The vehicle and the labels use Leaflet's
 * own marker (600) and tooltip (650) panes; the others sit between its tile (200) and marker panes.
 */
import type { Map as LeafletMap } from 'leaflet';

export const PANES = {
  land: 'trackerLand',
  route: 'trackerRoute',
  places: 'trackerPlaces',
  vehicle: 'markerPane',
  labels: 'tooltipPane',
} as const;

export type PaneName = (typeof PANES)[keyof typeof PANES];

const CREATED: ReadonlyArray<readonly [PaneName, number]> = [
  [PANES.land, 300],
  [PANES.route, 410],
  [PANES.places, 420],
];

/** Creates the map's own panes, each at its place in the order. */
export function createPanes(map: LeafletMap): void {
  for (const [name, zIndex] of CREATED) map.createPane(name).style.zIndex = String(zIndex);
}
