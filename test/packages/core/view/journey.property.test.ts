// Properties of the journey (issue 36) over generated shipments: containers with earlier cycles,
// holds, missing departures and arrivals, estimates at local midnight (a date-only estimate as the
// model holds it), air waybills re-booked after a cancellation, with or without a replacement.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { enShipment } from '../../../../packages/core/src/i18n/en-shipment.js';
import { registerEnglish } from '../../../../packages/core/src/i18n/localizer.js';
import type { Flight, Milestone, Moment, Place, Shipment, TimeKind } from '../../../../packages/core/src/model/shipment.js';
import type { Journey, StopFact } from '../../../../packages/core/src/contracts/journey.js';
import { parts, text } from './journey-render.js';

const HOUR = 3_600_000;
const START = Date.parse('2026-01-05T00:00:00Z');

const PORTS: readonly Place[] = [
  { code: 'CNXMN', name: 'Xiamen', country: 'CN', timeZone: 'Asia/Shanghai' },
  { code: 'TWKHH', name: 'Kaohsiung', country: 'TW', timeZone: 'Asia/Taipei' },
  { code: 'SGSIN', name: 'Singapore', country: 'SG', timeZone: 'Asia/Singapore' },
  { code: 'NLRTM', name: 'Rotterdam', country: 'NL', timeZone: 'Europe/Amsterdam' },
];
const AIRPORTS: readonly Place[] = [
  { code: 'PVG', name: 'Shanghai Pudong International Airport', city: 'Shanghai', country: 'CN', timeZone: 'Asia/Shanghai' },
  { code: 'DOH', name: 'Hamad International Airport', city: 'Doha', country: 'QA', timeZone: 'Asia/Qatar' },
  { code: 'FRA', name: 'Frankfurt Airport', city: 'Frankfurt am Main', country: 'DE', timeZone: 'Europe/Berlin' },
  { code: 'ORD', name: "Chicago O'Hare International Airport", city: 'Chicago', country: 'US', timeZone: 'America/Chicago' },
];

const DEPARTURE_CODES: Record<Shipment['product'], readonly string[]> = { ocean: ['DEPA'], air: ['DEP'] };
const ARRIVAL_CODES: Record<Shipment['product'], readonly string[]> = { ocean: ['ARRI', 'DISC'], air: ['ARR', 'RCF'] };

/** Times in UTC: the journey's logic does not depend on the zone. */
function moment(epochMs: number): Moment {
  return { iso: new Date(epochMs).toISOString(), epochMs, offsetMinutes: 0 };
}

/** A step of a generated history before its times are set: code, place, and what else it says. */
interface Step {
  readonly code: string;
  readonly place: Place;
  readonly empty?: boolean;
  readonly flightNumber?: string;
  readonly superseded?: boolean;
  /** Marks a step of a container's earlier cycle, for the assertions. */
  readonly earlier?: boolean;
}

const gaps = (n: number) => fc.array(fc.integer({ min: 1, max: 60 }), { minLength: n, maxLength: n });

/** Gives the steps times in order, the first `done` of them actual and the rest expected (some at midnight). */
function timed(steps: readonly Step[], hours: readonly number[], done: number, midnight: readonly boolean[]): Milestone[] {
  let t = START;
  return steps.map((step, i) => {
    t += (hours[i] ?? 1) * HOUR;
    const kind: TimeKind = i < done ? 'actual' : i % 2 === 0 ? 'estimated' : 'planned';
    const at = kind !== 'actual' && midnight[i] ? Math.ceil(t / (24 * HOUR)) * 24 * HOUR : t;
    t = at;
    const { earlier, ...rest } = step;
    return { ...rest, known: true, kind, time: moment(at), ...(earlier ? { description: 'earlier cycle' } : {}) };
  });
}

const place = (list: readonly Place[]) => fc.integer({ min: 0, max: list.length - 1 }).map((i) => list[i]!);
const distinctPair = (list: readonly Place[]) =>
  fc.tuple(place(list), place(list)).filter(([a, b]) => a.code !== b.code) as fc.Arbitrary<readonly [Place, Place]>;

