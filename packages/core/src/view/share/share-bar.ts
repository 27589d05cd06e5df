/**
 * The result's "Copy link", "Share" and "Add to calendar" buttons (issue 41). Their words and this
 * module come with the shipment view; the calendar file's builder (`use/calendar.ts`) is downloaded
 * when the button is pressed. What they did is said through the element's live region
 * (`announcement`), and a link that could not be copied or shared is put in a field to copy by hand.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Announcement } from '../../first/element/announcer.js';
import type { TimeFact } from '../../contracts/journey.js';
import type { ShipmentView } from '../../contracts/view-model.js';
import type { RenderContext } from '../../contracts/render-context.js';
import type { ShareTarget } from '../../contracts/share-target.js';

/**
 * The link that opens this page on this number: the page's own address with the number in the
 * parameter the element reads (as `sync-url` writes it), built the same way with `sync-url` off.
 */
export function deepLink(pageUrl: string, { param, number }: ShareTarget): string {
  const url = new URL(pageUrl);
  url.searchParams.set(param, number);
  return url.href;
}

export interface ShareBar {
  render(view: ShipmentView, ctx: RenderContext, target: ShareTarget, arrival: TimeFact | undefined): TemplateResult;
  /** What the live region says after the visitor's last action here; undefined when nothing was done since the last lookup. */
  readonly announcement: Announcement | undefined;
  /** A new shipment on display: what was said about the last one is over. */
  reset(): void;
}

/**
 * The field of a link to copy by hand, focused and selected once it is drawn (after this task: the
 * element renders in a microtask), so that one keystroke copies it.
 */
function selectField(from: EventTarget | null): void {
  const root = (from as Node | null)?.getRootNode() as ParentNode | undefined;
  setTimeout(() => {
    const field = root?.querySelector<HTMLInputElement>('[part~="share-field"]');
    field?.focus();
    field?.select();
  });
}

export function createShareBar(requestUpdate: () => void): ShareBar {
  let announcement: Announcement | undefined;
  /** The link shown in a field because the clipboard or the share sheet refused it. */
  let fallback: string | undefined;
  const say = (text: string, urgent = false): void => {
    announcement = { text, urgent };
    requestUpdate();
  };
  const offerField = (link: string, ctx: RenderContext, from: EventTarget | null): void => {
    fallback = link;
    say(ctx.l.t('share.copyFailed'), true);
    selectField(from);
  };

  const copy = async (link: string, ctx: RenderContext, from: EventTarget | null): Promise<void> => {
    try {
      // Absent outside a secure context, refused without permission or focus: each ends in the field.
      await navigator.clipboard.writeText(link);
      fallback = undefined;
      say(ctx.l.t('share.copied'));
    } catch {
      offerField(link, ctx, from);
    }
  };

  const share = async (link: string, title: string, ctx: RenderContext, from: EventTarget | null): Promise<void> => {
    try {
      await navigator.share({ title, url: link });
    } catch (error) {
      // The visitor closed the sheet: nothing went wrong, and nothing is said.
      if (!(error instanceof DOMException && error.name === 'AbortError')) offerField(link, ctx, from);
    }
  };

  const addToCalendar = (view: ShipmentView, arrival: TimeFact, link: string, target: ShareTarget, ctx: RenderContext): void => {
    import('../../use/calendar.js')
      .then(({ downloadArrival }) => downloadArrival(view, arrival, link, target, ctx))
      .then(
        () => say(ctx.l.t('calendar.saved')),
        () => say(ctx.l.t('calendar.failed'), true),
      );
  };

  return {
    get announcement() {
      return announcement;
    },
    reset() {
      announcement = undefined;
      fallback = undefined;
    },
    render(view, ctx, target, arrival) {
      const { l } = ctx;
      const link = deepLink(globalThis.location.href, target);
      const title = l.t('shipment.heading', { number: view.shipment.reference });
      const canShare = typeof navigator.share === 'function';
      // A day or time still to come; an arrival that happened needs no reminder.
      const upcoming = arrival && arrival.kind !== 'actual' && !view.journey.delivery ? arrival : undefined;
      return html`<div class="share" part="share" role="group" aria-label=${l.t('share.group')}>
        <button type="button" class="secondary" part="share-button" @click=${(e: Event) => void copy(link, ctx, e.currentTarget)}>
          ${l.t('share.copy')}
        </button>
        ${
          canShare
            ? html`<button
                type="button"
                class="secondary"
                part="share-button"
                @click=${(e: Event) => void share(link, title, ctx, e.currentTarget)}
              >
                ${l.t('share.share')}
              </button>`
            : nothing
        }
        ${
          upcoming
            ? html`<button
                type="button"
                class="secondary"
                part="calendar-button"
                @click=${() => addToCalendar(view, upcoming, link, target, ctx)}
              >
                ${l.t('calendar.add')}
              </button>`
            : nothing
        }
        ${
          fallback === link
            ? html`<label class="share-field"
                >${l.t('share.field')} <input part="share-field" readonly .value=${link} @focus=${selectAll}
              /></label>`
            : nothing
        }
      </div>`;
    },
  };
}

function selectAll(event: FocusEvent): void {
  (event.currentTarget as HTMLInputElement).select();
}
