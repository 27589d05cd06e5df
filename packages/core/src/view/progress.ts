/**
 * `part="progress"`: where the shipment is now, the latest event with its date and the next one
 * expected, at the top of the result so that a phone shows them without scrolling. The history
 * below stays in time order, oldest first, with past and expected events on one line and "now"
 * between them; the summary's button takes the visitor to the latest row in it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formatMoment, isoOf } from '../format/dates.js';
import type { Milestone, Place } from '../model/shipment.js';
import { currentIndex } from './timeline.js';
import { DEPARTURES, progressLine, renderProgressLine } from './progress-line.js';
import type { MilestoneView, ShipmentView, UnitView } from './view-model.js';
import type { RenderContext } from './render-context.js';

export interface Progress {
  /** The latest thing that happened, with its row in the history; absent before anything did. */
  readonly latest?: { readonly view: MilestoneView; readonly index: number };
  /** The first event still to come after it. */
  readonly next?: MilestoneView;
}

/** The latest actual event of a unit and the next expected one; superseded bookings are skipped. */
export function progressOf(unit: UnitView): Progress {
  const { milestones } = unit.unit;
  const index = currentIndex(milestones);
  let next: MilestoneView | undefined;
  for (let i = index + 1; i < milestones.length; i++) {
    const m = milestones[i]!;
    if (m.kind !== 'actual' && !m.superseded) {
      next = unit.milestones[i];
      break;
    }
  }
  return { ...(index >= 0 ? { latest: { view: unit.milestones[index]!, index } } : {}), ...(next ? { next } : {}) };
}

export function renderProgress(view: ShipmentView, unit: UnitView | undefined, ctx: RenderContext): TemplateResult | typeof nothing {
  const line = progressLine(view, unit);
  // Without events, the line alone says that the cargo has not left yet (a booking without containers).
  if (!line && (!unit || unit.unit.milestones.length === 0)) return nothing;
  const { l } = ctx;
  const { latest, next }: Progress = unit ? progressOf(unit) : {};
  const latestPlace = latest?.view.place;
  // Before anything happened, not the status again (the badge right above says "Planned").
  const now = !latest
    ? l.t('progress.notStarted')
    : DEPARTURES.has(latest.view.milestone.code) && latestPlace && next?.place && next.place.label !== latestPlace.label
      ? l.t('progress.onTheWay', { from: latestPlace.shortLabel, to: next.place.shortLabel })
      : latestPlace
        ? l.t('progress.at', { place: latestPlace.label })
        : view.status;
  return html`<section part="progress" aria-label=${l.t('progress.heading')}>
    ${renderProgressLine(line, ctx)}
    <p class="progress-now">${now}</p>
    <dl class="facts">
      ${
        latest
          ? html`<dt>${l.t('progress.latest')}</dt>
              <dd>${renderEvent(latest.view, ctx)}</dd>`
          : nothing
      }
      ${
        next
          ? html`<dt>${l.t('progress.next')}</dt>
              <dd>${renderEvent(next, ctx)}</dd>`
          : nothing
      }
    </dl>
    ${
      latest
        ? html`<button type="button" class="secondary" part="progress-jump" @click=${showLatest}>${l.t('progress.jump')}</button>`
        : nothing
    }
  </section>`;
}

/** "Vessel departed · Singapore · 14 Nov 2026, 10:00 GMT+8", and what kind of time it is when not actual. */
function renderEvent(view: MilestoneView, ctx: RenderContext): TemplateResult {
  const m = view.milestone;
  return html`${view.title}${view.place ? html` · ${view.place.shortLabel}` : nothing}${
    m.time ? html` · <time datetime=${isoOf(m.time)}>${formatMoment(m.time, ctx.l.locale)}</time>` : nothing
  }${kindTag(m, ctx)}`;
}

/**
 * A carrier's estimate says so in words, beside it: "Estimated". A planned time needs no tag here:
 * "Next", "Departs" and "Arrives" already say it is still to come, and a tag on each stop of a
 * booking said "Planned" again and again (the history keeps both tags).
 */
function kindTag(m: Milestone, ctx: RenderContext): TemplateResult | typeof nothing {
  return m.kind === 'estimated' ? html`<span class="kind-tag">${ctx.l.t('time.estimated')}</span>` : nothing;
}

/** Scrolls the history's latest row into view and gives it the focus, so that reading goes on from there. */
function showLatest(event: Event): void {
  const root = (event.currentTarget as Element).getRootNode() as ParentNode;
  const row = root.querySelector<HTMLElement>('[part~="milestone"][data-current]');
  if (!row) return;
  row.scrollIntoView({ block: 'center' });
  row.focus({ preventScroll: true });
}

/** When a stop of the route is left or reached: the event that says so, and how certain it is. */
export interface StopTime {
  readonly milestone: Milestone;
  readonly arrival: boolean;
}

/**
 * The time of each stop of the route, from the unit's history: for the last stop, the first event
 * there (its arrival); for the others, the last event there (the cargo leaving it). A stop the
 * history does not name has none.
 */
export function stopTimes(route: readonly { readonly place: Place }[], milestones: readonly Milestone[]): Array<StopTime | undefined> {
  return route.map((stop, i) => {
    const arrival = i === route.length - 1 && route.length > 1;
    const here = milestones.filter((m) => m.place?.code === stop.place.code && m.time && !m.superseded);
    const milestone = arrival ? here[0] : here.at(-1);
    return milestone ? { milestone, arrival } : undefined;
  });
}

/** "Departed 3 Nov 2026, 10:00 GMT+8" / "Arrives 2 Dec 2026, … · Estimated". */
export function renderStopTime(time: StopTime | undefined, ctx: RenderContext): TemplateResult | typeof nothing {
  const m = time?.milestone;
  if (!time || !m?.time) return nothing;
  const actual = m.kind === 'actual';
  const key = time.arrival ? (actual ? 'route.arrived' : 'route.arrives') : actual ? 'route.departed' : 'route.departs';
  return html`<span class="stop-time" data-kind=${m.kind}
    ><time datetime=${isoOf(m.time)}>${ctx.l.t(key, { date: formatMoment(m.time, ctx.l.locale) })}</time>${kindTag(m, ctx)}</span
  >`;
}