/** An earlier cycle of a container: shipped from one port to another and delivered; sometimes returned empty, held, or without its departure. */
const earlierCycle = fc
  .record({
    ports: distinctPair(PORTS),
    released: fc.boolean(),
    departure: fc.boolean(),
    arrival: fc.boolean(),
    hold: fc.boolean(),
    returned: fc.boolean(),
  })
  .map(({ ports: [from, to], released, departure, arrival, hold, returned }): Step[] =>
    [
      released ? { code: 'GTOT', place: from, empty: true } : undefined,
      { code: 'GTIN', place: from, empty: false },
      { code: 'LOAD', place: from },
      departure ? { code: 'DEPA', place: from } : undefined,
      arrival ? { code: 'ARRI', place: to } : undefined,
      { code: 'DISC', place: to },
      hold ? { code: 'INSP', place: to } : undefined,
      { code: 'GTOT', place: to, empty: false },
      returned ? { code: 'GTIN', place: to, empty: true } : undefined,
    ]
      .filter((s): s is Step => s !== undefined)
      .map((s) => ({ ...s, earlier: true })),
  );

const oceanShipment: fc.Arbitrary<Shipment> = fc
  .record({
    earlier: fc.array(earlierCycle, { maxLength: 3 }),
    ports: distinctPair(PORTS),
    via: fc.option(place(PORTS), { nil: undefined }),
    released: fc.boolean(),
    departures: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
    arrivals: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
    hold: fc.boolean(),
    returned: fc.boolean(),
    eta: fc.constantFrom('none', 'estimate', 'other'),
    original: fc.option(fc.integer({ min: -72, max: 72 }), { nil: undefined }),
    progress: fc.double({ min: 0, max: 1, noNaN: true }),
    hours: gaps(60),
    midnight: fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
  })
  .map((g): Shipment => {
    const [pol, pod] = g.ports;
    const via = g.via && g.via.code !== pol.code && g.via.code !== pod.code ? g.via : undefined;
    const current: Step[] = [
      g.released ? { code: 'GTOT', place: pol, empty: true } : undefined,
      { code: 'GTIN', place: pol, empty: false },
      { code: 'LOAD', place: pol },
      g.departures[0] ? { code: 'DEPA', place: pol } : undefined,
      ...(via
        ? [
            g.arrivals[0] ? { code: 'ARRI', place: via } : undefined,
            { code: 'DISC', place: via },
            g.hold ? { code: 'INSP', place: via } : undefined,
            { code: 'LOAD', place: via },
            g.departures[1] ? { code: 'DEPA', place: via } : undefined,
          ]
        : []),
      g.arrivals[1] ? { code: 'ARRI', place: pod } : undefined,
      { code: 'DISC', place: pod },
      { code: 'GTOT', place: pod, empty: false },
      g.returned ? { code: 'GTIN', place: pod, empty: true } : undefined,
    ].filter((s): s is Step => s !== undefined);
    const earlier = g.earlier.flat();
    const steps = [...earlier, ...current];
    const done = earlier.length + Math.round(g.progress * current.length);
    const milestones = timed(steps, g.hours, done, g.midnight);
    const arrivalStep = milestones.slice(earlier.length).find((m) => m.place?.code === pod.code && ['ARRI', 'DISC'].includes(m.code));
    const etaTime =
      g.eta === 'none' || !arrivalStep?.time
        ? undefined
        : g.eta === 'estimate'
          ? arrivalStep.time
          : moment(arrivalStep.time.epochMs + 7 * HOUR);
    return {
      product: 'ocean',
      reference: 'EGHU8124063',
      referenceType: 'container',
      status: { code: 'IN_TRANSIT', known: true },
      route: [
        { place: pol, roles: ['origin', 'loading'] },
        ...(via ? [{ place: via, roles: ['transshipment' as const] }] : []),
        { place: pod, roles: ['discharge', 'destination'] },
      ],
      ...(etaTime && arrivalStep ? { eta: { time: etaTime, kind: arrivalStep.kind, place: pod } } : {}),
      ...(g.original !== undefined && etaTime
        ? { originalEta: { time: moment(etaTime.epochMs + g.original * HOUR), kind: 'planned' as const } }
        : {}),
      vessels: [],
      flights: [],
      units: [{ id: 'EGHU8124063', milestones }],
      legs: [],
    };
  });

