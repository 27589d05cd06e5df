// The words a form shows for an attribute: the WordPress block sidebar and the configurator both
// label their fields from here, so one attribute reads the same in both. An attribute not listed
// gets its own name as words ("poll-interval": "Poll interval"), so a new attribute has a label
// without anyone writing one; list it here when its name alone would read badly.
const LABELS: Readonly<Record<string, string>> = {
  'awb-number': 'Air waybill number',
  'carriers-url': 'Carrier list address',
  'sync-url': 'Keep the number in the page address',
  'tile-url': 'Map tile address',
  'url-param': 'Page address parameter',
  lang: 'Language',
};

export const attributeLabel = (attribute: string): string =>
  LABELS[attribute] ??
  attribute
    .split('-')
    .map((word, i) => (word === 'url' ? 'URL' : i === 0 ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
