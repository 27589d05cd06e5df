import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { repeat } from 'lit/directives/repeat.js';
import { formatMoment, isoOf } from '../format/dates.js';
import type { Milestone } from '../model/shipment.js';
import type { MilestoneView, UnitView } from '../contracts/view-model.js';
import type { RenderContext } from '../contracts/render-context.js';
import { sectionHeading } from './heading.js';

/** The last actual event: where the shipment is now. */
export function currentIndex(milestones: readonly Milestone[]): number {
  for (let i = milestones.length - 1; i >= 0; i--) if (milestones[i]?.kind === 'actual') return i;
  return -1;
}

/** A history longer than this opens with only its latest actual events and what is still to come. */
export const LONG_HISTORY = 25;
/** How many of the latest actual events a folded long history keeps in view. */
export const RECENT_ACTUAL_EVENTS = 10;

/**
 * How many earlier events each "Show earlier" adds: about a screenful. A history can hold tens
 * of thousands of events (the proxy passes documents up to 5 MiB), and one click must never
 * build them all.
 */
export const EARLIER_EVENTS_PER_STEP = 25;

/** How much of the folded part of a long history is shown, and how the visitor changes that. */
export interface HistoryWindow {
  /** How many of the folded events are shown, latest first: 0 (folded) up to all of them. */
  readonly revealed: number;
  /** The visitor asked for `revealed` earlier events to be shown: more, or 0 to fold again. */
  readonly onReveal: (revealed: number) => void;
}

/**
 * How many of the oldest events a folded history leaves out: none for a short one;
 * for a long one (a container that shuttled for years), all but the last
 * `RECENT_ACTUAL_EVENTS` actual events, so what is current and upcoming stays in view
 * and the first paint does not pay for hundreds of rows.
 */
export function foldedCount(milestones: readonly Milestone[]): number {
  if (milestones.length <= LONG_HISTORY) return 0;
  const older = currentIndex(milestones) + 1 - RECENT_ACTUAL_EVENTS;
  // Folding away less than a screenful would cost the visitor a click for nothing.
  return older > RECENT_ACTUAL_EVENTS ? older : 0;
}

/**
 * `part="milestones"`: the unit's history as an ordered list, one `part="milestone"`
 * per event. Estimated and planned events carry their kind in a visible tag; an actual one
 * is told by its filled dot and, for a screen reader, in hidden words, so every row still
 * says its kind in words, not colour alone. The latest actual event is marked in text. With `history`, a long history opens
 * folded behind a `part="history-toggle"` button that shows the next
 * `EARLIER_EVENTS_PER_STEP` earlier events and names how many; once all are shown it folds
 * them again, as does the `part="history-fold"` button while only some are.
 */
export function renderTimeline(view: UnitView, ctx: RenderContext, history?: HistoryWindow): TemplateResult {
  const { l } = ctx;
  const { unit, heading } = view;
  if (unit.milestones.length === 0) {
    return html`<section aria-label=${heading}><p class="muted" part="milestones-empty">${l.t('shipment.noMilestones')}</p></section>`;
  }
  // Where the shipment stands is its journey's latest event: not an earlier use, not an empty return after delivery.
  const { latest: current, start, afterDelivery } = view.journey;
  const folded = history ? foldedCount(unit.milestones) : 0;
  const revealed = Math.max(0, Math.min(history?.revealed ?? 0, folded));
  const from = folded - revealed;
  const shown = from > 0 ? view.milestones.slice(from) : view.milestones;
  const step = Math.min(EARLIER_EVENTS_PER_STEP, from);
  return html`<section aria-label=${heading}>
    ${
      folded > 0 && history
        ? html`<button
              type="button"
              class="secondary"
              part="history-toggle"
              aria-expanded=${from === 0 ? 'true' : 'false'}
              @click=${() => history.onReveal(from === 0 ? 0 : revealed + step)}
            >
              ${
                from === 0
                  ? l.t('timeline.foldEarlier')
                  : step < from
                    ? // Honest about the rest: "Show 25 of 287 earlier events", not "Show 25" with 287 folded.
                      l.t('timeline.showEarlierOf', { shown: step, count: from })
                    : l.t('timeline.showEarlier', { count: step })
              }
            </button>
            ${
              revealed > 0 && from > 0
                ? html`<button type="button" class="secondary" part="history-fold" @click=${() => history.onReveal(0)}>
                    ${l.t('timeline.foldEarlier')}
                  </button>`
                : nothing
            }`
        : nothing
    }
    <ol part="milestones" start=${from + 1}>
      ${repeat(
        shown,
        (_m, i) => from + i,
        (m, i) =>
          html`${journeyDivider(from + i, from, start, ctx)}${renderMilestone(m, from + i === current, from + i >= afterDelivery, ctx)}`,
      )}
    </ol>
  </section>`;
}

