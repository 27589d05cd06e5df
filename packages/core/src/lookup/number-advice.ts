/**
 * The advice a tracker's form gives on a submitted number that will not do (see NumberEntry):
 * part of the lookup's code, since it is needed only once the visitor submits, and loaded then
 * if focusing the form has not already brought it. Its English is in en-notices.ts.
 */
import { html, type TemplateResult } from 'lit';
import type { RenderContext } from '../contracts/render-context.js';
import type { Advice, NumberEntryOptions } from '../first/form/number-entry.js';

export function renderAdvice(
  advice: Advice,
  options: Pick<NumberEntryOptions, 'shapeMessage' | 'checkDigitMessage'>,
  trackAnyway: (number: string) => void,
  { l }: RenderContext,
): TemplateResult {
  if (advice.kind === 'empty')
    return html`<p class="advice" id="advice" part="notice notice-warning" role="alert">${l.t('form.empty')}</p>`;
  return html`<div class="advice" id="advice" part="notice notice-warning">
    <p role="alert">
      ${
        advice.kind === 'shape'
          ? l.t(options.shapeMessage, { number: advice.number })
          : l.t(options.checkDigitMessage, { number: advice.number, expected: advice.expected })
      }
    </p>
    <button type="button" class="secondary" part="track-anyway-button" @click=${() => trackAnyway(advice.number)}>
      ${l.t('form.trackAnyway')}
    </button>
  </div>`;
}
