/**
 * What went wrong, from what the document carries: a cancelled flight or leg (with or without a
 * replacement), a re-booking, a hold or discrepancy as the latest event, an arrival later than
 * first promised. Derived here, once, so that the status, the banner above the summary and the
 * live region say the same words; the timeline still tells the whole story below.
 */
import type { Localizer } from '../i18n/localizer.js';
import type { Flight, Leg, Milestone, Place, Shipment } from '../model/shipment.js';
import { formatMoment } from '../format/dates.js';
import type { Journey } from '../contracts/journey.js';
import { formatDuration } from '../format/relative.js';
import { eventLabel } from './labels.js';
import type { ExceptionView, PlaceView } from '../contracts/view-model.js';

/** Under an hour is noise in carriers' schedules: neither the ETA box nor the banner says it. */
export const SIGNIFICANT_DELAY_MS = 3600_000;

/** Event codes that, as the latest thing that happened, mean the cargo is held or something is wrong. */
const HOLD_CODES: Readonly<Record<Shipment['product'], Readonly<Record<string, 'hold' | 'discrepancy'>>>> = {
  ocean: { INSP: 'hold' },
  air: { DIS: 'discrepancy' },
};

/**
 * A status this version does not know but whose code says the cargo is held ("CUSTOMS_HOLD",
 * "HELD_FOR_INSPECTION"): a word of the code, not a substring, so "THRESHOLD" is not a hold.
 */
const HOLD_STATUS = /(?:^|[^A-Z])(?:HOLD|HELD)(?:[^A-Z]|$)/i;

/** A flight or a drawn leg: what can be cancelled and replaced, in route order. */
interface Movement {
  readonly vehicle?: string;
  readonly from?: Place;
  readonly to?: Place;
  readonly cancelled: boolean;
}

function movements(shipment: Shipment): Movement[] {
  return shipment.product === 'air'
    ? shipment.flights.map((f: Flight) => ({ vehicle: f.flightNumber, from: f.from, to: f.to, cancelled: f.state === 'cancelled' }))
    : shipment.legs.map((leg: Leg) => ({ vehicle: leg.vehicle, from: leg.from, to: leg.to, cancelled: leg.state === 'cancelled' }));
}

/**
 * The latest event that happened in this shipment's journey (journey.ts), across the units, and the
 * first one still expected after it in its unit.
 */
function latestActual(shipment: Shipment, journeys: readonly Journey[]): { latest?: Milestone; next?: Milestone } {
  let latest: Milestone | undefined;
  let next: Milestone | undefined;
  shipment.units.forEach((unit, u) => {
    // Not a container's earlier use, nor what follows the delivery.
    const { start = 0, afterDelivery = unit.milestones.length } = journeys[u] ?? {};
    for (let i = start; i < afterDelivery; i++) {
      const m = unit.milestones[i]!;
      if (m.kind !== 'actual' || m.superseded) continue;
      if (!latest || (m.time?.epochMs ?? -Infinity) >= (latest.time?.epochMs ?? -Infinity)) {
        latest = m;
        next = unit.milestones.slice(i + 1, afterDelivery).find((later) => later.kind !== 'actual' && !later.superseded);
      }
    }
  });
  return { ...(latest ? { latest } : {}), ...(next ? { next } : {}) };
}

/**
 * The exceptions of a shipment, most pressing first; empty when none. They go by the units'
 * journeys (journey.ts): the first one's arrival (or delivery), each one's latest event; without
 * them, by the document's arrival and whole histories. Once the shipment has arrived, a
 * cancellation or delay on the way is history, not an exception.
 */