/**
 * A history that holds earlier use of the container sets it apart: "Earlier use of this container"
 * above its first shown event, "This shipment" above the journey's first.
 */
function journeyDivider(index: number, from: number, start: number, ctx: RenderContext): TemplateResult | typeof nothing {
  if (start === 0 || (index !== start && !(index === from && index < start))) return nothing;
  const key = index < start ? 'timeline.earlierUse' : 'timeline.thisJourney';
  return html`<li part="journey-divider" class="journey-divider" role="separator" aria-label=${ctx.l.t(key)}>${ctx.l.t(key)}</li>`;
}

function renderMilestone(view: MilestoneView, isCurrent: boolean, afterDelivery: boolean, ctx: RenderContext): TemplateResult {
  const { l } = ctx;
  const m = view.milestone;
  return html`<li
    part="milestone"
    data-kind=${m.kind}
    data-code=${m.code}
    ?data-current=${isCurrent}
    tabindex=${ifDefined(isCurrent ? -1 : undefined)}
    ?data-superseded=${m.superseded === true}
    ?data-after-delivery=${afterDelivery}
  >
    <div class="milestone-title">
      ${view.title}${
        // The filled dot says "it happened" to the eye; only an expected time wears a tag, and a
        // screen reader still hears which kind each event is.
        m.kind === 'actual'
          ? html`<span class="visually-hidden"> ${l.t('time.actual')}</span>`
          : html`<span class="kind-tag">${l.t(`time.${m.kind}`)}</span>`
      }
      ${isCurrent ? html` <span class="current-tag">· ${l.t('time.current')}</span>` : nothing}
      ${afterDelivery ? html` <span class="kind-tag">${l.t('timeline.afterDelivery')}</span>` : nothing}
    </div>
    ${view.detail ? html`<div>${view.detail}</div>` : nothing}
    <div class="milestone-meta">
      ${m.time ? html`<time datetime=${isoOf(m.time)}>${formatMoment(m.time, l.locale)}</time>` : l.t('time.unknown')}
      ${view.place ? html` · ${view.place.label}` : nothing} ${m.facility ? html` · ${m.facility}` : nothing}
    </div>
    ${view.facts.length > 0 ? html`<div class="milestone-meta">${view.facts.join(' · ')}</div>` : nothing}
  </li>`;
}

/**
 * `part="units"`: the containers of a bill of lading or booking, under a visible heading, each with
 * its type and status in view; the one pressed is the one whose history is shown.
 */
export function renderUnitSwitcher(
  units: readonly UnitView[],
  selected: number,
  onSelect: (index: number) => void,
  ctx: RenderContext,
): TemplateResult | typeof nothing {
  if (units.length < 2) return nothing;
  const title = ctx.l.t('shipment.containers');
  return html`<section class="units" part="units" aria-label=${title}>
    ${sectionHeading(ctx, title)}
    <div class="unit-buttons" role="group" aria-label=${title}>
      ${units.map(
        (u, i) =>
          html`<button type="button" part="unit-button" aria-pressed=${i === selected ? 'true' : 'false'} @click=${() => onSelect(i)}>
            <bdi class="unit-id">${u.unit.id}</bdi>
            ${u.type ? html`<span class="unit-type">${u.type}</span>` : nothing}
            ${u.status ? html`<span class="unit-status">${u.status}</span>` : nothing}
          </button>`,
      )}
    </div>
  </section>`;
}
