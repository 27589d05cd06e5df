/**
 * "Add to calendar": the arrival as an iCalendar file the browser downloads. Its own chunk,
 * downloaded when the button is pressed (see view/share/share-bar.ts).
 */
import { buildArrivalEvent } from './ics.js';
import type { ShareTarget } from '../contracts/share-target.js';
import type { TimeFact } from '../contracts/journey.js';
import type { ShipmentView } from '../contracts/view-model.js';
import type { RenderContext } from '../contracts/render-context.js';

export async function downloadArrival(
  view: ShipmentView,
  arrival: TimeFact,
  link: string,
  target: ShareTarget,
  ctx: RenderContext,
): Promise<void> {
  const { l } = ctx;
  const place = arrival.place ? view.map.places.get(arrival.place.code)?.label : undefined;
  const carrierLabel = l.t(ctx.product === 'air' ? 'shipment.airline' : 'shipment.carrier');
  const text = buildArrivalEvent({
    // One per number on this site: a file made after a change replaces the event (its SEQUENCE is higher).
    uid: `${ctx.product}-${target.number}@${globalThis.location.hostname || 'localhost'}`,
    stamp: ctx.now,
    start: arrival.time,
    summary: place ? l.t('calendar.summary', { number: target.number, place }) : l.t('calendar.summary.noPlace', { number: target.number }),
    location: place,
    description: [view.carrier ? `${l.t('shipment.labelled', { label: carrierLabel })} ${view.carrier}` : '', link]
      .filter(Boolean)
      .join('\n'),
    url: link,
  });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${target.number.replaceAll(/[^\w-]+/g, '-')}.ics`;
  a.click();
  // Kept a while: a browser may read the file only after this task (Firefox did), and it is small.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