const flightTimes = (dep: number, arr: number, state: Flight['state']) => ({
  departure: { scheduled: moment(dep), ...(state === 'completed' || state === 'current' ? { actual: moment(dep + HOUR) } : {}) },
  arrival: { scheduled: moment(arr), ...(state === 'completed' ? { actual: moment(arr + HOUR) } : { estimated: moment(arr + 2 * HOUR) }) },
});

const airShipment: fc.Arbitrary<Shipment> = fc
  .record({
    airports: fc.shuffledSubarray([...AIRPORTS], { minLength: 3, maxLength: 3 }),
    transfer: fc.boolean(),
    first: fc.constantFrom<Flight['state']>('completed', 'current', 'planned', 'cancelled'),
    second: fc.constantFrom<Flight['state']>('completed', 'planned', 'cancelled'),
    replaced: fc.boolean(),
    events: fc.record({
      dep1: fc.boolean(),
      arr1: fc.boolean(),
      dis: fc.boolean(),
      dep2: fc.boolean(),
      arr2: fc.boolean(),
      dlv: fc.boolean(),
    }),
    eta: fc.boolean(),
    progress: fc.double({ min: 0, max: 1, noNaN: true }),
    hours: gaps(30),
    midnight: fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
  })
  .map((g): Shipment => {
    const [origin, middle, last] = g.airports as [Place, Place, Place];
    const destination = g.transfer ? last : middle;
    const transfer = g.transfer ? middle : undefined;
    const legs: [Place, Place][] = transfer
      ? [
          [origin, transfer],
          [transfer, destination],
        ]
      : [[origin, destination]];
    const states = [g.first, g.second];
    const flights: Flight[] = [];
    legs.forEach(([from, to], i) => {
      const state = states[i]!;
      const base = START + (i + 1) * 30 * HOUR;
      flights.push({ flightNumber: `QR8${i}0${i}`, from, to, state, ...flightTimes(base, base + 6 * HOUR, state) });
      if (state === 'cancelled' && g.replaced) {
        flights.push({
          flightNumber: `QR8${i}5${i}`,
          from,
          to,
          state: 'planned',
          ...flightTimes(base + 24 * HOUR, base + 30 * HOUR, 'planned'),
        });
      }
    });
    const rebooked = flights.some((f) => f.state === 'cancelled') && g.replaced;
    const e = g.events;
    const steps: Step[] = [
      { code: 'BKD', place: origin, flightNumber: 'QR8000', ...(rebooked ? { superseded: true } : {}) },
      { code: 'RCS', place: origin },
      { code: 'MAN', place: origin, flightNumber: 'QR8000', ...(rebooked ? { superseded: true } : {}) },
      ...(rebooked ? [{ code: 'BKD', place: origin, flightNumber: 'QR8505' }] : []),
      ...(e.dep1 ? [{ code: 'DEP', place: origin }] : []),
      ...(transfer
        ? [
            ...(e.arr1 ? [{ code: 'ARR', place: transfer }] : []),
            { code: 'RCF', place: transfer },
            ...(e.dis ? [{ code: 'DIS', place: transfer }] : []),
            ...(e.dep2 ? [{ code: 'DEP', place: transfer }] : []),
          ]
        : []),
      ...(e.arr2 ? [{ code: 'ARR', place: destination }] : []),
      { code: 'RCF', place: destination },
      ...(e.dlv ? [{ code: 'DLV', place: destination }] : []),
    ];
    const milestones = timed(steps, g.hours, Math.round(g.progress * steps.length), g.midnight);
    const lastArrival = [...milestones].reverse().find((m) => m.place?.code === destination.code && m.code !== 'DLV');
    return {
      product: 'air',
      reference: '157-44028165',
      referenceType: 'awb',
      status: { code: 'IN_TRANSIT', known: true },
      route: [
        { place: origin, roles: ['origin'] },
        ...(transfer ? [{ place: transfer, roles: ['transfer' as const] }] : []),
        { place: destination, roles: ['destination'] },
      ],
      ...(g.eta && lastArrival?.time ? { eta: { time: lastArrival.time, kind: lastArrival.kind, place: destination } } : {}),
      vessels: [],
      flights,
      units: [{ id: '157-44028165', milestones }],
      legs: [],
    };
  });

