/**
 * `part="progress"`: where the shipment is now, the latest event with its date and the next one
 * expected, at the top of the result so that a phone shows them without scrolling. The history
 * below stays in time order, oldest first, with past and expected events on one line and "now"
 * between them; the summary's button takes the visitor to the latest row in it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formatMoment, isoOf } from '../format/dates.js';
import type { Milestone, TimeKind } from '../model/shipment.js';
import { progressLine, renderProgressLine, type ProgressLine } from './progress-line.js';
import { DEPARTURES } from './journey.js';
import type { Journey, StopFact } from '../contracts/journey.js';
import type { MilestoneView, ShipmentView, UnitView } from '../contracts/view-model.js';
import type { RenderContext } from '../contracts/render-context.js';

export interface Progress {
  /** The latest thing that happened, with its row in the history; absent before anything did. */
  readonly latest?: { readonly view: MilestoneView; readonly index: number };
  /** The first event still to come after it. */
  readonly next?: MilestoneView;
}

/**
 * The latest thing that happened in this shipment's journey (up to the delivery: an empty return
 * after it is not where the shipment stands) and the next one expected; superseded bookings and
 * earlier use of the container are skipped (see journey.ts).
 */
export function progressOf(unit: UnitView): Progress {
  const { latest, next } = unit.journey;
  return {
    ...(latest >= 0 ? { latest: { view: unit.milestones[latest]!, index: latest } } : {}),
    ...(next >= 0 ? { next: unit.milestones[next]! } : {}),
  };
}

export function renderProgress(
  view: ShipmentView,
  unit: UnitView | undefined,
  ctx: RenderContext,
  // The map's current place reads the same line (shipment-view.ts).
  line: ProgressLine | undefined = progressLine(view, unit),
): TemplateResult | typeof nothing {
  // Without events, the line alone says that the cargo has not left yet (a booking without containers).
  if (!line && (!unit || unit.unit.milestones.length === 0)) return nothing;
  const { l } = ctx;
  const { latest, next }: Progress = unit ? progressOf(unit) : {};
  const latestPlace = latest?.view.place;
  // Before anything happened, not the status again (the badge right above says "Planned").
  const now = !latest
    ? l.t('progress.notStarted')
    : unit?.journey.delivery && latestPlace
      ? l.t('progress.delivered', { place: latestPlace.label })
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
  }${kindTag(m.kind, ctx)}`;
}

/**
 * A carrier's estimate says so in words, beside it: "Estimated". A planned time needs no tag here:
 * "Next", "Departs" and "Arrives" already say it is still to come, and a tag on each stop of a
 * booking said "Planned" again and again (the history keeps both tags).
 */
function kindTag(kind: TimeKind, ctx: RenderContext): TemplateResult | typeof nothing {
  return kind === 'estimated' ? html`<span class="kind-tag">${ctx.l.t('time.estimated')}</span>` : nothing;
}

/** Scrolls the history's latest row into view and gives it the focus, so that reading goes on from there. */
function showLatest(event: Event): void {
  const root = (event.currentTarget as Element).getRootNode() as ParentNode;
  const row = root.querySelector<HTMLElement>('[part~="milestone"][data-current]');
  if (!row) return;
  row.scrollIntoView({ block: 'center' });
  row.focus({ preventScroll: true });
}

/**
 * "Departed 3 Nov 2026, 10:00 GMT+8" / "Arrives 2 Dec 2026, … · Estimated" / "There since …
 * · Discrepancy reported": what the journey says of a stop, never more. The arrival's time carries
 * `data-arrival`, as in the arrival box: the same value, shown the same way.
 */
export function renderStopTime(
  fact: StopFact | undefined,
  journey: Journey,
  unit: UnitView | undefined,
  ctx: RenderContext,
): TemplateResult | typeof nothing {
  if (!fact) return nothing;
  const { l } = ctx;
  const title = (m: Milestone | undefined): string | undefined => {
    const i = m && unit ? unit.unit.milestones.indexOf(m) : -1;
    return i >= 0 ? unit!.milestones[i]!.title : undefined;
  };
  const f = fact.claim === 'there' ? fact.since : fact.fact;
  const date = formatMoment(f.time, l.locale);
  const actual = f.kind === 'actual';
  const words =
    fact.claim === 'there'
      ? l.t('route.there', { date })
      : fact.claim === 'event'
        ? l.t('route.event', { date, event: title(fact.fact.milestone) ?? fact.fact.milestone.code })
        : l.t(fact.claim === 'arrival' ? (actual ? 'route.arrived' : 'route.arrives') : actual ? 'route.departed' : 'route.departs', {
            date,
          });
  const latest = fact.claim === 'there' ? title(fact.latest) : undefined;
  return html`<span class="stop-time" data-kind=${f.kind} data-claim=${fact.claim}
    ><time datetime=${isoOf(f.time)} ?data-arrival=${f === journey.arrival}>${words}</time>${latest ? ` · ${latest}` : nothing}${kindTag(
      f.kind,
      ctx,
    )}</span
  >`;
}