export function deriveExceptions(
  shipment: Shipment,
  l: Localizer,
  place: (p: Place | undefined) => PlaceView | undefined,
  journeys: readonly Journey[] = [],
): ExceptionView[] {
  const exceptions: ExceptionView[] = [];
  const arrival = journeys[0] ? (journeys[0].delivery ?? journeys[0].arrival) : shipment.eta;
  const arrived = arrival?.kind === 'actual';
  const air = shipment.product === 'air';
  const unknownPlace = l.t('flight.airport.unknown');
  const legText = (m: Movement) => {
    const route = l.t('flight.route', { from: place(m.from)?.label ?? unknownPlace, to: place(m.to)?.label ?? unknownPlace });
    return m.vehicle ? l.t('exception.leg', { vehicle: m.vehicle, route }) : route;
  };

  const moves = movements(shipment);
  if (!arrived) {
    moves.forEach((move, index) => {
      if (!move.cancelled) return;
      // A later movement that is not cancelled and leaves from the same place carries the cargo instead.
      const replacement = moves.slice(index + 1).find((m) => !m.cancelled && m.from?.code === move.from?.code);
      if (replacement) {
        exceptions.push({
          kind: 'rebooked',
          tone: 'warning',
          short: l.t('exception.rebooked.short'),
          text: l.t('exception.cancelledReplaced', { replacement: legText(replacement) }),
          leg: legText(move),
        });
      } else {
        // The flight, not the waybill, is cancelled: the words say which, and that a new one is awaited.
        const flight = air && move.vehicle !== undefined;
        exceptions.push({
          kind: 'cancelled',
          tone: 'danger',
          short: l.t(flight ? 'exception.cancelled.short.flight' : 'exception.cancelled.short'),
          text: flight ? l.t('exception.cancelled.flight', { flight: move.vehicle! }) : l.t('exception.cancelled'),
          leg: legText(move),
        });
      }
    });
  }

  const { latest, next } = latestActual(shipment, journeys);
  // What comes after a hold: the next event the carrier expects, with its day, else who can say.
  const nextStep = (): string => {
    if (!next) return l.t('exception.next.ask');
    const event = eventLabel(next, shipment, l);
    return next.time ? l.t('exception.next', { event, when: formatMoment(next.time, l.locale) }) : l.t('exception.next.undated', { event });
  };
  const heldByStatus = !shipment.status.known && HOLD_STATUS.test(shipment.status.code);
  const hold = (latest && HOLD_CODES[shipment.product][latest.code]) ?? (heldByStatus ? 'hold' : undefined);
  // Carriers record a flight's cancellation as a discrepancy on that flight (Cargo-IMP has no
  // code for it): the cancellation above has already said it, so it is one exception, not two.
  const aboutCancelled = latest?.flightNumber !== undefined && moves.some((m) => m.cancelled && m.vehicle === latest.flightNumber);
  if (hold && !aboutCancelled) {
    const at = place(latest?.place);
    exceptions.push({
      kind: hold,
      tone: 'warning',
      short: l.t(hold === 'hold' ? 'exception.hold.short' : 'exception.discrepancy.short'),
      text: l.t(hold === 'hold' ? 'exception.hold' : 'exception.discrepancy'),
      next: nextStep(),
      ...(at ? { leg: at.label } : {}),
    });
  }

  // A re-booking the document records only by superseding an earlier booking: a cancellation,
  // replaced or not, has already said what the superseded booking means.
  const history = shipment.units.flatMap((u) => u.milestones);
  const rebooked = !arrived && !moves.some((m) => m.cancelled) && history.some((m) => m.superseded);
  if (rebooked) {
    // The flight the cargo was taken off, and the one it is on now: "Affected" alone named only the new one.
    const dropped = history.filter((m) => m.superseded && m.flightNumber !== undefined).at(-1)?.flightNumber;
    const current = history.filter((m) => !m.superseded && m.flightNumber !== undefined).at(-1)?.flightNumber;
    exceptions.push({
      kind: 'rebooked',
      tone: 'warning',
      short: l.t('exception.rebooked.short'),
      text:
        dropped !== undefined && current !== undefined && dropped !== current
          ? l.t('exception.rebooked.flights', { dropped, current })
          : l.t('exception.rebooked'),
    });
  }

  const { originalEta } = shipment;
  const eta = arrival;
  // No "Affected" line: the place is the destination, which the progress sentence and the arrival
  // box right below name, and on a phone the line pushed the progress summary past the first screen.
  if (!arrived && eta && originalEta && eta.time.epochMs - originalEta.time.epochMs >= SIGNIFICANT_DELAY_MS) {
    exceptions.push({
      kind: 'delayed',
      tone: 'warning',
      short: l.t('exception.delayed.short'),
      text: l.t('exception.delayed', { duration: formatDuration(eta.time.epochMs - originalEta.time.epochMs, l.locale) }),
      next: l.t('exception.delayed.next', { when: formatMoment(eta.time, l.locale) }),
    });
  }
  return exceptions;
}

/** The tone of the most pressing exception, which the status takes: none when nothing went wrong. */
export function toneOf(exceptions: readonly ExceptionView[]): ExceptionView['tone'] | undefined {
  return exceptions.some((e) => e.tone === 'danger') ? 'danger' : exceptions.length > 0 ? 'warning' : undefined;
}
