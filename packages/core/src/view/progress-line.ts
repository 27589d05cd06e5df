/**
 * `part="progress-line"`: the route as one compact line, origin through transshipments or
 * transfers to destination, with where the cargo is on it (at a stop, between two, held at one,
 * delivered, not yet started), at the top of the progress summary. The summary's sentence and the
 * route list below say the same in words; the line is the glance a step bar gives.
 *
 * The position is derived in two steps: `lineFacts()` gathers what today's view knows (the latest
 * event that happened, the vehicle's whereabouts, the status, the hold exceptions), and
 * `deriveProgressLine()` places it on the route's stops. Only the first knows where the facts come
 * from, so a later account of the current journey can hand its answer to the second instead.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Milestone, Place } from '../model/shipment.js';
import type { RenderContext } from '../contracts/render-context.js';
import { whereabouts, type Whereabouts } from './route-facts.js';
import { DEPARTURES } from './journey.js';
import type { PlaceView, ShipmentView, UnitView } from '../contracts/view-model.js';

/** Where the cargo is on the line; a stop is an index into the line's stops. */
export type LinePosition =
  | { readonly kind: 'notStarted' }
  | { readonly kind: 'at'; readonly stop: number }
  /** On the leg from `from` to the stop after it. */
  | { readonly kind: 'between'; readonly from: number }
  | { readonly kind: 'held'; readonly stop: number }
  | { readonly kind: 'delivered' };

export interface ProgressLine {
  /** The route's stops, with the labels the rest of the view uses. */
  readonly stops: readonly PlaceView[];
  readonly position: LinePosition;
  /** Legs (from one stop to the next) the cargo has finished, of `stops.length - 1`. */
  readonly legsDone: number;
}

/** What the line is placed from: today's facts of the view (see `lineFacts`), or a journey's. */
export interface LineFacts {
  /** The route's stops in order. */
  readonly stops: readonly PlaceView[];
  /** The latest event that happened to the cargo at a stop of the route: its code and place. */
  readonly latest: Pick<Milestone, 'code' | 'place'> | undefined;
  /** Where the vessel or aircraft is, in the route's places. */
  readonly vehicle: Whereabouts | undefined;
  readonly delivered: boolean;
  /** A hold or a discrepancy stops the cargo where it is. */
  readonly held: boolean;
}

/**
 * The facts of the line from the labelled view and the unit shown (its own status decides delivery).
 * The latest event is the latest at a stop of the route: a depot or a terminal off it says nothing
 * about where on the line the cargo is.
 */
export function lineFacts(view: ShipmentView, unit: UnitView | undefined): LineFacts {
  const stops = view.map.route.map((stop) => stop.place);
  const milestones = unit?.unit.milestones ?? [];
  // This journey's events only (journey.ts): not the container's earlier use, nor what followed the delivery.
  const journey = unit?.journey;
  let latest: Milestone | undefined;
  for (let i = journey?.latest ?? -1; i >= (journey?.start ?? 0) && !latest; i--) {
    const m = milestones[i]!;
    if (m.kind === 'actual' && !m.superseded && stops.some((s) => s.place.code === m.place?.code)) latest = m;
  }
  return {
    stops,
    latest,
    vehicle: whereabouts(view.shipment),
    delivered: journey?.delivery !== undefined || (unit?.unit.status ?? view.shipment.status).code === 'DELIVERED',
    held: view.exceptions.some((e) => e.kind === 'hold' || e.kind === 'discrepancy'),
  };
}

/**
 * Places the cargo on the route's stops; undefined for a route of fewer than two stops, which
 * has no line to draw. Progress is counted in steps, at stop i being 2i and between it and the
 * next 2i + 1: the latest event's place gives one (a departure puts the cargo past it), the
 * vehicle's whereabouts another, and the further of the two wins, since a live position is often
 * ahead of the events and an event after a vehicle's report is ahead of the report.
 */
