/**
 * The presentation step: (normalized shipment, the carrier's name from the open list, the
 * language) → the labelled view that the page, the map and the live region all render.
 * Memoized per element, so a render that changes none of the inputs (a visitor typing in the
 * form, a countdown tick) gets the same view object back and the map is not redrawn.
 */
import { formatWeightKg } from '../format/numbers.js';
import type { Localizer } from '../i18n/localizer.js';
import type { MapMessages } from './map-messages.js';
import type { Flight, Milestone, Place, Shipment } from '../model/shipment.js';
import { eventLabel, impliedBy, placeLabel, shortPlaceLabel, statusLabel } from './labels.js';
import { deriveExceptions, toneOf } from './exception.js';
import { memoizeLast } from './memo.js';
import type {
  FlightView,
  MapView,
  MilestoneView,
  PlaceView,
  ShipmentView,
  StopView,
  UnitView,
  VehicleView,
} from '../contracts/view-model.js';
import { lazyList } from './lazy-list.js';
import { whereabouts } from './route-facts.js';
import { deriveJourney } from './journey.js';

/** One element's presenter: each call with unchanged inputs returns the previous view. */
export type Presenter = (shipment: Shipment, listedCarrierName: string | undefined, l: Localizer, words: MapMessages) => ShipmentView;

export function createPresenter(): Presenter {
  const mapView = memoizeLast(labelMap);
  return memoizeLast((shipment: Shipment, listedCarrierName: string | undefined, l: Localizer, words: MapMessages) =>
    labelShipment(shipment, listedCarrierName, l, mapView(shipment, l, words)),
  );
}

/** Every place the shipment names, labelled once, keyed by code; the route's own data wins. */
function labelPlaces(shipment: Shipment, l: Localizer): Map<string, PlaceView> {
  const places = new Map<string, PlaceView>();
  const add = (place: Place | undefined) => {
    if (!place || places.has(place.code)) return;
    places.set(place.code, { place, label: placeLabel(place, shipment.product, l), shortLabel: shortPlaceLabel(place, shipment.product) });
  };
  for (const stop of shipment.route) add(stop.place);
  for (const leg of shipment.legs) [leg.from, leg.to].forEach(add);
  for (const flight of shipment.flights) [flight.from, flight.to].forEach(add);
  for (const unit of shipment.units) for (const m of unit.milestones) add(m.place);
  add(shipment.eta?.place);
  return places;
}

function labelMap(shipment: Shipment, l: Localizer, words: MapMessages): MapView {
  const places = labelPlaces(shipment, l);
  const route: StopView[] = shipment.route.map((stop) => ({
    place: places.get(stop.place.code)!,
    roles: stop.roles,
    roleLabels: stop.roles.map((role) => words.role(role)),
  }));
  const p = shipment.position;
  const found = whereabouts(shipment);
  // Route stops and leg ends, all labelled above.
  const short = (place: Place) => places.get(place.code)!.shortLabel;
  const where = found && ('near' in found ? { near: short(found.near) } : { from: short(found.from), to: short(found.to) });
  const vehicle: VehicleView | undefined = p && {
    kind: p.kind === 'vessel' ? words.vessel : words.aircraft,
    name: p.label,
    ...(where ? { where } : {}),
    details: [
      p.speedKnots === undefined ? undefined : words.speed(p.speedKnots),
      p.headingDeg === undefined ? undefined : words.course(p.headingDeg),
      p.altitudeFt === undefined ? undefined : words.altitude(p.altitudeFt),
    ].filter((d): d is string => d !== undefined),
  };
  const routeSentence = route.length > 0 ? words.routeSummary(route.map((stop) => stop.place.label)) : '';
  return { shipment, places, route, ...(vehicle ? { vehicle } : {}), routeSentence };
}

function labelShipment(shipment: Shipment, listedCarrierName: string | undefined, l: Localizer, map: MapView): ShipmentView {
  const { product } = shipment;
  const place = (p: Place | undefined) => (p ? map.places.get(p.code) : undefined);
  const journeys = shipment.units.map((unit) => deriveJourney(shipment, unit));
  const journey = journeys[0] ?? deriveJourney(shipment, undefined);
  const exceptions = deriveExceptions(shipment, l, place, journeys);
  // The status stays the document's ("In transit"): a cancelled flight is not a cancelled waybill.
  // The exception names what went wrong and gives the status its tone.
  const status = statusLabel(shipment.status, product, l);
  const tone = toneOf(exceptions);
  const carrier = shipment.carrier?.name ?? listedCarrierName ?? shipment.carrier?.code;
  const units: UnitView[] = shipment.units.map((unit, i) => ({
    unit,
    heading: l.t('shipment.milestones', { unit: unit.id }),
    ...((unit.description ?? unit.isoCode) === undefined ? {} : { type: unit.description ?? unit.isoCode }),
    ...(unit.status ? { status: statusLabel(unit.status, product, l) } : {}),
    milestones: lazyList(unit.milestones.length, (i) => {
      const m = unit.milestones[i]!;
      return labelMilestone(m, shipment, l, place(m.place));
    }),
    journey: journeys[i]!,
  }));
  const flights: FlightView[] = shipment.flights.map((flight: Flight) => ({
    flight,
    route: l.t('flight.route', {
      from: place(flight.from)?.label ?? l.t('flight.airport.unknown'),
      to: place(flight.to)?.label ?? l.t('flight.airport.unknown'),
    }),
  }));
  const etaPlace = place(journey.arrival?.place);
  const loaded = l.t('announce.loaded', { number: shipment.reference, status });
  return {
    shipment,
    product,
    status,
    ...(tone ? { tone } : {}),
    ...(carrier === undefined ? {} : { carrier }),
    exceptions,
    announcement: [loaded, ...exceptions.flatMap((e) => [e.text, e.next, e.leg && l.t('exception.affected', { leg: e.leg })])]
      .filter((words): words is string => Boolean(words))
      .join(' '),
    ...(etaPlace ? { etaPlace } : {}),
    journey,
    units,
    flights,
    map,
  };
}

function labelMilestone(m: Milestone, shipment: Shipment, l: Localizer, place: PlaceView | undefined): MilestoneView {
  const title = eventLabel(m, shipment, l);
  // The document's text shows when it says more than our words (see `impliedBy`); a carrier's
  // "Discharged" on a planned discharge only says ours in the done form, which the title rightly left out.
  const done = m.kind === 'actual' ? title : eventLabel({ ...m, kind: 'actual' }, shipment, l);
  const detail = m.known && m.description && !impliedBy(m.description, [title, done], l.locale) ? m.description : undefined;
  const facts = [
    m.vessel ?? m.flightNumber,
    m.voyage ? l.t('shipment.voyage', { voyage: m.voyage }) : undefined,
    m.empty ? l.t('milestone.empty') : undefined,
    m.pieces !== undefined ? l.t('milestone.pieces', { count: m.pieces }) : undefined,
    m.weightKg !== undefined ? formatWeightKg(m.weightKg, l.locale) : undefined,
    m.superseded ? l.t('milestone.superseded') : undefined,
  ].filter((fact): fact is string => fact !== undefined);
  return { milestone: m, title, ...(detail ? { detail } : {}), ...(place ? { place } : {}), facts };
}
