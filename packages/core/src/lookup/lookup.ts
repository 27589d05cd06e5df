/**
 * What an element loads with its first lookup (or when the form gets the focus), in parallel with
 * the shipment view: the lookup session that runs lookups and shows their answers, with the
 * tracking controller and the transport it drives (proxy client, outcomes, retry schedule,
 * Retry-After), the notices with their date and countdown formatting, the skeleton shown while a
 * lookup is in flight, the form's advice on a submitted number that will not do, and the carrier
 * or airline list's controller. None of it is needed before a number is known, so it stays out of
 * the first load, which holds the form and its styles.
 */
export { LookupSession } from './lookup-session.js';
export { ListController } from './list-controller.js';
import { skeletonStyles } from './skeleton.js';
import { noticeStyles } from './notice-styles.js';

export const lookupStyles = [skeletonStyles, noticeStyles];
export { renderAdvice } from './number-advice.js';
