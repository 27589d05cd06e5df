/**
 * What a printed result needs besides its print styles (shipment-styles.ts): the whole history,
 * not the window of it on screen, and a line that says which number this is and when it was
 * printed. Printing is followed both ways a browser says it: `beforeprint` (the print dialog) and
 * the `print` media query (a print preview, or an emulated medium).
 */
import { html, type TemplateResult } from 'lit';
import type { ShipmentView } from '../contracts/view-model.js';
import type { RenderContext } from '../contracts/render-context.js';

/** Whether the page is being printed now; `changed` is called at each change, to render again. */
export function watchPrinting(changed: () => void): () => boolean {
  const query = globalThis.matchMedia?.('print');
  let printing = query?.matches ?? false;
  const set = (now: boolean): void => {
    if (now === printing) return;
    printing = now;
    changed();
  };
  query?.addEventListener('change', () => set(query.matches));
  globalThis.addEventListener?.('beforeprint', () => set(true));
  globalThis.addEventListener?.('afterprint', () => set(query?.matches ?? false));
  return () => printing;
}

/** Shown on paper only: the number and the time of printing, in the reader's language and zone. */
export function renderPrinted(view: ShipmentView, ctx: RenderContext): TemplateResult {
  const time = new Intl.DateTimeFormat(ctx.l.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ctx.now);
  return html`<p part="printed">${ctx.l.t('print.printed', { number: view.shipment.reference, time })}</p>`;
}
