/**
 * The design tokens of both elements, as data: the styles are generated from this
 * table, and a Node test computes the contrast of every text/background pair from it,
 * so the documented defaults and the checked defaults cannot drift apart.
 */

export interface ColourToken {
  /** Private name inside the shadow root (`--_text`). */
  readonly id: string;
  /** Public suffix: `--tracker-<name>`, `--ocean-tracker-<name>`, `--air-tracker-<name>`. */
  readonly name: string;
  readonly light: string;
  readonly dark: string;
  /**
   * Unset in the light palette, the page's own colour (inherited), and `light` is then the page
   * colour the contrast checks and the configurator assume; the dark palette sets `dark`.
   */
  readonly inherited?: true;
}

export const colourTokens = [
  // The page's text colour in the light palette, so the element reads as part of the page.
  { id: 'text', name: 'text-color', light: '#1a1f29', dark: '#e8ebf0', inherited: true },
  { id: 'muted', name: 'muted-color', light: '#525b6b', dark: '#a9b1bf' },
  { id: 'bg', name: 'background', light: '#ffffff', dark: '#141922' },
  { id: 'surface', name: 'surface-color', light: '#f4f6f9', dark: '#1e2531' },
  // Decorative lines (panel edges, the timeline rail): no contrast requirement.
  { id: 'border', name: 'border-color', light: '#d5dae2', dark: '#394354' },
  // The edge of inputs and selects identifies a control, so it needs 3:1 (WCAG 1.4.11).
  { id: 'control-border', name: 'control-border-color', light: '#6b7384', dark: '#7d889b' },
  { id: 'accent', name: 'accent-color', light: '#0b5cad', dark: '#7db6ff' },
  { id: 'accent-text', name: 'accent-text-color', light: '#ffffff', dark: '#0b1320' },
  { id: 'ok', name: 'success-color', light: '#17733a', dark: '#6fd08f' },
  { id: 'warn', name: 'warning-color', light: '#8a5300', dark: '#f2c066' },
  { id: 'danger', name: 'danger-color', light: '#b3261e', dark: '#ff8a80' },
] as const satisfies readonly ColourToken[];

export type ColourId = (typeof colourTokens)[number]['id'];

/** Sizes, with the compact density's value beside the default. */
export const sizeTokens = [
  { id: 'radius', name: 'radius', comfortable: '8px', compact: '6px' },
  { id: 'gap', name: 'spacing', comfortable: '16px', compact: '10px' },
  { id: 'control-height', name: 'control-height', comfortable: '44px', compact: '32px' },
] as const;

/**
 * Text drawn on a background, as the styles use them. `mix` is a badge-style tint:
 * `color-mix(in srgb, <mix.of> <mix.percent>%, <background>)`.
 */
export interface ColourPair {
  readonly text: ColourId;
  readonly background: ColourId;
  readonly mix?: { readonly of: ColourId; readonly percent: number };
  /** 4.5 for text, 3 for large/bold-only text and control boundaries. */
  readonly minimum: number;
  readonly where: string;
}

export const colourPairs: readonly ColourPair[] = [
  { text: 'text', background: 'bg', minimum: 4.5, where: 'body text' },
  { text: 'text', background: 'surface', minimum: 4.5, where: 'notices, ETA box, advice' },
  { text: 'muted', background: 'bg', minimum: 4.5, where: 'secondary text, timeline times' },
  { text: 'muted', background: 'surface', minimum: 4.5, where: 'countdown in a notice' },
  { text: 'accent', background: 'bg', minimum: 4.5, where: 'secondary buttons, current-step tag' },
  { text: 'accent', background: 'surface', minimum: 4.5, where: 'secondary button in a notice' },
  { text: 'accent-text', background: 'accent', minimum: 4.5, where: 'primary buttons' },
  { text: 'warn', background: 'bg', minimum: 4.5, where: 'delay sentence' },
  { text: 'warn', background: 'surface', minimum: 4.5, where: 'delay sentence in the ETA box' },
  { text: 'danger', background: 'bg', minimum: 4.5, where: 'error accents' },
  { text: 'ok', background: 'bg', minimum: 4.5, where: 'success accents' },
  { text: 'text', background: 'bg', mix: { of: 'accent', percent: 14 }, minimum: 4.5, where: 'status badge' },
  { text: 'text', background: 'bg', mix: { of: 'ok', percent: 14 }, minimum: 4.5, where: 'arrived/delivered badge' },
  {
    text: 'text',
    background: 'bg',
    mix: { of: 'warn', percent: 14 },
    minimum: 4.5,
    where: 'delay, hold and re-booking badges; status badge in the warning tone',
  },
  {
    text: 'text',
    background: 'bg',
    mix: { of: 'danger', percent: 14 },
    minimum: 4.5,
    where: 'cancellation badge; status badge in the danger tone',
  },
  { text: 'danger', background: 'bg', mix: { of: 'danger', percent: 10 }, minimum: 3, where: 'cancellation banner edge' },
  { text: 'warn', background: 'bg', mix: { of: 'warn', percent: 10 }, minimum: 3, where: 'hold, delay and re-booking banner edge' },
  { text: 'warn', background: 'bg', mix: { of: 'warn', percent: 14 }, minimum: 3, where: 'status badge edge in the warning tone' },
  { text: 'danger', background: 'bg', mix: { of: 'danger', percent: 14 }, minimum: 3, where: 'status badge edge in the danger tone' },
  { text: 'text', background: 'bg', mix: { of: 'warn', percent: 10 }, minimum: 4.5, where: 'hold, delay and re-booking banner' },
  { text: 'muted', background: 'bg', mix: { of: 'warn', percent: 10 }, minimum: 4.5, where: 'affected leg in a warning banner' },
  { text: 'text', background: 'bg', mix: { of: 'danger', percent: 10 }, minimum: 4.5, where: 'cancellation banner' },
  { text: 'muted', background: 'bg', mix: { of: 'danger', percent: 10 }, minimum: 4.5, where: 'affected leg in a cancellation banner' },
  { text: 'control-border', background: 'bg', minimum: 3, where: 'input and select edges' },
  { text: 'accent', background: 'bg', minimum: 3, where: 'focus outline' },
];
