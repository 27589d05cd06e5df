/**
 * English, first part: what an element shows before any lookup (the form, and the notice that the
 * lookup's code could not be downloaded). Always bundled; see en.ts for the whole catalogue. The
 * advice given when a submitted number will not do comes with the lookup's code (en-notices.ts), and
 * so do the configuration notices (a configuration problem loads that code at once) and what the form
 * says once the carrier or airline list is here (the list's controller comes with that code too).
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
  'form.searched': 'Searched {number}',

  // The notice shown when the lookup's code itself could not be downloaded (the others are in en-notices.ts)
  'notice.displayUnavailable': 'This tracker could not load the part that shows the shipment. Check your connection and try again.',
} as const;
