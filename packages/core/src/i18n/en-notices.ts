/**
 * English, second part: what the notices say about a lookup (loading, waiting, failures). It
 * loads with the lookup's code (lookup/notices/notice.ts), which registers it; see en.ts for the whole catalogue.
 */
export const enNotices = {
  // The form's advice before sending (lookup/number-advice.ts), shown only once the visitor submits.
  'form.empty': 'Enter a number to track.',
  'form.checkDigit.container': '{number} looks like a container number, but its check digit should be {expected}. Please check the number.',
  'form.checkDigit.awb': 'The last digit of {number} should be {expected}. Please check the number.',
  'form.shape.ocean':
    '{number} does not look like a container, bill of lading or booking number: those are 6 to 20 letters and digits, such as MEDU9091004. Please check the number.',
  'form.shape.air':
    '{number} does not look like an air waybill number: a three-digit airline prefix and eight digits, such as 176-22817340. Please check the number.',
  'form.trackAnyway': 'Track anyway',
  // What the form says from the carrier or airline list, which loads with the lookup's code.
  'form.containerRequired': '{carrier} needs the container number to track a {kind}. If you have it, track the container number instead.',
  'form.airline': 'Airline: {name}',
  'form.airline.unknown': 'Prefix {prefix} is not an airline we know.',
  // The kinds of reference, for the list's requirement above and the shipment view.
  'reference.container': 'Container',
  'reference.bill_of_lading': 'Bill of lading',
  'reference.booking': 'Booking',
  'reference.awb': 'Air waybill',

  // A configuration problem: the element loads this code at once for it (its session also writes it to the console).
  'notice.misconfigured': 'This tracker is not set up yet: the {attribute} attribute is missing.',
  'notice.unusableUrl': 'This tracker is not set up correctly: the {attribute} attribute must be a web address (https://…) or a path.',

  'notice.loading': 'Looking up {number}…',
  'notice.stillLooking': 'Still looking. Some carriers take a little longer to answer.',
  'notice.pending': 'The carrier is slow to answer. We will check again automatically.',
  'notice.pending.countdown': 'Checking again in {countdown}.',
  'notice.checkingNow': 'Checking again now…',
  'notice.gaveUp': {
    one: 'The carrier has still not answered after {count} try.',
    other: 'The carrier has still not answered after {count} tries.',
  },
  /** 401 and 402 are the site's to fix: the visitor learns whose, and what they can do (nothing but wait or tell the site). */
  'notice.unauthorized': 'Tracking is not set up correctly on this site, so shipments cannot be looked up right now.',
  'notice.noCredits': 'Tracking is unavailable on this site for now, so shipments cannot be looked up.',
  'notice.siteSide': 'Nothing is wrong with your number, and there is nothing you need to do: please try again later, or contact the site.',
  'notice.usageLimit': 'Tracking is unavailable on this site for now.',
  'notice.usageLimit.resets': 'Tracking will be available again {when}.',
  'notice.rateLimited': 'Too many lookups right now. We will try again automatically.',
  'notice.rateLimited.gaveUp': 'Too many lookups right now, and the limit has not eased. Please try again in a few minutes.',
  'notice.rateLimited.countdown': 'Trying again in {countdown}.',
  'notice.notFound': 'We could not find {number}.',
  'notice.rejected': '{number} could not be tracked.',
  'notice.serviceSaid': 'The tracking service said: “{message}”',
  'notice.retrying': 'The tracking service did not answer. Retrying automatically (attempt {attempt} of {max}).',
  'notice.retrying.countdown': 'Retrying in {countdown}.',
  'notice.offline': 'You seem to be offline. We will try again when you are back online.',
  'notice.unavailable': 'The tracking service is not answering right now.',
  'notice.unexpected': 'The tracking service sent a response we could not read.',
  'notice.tryAgain': 'Try again',
  'notice.retrying.spoken': 'The tracking service did not answer. Retrying automatically.',
  'notice.notFound.ocean':
    'Check it against your documents: a container number is four letters and seven digits, painted on the container’s doors and printed on the bill of lading; bill of lading and booking numbers are printed on the carrier’s documents.',
  'notice.notFound.air':
    'Check it against your air waybill: a three-digit airline prefix and eight digits, printed at the top of the air waybill and on the label of each piece.',
  'notice.notFound.respelled': 'It may be listed as {number}.',
  'notice.trackNumber': 'Track {number}',
  'notice.notFound.carrier': 'If you know the carrier, choosing it can help.',
  'notice.chooseCarrier': 'Choose the carrier',

  // Live while open (lookup/refresh.ts): what a new ask of a result shown brought, said once by the
  // live region, and a new ask that failed, shown quietly above the result it keeps.
  'notice.news': 'New: {event}.',
  'notice.news.place': 'New: {event} at {place}.',
  'notice.news.status': 'New status: {status}.',
  'notice.refreshFailed': 'Could not update; this is the last result we received.',
} as const;
