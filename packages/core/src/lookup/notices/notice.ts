import { html, nothing, type TemplateResult } from 'lit';
import { formatMoment } from '../../format/dates.js';
import { formatCountdown } from '../../format/relative.js';
import { MAX_AUTOMATIC_RETRIES } from '../backoff.js';
import { isRetryable, type Failure } from '../../contracts/outcome.js';
import { MAX_PENDING_POLLS, type TrackingState, type Wait } from '../lookup-controller.js';
import { enNotices } from '../../i18n/en-notices.js';
import type { ShipmentView } from '../../contracts/view-model.js';
import { registerEnglish } from '../../first/shared.js';
import type { Announcement } from '../../first/element/announcer.js';
import type { RenderContext } from '../../contracts/render-context.js';
import { renderSkeleton } from './skeleton.js';
import type { NoticeHandlers } from '../../contracts/notice-handlers.js';
import { sayNews } from '../refresh.js';

// The notices' English comes with them, not with the form (see en.ts).
registerEnglish(enNotices);

export interface NoticeOptions extends NoticeHandlers {
  /** Whether the result will have a map, whose room the outline of a lookup in flight holds too. */
  readonly map: boolean;
}

/**
 * The notice for every state but "loaded": one `part="notice"` block, for the eye. It is
 * not itself a live region: screen readers often miss a region inserted together with
 * its text, so the same sentences are spoken by `renderAnnouncer`, whose regions stay in
 * the DOM from the first render. While a lookup is in flight, it sits in the outline of the
 * result (skeleton.ts).
 */
export function renderNotice(state: TrackingState, ctx: RenderContext, options: NoticeOptions): TemplateResult | typeof nothing {
  const content = noticeContent(state, ctx, options);
  const notice = content ? renderContent(content) : nothing;
  // A lookup in flight: its notice inside the outline of the result, which holds the result's room.
  return state.phase === 'loading' ? renderSkeleton(notice, options.map) : notice;
}

/** A notice before it is rendered: what the eye sees, and what the live regions say. */
interface NoticeContent {
  readonly tone: 'info' | 'warning' | 'error';
  readonly lines: readonly string[];
  readonly countdown?: string | undefined;
  readonly busy?: boolean;
  readonly retry?: (() => void) | undefined;
  readonly retryLabel?: string;
  /** Next steps the visitor can take instead ("Track MEDU9091004", "Choose the carrier"). */
  readonly actions?: readonly NoticeAction[];
  /** What the live regions say, when not all of `lines` (said once already). */
  readonly spoken?: readonly string[];
}

function noticeContent(state: TrackingState, ctx: RenderContext, handlers: NoticeHandlers): NoticeContent | undefined {
  const { l } = ctx;
  switch (state.phase) {
    case 'idle':
      return undefined;
    case 'loaded':
      // A re-ask that failed: the result stays, and this says so quietly (the live regions do not).
      return state.stale
        ? notice('info', [l.t('notice.refreshFailed')], {
            countdown: l.t('notice.retrying.countdown', { countdown: formatCountdown(state.stale.retryAt - ctx.now, l.locale) }),
          })
        : undefined;
    case 'loading': {
      const asking = state.after ? l.t('notice.checkingNow') : l.t('notice.loading', { number: state.request.number });
      if (!state.slow) return notice('info', [asking], { busy: true });
      // The first sentence was spoken when the request went out; only the news is said now.
      const still = l.t('notice.stillLooking');
      return notice('info', [asking, still], { busy: true, spoken: [still] });
    }
    case 'waiting':
      return waitingNotice(state.wait, ctx);
    case 'failed':
      return failureNotice(state.failure, state.request.number, ctx, handlers);
  }
}

interface NoticeAction {
  readonly label: string;
  readonly run: () => void;
}

/**
 * A number the service did not find: what to check, by the product's kind of number and where it is
 * printed, another spelling to try when there is one, and the carrier picker where there is one. The
 * service's own message is not repeated: it says the same "not found" in other words.
 */
function notFoundNotice(number: string, ctx: RenderContext, handlers: NoticeHandlers): NoticeContent {
  const { l } = ctx;
  const respelled = handlers.respell?.(number);
  const { onTrack, onChooseCarrier } = handlers;
  const lines = [l.t('notice.notFound', { number }), l.t(ctx.product === 'air' ? 'notice.notFound.air' : 'notice.notFound.ocean')];
  const actions: NoticeAction[] = [];
  if (respelled && onTrack) {
    lines.push(l.t('notice.notFound.respelled', { number: respelled }));
    actions.push({ label: l.t('notice.trackNumber', { number: respelled }), run: () => onTrack(respelled) });
  }
  if (onChooseCarrier) {
    lines.push(l.t('notice.notFound.carrier'));
    actions.push({ label: l.t('notice.chooseCarrier'), run: onChooseCarrier });
  }
  return notice('error', lines, { actions });
}

