/**
 * Live while open (issue 41): visitors keep a tracker open for days, so while a result is shown
 * and the page is in the foreground the element asks again every `refresh-interval` minutes, and
 * at once when the page comes back after at least one interval. Not while the page is hidden or
 * the browser offline, and never after the delivery, which the view decides (the element says so
 * through `finished`). The proxy keeps a 200 for the same time (`DEFAULT_LIMITS.cacheTtlMs`, held
 * equal to the default by a test), so a page left open costs at most one upstream call per
 * interval per number, whoever has it open; and the service bills a number once a month.
 *
 * This module schedules the re-asks and says what one found new; the lookup controller makes them.
 */
import type { Clock } from '../model/clock.js';
import type { Milestone, Shipment, TrackedUnit } from '../model/shipment.js';
import type { ShipmentView } from '../contracts/view-model.js';
import type { News } from '../contracts/tracking.js';
import type { Localizer } from '../i18n/localizer.js';

/** The longest `refresh-interval` taken as given, in minutes: a day. */
export const MAX_REFRESH_MINUTES = 1440;

/** `refresh-interval` in ms: 0 (or `off`) switches it off; anything but a whole number of minutes up to a day is the default. */
export function refreshMs(minutes: unknown, fallback: number): number {
  const n = typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_REFRESH_MINUTES ? minutes : fallback;
  return n * 60_000;
}

export type { News };

const keyOf = (unit: TrackedUnit, m: Milestone): string => `${unit.id}|${m.code}|${m.kind}|${m.time?.iso}|${m.place?.code}`;

/** What `after` says that `before` did not: a new event that happened, or another status; undefined when neither. */
export function newsOf(before: Shipment, after: Shipment): News | undefined {
  const seen = new Set(before.units.flatMap((unit) => unit.milestones.map((m) => keyOf(unit, m))));
  let event: News['event'];
  for (const unit of after.units)
    for (const milestone of unit.milestones)
      if (
        milestone.kind === 'actual' &&
        !seen.has(keyOf(unit, milestone)) &&
        (milestone.time?.epochMs ?? 0) >= (event?.milestone.time?.epochMs ?? 0)
      )
        event = { unit: unit.id, milestone };
  const status = before.status.code !== after.status.code;
  return event || status ? { ...(event ? { event } : {}), status } : undefined;
}

/** The news in words, from the labels the result shows: "New: Vessel arrived at Rotterdam, Netherlands." */
export function sayNews(news: News, view: ShipmentView, l: Localizer): string {
  const found = news.event;
  const unit = found && view.units.find((u) => u.unit.id === found.unit);
  const index = unit && found ? unit.unit.milestones.findIndex((m) => keyOf(unit.unit, m) === keyOf(unit.unit, found.milestone)) : -1;
  const event = unit && index >= 0 ? unit.milestones[index] : undefined;
  if (event)
    return event.place
      ? l.t('notice.news.place', { event: event.title, place: event.place.label })
      : l.t('notice.news', { event: event.title });
  return l.t('notice.news.status', { status: view.status });
}

export interface RefreshHooks {
  readonly clock: Clock;
  /** Asks again, keeping the result on screen; the controller arms the next re-ask when it has the answer. */
  readonly ask: () => void;
  /** Renders again: "Updated … ago" and a retry's countdown move on. */
  readonly render: () => void;
  /** Nothing is asked now (the page hidden, the browser offline, the element away); `wake()` is called when that ends. */
  readonly paused: () => boolean;
  /** Nothing more will happen to the shipment (delivered): no re-ask, only the times move on. */
  readonly finished: () => boolean;
}

/**
 * The next re-ask's time, and one timer toward it that also re-renders once a minute (once a
 * second while a retry's countdown is shown). While paused it holds no timer: the due time waits
 * for `wake()`, which asks at once when it has passed.
 */
export class RefreshTimer {
  readonly #hooks: RefreshHooks;
  #dueAt?: number;
  #countdown = false;
  #timer?: unknown;

  constructor(hooks: RefreshHooks) {
    this.#hooks = hooks;
  }

  /** The next re-ask at `dueAt`; `countdown`: a countdown to it is on screen. */
  arm(dueAt: number, countdown = false): void {
    this.#dueAt = dueAt;
    this.#countdown = countdown;
    this.wake();
  }

  /** No more re-asks (another lookup, or none). */
  stop(): void {
    this.#dueAt = undefined;
    this.pause();
  }

  /** Holds the due time without a timer (the element left the page). */
  pause(): void {
    if (this.#timer !== undefined) this.#hooks.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The page is visible, online or connected again: asks if due, else waits for the next step. */
  wake(): void {
    this.pause();
    const { clock, paused, finished } = this.#hooks;
    const due = this.#dueAt;
    if (due === undefined || paused()) return;
    const left = due - clock.now();
    const done = finished();
    if (left <= 0 && !done) {
      this.#dueAt = undefined;
      this.#hooks.ask();
      return;
    }
    const step = this.#countdown ? 1000 : 60_000;
    this.#timer = clock.setTimeout(
      () => {
        this.#timer = undefined;
        this.#hooks.render();
        this.wake();
      },
      done ? step : left % step || step,
    );
  }
}
