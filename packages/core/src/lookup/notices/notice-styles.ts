import { css } from 'lit';

/**
 * The styles of what only the lookup's code shows: the form's advice on a submitted number, the
 * warning notices, the notices' buttons and countdowns, and the secondary buttons ("Track anyway",
 * and the timeline's history buttons: the shipment is shown by the lookup's code too). Adopted with
 * the lookup's code, which renders all of them; the notice box itself is in styles.ts, for the
 * notice that this code could not be downloaded.
 */
export const noticeStyles = css`
  .advice {
    grid-column: 1 / -1;
    margin: 0;
    padding: 0.5em 0.75em;
    border-inline-start: 4px solid var(--_warn);
    background: var(--_surface);
    color: var(--_text);
  }
  [part~='notice'][data-tone='warning'] {
    border-inline-start-color: var(--_warn);
  }
  [part~='notice'] button {
    justify-self: start;
  }
  .countdown {
    font-variant-numeric: tabular-nums;
    color: var(--_muted);
  }
  button.secondary {
    background: transparent;
    color: var(--_accent);
  }
  /* Printing comes with the lookup's code: what is worth printing is a lookup's answer. */
  @media print {
    /* Paper is white whatever the theme: a dark theme's light grey text would vanish on it. */
    :host,
    :host([theme]) {
      --_text: #000;
      --_muted: #333;
      --_bg: #fff;
      --_surface: #fff;
      --_border: #888;
      --_accent: #000;
      --_ok: #000;
      --_warn: #000;
      --_danger: #000;
      color-scheme: light;
      border: none;
      padding: 0;
      color: #000;
      background: #fff;
      font-size: 11pt;
    }
    /* The shipment's own print rules come with its styles (shipment-styles.ts). */
    form,
    button {
      display: none !important;
    }
    [part~='notice'] {
      border: 1px solid var(--_border);
    }
    [part~='notice-info'],
    .countdown {
      display: none !important;
    }
  }
`;
