/**
 * The shipment's current journey, derived once per unit: which events of a container's history
 * belong to this shipment (a container's history often holds earlier cycles), when each stop of
 * the route was left or reached, the one arrival and the delivery. Every part of the view (arrival
 * box, route list, progress, timeline, exceptions) reads these values and computes none itself:
 * two parts computing "the same" date is how two dates appear.
 *
 * A claim needs its event: a stop is "departed" only by a departure event (or the flight's own
 * departure time), "arrived" only by an arrival or discharge event (or the flight's arrival).
 */
import type { Flight, Milestone, Moment, Product, Shipment, TimeKind, TrackedUnit } from '../model/shipment.js';
import type { Journey, StopFact, TimeFact } from '../contracts/journey.js';

/** Codes that say the cargo left a place, reached it, or was delivered, by product. */
const CODES: Readonly<Record<Product, { readonly departure: ReadonlySet<string>; readonly arrival: ReadonlySet<string> }>> = {
  ocean: { departure: new Set(['DEPA']), arrival: new Set(['ARRI', 'DISC']) },
  air: { departure: new Set(['DEP']), arrival: new Set(['ARR', 'RCF']) },
};

/** Codes after which the cargo is moving between two places rather than at one, in either product. */
export const DEPARTURES: ReadonlySet<string> = new Set([...CODES.ocean.departure, ...CODES.air.departure]);

/** An event that counts: it has a time and no later booking replaced it. */
function counts(m: Milestone): boolean {
  return m.time !== undefined && m.superseded !== true;
}

/** Events that, after a delivery, open the container's next cycle: it is being exported again. */
const OPENS_AFTER_DELIVERY: ReadonlySet<string> = new Set(['GTIN', 'STUF', 'LOAD', 'DEPA']);

/**
 * Where each cycle of a container's history starts: at an empty release (empty gate-out), after
 * an empty return (empty gate-in), and after a delivery (a full gate-out following a discharge)
 * at the next event that starts an export (gate-in full, stuffing, loading, departure).
 */
export function cycleStarts(milestones: readonly Milestone[]): number[] {
  const starts = [0];
  let discharged = false;
  let delivered = false;
  let returned = false;
  milestones.forEach((m, i) => {
    const opens =
      returned || (m.code === 'GTOT' && m.empty === true) || (delivered && OPENS_AFTER_DELIVERY.has(m.code) && m.empty !== true);
    if (i > 0 && opens) {
      starts.push(i);
      discharged = delivered = returned = false;
    }
    if (m.code === 'DISC') discharged = true;
    if (m.code === 'GTOT' && m.empty !== true && discharged) delivered = true;
    if (m.code === 'GTIN' && m.empty === true) returned = true;
  });
  return starts;
}

/**
 * The first event of this shipment's journey: the start of the latest cycle that calls at the
 * route's port of loading (else its first stop). The latest cycle is the journey when it calls at
 * no stop of the route at all (an empty released at a depot named by its own code); a later cycle
 * that calls only at other stops (the container's next use, from the destination) is not.
 */
function journeyStart(shipment: Shipment, milestones: readonly Milestone[]): number {
  if (shipment.product !== 'ocean') return 0;
  const starts = cycleStarts(milestones);
  const stops = new Set(shipment.route.map((s) => s.place.code));
  const loading = (shipment.route.find((s) => s.roles.includes('loading')) ?? shipment.route[0])?.place.code;
  const last = starts.length - 1;
  for (let c = last; c >= 0; c--) {
    const cycle = milestones.slice(starts[c], starts[c + 1] ?? milestones.length);
    if (cycle.some((m) => m.place?.code === loading)) return starts[c]!;
    if (c === last && !cycle.some((m) => m.place !== undefined && stops.has(m.place.code))) return starts[c]!;
  }
  return starts[last]!;
}

/** A run of consecutive events at one place: one call of the container or waybill there. */
interface Visit {
  readonly code: string;
  readonly events: readonly Milestone[];
}

function visitsOf(milestones: readonly Milestone[]): Visit[] {
  const visits: { code: string; events: Milestone[] }[] = [];
  for (const m of milestones) {
    const code = m.place?.code;
    if (code === undefined || !counts(m)) continue;
    const last = visits.at(-1);
    if (last?.code === code) last.events.push(m);
    else visits.push({ code, events: [m] });
  }
  return visits;
}

function fromEvent(m: Milestone): TimeFact & { readonly milestone: Milestone } {
  return { time: m.time!, kind: m.kind, ...(m.place ? { place: m.place } : {}), milestone: m };
}

function fromFlight(flight: Flight, end: 'departure' | 'arrival'): TimeFact | undefined {
  const times = flight[end];
  const place = end === 'departure' ? flight.from : flight.to;
  const [time, kind]: readonly [Moment | undefined, TimeKind] = times.actual
    ? [times.actual, 'actual']
    : times.estimated
      ? [times.estimated, 'estimated']
      : [times.scheduled, 'planned'];
  return time ? { time, kind, ...(place ? { place } : {}) } : undefined;
}

/**
 * When a stop is left or reached: an event that happened, else the flight's actual time, else
 * the expected event, else the flight's expected time. Of several events, a departure is the last
 * of the call and an arrival the first (a vessel's arrival before its discharge).
 */
