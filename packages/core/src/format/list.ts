const lists = new Map<string, Intl.ListFormat>();

/**
 * "Port of loading, Transshipment" with the locale's own separator: "、" in Japanese and Chinese,
 * "و" in Arabic (CLDR's narrow conjunction, which English writes with commas and no "and").
 */
export function formatList(items: readonly string[], locale: string): string {
  let list = lists.get(locale);
  if (!list) {
    list = new Intl.ListFormat(locale, { style: 'narrow', type: 'conjunction' });
    lists.set(locale, list);
  }
  return list.format(items);
}
