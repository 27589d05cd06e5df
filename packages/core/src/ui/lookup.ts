/**
 * What an element loads with its first lookup, in parallel with the shipment view: the tracking
 * controller with the transport it drives (proxy client, outcomes, retry schedule, Retry-After)
 * and the notices with their date and countdown formatting, and the skeleton shown while a lookup
 * is in flight, and the form's advice on a submitted number that will not do. None of it is needed before a number is known, so it stays out of the first load,
 * which holds the form and its styles.
 */
export { TrackingController } from '../controllers/tracking-controller.js';
export { askProxy } from '../transport/proxy-client.js';
export { announcement, renderNotice } from './notice.js';
import { skeletonStyles } from './skeleton.js';
import { noticeStyles } from './notice-styles.js';

export const lookupStyles = [skeletonStyles, noticeStyles];
export { renderAdvice } from './number-advice.js';