/** What a visitor reads about each failure; every kind is named, so a new one cannot go unsaid. */
function failureNotice(f: Failure, number: string, ctx: RenderContext, handlers: NoticeHandlers): NoticeContent {
  const { l } = ctx;
  if (f.kind === 'not_found') return notFoundNotice(number, ctx, handlers);
  const said = f.message ? [l.t('notice.serviceSaid', { message: f.message })] : [];
  const lines = ((): string[] => {
    switch (f.kind) {
      case 'unauthorized':
        return [l.t('notice.unauthorized'), l.t('notice.siteSide')];
      case 'insufficient_credits':
        return [l.t('notice.noCredits'), l.t('notice.siteSide')];
      case 'usage_limit_reached':
        return [
          l.t('notice.usageLimit'),
          ...(f.resetsAt
            ? [
                l.t('notice.usageLimit.resets', {
                  when: formatMoment({ iso: f.resetsAt.toISOString(), epochMs: f.resetsAt.getTime(), offsetMinutes: 0 }, l.locale),
                }),
              ]
            : []),
          l.t('notice.siteSide'),
        ];
      case 'rejected':
        return [l.t('notice.rejected', { number }), ...said];
      case 'server_error':
      case 'network_error':
      case 'timeout':
      case 'offline':
        return [l.t('notice.unavailable')];
      case 'still_pending':
        return [l.t('notice.gaveUp', { count: MAX_PENDING_POLLS })];
      case 'rate_limited':
        return [l.t('notice.rateLimited.gaveUp')];
      case 'unexpected_response':
        return [l.t('notice.unexpected')];
      case 'display_unavailable':
        return [l.t('notice.displayUnavailable')];
    }
  })();
  return notice('error', lines, { retry: isRetryable(f.kind) ? handlers.onRetry : undefined, retryLabel: l.t('notice.tryAgain') });
}

function waitingNotice(wait: Wait, ctx: RenderContext): NoticeContent {
  const { l } = ctx;
  const countdown = wait.retryAt === undefined ? undefined : formatCountdown(wait.retryAt - ctx.now, l.locale);
  switch (wait.cause.kind) {
    case 'pending':
      return notice('info', [l.t('notice.pending')], { countdown: countdown && l.t('notice.pending.countdown', { countdown }) });
    case 'rate_limited':
      return notice('warning', [l.t('notice.rateLimited')], { countdown: countdown && l.t('notice.rateLimited.countdown', { countdown }) });
    case 'server_error':
    case 'network_error':
    case 'timeout':
      return notice('warning', [l.t('notice.retrying', { attempt: wait.attempt, max: MAX_AUTOMATIC_RETRIES })], {
        countdown: countdown && l.t('notice.retrying.countdown', { countdown }),
        // Without the attempt's number, so that the next attempt is not news.
        spoken: [l.t('notice.retrying.spoken')],
      });
    case 'offline':
      return notice('warning', [l.t('notice.offline')], {});
  }
}

function notice(tone: NoticeContent['tone'], lines: readonly string[], extra: Omit<NoticeContent, 'tone' | 'lines'>): NoticeContent {
  return { tone, lines, ...extra };
}

function renderContent(c: NoticeContent): TemplateResult {
  return html`<div part="notice notice-${c.tone}" data-tone=${c.tone} aria-busy=${c.busy ? 'true' : 'false'}>
    <div class="notice-text">${c.lines.map((line) => html`<p>${line}</p>`)}</div>
    ${c.countdown ? html`<p class="countdown">${c.countdown}</p>` : nothing}
    ${c.retry ? html`<button type="button" part="retry-button" @click=${c.retry}>${c.retryLabel}</button>` : nothing}
    ${c.actions?.map((a) => html`<button type="button" class="secondary" part="notice-action" @click=${a.run}>${a.label}</button>`) ?? nothing}
  </div>`;
}

/**
 * What the live regions say for a state: the notice's sentences without the countdown,
 * or the labelled view's status sentence once a shipment is shown. Failures are urgent (`role="alert"`), the rest
 * polite. The text changes only when the state does, so each change is spoken once and
 * a ticking countdown is never read out. Asking again after a wait (a poll after a 202, a retry
 * after a 429 or a 5xx) is not a change of state: the wait's words stay, so a wait that asks
 * twenty times is said once, and only its outcome (a shipment, another cause, the final failure) is news.
 */
export function announcement(
  state: TrackingState,
  ctx: RenderContext,
  view?: ShipmentView,
  help: Omit<NoticeHandlers, 'onRetry'> = {},
): Announcement {
  // Once a re-ask brought news, the news replaces the status sentence: said once, and not again while it stays.
  if (state.phase === 'loaded')
    return { text: (state.news && view ? sayNews(state.news, view, ctx.l) : view?.announcement) ?? '', urgent: false };
  const said: TrackingState =
    state.phase === 'loading' && state.after ? { phase: 'waiting', request: state.request, wait: state.after } : state;
  const content = noticeContent(said, ctx, { ...help, onRetry: () => undefined });
  return { text: content ? (content.spoken ?? content.lines).join(' ') : '', urgent: state.phase === 'failed' };
}
