/**
 * The outline of a shipment while a lookup is in flight: grey shapes where the status, the
 * progress summary, the arrival, the route, the map and the history will be, laid out as the
 * result lays them out (one column, or the map beside the rest on a wide element), so that the
 * room the result takes on its first screen is held while the request is out and nothing under
 * the element moves when the answer arrives. It comes with the lookup's code, which is already
 * loading when a lookup starts; until then the first load holds a screen's room (styles.ts).
 * The notice ("Looking up …") takes the place of the heading's shapes, in the same room. Shapes
 * only: the notice and the live region say what is going on.
 */
import { css, html, nothing, type TemplateResult } from 'lit';

const ROWS = [0, 1, 2, 3, 4, 5, 6];

/** `notice`: the lookup's notice; `map`: whether the result will have a map's room. */
export function renderSkeleton(notice: TemplateResult | typeof nothing, map: boolean): TemplateResult {
  const rows = (count: number) => ROWS.slice(0, count).map(() => html`<i class="bone dot"></i><i class="bone"></i>`);
  return html`<div class="skeleton" part="skeleton" aria-busy="true">
    <div class="skeleton-head">${notice}</div>
    <i class="bone progress" aria-hidden="true"></i>
    <div class="skeleton-panels ${map ? 'with-map' : ''}" aria-hidden="true">
      <div class="skeleton">
        <i class="bone eta"></i>
        <div class="rows route">${rows(3)}</div>
      </div>
      ${map ? html`<i class="bone map"></i>` : nothing}
      <div class="rows">${rows(7)}</div>
    </div>
  </div>`;
}

/*
 * The heights follow the result's parts (shipment-styles.ts): the heading and status line, the
 * progress summary (its progress line, 2.5em high whatever the route, and its first sentence fit
 * in its bone) and arrival boxes, a route of three stops, the map's room, and history rows of
 * a title and a line under it. The wide layout's breakpoint is the result's too.
 */
export const skeletonStyles = css`
  .skeleton,
  .skeleton-panels {
    display: grid;
    gap: var(--_gap);
    align-content: start;
  }
  .skeleton-head {
    /* The result's heading and status line: the notice, one or two lines, fits in it. */
    min-block-size: 4.6em;
  }
  .skeleton-head > * {
    margin: 0;
  }
  .rows {
    display: grid;
    grid-template-columns: 0.9em minmax(0, 24em);
    gap: 2.6em 0.75em;
    padding-block: 0.25em 2em;
  }
  .route {
    gap: 0.9em;
    padding-block-start: 2em;
  }
  @container tracker (min-width: 860px) {
    .skeleton-panels.with-map {
      grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr);
    }
    .with-map > .map {
      grid-area: 1 / 2 / span 2;
    }
  }
  .bone {
    block-size: 0.9em;
    border-radius: var(--_radius);
    background: var(--_border);
  }
  .progress {
    /* The line and a sentence: 121.4 px in Firefox with Debian's fonts, where 7.5em (120 px) fell short. */
    block-size: 7.6em;
  }
  .eta {
    block-size: 6.6em;
  }
  .map {
    block-size: var(--tracker-map-height, 320px);
  }
  .dot {
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
