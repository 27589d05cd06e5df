/**
 * English, first part: what an element shows before any lookup (the form, the configuration
 * notices). Always bundled; see en.ts for the whole catalogue. The advice given when a submitted
 * number will not do comes with the lookup's code (en-notices.ts), and so does what the form says
 * once the carrier or airline list is here (the list's controller comes with that code too).
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

  // Notices that need no lookup (the others are in en-notices.ts)
  'notice.misconfigured': 'This tracker is not set up yet: the {attribute} attribute is missing.',
  'notice.unusableUrl': 'This tracker is not set up correctly: the {attribute} attribute must be a web address (https://…) or a path.',
  'notice.displayUnavailable': 'This tracker could not load the part that shows the shipment. Check your connection and try again.',
} as const;
