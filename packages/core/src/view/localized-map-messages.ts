import type { Localizer } from '../i18n/localizer.js';
import { formatList } from '../format/list.js';
import { englishMapMessages, relativeTime, type MapMessages } from '../map/map-messages.js';

/**
 * The map's words in the element's language, from the element's catalogue. Built once
 * per locale: the map redraws its layers when it gets a new messages object.
 */
export function mapMessagesFor(l: Localizer): MapMessages {
  return {
    ...englishMapMessages,
    mapLabel: l.t('map.label'),
    interactHint: l.t('map.hint'),
    vessel: l.t('map.vessel'),
    aircraft: l.t('map.aircraft'),
    role: (role) => l.t(`role.${role}`),
    list: (items) => formatList(items, l.locale),
    // Rounded first, so the plural form agrees with the number shown ("1 knot", "1.4 knots").
    speed: (knots) => l.t('map.speed', { count: Math.round(knots * 10) / 10 }),
    course: (degrees) => l.t('map.course', { degrees: Math.round(degrees) }),
    altitude: (feet) => l.t('map.altitude', { feet: Math.round(feet) }),
    reportedAgo: (ms) => relativeTime(ms, l.locale),
    routeSummary: (stops) => {
      const [from = '', ...rest] = stops;
      const to = rest.pop();
      if (to === undefined) return l.t('map.route', { stops: from });
      return rest.length ? l.t('map.routeVia', { from, to, via: formatList(rest, l.locale) }) : l.t('map.routeFromTo', { from, to });
    },
    positionSummary: (w) => {
      const details = [...w.details, ...(w.reported === undefined ? [] : [l.t('map.reported', { ago: w.reported })])];
      const said = { kind: w.kind, label: w.name, details: details.length ? `, ${formatList(details, l.locale)}` : '' };
      if (w.where === undefined) return l.t('map.position', said);
      return 'near' in w.where
        ? l.t('map.position.near', { ...said, place: w.where.near })
        : l.t('map.position.between', { ...said, from: w.where.from, to: w.where.to });
    },
    roleDescription: l.t('map.roledescription'),
    keys: l.t('map.keys'),
    attribution: (source) => l.t('map.attribution', { source }),
    zoomIn: l.t('map.zoomIn'),
    zoomOut: l.t('map.zoomOut'),
  };
}
