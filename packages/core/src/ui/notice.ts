import { html, nothing, type TemplateResult } from 'lit';
import { formatMoment } from '../format/dates.js';
import { formatCountdown } from '../format/relative.js';
import { MAX_AUTOMATIC_RETRIES } from '../transport/backoff.js';
import type { TrackingState, Wait } from '../tracking-controller.js';
import type { RenderContext } from './labels.js';

export interface NoticeHandlers {
  readonly onRetry: () => void;
}

/**
 * The notice for every state but "loaded": one `part="notice"` block. The sentence
 * that changes with the state sits in a live region (`role="status"`, or `role="alert"`
 * for failures) so it is announced once; the ticking countdown sits outside it, so a
 * screen reader is not interrupted every second.
 */
export function renderNotice(state: TrackingState, ctx: RenderContext, handlers: NoticeHandlers): TemplateResult | typeof nothing {
  const { l } = ctx;
  switch (state.phase) {
    case 'idle':
    case 'loaded':
      return nothing;
    case 'loading':
      return notice('info', 'status', [state.after ? l.t('notice.checkingNow') : l.t('notice.loading', { number: state.request.number })], { busy: true });
    case 'waiting':
      return waitingNotice(state.wait, ctx);
    case 'failed': {
      const f = state.failure;
      const number = state.request.number;
      const said = f.message && (f.kind === 'not-found' || f.kind === 'rejected') ? l.t('notice.serviceSaid', { message: f.message }) : undefined;
      const lines: Record<typeof f.kind, string[]> = {
        unauthorized: [l.t('notice.unauthorized')],
        'no-credits': [l.t('notice.noCredits')],
        'usage-limit': [
          l.t('notice.usageLimit'),
          ...(f.resetsAt ? [l.t('notice.usageLimit.resets', { when: formatMoment({ iso: f.resetsAt.toISOString(), epochMs: f.resetsAt.getTime(), offsetMinutes: 0 }, l.locale) })] : []),
        ],
        'not-found': [l.t('notice.notFound', { number }), ...(said ? [said] : [])],
        rejected: [l.t('notice.rejected', { number }), ...(said ? [said] : [])],
        unavailable: [l.t('notice.unavailable')],
        'gave-up': [l.t('notice.gaveUp', { attempts: 15 })],
        'rate-limited': [l.t('notice.rateLimited')],
        unexpected: [l.t('notice.unexpected')],
      };
      return notice('error', 'alert', lines[f.kind], { retry: f.retryable ? handlers.onRetry : undefined, retryLabel: l.t('notice.tryAgain') });
    }
  }
}

function waitingNotice(wait: Wait, ctx: RenderContext): TemplateResult {
  const { l } = ctx;
  const countdown = wait.retryAt === undefined ? undefined : formatCountdown(wait.retryAt - ctx.now);
  switch (wait.reason) {
    case 'pending':
      return notice('info', 'status', [l.t('notice.pending')], { countdown: countdown && l.t('notice.pending.countdown', { countdown }) });
    case 'rate-limited':
      return notice('warning', 'status', [l.t('notice.rateLimited')], { countdown: countdown && l.t('notice.rateLimited.countdown', { countdown }) });
    case 'retry':
      return notice('warning', 'status', [l.t('notice.retrying', { attempt: wait.attempt, max: MAX_AUTOMATIC_RETRIES })], {
        countdown: countdown && l.t('notice.retrying.countdown', { countdown }),
      });
    case 'offline':
      return notice('warning', 'status', [l.t('notice.offline')], {});
  }
}

function notice(
  tone: 'info' | 'warning' | 'error',
  role: 'status' | 'alert',
  lines: readonly string[],
  extra: { countdown?: string; busy?: boolean; retry?: () => void; retryLabel?: string },
): TemplateResult {
  return html`<div part="notice notice-${tone}" data-tone=${tone} aria-busy=${extra.busy ? 'true' : 'false'}>
    <div role=${role}>${lines.map((line) => html`<p>${line}</p>`)}</div>
    ${extra.countdown ? html`<p class="countdown">${extra.countdown}</p>` : nothing}
    ${extra.retry ? html`<button type="button" part="retry-button" @click=${extra.retry}>${extra.retryLabel}</button>` : nothing}
  </div>`;
}
