/**
 * Under the form, the numbers `remember` keeps on this device (./recent-numbers.ts): each one
 * tracks again when pressed, shows its last status, and can be removed; "Forget all" removes them
 * all. Loaded only for an element with `remember`, with its own words (en-recent.ts).
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { RenderContext } from '../contracts/render-context.js';
import type { Product } from '../model/shipment.js';
import { registerEnglish } from '../first/shared.js';
import { enRecent } from '../i18n/en-recent.js';
import { forgetAll, forgetNumber, readRecent, rememberNumber, type RecentNumber } from './recent-numbers.js';

registerEnglish(enRecent);

export interface RecentList {
  /** A number looked up and shown with its status: kept, first (written once per answer, not at each render). */
  note(number: string, status: string, count: number): void;
  render(ctx: RenderContext, count: number, track: (number: string) => void, focusField: () => void): TemplateResult | typeof nothing;
}

export function createRecentList(product: Product, requestUpdate: () => void): RecentList {
  let list: readonly RecentNumber[] = readRecent(product);
  /** The answer last kept: once removed, it stays removed until another answer comes. */
  let noted = '';
  const change = (next: readonly RecentNumber[]): void => {
    list = next;
    requestUpdate();
  };
  return {
    note(number, status, count) {
      const answer = JSON.stringify([number, status]);
      if (answer === noted) return;
      noted = answer;
      change(rememberNumber(product, { number, status }, count));
    },
    render(ctx, count, track, focusField) {
      const shown = list.slice(0, count);
      if (!shown.length) return nothing;
      const { l } = ctx;
      // Removed, its buttons are gone: the focus goes back to the field rather than to the page's start.
      const remove = (number: string): void => {
        change(forgetNumber(product, number));
        focusField();
      };
      return html`<div class="recent" part="recent">
        <p class="recent-title" id="recent-title">${l.t('recent.title')}</p>
        <ul aria-labelledby="recent-title">
          ${shown.map(
            ({ number, status }) =>
              html`<li part="recent-item">
                <button type="button" class="secondary" part="recent-number" @click=${() => track(number)}><bdi>${number}</bdi></button>
                <span class="recent-status">${status}</span>
                <button
                  type="button"
                  class="link"
                  part="recent-remove"
                  aria-label=${l.t('recent.removeNumber', { number })}
                  @click=${() => remove(number)}
                >
                  ${l.t('recent.remove')}
                </button>
              </li>`,
          )}
        </ul>
        <button
          type="button"
          class="link"
          part="recent-forget"
          @click=${() => {
            forgetAll(product);
            change([]);
            focusField();
          }}
        >
          ${l.t('recent.forgetAll')}
        </button>
      </div>`;
    },
  };
}

export const recentStyles = css`
  .recent {
    display: grid;
    justify-items: start;
    gap: 0.25em;
    margin-block-start: var(--_gap);
  }
  .recent-title {
    margin: 0;
    color: var(--_muted);
    font-size: 0.875em;
  }
  .recent ul {
    display: grid;
    gap: 0.25em;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .recent li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em;
  }
  .recent button {
    min-height: calc(var(--_control-height) * 0.75);
    padding: 0.25em 0.75em;
  }
  .recent button.secondary {
    background: transparent;
    color: var(--_accent);
  }
  .recent button.link {
    border-color: transparent;
    background: transparent;
    color: var(--_accent);
    text-decoration: underline;
  }
  .recent-status {
    color: var(--_muted);
    font-size: 0.875em;
  }
  @media print {
    .recent {
      display: none;
    }
  }
`;
