import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  alignLongitude,
  bearing,
  boundsOf,
  buildRouteScene,
  greatCirclePath,
  unwrapPath,
} from '../../../../packages/core/src/map/route-scene.js';
import { centralAngle, hasMapData, whereabouts } from '../../../../packages/core/src/view/route-facts.js';
import type { LatLng } from '../../../../packages/core/src/model/shipment.js';
import { airTransfer, airWithoutPaths, DXB, FRA, HKG, LOS_ANGELES, oceanInTransit, oceanPacific, path } from './fixtures.js';

function maxStep(points: readonly LatLng[]): number {
  let max = 0;
  for (let i = 1; i < points.length; i++) max = Math.max(max, Math.abs(points[i]!.lng - points[i - 1]!.lng));
  return max;
}

const near = (actual: number, expected: number, tolerance = 1e-6): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);

describe('alignLongitude', () => {
  it('returns the copy of a longitude nearest the reference', () => {
    assert.equal(alignLongitude(-179.4, 179.6), 180.6);
    assert.equal(alignLongitude(179.6, -179.4), -180.4);
    assert.equal(alignLongitude(10, 0), 10);
    near(alignLongitude(-118.27, 200), 241.73, 1e-9);
  });
});

describe('unwrapPath', () => {
  it('keeps a path that does not cross the antimeridian as given', () => {
    const given = path([
      [103.84, 1.264],
      [60, 12.5],
      [-9.8, 43],
      [4.05, 51.955],
    ]);
    assert.deepEqual(unwrapPath(given), given);
  });

  it('carries the Pacific crossing on past 180° instead of jumping back to -179°', () => {
    const drawn = unwrapPath(oceanPacific().legs[0]!.path);
    const lngs = drawn.map((p) => p.lng);
    for (let i = 1; i < lngs.length; i++) assert.ok(lngs[i]! > lngs[i - 1]!, `eastbound at ${i}: ${lngs.join(', ')}`);
    near(lngs[5]!, 180.6);
    near(lngs.at(-1)!, 241.73);
    assert.ok(maxStep(drawn) < 25);
    assert.deepEqual(
      drawn.map((p) => p.lat),
      oceanPacific().legs[0]!.path.map((p) => p.lat),
    );
  });

  it('crosses westbound too', () => {
    const drawn = unwrapPath(
      path([
        [-150, 40],
        [-179, 41],
        [178, 42],
        [140, 35],
      ]),
    );
    assert.deepEqual(
      drawn.map((p) => p.lng),
      [-150, -179, -182, -220],
    );
  });

  it('continues from a previous leg end when given a start reference', () => {
    const drawn = unwrapPath(
      path([
        [-179.5, 10],
        [-170, 10],
      ]),
      179,
    );
    assert.deepEqual(
      drawn.map((p) => p.lng),
      [180.5, 190],
    );
  });
});

describe('greatCirclePath', () => {
  it('starts and ends at the airports and bends poleward of the straight line', () => {
    const arc = greatCirclePath(HKG.position!, DXB.position!);
    assert.deepEqual(arc[0], HKG.position);
    assert.deepEqual(arc.at(-1), DXB.position);
    assert.ok(arc.length > 10);
    const middle = arc[Math.floor(arc.length / 2)]!;
    const straightLat = (HKG.position!.lat + DXB.position!.lat) / 2;
    assert.ok(middle.lat > straightLat + 1, `${middle.lat} should be north of ${straightLat}`);
  });

  it('lies on the same great circle as the document path for DXB → FRA', () => {
    const unit = ({ lat, lng }: LatLng): [number, number, number] => {
      const [φ, λ] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180];
      return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
    };
    const [a, b] = [unit(DXB.position!), unit(FRA.position!)];
    const normal = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]] as const;
    const offPlane = (p: LatLng): number => {
      const v = unit(p);
      return Math.abs(v[0] * normal[0] + v[1] * normal[1] + v[2] * normal[2]);
    };
    const arc = greatCirclePath(DXB.position!, FRA.position!);
    for (const point of arc) assert.ok(offPlane(point) < 1e-9, `${JSON.stringify(point)} is off the great circle`);
    // The document's own path (rounded to 4 decimals) lies on that circle too, so both draw the same arc.
    for (const point of airTransfer().legs[1]!.path) assert.ok(offPlane(point) < 1e-4, `${JSON.stringify(point)}`);
  });

  it('has equal steps along the arc', () => {
    const arc = greatCirclePath({ lat: 0, lng: 0 }, { lat: 0, lng: 90 });
    const steps = arc.slice(1).map((p, i) => centralAngle(arc[i]!, p));
    for (const step of steps) near(step, steps[0]!, 1e-9);
    for (const p of arc) near(p.lat, 0, 1e-9);
  });

  it('draws a straight line when the ends coincide or are antipodal', () => {
    assert.equal(greatCirclePath({ lat: 1, lng: 2 }, { lat: 1, lng: 2 }).length, 2);
    assert.equal(greatCirclePath({ lat: 0, lng: 0 }, { lat: 0, lng: 180 }).length, 2);
  });

  it('crosses the antimeridian continuously once unwrapped', () => {
    const tokyo = { lat: 35.55, lng: 139.78 };
    const anchorage = { lat: 61.17, lng: -149.99 };
    const arc = unwrapPath(greatCirclePath(tokyo, anchorage));
    assert.ok(maxStep(arc) < 5);
    near(arc.at(-1)!.lng, 210.01, 1e-9);
  });
});

