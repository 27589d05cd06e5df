/**
 * The stop the map marks as the shipment's current place when no vessel or aircraft position is
 * live: where the progress line puts the cargo (progress-line.ts), at it, held at it, delivered at
 * it, or last seen leaving it, with its state in words from the same view ("On hold",
 * "Delivered 27 Nov 2026").
 */
import { formatMoment } from '../format/dates.js';
import type { Localizer } from '../i18n/localizer.js';
import type { Moment } from '../model/shipment.js';
import type { ProgressLine } from './progress-line.js';
import { progressOf } from './progress.js';
import type { ShipmentView, UnitView } from '../contracts/view-model.js';

export interface CurrentPlace {
  /** The stop's place code. */
  readonly code: string;
  /** Its state in a few words; absent when the journey has no event there. */
  readonly state?: string;
}

export function currentPlace(
  view: ShipmentView,
  unit: UnitView | undefined,
  line: ProgressLine | undefined,
  l: Localizer,
): CurrentPlace | undefined {
  if (!line || view.shipment.position) return undefined;
  const { position: p, stops } = line;
  const index = p.kind === 'delivered' ? stops.length - 1 : p.kind === 'between' ? p.from : p.kind === 'notStarted' ? -1 : p.stop;
  const stop = stops[index];
  if (!stop) return undefined;
  const code = stop.place.code;
  const hold = p.kind === 'held' ? view.exceptions.find((e) => e.kind === 'hold' || e.kind === 'discrepancy') : undefined;
  if (hold) return { code, state: hold.short };
  // Delivered: the status ("Delivered") on the journey's day of delivery (journey.ts).
  const delivery = p.kind === 'delivered' ? unit?.journey.delivery : undefined;
  if (delivery) return { code, state: `${view.status} ${day(delivery.time, l)}` };
  const latest = unit && progressOf(unit).latest?.view;
  const time = latest?.milestone.time;
  if (!latest || latest.place?.place.code !== code) return { code };
  return { code, state: time ? `${latest.title} ${day(time, l)}` : latest.title };
}

/** The day alone, as the place wrote it: "27 Nov 2026". */
const day = (time: Moment, l: Localizer): string => formatMoment({ ...time, dateOnly: true }, l.locale);