function pick(events: readonly Milestone[], flights: readonly TimeFact[], end: 'departure' | 'arrival'): TimeFact | undefined {
  const one = <T>(list: readonly T[]): T | undefined => (end === 'departure' ? list.at(-1) : list[0]);
  const actual = events.filter((m) => m.kind === 'actual');
  const event = one(actual) ?? one(events);
  const flight = flights.find((f) => f.kind === 'actual') ?? flights[0];
  if (event?.kind === 'actual') return fromEvent(event);
  if (flight?.kind === 'actual') return flight;
  return event ? fromEvent(event) : flight;
}

/**
 * The stop's visit in the journey for each route stop: the last call at the last stop, then for
 * each stop before it the last call there before the next matched one (so a loop that calls at a
 * port twice dates each stop from the call that belongs to the route).
 */
function matchVisits(codes: readonly string[], visits: readonly Visit[]): (Visit | undefined)[] {
  const matched: (Visit | undefined)[] = codes.map(() => undefined);
  let before = visits.length;
  for (let s = codes.length - 1; s >= 0; s--) {
    for (let v = before - 1; v >= 0; v--) {
      if (visits[v]!.code === codes[s]) {
        matched[s] = visits[v];
        before = v;
        break;
      }
    }
  }
  return matched;
}

/** The current journey of `unit` (the container shown, or the waybill) of `shipment`. */
export function deriveJourney(shipment: Shipment, unit: TrackedUnit | undefined): Journey {
  const history = unit?.milestones ?? [];
  const start = journeyStart(shipment, history);
  const journey = history.slice(start);
  const codes = CODES[shipment.product];
  const flights = shipment.flights.filter((f) => f.state !== 'cancelled');
  const stopCodes = shipment.route.map((s) => s.place.code);
  const visits = matchVisits(stopCodes, visitsOf(journey));
  const last = stopCodes.length - 1;

  const at = (s: number, kinds: ReadonlySet<string>) => (visits[s]?.events ?? []).filter((m) => kinds.has(m.code));
  const departures = stopCodes.map((code, s) =>
    s === last && last > 0
      ? undefined
      : pick(
          at(s, codes.departure),
          flights.filter((f) => f.from?.code === code).flatMap((f) => fromFlight(f, 'departure') ?? []),
          'departure',
        ),
  );
  const arrivals = stopCodes.map((code, s) =>
    s === 0 && last > 0
      ? undefined
      : pick(
          at(s, codes.arrival),
          flights.filter((f) => f.to?.code === code).flatMap((f) => fromFlight(f, 'arrival') ?? []),
          'arrival',
        ),
  );

  const arrival = theArrival(shipment, arrivals[last]);
  const finalVisit = visits[last];
  const delivery = deliveryIn(shipment, journey, finalVisit);
  const afterDelivery = delivery?.milestone ? start + journey.indexOf(delivery.milestone) + 1 : history.length;
  const latest = latestActual(history, start, afterDelivery);
  const next = delivery ? -1 : nextExpected(history, Math.max(latest, start - 1) + 1);
  const latestEvent = latest >= 0 ? history[latest] : undefined;

  // The arrival belongs to the stop it names, else to the last one.
  const named = arrival?.place ? stopCodes.indexOf(arrival.place.code) : -1;
  const arrivalStop = arrival && last > 0 ? (named > 0 ? named : last) : -1;
  const stops = stopCodes.map((code, s): StopFact | undefined => {
    if (s === arrivalStop && arrival) return { claim: 'arrival', fact: arrival };
    const departure = departures[s];
    if (departure) return { claim: 'departure', fact: departure };
    const reached = arrivals[s];
    const here = (visits[s]?.events ?? []).filter((m) => m.kind === 'actual');
    if (latestEvent?.place?.code === code && here.includes(latestEvent)) {
      const since = reached?.kind === 'actual' ? reached : fromEvent(here[0]!);
      return { claim: 'there', since, ...(since.milestone === latestEvent ? {} : { latest: latestEvent }) };
    }
    if (reached) return { claim: 'arrival', fact: reached };
    const lastHere = here.at(-1);
    return lastHere ? { claim: 'event', fact: fromEvent(lastHere) } : undefined;
  });

  return {
    start,
    afterDelivery,
    stops,
    ...(arrival ? { arrival } : {}),
    ...(delivery ? { delivery } : {}),
    latest,
    next,
  };
}

/**
 * The one arrival: the last stop's, from its arrival event or flight (what the route list and the
 * history show), else the document's arrival (the carrier's estimate, or its word that it arrived).
 */
function theArrival(shipment: Shipment, atLastStop: TimeFact | undefined): TimeFact | undefined {
  const eta = shipment.eta;
  return atLastStop ?? (eta && { time: eta.time, kind: eta.kind, ...(eta.place ? { place: eta.place } : {}) });
}

/** The delivery: air DLV; ocean, the full gate-out at the destination's call, after the arrival. */
function deliveryIn(shipment: Shipment, journey: readonly Milestone[], finalVisit: Visit | undefined): TimeFact | undefined {
  const done = (m: Milestone) => m.kind === 'actual' && counts(m);
  const m =
    shipment.product === 'air'
      ? journey.find((e) => e.code === 'DLV' && done(e))
      : finalVisit?.events.find((e) => e.code === 'GTOT' && e.empty !== true && done(e));
  return m ? fromEvent(m) : undefined;
}

function latestActual(history: readonly Milestone[], from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) {
    const m = history[i]!;
    if (m.kind === 'actual' && m.superseded !== true) return i;
  }
  return -1;
}

function nextExpected(history: readonly Milestone[], from: number): number {
  for (let i = from; i < history.length; i++) {
    const m = history[i]!;
    if (m.kind !== 'actual' && m.superseded !== true) return i;
  }
  return -1;
}