describe('boundsOf', () => {
  it('is undefined for no points and the enclosing box otherwise', () => {
    assert.equal(boundsOf([]), undefined);
    assert.deepEqual(
      boundsOf(
        path([
          [10, 5],
          [-3, 8],
          [200, -1],
        ]),
      ),
      { south: -1, west: -3, north: 8, east: 200 },
    );
  });
});

describe('bearing', () => {
  it('measures clockwise from north', () => {
    near(bearing({ lat: 0, lng: 0 }, { lat: 1, lng: 0 }), 0);
    near(bearing({ lat: 0, lng: 0 }, { lat: 0, lng: 1 }), 90);
    near(bearing({ lat: 0, lng: 0 }, { lat: 0, lng: -1 }), 270);
  });
});

describe('the vehicle on its route', () => {
  it('keeps the document’s heading when it has one', () => {
    assert.equal(buildRouteScene(oceanInTransit()).position!.bearing, 268);
  });

  it('points along the route where the document gives no heading', () => {
    const shipment = oceanInTransit();
    const { headingDeg: _, ...position } = shipment.position!;
    const scene = buildRouteScene({ ...shipment, position });
    // Westbound from 60°E 12.5°N to 51°E 12.2°N in the Gulf of Aden.
    assert.ok(Math.abs(scene.position!.bearing! - 268) < 3, String(scene.position!.bearing));
  });

  it('says where the vehicle is by the ports of the leg it is on, or the port it is near', () => {
    const shipment = oceanInTransit();
    const between = whereabouts(shipment);
    assert.ok(between && 'from' in between);
    assert.deepEqual([between.from.code, between.to.code], ['SGSIN', 'NLRTM']);
    const inPort = whereabouts({ ...shipment, position: { ...shipment.position!, lat: 1.3, lng: 103.9 } });
    assert.ok(inPort && 'near' in inPort);
    assert.equal(inPort.near.code, 'SGSIN');
    assert.equal(whereabouts({ ...shipment, position: undefined } as never), undefined);
  });
});