/** The times a stop's claim may come from: an event of that kind there, the flight's own, or (the arrival) the document's. */
function claimHasItsSource(shipment: Shipment, journey: Journey, stop: Place, fact: StopFact): boolean {
  if (fact.claim !== 'departure' && fact.claim !== 'arrival') return true;
  const { milestone, time } = fact.fact;
  const codes = (fact.claim === 'departure' ? DEPARTURE_CODES : ARRIVAL_CODES)[shipment.product];
  if (milestone) return codes.includes(milestone.code) && milestone.place?.code === (fact.fact.place?.code ?? stop.code);
  const byFlight = shipment.flights.some((f) => {
    if (f.state === 'cancelled') return false;
    const [end, times] = fact.claim === 'departure' ? [f.from, f.departure] : [f.to, f.arrival];
    return end?.code === stop.code && [times.actual, times.estimated, times.scheduled].some((t) => t?.epochMs === time.epochMs);
  });
  return byFlight || (fact.claim === 'arrival' && fact.fact === journey.arrival && shipment.eta?.time.epochMs === time.epochMs);
}

async function check(shipment: Shipment): Promise<void> {
  const { eta, stops, view } = await parts(shipment);
  const unit = view.units[0]!;
  const { journey } = unit;
  const history = unit.unit.milestones;
  const inJourney = (m: Milestone | undefined) => m === undefined || history.indexOf(m) >= journey.start;

  // No stop dated outside its journey; no earlier cycle feeds the progress.
  assert.equal(
    journey.start,
    history.filter((m) => m.description === 'earlier cycle').length,
    'the journey starts after the earlier cycles',
  );
  for (const fact of journey.stops) {
    if (!fact) continue;
    const used = fact.claim === 'there' ? [fact.since.milestone, fact.latest] : [fact.fact.milestone];
    for (const m of used) {
      assert.ok(inJourney(m), `${fact.claim} dated from before the journey`);
      assert.notEqual(m?.superseded, true, 'a superseded booking dates no stop');
    }
  }
  assert.ok(inJourney(journey.arrival?.milestone) && inJourney(journey.delivery?.milestone));
  assert.ok(journey.latest === -1 || journey.latest >= journey.start, 'the latest event is this journey’s');
  assert.ok(journey.next === -1 || journey.next >= journey.start, 'the next event is this journey’s');

  // No "Departed"/"Arrived" without an event (or flight time) of that kind.
  shipment.route.forEach((stop, i) => {
    const fact = journey.stops[i];
    const words = text(stops[i] ?? '');
    if (fact) assert.ok(claimHasItsSource(shipment, journey, stop.place, fact), `${stop.place.code}: ${words}`);
    if (/\b(Departed|Departs) /.test(words)) assert.equal(fact?.claim, 'departure', words);
    if (/\b(Arrived|Arrives) /.test(words)) assert.equal(fact?.claim, 'arrival', words);
  });

  // One arrival value: the arrival box and the route list show the same one.
  const arrivals = (markup: string) => [...markup.matchAll(/<time datetime="([^"]*)" data-arrival/g)].map((m) => m[1]);
  assert.deepEqual(stops.flatMap(arrivals), arrivals(eta), 'the arrival box and the route list agree');
  if (journey.arrival) assert.deepEqual(arrivals(eta), [journey.arrival.time.iso]);

  // Delivered reads delivered: no warning, nothing after the delivery as the latest.
  if (journey.delivery) {
    assert.doesNotMatch(eta, /class="delay"/);
    assert.ok(journey.latest < journey.afterDelivery && journey.next === -1);
  }
}

describe('the journey, over generated shipments', () => {
  before(() => registerEnglish(enShipment));

  it('dates each stop from this journey only, claims no departure or arrival without its event, and shows one arrival (ocean)', async () => {
    await fc.assert(fc.asyncProperty(oceanShipment, check), { numRuns: 150 });
  });

  it('does the same for air waybills with transfers, cancellations and re-bookings', async () => {
    await fc.assert(fc.asyncProperty(airShipment, check), { numRuns: 150 });
  });
});
