import { css } from 'lit';

/**
 * The look of a looked-up shipment: status, ETA, route, panels, container switcher and
 * timeline. Apart from the shared styles because it loads with the shipment view, not with
 * the first load; the element adopts it into its shadow root when the view arrives. It uses
 * the private tokens (`--_text`, `--_gap`, …) that the shared styles define on `:host`.
 */
export const shipmentStyles = css`
  /* Headings: only the shipment has any, at the levels heading-level gives (heading.ts). */
  h1,
  h2,
  h3,
  h4,
  h5,
  h6 {
    margin-block: 0 0.5em;
    margin-inline: 0;
    font-size: 1em;
    line-height: 1.25;
  }
  .title {
    font-size: 1.25em;
  }
  /* Shipment */
  .shipment {
    display: grid;
    gap: var(--_gap);
  }
  /* One column: summary, details, map, history. Wide hosts: the map beside the summary, the
     details and the history across the whole width below both, so no column runs on empty
     beside a long list of flights or events. */
  .panels {
    display: grid;
    gap: var(--_gap);
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: 'summary' 'details' 'map' 'history';
  }
  .summary,
  .details {
    /* Its own width, not the viewport, decides how the route and vessels lay out: beside the map it is narrow. */
    container: summary / inline-size;
    display: grid;
    gap: var(--_gap);
    align-content: start;
  }
  .summary {
    grid-area: summary;
  }
  .details {
    grid-area: details;
  }
  .history {
    grid-area: history;
  }
  .panels > [part~='map'] {
    grid-area: map;
    /* The map's room is held before its code arrives (and is defined), so nothing shifts when it does. */
    min-block-size: var(--tracker-map-height, 320px);
  }
  .panels > [part~='map']:not(:defined) {
    display: block;
  }
  /* In the map's room while its code loads: before the map element is defined (as its child)
     and after (through its slot), the same box, so nothing moves when the element upgrades. */
  .map-placeholder {
    display: grid;
    place-items: center;
    align-content: center;
    /* Slotted, it inherits from the map's shadow tree, not from this element's border-box rule. */
    box-sizing: border-box;
    block-size: var(--tracker-map-height, 320px);
    margin: 0;
    padding: var(--_gap);
    background: var(--tracker-map-water-color, var(--_surface));
    color: var(--_muted);
    text-align: center;
  }
  .map-placeholder::before {
    content: '';
    inline-size: 2.5rem;
    block-size: 2.5rem;
    margin-block-end: 0.5rem;
    border: 3px solid var(--_border);
    border-block-start-color: var(--_accent);
    border-radius: 50%;
    animation: tracker-map-spin 1s linear infinite;
  }
  @keyframes tracker-map-spin {
    to {
      transform: rotate(1turn);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .map-placeholder::before {
      animation: none;
    }
  }
  @container tracker (min-width: 860px) {
    .panels.with-map {
      grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr);
      grid-template-areas: 'summary map' 'details details' 'history history';
    }
    .panels.with-map > [part~='map'] {
      align-self: start;
    }
  }
  [part~='status'] {
    display: grid;
    gap: 0.25em;
  }
  .status-line {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em 1em;
    align-items: baseline;
  }
  .status-badge {
    display: inline-block;
    font-weight: 700;
    padding: 0.15em 0.6em;
    border-radius: 999px;
    background: color-mix(in srgb, var(--_accent) 14%, var(--_bg));
    color: var(--_text);
    border: 1px solid var(--_accent);
  }
  .status-badge[data-status='DELIVERED'],
  .status-badge[data-status='ARRIVED'] {
    border-color: var(--_ok);
    background: color-mix(in srgb, var(--_ok) 14%, var(--_bg));
  }
  .muted {
    color: var(--_muted);
  }
  /* Something went wrong: the status takes the exception's tone, not the in-transit accent. */
  .status-badge[data-tone='warning'],
  .exception-badge[data-tone='warning'] {
    border-color: var(--_warn);
    background: color-mix(in srgb, var(--_warn) 14%, var(--_bg));
  }
  /* A cancelled leg with nothing in its place: the danger colour, apart from a delay or a hold. */
  .status-badge[data-tone='danger'],
  .exception-badge[data-tone='danger'] {
    border-color: var(--_danger);
    background: color-mix(in srgb, var(--_danger) 14%, var(--_bg));
  }
  .exception-badge {
    display: inline-block;
    font-weight: 700;
    padding: 0.15em 0.6em;
    border-radius: 999px;
    color: var(--_text);
    border: 1px solid var(--_warn);
  }
  [part~='exception'] {
    display: grid;
    gap: 0.5em;
    padding: 0.75em 1em;
    border-radius: var(--_radius);
    border-inline-start: 4px solid var(--_warn);
    background: color-mix(in srgb, var(--_warn) 10%, var(--_bg));
  }
  [part~='exception'][data-tone='danger'] {
    border-inline-start-color: var(--_danger);
    background: color-mix(in srgb, var(--_danger) 10%, var(--_bg));
  }
  [part~='exception'] p {
    margin: 0;
  }
  .exception-leg {
    color: var(--_muted);
  }
  dl.facts {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.25em 1em;
    margin: 0;
  }
  dl.facts dt {
    color: var(--_muted);
  }
  dl.facts dd {
    margin: 0;
  }
  [part~='eta'],
  [part~='progress'] {
    padding: 0.75em 1em;
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  [part~='eta'] .eta-time {
    font-size: 1.2em;
    font-weight: 700;
  }
  .delay {
    color: var(--_warn);
    font-weight: 600;
  }
  [part~='route'] ol {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em 0.75em;
    padding: 0;
    margin: 0;
  }
  [part~='route'] li {
    display: grid;
    align-content: start;
  }
  .route-arrow {
    color: var(--_muted);
  }
  .place-role {
    font-size: 0.8em;
    color: var(--_muted);
  }
  /* A narrow summary (a phone, or the column beside the map): the stops as labelled rows. */
  @container summary (max-width: 36em) {
    [part~='route'] ol {
      display: grid;
      grid-template-columns: fit-content(40%) minmax(0, 1fr);
      gap: 0.35em 1em;
    }
    [part~='route'] li {
      grid-column: 1 / -1;
      display: grid;
      grid-template-columns: subgrid;
      align-items: baseline;
    }
    .route-arrow {
      display: none;
    }
  }
  ul.plain {
    list-style: none;
    padding: 0;
    margin: 0;
  }

  /* Progress summary: where the shipment is, the latest event and the next, first in the result. */
  [part~='progress'] {
    display: grid;
    gap: 0.4em;
    border-inline-start: 4px solid var(--_accent);
  }
  .progress-now {
    margin: 0;
    font-size: 1.1em;
    font-weight: 700;
  }
  [part~='progress-jump'] {
    justify-self: start;
  }
  /* The progress line (progress-line.ts): a column per stop, its dot in the middle and half of
     each leg either side, so it runs start to end in either direction. Its height is fixed, and
     the outline of a lookup (lookup/skeleton.ts) holds it. */
  .progress-line {
    --_at: var(--_accent);
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: minmax(0, 1fr);
    block-size: 2.5em;
    overflow: hidden;
  }
  .progress-line[data-position='held'] {
    --_at: var(--_warn);
  }
  .progress-line[data-position='delivered'] {
    --_at: var(--_ok);
  }
  .line-stop {
    position: relative;
    display: grid;
    grid-template-rows: 1.2em 1.3em;
    justify-items: center;
    align-items: center;
  }
  .line-stop::before,
  .line-stop::after {
    content: '';
    position: absolute;
    inset-block-start: 0.5em;
    inset-inline: 0 50%;
    block-size: 0.2em;
    background: var(--_border);
  }
  .line-stop::after {
    inset-inline: 50% 0;
  }
  .line-stop:first-child::before,
  .line-stop:last-child::after {
    content: none;
  }
  [data-stage='done']::after,
  [data-stage='leaving']::after,
  [data-stage='done'] + .line-stop::before {
    background: var(--_accent);
  }
  .line-dot {
    position: relative;
    z-index: 1;
    inline-size: 0.8em;
    block-size: 0.8em;
    border-radius: 50%;
    background: var(--_bg);
    border: 2px solid var(--_muted);
  }
  [data-stage='done'] .line-dot,
  [data-stage='leaving'] .line-dot {
    background: var(--_accent);
    border-color: var(--_accent);
  }
  /* Where the cargo is: a ring round its stop, or a marker halfway along its leg. */
  [data-stage='current'] .line-dot,
  .line-marker {
    background: var(--_at);
    border-color: var(--_at);
    box-shadow: 0 0 0 0.25em color-mix(in srgb, var(--_at) 30%, transparent);
  }
  .line-marker {
    position: absolute;
    z-index: 2;
    inset-block-start: 0.15em;
    inset-inline-end: -0.45em;
    inline-size: 0.9em;
    block-size: 0.9em;
    border-radius: 50%;
    border: 2px solid var(--_bg);
  }
  .line-name {
    max-inline-size: 100%;
    padding-inline: 0.25em;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: 0.8em;
    color: var(--_muted);
  }
  [data-stage='current'] .line-name {
    color: var(--_text);
    font-weight: 650;
  }
  @container summary (max-width: 36em) {
    .stop-time {
      grid-column: 2;
    }
  }

  /* Unit switcher */
  .units {
    margin-block-end: var(--_gap);
  }
  .unit-buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em;
  }
  .units button {
    display: grid;
    justify-items: start;
    text-align: start;
    gap: 0.1em;
    padding-block: 0.35em;
  }
  .unit-id {
    font-weight: 700;
  }
  .unit-type,
  .unit-status {
    font-size: 0.875em;
  }
  .units button[aria-pressed='false'] {
    background: transparent;
    color: var(--_text);
  }

  /* Timeline */
  [part~='milestones'] {
    list-style: none;
    margin: 0;
    padding: 0;
    position: relative;
  }
  [part~='milestone'] {
    position: relative;
    /* Logical: in right-to-left pages the line and the dots move to the right with the padding. */
    padding-block: 0 0.9em;
    padding-inline: 1.75em 0;
    border-inline-start: 2px solid var(--_border);
    margin-inline-start: 0.5em;
  }
  [part~='milestone']:last-child {
    border-inline-start-color: transparent;
  }
  [part~='milestone']::before {
    content: '';
    position: absolute;
    inset-inline-start: -0.45em;
    inset-block-start: 0.25em;
    width: 0.8em;
    height: 0.8em;
    border-radius: 50%;
    background: var(--_bg);
    border: 2px solid var(--_muted);
  }
  /* The earlier-events buttons keep clear of the first dot under them. */
  [part~='history-toggle'],
  [part~='history-fold'] {
    margin-block-end: 1em;
  }
  [part~='milestone'][data-kind='actual']::before {
    background: var(--_accent);
    border-color: var(--_accent);
  }
  [part~='milestone'][data-current]::before {
    box-shadow: 0 0 0 4px color-mix(in srgb, var(--_accent) 30%, transparent);
  }
  [part~='milestone'][data-kind='planned'] .milestone-title,
  [part~='milestone'][data-kind='estimated'] .milestone-title {
    font-weight: 500;
  }
  .milestone-title {
    font-weight: 650;
  }
  .milestone-meta,
  .stop-time {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .kind-tag {
    display: inline-block;
    font-size: 0.75em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    padding: 0 0.4em;
    border-radius: 4px;
    border: 1px solid currentColor;
    margin-inline-start: 0.4em;
    vertical-align: 0.1em;
  }
  .current-tag {
    font-weight: 700;
    color: var(--_accent);
  }
  [part~='milestone'][data-superseded] .milestone-title {
    text-decoration: line-through;
  }
  /* Earlier use of the container and this shipment's journey, set apart in the history. */
  .journey-divider {
    list-style: none;
    margin-block: 0.75em;
    padding-block: 0.25em;
    border-block-end: 1px solid var(--_muted);
    color: var(--_muted);
    font-size: 0.85em;
    font-weight: 650;
  }
  /* Link, share and calendar buttons (view/share/), under the progress summary. */
  .share {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em;
  }
  .share-field {
    display: grid;
    gap: 0.25em;
    flex-basis: 100%;
  }
  .share-field input {
    min-height: var(--_control-height);
    padding-inline: 0.5em;
    border: 1px solid var(--_control-border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_bg);
  }
  /* Said on paper only: which number this is, and when it was printed. */
  [part~='printed'] {
    display: none;
  }
  @media print {
    .share,
    [part~='units'] {
      display: none !important;
    }
    [part~='printed'] {
      display: block;
      order: -1;
      margin: 0;
    }
    /* The map as drawn, under the summary, across the page. */
    .panels.with-map {
      grid-template-columns: minmax(0, 1fr);
      grid-template-areas: 'summary' 'details' 'map' 'history';
    }
    [part~='eta'] {
      border: 1px solid var(--_border);
    }
    [part~='milestone'] {
      break-inside: avoid;
    }
    [part~='milestone']::before,
    .line-stop::before,
    .line-stop::after,
    .line-dot,
    .line-marker {
      print-color-adjust: exact;
      -webkit-print-color-adjust: exact;
    }
  }
`;