describe('buildRouteScene', () => {
  it('draws the container in transit as a completed leg, then the current leg travelled and ahead, joined at Singapore and at the vessel', () => {
    const scene = buildRouteScene(oceanInTransit());
    assert.deepEqual(
      scene.lines.map((l) => [l.state, l.part]),
      [
        ['completed', undefined],
        ['current', 'travelled'],
        ['current', 'ahead'],
      ],
    );
    assert.deepEqual(scene.lines[0]!.latLngs.at(-1), scene.lines[1]!.latLngs[0]);
    // The split point is on the line where the vessel is nearest it, between 60°E and 51°E.
    const split = scene.lines[1]!.latLngs.at(-1)!;
    assert.deepEqual(scene.lines[2]!.latLngs[0], split);
    assert.ok(split.lng < 60 && split.lng > 51 && Math.abs(split.lat - 12.4) < 0.2, JSON.stringify(split));
    assert.equal(scene.lines[1]!.latLngs.length + scene.lines[2]!.latLngs.length, 23 + 2);
    assert.deepEqual(
      scene.stops.map((s) => s.place.code),
      ['CNNGB', 'SGSIN', 'NLRTM'],
    );
    assert.deepEqual(scene.stops[0]!.roles, ['origin', 'loading']);
    near(scene.position!.at.lng, 58.42);
    assert.deepEqual(scene.bounds, { south: 1.264, west: -9.8, north: 51.955, east: 122.6 });
  });

  it('keeps the Pacific crossing, its ports and its vessel on one side of the antimeridian', () => {
    const scene = buildRouteScene(oceanPacific());
    // The leg under way as the document gives it: travelled and ahead, less the point added where the vessel is.
    const [travelled, ahead] = scene.lines;
    const line = [...travelled!.latLngs.slice(0, -1), ...ahead!.latLngs.slice(1)];
    assert.ok(maxStep(line) < 25);
    const la = scene.stops.find((s) => s.place.code === LOS_ANGELES.code)!;
    near(la.at.lng, line.at(-1)!.lng);
    // The vessel (reported at -176.8°) is drawn between the line's points at -179.4° and -170°.
    const vessel = scene.position!.at.lng;
    assert.ok(vessel > line[5]!.lng && vessel < line[6]!.lng, `${vessel} between ${line[5]!.lng} and ${line[6]!.lng}`);
    near(vessel - line[5]!.lng, 2.6, 1e-9);
    // The first view spans about 120° of longitude, not the whole world.
    const { west, east } = scene.bounds!;
    near(east - west, 241.73 - 122.065, 1e-9);
    assert.ok((west + east) / 2 >= -180 && (west + east) / 2 <= 180);
  });

  it('moves a route drawn wholly west of -180° back into the primary world copy', () => {
    const shipment = oceanPacific();
    const westbound = {
      ...shipment,
      legs: [{ ...shipment.legs[0]!, path: [...shipment.legs[0]!.path].reverse() }],
    };
    const scene = buildRouteScene(westbound);
    const centre = (scene.bounds!.west + scene.bounds!.east) / 2;
    assert.ok(centre >= -180 && centre <= 180, `centre ${centre}`);
    assert.ok(maxStep(scene.lines[0]!.latLngs) < 25);
  });

  it('draws the air waybill with the document paths and airports, continuous at the transfer', () => {
    const scene = buildRouteScene(airTransfer());
    assert.deepEqual(
      scene.lines.map((l) => [l.state, l.latLngs.length]),
      [
        ['completed', 25],
        ['planned', 25],
      ],
    );
    assert.deepEqual(
      scene.stops.map((s) => [s.place.code, s.roles]),
      [
        ['HKG', ['origin']],
        ['DXB', ['transfer']],
        ['FRA', ['destination']],
      ],
    );
    assert.equal(scene.position, undefined);
  });

  it('builds great-circle arcs between airports when the document gives no path', () => {
    const scene = buildRouteScene(airWithoutPaths());
    assert.equal(scene.lines.length, 2);
    const [first, second] = scene.lines;
    assert.deepEqual(first!.latLngs[0], HKG.position);
    assert.deepEqual(first!.latLngs.at(-1), DXB.position);
    assert.ok(first!.latLngs.length > 10 && second!.latLngs.length > 10);
    assert.equal(scene.position!.position.kind, 'aircraft');
  });

  it('draws a straight line for an ocean leg without a path, and nothing for a leg without places', () => {
    const shipment = oceanInTransit();
    const scene = buildRouteScene({
      ...shipment,
      legs: [
        { ...shipment.legs[0]!, path: [] },
        { mode: 'truck', state: 'planned', path: [] },
      ],
    });
    assert.equal(scene.lines.length, 1);
    assert.equal(scene.lines[0]!.latLngs.length, 2);
  });

  it('places ports only when they have coordinates, and chains them without legs', () => {
    const shipment = oceanPacific();
    const scene = buildRouteScene({ ...shipment, legs: [], position: undefined });
    assert.deepEqual(scene.lines, []);
    // Chained east across the Pacific, then moved as a whole so the middle is within ±180°.
    const [shanghai, losAngeles] = scene.stops.map((s) => s.at.lng);
    near(losAngeles! - shanghai!, 360 - 122.065 - 118.27, 1e-9);
    near(losAngeles!, -118.27, 1e-9);
    const noCoordinates = buildRouteScene({
      ...shipment,
      legs: [],
      position: undefined,
      route: shipment.route.map((s) => ({ ...s, place: { code: s.place.code } })),
    });
    assert.deepEqual(noCoordinates, { lines: [], stops: [] });
  });
});

describe('hasMapData', () => {
  it('is true for route data or a position, false for ports alone', () => {
    assert.equal(hasMapData(undefined), false);
    assert.equal(hasMapData(oceanInTransit()), true);
    assert.equal(hasMapData({ ...oceanInTransit(), legs: [] }), true);
    assert.equal(hasMapData({ ...oceanInTransit(), legs: [], position: undefined }), false);
  });
});
