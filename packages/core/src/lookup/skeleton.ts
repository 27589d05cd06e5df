/**
 * The outline of a shipment while a lookup is in flight: grey shapes where the status, route,
 * ETA and timeline will be, so the visitor sees what is coming and where. Shapes only, no
 * words (the notice and the live region say what is going on); part of the lookup's code,
 * which is already loading when a lookup starts.
 */
import { css, html, type TemplateResult } from 'lit';

const TIMELINE_ROWS = [0, 1, 2, 3];

export function renderSkeleton(): TemplateResult {
  return html`<div class="skeleton" part="skeleton" aria-busy="true">
    <div class="skeleton-summary" aria-hidden="true">
      <span class="bone bone-pill"></span>
      <span class="bone bone-title"></span>
      <span class="bone bone-line"></span>
      <span class="bone bone-box"></span>
    </div>
    <div class="skeleton-timeline" aria-hidden="true">
      ${TIMELINE_ROWS.map(() => html`<span class="bone bone-dot"></span><span class="bone bone-line"></span>`)}
    </div>
  </div>`;
}

export const skeletonStyles = css`
  .skeleton {
    display: grid;
    gap: var(--_gap);
    margin-block-start: var(--_gap);
  }
  .skeleton-summary {
    display: grid;
    gap: 0.6em;
  }
  .skeleton-timeline {
    display: grid;
    grid-template-columns: 0.9em 1fr;
    gap: 0.8em 0.75em;
    align-items: center;
  }
  .bone {
    display: block;
    block-size: 0.9em;
    border-radius: var(--_radius);
    background: var(--_border);
  }
  .bone-pill {
    inline-size: 7em;
    block-size: 1.6em;
    border-radius: 999px;
  }
  .bone-title {
    inline-size: min(18em, 70%);
    block-size: 1.4em;
  }
  .bone-line {
    inline-size: min(24em, 90%);
  }
  .bone-box {
    block-size: 4em;
  }
  .bone-dot {
    inline-size: 0.9em;
    border-radius: 50%;
  }
  @media (prefers-reduced-motion: no-preference) {
    .bone {
      animation: tracker-skeleton-pulse 1.2s ease-in-out infinite alternate;
    }
  }
  @keyframes tracker-skeleton-pulse {
    to {
      opacity: 0.45;
    }
  }
`;
