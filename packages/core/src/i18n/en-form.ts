/**
 * English, first part: what an element shows before any shipment is on screen (the form,
 * the notices, the announcements). Always bundled; see en.ts for the whole catalogue.
 */
export const enForm = {
  // Form
  'form.label.ocean': 'Container, bill of lading or booking number',
  'form.label.air': 'Air waybill number',
  'form.placeholder.ocean': 'e.g. MEDU9091004',
  'form.placeholder.air': 'e.g. 176-22817340',
  'form.carrier': 'Carrier',
  'form.carrier.auto': 'Detect automatically',
  'form.submit': 'Track',
  'form.empty': 'Enter a number to track.',
  'form.checkDigit.container': '{number} looks like a container number, but its check digit should be {expected}. Please check the number.',
  'form.checkDigit.awb': 'The last digit of {number} should be {expected}. Please check the number.',
  'form.shape.ocean':
    '{number} does not look like a container, bill of lading or booking number: those are 6 to 20 letters and digits, such as MEDU9091004. Please check the number.',
  'form.shape.air':
    '{number} does not look like an air waybill number: a three-digit airline prefix and eight digits, such as 176-22817340. Please check the number.',
  'form.trackAnyway': 'Track anyway',
  'form.containerRequired': '{carrier} needs the container number to track a {kind}. If you have it, track the container number instead.',
  'form.airline': 'Airline: {name}',
  'form.airline.unknown': 'Prefix {prefix} is not an airline we know.',

  // Notices
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
  'notice.unauthorized': 'Tracking is not available right now.',
  'notice.noCredits': 'Tracking is not available on this site right now.',
  'notice.usageLimit': 'This site has reached its tracking limit for the month.',
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
  'notice.displayUnavailable': 'This tracker could not load the part that shows the shipment. Check your connection and try again.',
  'notice.tryAgain': 'Try again',
  /** Said once by the live region when a shipment is shown. */
  'announce.loaded': 'Found {number}. Status: {status}.',

  'reference.container': 'Container',
  'reference.bill_of_lading': 'Bill of lading',
  'reference.booking': 'Booking',
  'reference.awb': 'Air waybill',
} as const;
