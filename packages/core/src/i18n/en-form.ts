/**
 * English, first part: what an element shows before any lookup (the form, the configuration
 * notices). Always bundled; see en.ts for the whole catalogue.
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

  // Notices that need no lookup (the others are in en-notices.ts)
  'notice.misconfigured': 'This tracker is not set up yet: the {attribute} attribute is missing.',
  'notice.unusableUrl': 'This tracker is not set up correctly: the {attribute} attribute must be a web address (https://…) or a path.',
  'notice.displayUnavailable': 'This tracker could not load the part that shows the shipment. Check your connection and try again.',

  'reference.container': 'Container',
  'reference.bill_of_lading': 'Bill of lading',
  'reference.booking': 'Booking',
  'reference.awb': 'Air waybill',
} as const;
