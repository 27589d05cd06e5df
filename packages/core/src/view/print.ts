/**
 * What a printed result needs besides its print styles (shipment-styles.ts): the whole history,
 * not the window of it on screen, and a line that says which number this is and when it was
 * printed. Printing is followed both ways a browser says it: `beforeprint` (the print dialog) and
 * the `print` media query (a print preview, or an emulated medium).
 */
import { html, type TemplateResult } from 'lit';
import type { ShipmentView } from '../contracts/view-model.js';
import type { RenderContext } from '../contracts/render-context.js';

/**
 * Whether the page is being printed, for every element on it: one set of listeners on the window
 * for the page, and each element's `changed` held weakly, so that an element taken off the page
 * is not kept alive by them (a page that mounts and unmounts trackers would otherwise gather them).
 */
const printMedia = globalThis.matchMedia?.('print');
let printing = printMedia?.matches ?? false;
let watchers: Set<WeakRef<() => void>> | undefined;

function setPrinting(now: boolean): void {
  if (now === printing) return;
  printing = now;
  for (const watcher of watchers ?? []) {
    const changed = watcher.deref();
    if (changed) changed();
    else watchers?.delete(watcher);
  }
}

/**
 * Whether the page is being printed now; `changed` is called at each change, to render again. The
 * caller keeps `changed` alive for as long as it wants to hear (it is held weakly here).
 */
export function watchPrinting(changed: () => void): () => boolean {
  if (!watchers) {
    watchers = new Set();
    printMedia?.addEventListener('change', () => setPrinting(printMedia.matches));
    globalThis.addEventListener?.('beforeprint', () => setPrinting(true));
    globalThis.addEventListener?.('afterprint', () => setPrinting(printMedia?.matches ?? false));
  }
  watchers.add(new WeakRef(changed));
  return () => printing;
}

/** Shown on paper only: the number and the time of printing, in the reader's language and zone. */
export function renderPrinted(view: ShipmentView, ctx: RenderContext): TemplateResult {
  const time = new Intl.DateTimeFormat(ctx.l.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ctx.now);
  return html`<p part="printed">${ctx.l.t('print.printed', { number: view.shipment.reference, time })}</p>`;
}
