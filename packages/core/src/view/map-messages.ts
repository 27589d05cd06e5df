/**
 * The words the map shows or speaks, from the elements' message catalogue. The elements pass
 * them in their language (any subset — the rest stay English).
 */
import { formatList } from '../format/list.js';
import { formatRelative } from '../format/relative.js';
import { enShipment } from '../i18n/en-shipment.js';
import { Localizer, registerEnglish } from '../i18n/localizer.js';
import type { PlaceRole } from '../model/shipment.js';
import type { MapView, VehicleView } from '../contracts/view-model.js';

/** What the map says about the vehicle: the labelled view's words, and the age of the report. */
export interface PositionWords extends VehicleView {
  /** From `MapMessages.reportedAgo`. */
  readonly reported?: string;
}

export interface MapMessages {
  /** Accessible name of the map region. */
  readonly mapLabel: string;
  /** Shown when the wheel or one finger is used on a map that is not yet active. */
  readonly interactHint: string;
  /** Attribution of the built-in basemap (shown when no `tile-url` is set). */
  readonly basemapAttribution: string;
  /** The same once the map has drawn OpenStreetMap's land, zoomed in past the overview's outline. */
  readonly finerBasemapAttribution: string;
  readonly vessel: string;
  readonly aircraft: string;
  /** A place's role, for the port tooltip ("Port of loading"). */
  readonly role: (role: PlaceRole) => string;
  /** Several words in one label, with the locale's separator (a port's roles). */
  readonly list: (items: readonly string[]) => string;
  /** Speed over ground ("16.4 knots"). */
  readonly speed: (knots: number) => string;
  /** Course or heading ("course 268°"). */
  readonly course: (degrees: number) => string;
  readonly altitude: (feet: number) => string;
  /** Age of the position; `ms` is how long ago it was reported ("35 minutes ago"). */
  readonly reportedAgo: (ms: number) => string;
  /** The text alternative's route sentence, from place names in route order ("Route from A via B to C."). */
  readonly routeSummary: (stops: readonly string[]) => string;
  /** The text alternative's vehicle sentence: where it is in the route's own places, never coordinates. */
  readonly positionSummary: (words: PositionWords) => string;
  /** What the map is, said with its name ("map"). */
  readonly roleDescription: string;
  /** The keys the map takes, said when it has focus. */
  readonly keys: string;
  /** The basemap's sources in a sentence ("Map data: Natural Earth."). */
  readonly attribution: (source: string) => string;
  /** The zoom buttons' names and tooltips. */
  readonly zoomIn: string;
  readonly zoomOut: string;
  /** The button that fits the whole route again. */
  readonly fitRoute: string;
  /** The button that centres the live vessel or aircraft. */
  readonly showVehicle: (kind: 'vessel' | 'aircraft') => string;
}

/** How long ago, `ms` before now, in the largest unit up to days that fits: "35 minutes ago" rather than "2,100 seconds ago". */
export function relativeTime(ms: number, locale?: string): string {
  return formatRelative(-ms, 0, locale, 'day');
}

/**
 * The map's words in the element's language, from the element's catalogue: the one source of
 * them, English included. Built once per locale: the map redraws its layers when it gets a new
 * messages object.
 */
export function mapMessagesFor(l: Localizer): MapMessages {
  return {
    mapLabel: l.t('map.label'),
    interactHint: l.t('map.hint'),
    // Names, the same in every language; OpenStreetMap's in the words its licence asks for.
    basemapAttribution: 'Natural Earth',
    finerBasemapAttribution: 'Natural Earth, © OpenStreetMap contributors',
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
    fitRoute: l.t('map.fitRoute'),
    showVehicle: (kind) => l.t(kind === 'vessel' ? 'map.showVessel' : 'map.showAircraft'),
  };
}

// The map's words, and so the English catalogue's shipment part, load with the shipment view.
registerEnglish(enShipment);

/** The map's words in English, for a map given none or only some. */
export const englishMapMessages: MapMessages = mapMessagesFor(new Localizer('en'));

/** The vehicle in words with the age of its report at `now`, as both the tooltip and the text alternative use it. */
export function positionWords(view: MapView, messages: MapMessages, now: number): PositionWords | undefined {
  const { vehicle } = view;
  const reportedAt = view.shipment.position?.reportedAt;
  if (!vehicle) return undefined;
  return reportedAt === undefined ? vehicle : { ...vehicle, reported: messages.reportedAgo(now - reportedAt.epochMs) };
}

/** The text alternative of the map: the route, then the vehicle, as sentences, from the labelled view. */
export function describeRoute(view: MapView, messages: MapMessages, now: number): string {
  const words = positionWords(view, messages, now);
  return [view.routeSentence, words ? messages.positionSummary(words) : ''].filter((s) => s !== '').join(' ');
}
