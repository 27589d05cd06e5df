import { html, type TemplateResult } from 'lit';

/** What the live regions say: a sentence, urgent (`role="alert"`) or polite. */
export interface Announcement {
  readonly text: string;
  readonly urgent: boolean;
}

/** Nothing to say yet: before any lookup, and while the lookup's code downloads. */
export const SILENT: Announcement = { text: '', urgent: false };

/**
 * The two live regions, rendered from the first update on and never removed, so that
 * a screen reader is already watching them when their text changes. Visually hidden:
 * the notice shows the same words. In the first load, so that the regions exist before
 * the lookup's code (which says what they announce, see `notice.ts`) has arrived.
 */
export function renderAnnouncer({ text, urgent }: Announcement): TemplateResult {
  return html`<div class="visually-hidden" part="announcer">
    <div role="status" aria-live="polite" aria-atomic="true">${urgent ? '' : text}</div>
    <div role="alert" aria-atomic="true">${urgent ? text : ''}</div>
  </div>`;
}
