import type { Localizer } from '../i18n/localizer.js';
import { englishMapMessages, relativeTime, type MapMessages } from '../map/map-messages.js';

/**
 * The map's words in the element's language, from the element's catalogue. Built once
 * per locale: the map redraws its layers when it gets a new messages object.
 */
export function mapMessagesFor(l: Localizer): MapMessages {
  const decimal = new Intl.NumberFormat(l.locale, { maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(l.locale, { maximumFractionDigits: 0 });
  const list = new Intl.ListFormat(l.locale, { style: 'narrow', type: 'unit' });
  return {
    ...englishMapMessages,
    mapLabel: l.t('map.label'),
    interactHint: l.t('map.hint'),
    vessel: l.t('map.vessel'),
    aircraft: l.t('map.aircraft'),
    role: (role) => l.t(`role.${role}`),
    speed: (knots) => l.t('map.speed', { speed: decimal.format(knots) }),
    course: (degrees) => l.t('map.course', { degrees: whole.format(degrees) }),
    altitude: (feet) => l.t('map.altitude', { feet: whole.format(feet) }),
    reportedAgo: (ms) => relativeTime(ms, l.locale),
    // The arrow points the way the text runs.
    routeSummary: (stops) => l.t('map.route', { stops: stops.join(l.dir === 'rtl' ? ' ← ' : ' → ') }),
    positionSummary: (w) => {
      const details = [...w.details, ...(w.reported === undefined ? [] : [l.t('map.reported', { ago: w.reported })])];
      return l.t('map.position', { kind: w.kind, label: w.name, at: w.at, details: details.length ? `, ${list.format(details)}` : '' });
    },
  };
}
