/**
 * What an element loads with its first lookup (or when the form gets the focus), in parallel with
 * the shipment view: the lookup controller that owns its lookups, with the transport it drives
 * (proxy client, outcomes, retry schedule, Retry-After) and the carrier or airline list, the notices
 * with their date and countdown formatting, the skeleton shown while a lookup is in flight, and the
 * form's advice on a submitted number that will not do. None of it is needed before a number is
 * known, so it stays out of the first load, which holds the form and its styles.
 */
export { LookupController } from './lookup-controller.js';
export { announcement, renderNotice } from './notices/notice.js';
import { skeletonStyles } from './notices/skeleton.js';
import { noticeStyles } from './notices/notice-styles.js';

export const lookupStyles = [skeletonStyles, noticeStyles];
export { renderAdvice } from './number-advice.js';
