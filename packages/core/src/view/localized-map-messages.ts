import type { Localizer } from '../i18n/localizer.js';
import { formatList } from '../format/list.js';
import { englishMapMessages, relativeTime, type MapMessages } from './map-messages.js';

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
    // The arrow points the way the text runs.
    routeSummary: (stops) => l.t('map.route', { stops: stops.join(l.dir === 'rtl' ? ' ← ' : ' → ') }),
    positionSummary: (w) => {
      const details = [...w.details, ...(w.reported === undefined ? [] : [l.t('map.reported', { ago: w.reported })])];
      return l.t('map.position', {
        kind: w.kind,
        label: w.name,
        at: w.at,
        details: details.length ? `, ${formatList(details, l.locale)}` : '',
      });
    },
  };
}
