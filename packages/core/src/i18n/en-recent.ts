/**
 * English, fourth part: the numbers `remember` keeps on this device (use/recent-list.ts), which
 * registers it when it loads: only a page with `remember` downloads it.
 */
export const enRecent = {
  'recent.title': 'Recent on this device',
  'recent.remove': 'Remove',
  'recent.removeNumber': 'Remove {number}',
  'recent.forgetAll': 'Forget all',
} as const;