export function deriveProgressLine(facts: LineFacts): ProgressLine | undefined {
  const { stops } = facts;
  const last = stops.length - 1;
  if (last < 1) return undefined;
  if (facts.delivered) return { stops, position: { kind: 'delivered' }, legsDone: last };
  // A place visited twice (a loop) is taken at its first call.
  const stopOf = (place: Place | undefined) => (place ? stops.findIndex((s) => s.place.code === place.code) : -1);
  const { latest, vehicle } = facts;
  const at = stopOf(latest?.place);
  let step = at < 0 ? -1 : 2 * at + (latest && DEPARTURES.has(latest.code) && at < last ? 1 : 0);
  if (vehicle) {
    const from = 'near' in vehicle ? -1 : stopOf(vehicle.from) >= 0 ? stopOf(vehicle.from) : stopOf(vehicle.to) - 1;
    const vehicleStep = 'near' in vehicle ? 2 * stopOf(vehicle.near) : from >= 0 && from < last ? 2 * from + 1 : -1;
    step = Math.max(step, vehicleStep);
  }
  const legsDone = step < 0 ? 0 : Math.floor(step / 2);
  if (facts.held) {
    const stop = at >= 0 ? at : legsDone;
    return { stops, position: { kind: 'held', stop }, legsDone: stop };
  }
  const position: LinePosition =
    step < 0 ? { kind: 'notStarted' } : step % 2 === 0 ? { kind: 'at', stop: step / 2 } : { kind: 'between', from: legsDone };
  return { stops, position, legsDone };
}

/** The line of the unit shown. */
export function progressLine(view: ShipmentView, unit: UnitView | undefined): ProgressLine | undefined {
  return deriveProgressLine(lineFacts(view, unit));
}

/**
 * What a stop is to the cargo: passed, where it is (`current`, also the destination it was
 * delivered at), just left on the leg under way (`leaving`), or still ahead. The stylesheet colours
 * each stop's half of a leg from it.
 */
function stageOf(line: ProgressLine, i: number): 'done' | 'current' | 'leaving' | 'ahead' {
  const { position: p, legsDone } = line;
  if (p.kind === 'between' && i === p.from) return 'leaving';
  const current = p.kind === 'at' || p.kind === 'held' ? p.stop : p.kind === 'delivered' ? line.stops.length - 1 : -1;
  return i === current ? 'current' : i < legsDone ? 'done' : 'ahead';
}

/** "Progress: between Singapore and Rotterdam, 1 of 2 legs done": the line's one accessible name. */
export function describeLine(line: ProgressLine, ctx: RenderContext): string {
  const { l } = ctx;
  const { position, stops } = line;
  const name = (i: number) => stops[i]!.shortLabel;
  const where =
    position.kind === 'delivered'
      ? l.t('progress.line.delivered', { place: name(stops.length - 1) })
      : position.kind === 'notStarted'
        ? l.t('progress.line.notStarted', { place: name(0) })
        : position.kind === 'between'
          ? l.t('progress.line.between', { from: name(position.from), to: name(position.from + 1) })
          : l.t(position.kind === 'held' ? 'progress.line.held' : 'progress.line.at', { place: name(position.stop) });
  const legs = l.t('progress.line.legs', { done: line.legsDone, count: stops.length - 1 });
  return l.t('progress.line', { where, legs });
}

/**
 * One image with one name: its stops' names are the route list's, so a screen reader hears the
 * position once, in a sentence, instead of a list of every stop with a state. Each stop is a column
 * of equal width with its dot in the middle and its half of each leg on either side, so the line
 * runs from start to end in either direction and its height never depends on the names.
 */
export function renderProgressLine(line: ProgressLine | undefined, ctx: RenderContext): TemplateResult | typeof nothing {
  if (!line) return nothing;
  const { position, stops } = line;
  return html`<div
    part="progress-line"
    class="progress-line"
    role="img"
    aria-label=${describeLine(line, ctx)}
    data-position=${position.kind}
  >
    ${stops.map(
      (stop, i) =>
        // Hidden from the accessibility tree, which Chromium fills with an image's text too: the name says it all.
        html`<span class="line-stop" data-stage=${stageOf(line, i)} aria-hidden="true"
          ><span class="line-dot"></span>${
            position.kind === 'between' && position.from === i ? html`<span class="line-marker"></span>` : nothing
          }<span class="line-name">${stop.shortLabel}</span></span
        >`,
    )}
  </div>`;
}
