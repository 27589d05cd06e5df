import { css, unsafeCSS, type CSSResult } from 'lit';
import { colourTokens, sizeTokens } from './tokens.js';

/** `--_accent: var(--ocean-tracker-accent-color, var(--tracker-accent-color, var(--_default-accent)))`, … */
function resolvedTokens(prefixes: readonly string[]): string {
  const chain = (id: string, name: string) =>
    prefixes.reduceRight((fallback, prefix) => `var(--${prefix}-${name}, ${fallback})`, `var(--_default-${id})`);
  return [...colourTokens, ...sizeTokens].map((t) => `--_${t.id}: ${chain(t.id, t.name)};`).join('\n');
}

// An inherited token has no default in the light palette: unset, `var()` of it is invalid, and so
// the property inherits the page's. The dark palette gives it one: its surfaces are dark whatever
// the page is, so the page's (most often dark) text would not be read on them.
const themed = colourTokens.filter((t) => !('inherited' in t));

// Built from the constant token table only, never from page input, so unsafeCSS is safe here.
const themeStyles = unsafeCSS(`
  :host {
    ${themed.map((t) => `--_default-${t.id}: ${t.light};`).join('\n')}
    ${sizeTokens.map((t) => `--_default-${t.id}: ${t.comfortable};`).join('\n')}
    ${resolvedTokens(['tracker'])}
  }
  :host([theme='dark']) {
    ${colourTokens.map((t) => `--_default-${t.id}: ${t.dark};`).join('\n')}
    color-scheme: dark;
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      ${colourTokens.map((t) => `--_default-${t.id}: ${t.dark};`).join('\n')}
      color-scheme: dark;
    }
  }
  :host([density='compact']) {
    ${sizeTokens.map((t) => `--_default-${t.id}: ${t.compact};`).join('\n')}
  }
`);

/**
 * An element's own overrides: `elementTokenStyles('ocean-tracker')` makes every
 * `--ocean-tracker-<token>` win over `--tracker-<token>` for that element alone. Goes
 * after `trackerStyles` in the element's `styles`.
 */
export function elementTokenStyles(tag: string): CSSResult {
  if (!/^[a-z][a-z0-9-]*$/.test(tag)) throw new Error(`not a tag name: ${tag}`);
  return unsafeCSS(`:host { ${resolvedTokens([tag, 'tracker'])} }`);
}

/**
 * Shared look of both elements. Every colour, size and font is a `--tracker-*`
 * custom property with a default, so a host page themes both elements at once;
 * element-specific overrides (`--ocean-tracker-*`, `--air-tracker-*`) are mapped
 * onto these tokens in each element's own styles.
 */
export const trackerStyles = css`
  ${themeStyles}
  :host {
    --_focus: var(--tracker-focus-ring, 2px solid var(--_accent));
    display: block;
    color: var(--_text);
    background: var(--_bg);
    /* The page's type: unset, these are invalid and so inherit (as the text colour does). */
    font-family: var(--tracker-font-family);
    font-size: var(--tracker-font-size);
    /*
     * What the page's text setting would only scatter in a layout built for it: a centred, spaced,
     * uppercase or unwrapped page (Vite's starter centres #root) keeps the element's own.
     */
    line-height: 1.45;
    text-align: start;
    text-indent: 0;
    text-transform: none;
    letter-spacing: normal;
    word-spacing: normal;
    white-space: normal;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_gap);
    box-sizing: border-box;
  }
  :host([hidden]) {
    display: none;
  }
  /*
   * The width the element asks for where its container asks its content (a flex row, a grid auto
   * track, inline-block, a table cell, a float): room for the form at the least, for the wide
   * layout at the most. The layout queries the frame, not the host: a query container has no
   * width of its own to offer, so as the host it collapsed to its padding there.
   */
  :host::before {
    content: '';
    display: grid;
    grid-template-columns: minmax(16em, 60em);
    block-size: 0;
    overflow: clip;
  }
  .frame {
    display: block;
    container: tracker / inline-size;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  p {
    margin-block: 0 0.5em;
    margin-inline: 0;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  button,
  input,
  select {
    font: inherit;
    color: inherit;
  }
  button {
    cursor: pointer;
    border-radius: calc(var(--_radius) * 0.75);
    border: 1px solid var(--_accent);
    background: var(--_accent);
    color: var(--_accent-text);
    padding: 0.5em 1em;
    min-height: var(--_control-height);
  }
  button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  [tabindex]:focus-visible {
    outline: var(--_focus);
    outline-offset: 2px;
  }

  /* Form */
  form {
    display: grid;
    gap: 0.5em var(--_gap);
    grid-template-columns: 1fr;
    margin-block-end: var(--_gap);
  }
  .field {
    display: grid;
    gap: 0.25em;
  }
  label {
    font-weight: 600;
    font-size: 0.9em;
  }
  input,
  select {
    width: 100%;
    min-height: var(--_control-height);
    padding: 0.5em 0.75em;
    border: 1px solid var(--_control-border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_bg);
  }
  .form-actions {
    align-self: end;
  }
  /* A hint whose text comes after the form is drawn (the airline, once the airline list is in)
     holds its line from the start, so nothing under the form moves when it fills in. */
  .hint[role='status'] {
    min-block-size: 1lh;
  }
  .hint {
    color: var(--_muted);
    font-size: 0.875em;
    margin: 0;
  }
  /*
   * The carrier picker shows whole names. Where a select may be styled (appearance: base-select),
   * the picked name and the options wrap instead of being cut; elsewhere a name too long for a
   * phone is cut. The select mirrors with the element whatever the script of the name picked,
   * which reads in its own direction (the options have dir=auto).
   */
  @supports (appearance: base-select) {
    select,
    ::picker(select) {
      appearance: base-select;
    }
    select {
      white-space: normal;
    }
    ::picker(select) {
      background: var(--_bg);
      color: var(--_text);
      border-color: var(--_control-border);
    }
  }
  @container tracker (min-width: 560px) {
    form {
      /* The carrier gets the larger share: its names are longer than any number. */
      grid-template-columns: minmax(0, 1fr) minmax(0, 1.6fr) auto;
      align-items: end;
    }
    form.single {
      grid-template-columns: 1fr auto;
    }
  }

  /* A lookup's room until its code brings the outline of the result (lookup/skeleton.ts), which
     is taller than a screen: what is under the element stays where it will be. */
  .skeleton-room {
    min-block-size: 100svh;
  }

  /* Notices: what the configuration notice needs; the rest comes with the lookup's code (notice-styles.ts). */
  [part~='notice'] {
    display: grid;
    gap: 0.5em;
    padding: 0.75em 1em;
    border-radius: var(--_radius);
    background: var(--_surface);
    border-inline-start: 4px solid var(--_accent);
    margin-block-end: var(--_gap);
  }
  [part~='notice'][data-tone='error'] {
    border-inline-start-color: var(--_danger);
  }
  [part~='notice'] p {
    margin: 0;
  }

  @media (prefers-reduced-motion: no-preference) {
    button {
      transition: background-color 120ms ease;
    }
  }
`;
