/**
 * The words the map shows or speaks. The elements own the message catalogue; they pass
 * already-translated strings and formatters here (any subset — the rest stay English).
 */
import { formatList } from '../format/list.js';
import { formatRelative } from '../format/relative.js';
import type { PlaceRole } from '../model/shipment.js';
import type { MapView, VehicleView } from '../view/view-model.js';

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
  /** The basemap's source in a sentence ("Map data: Natural Earth."). */
  readonly attribution: (source: string) => string;
  readonly zoomIn: string;
  readonly zoomOut: string;
}

const ROLE_EN: Record<PlaceRole, string> = {
  origin: 'Origin',
  loading: 'Port of loading',
  transshipment: 'Transshipment',
  discharge: 'Port of discharge',
  destination: 'Destination',
  transfer: 'Transfer',
};

/** How long ago, `ms` before now, in the largest unit up to days that fits: "35 minutes ago" rather than "2,100 seconds ago". */
export function relativeTime(ms: number, locale?: string): string {
  return formatRelative(-ms, 0, locale, 'day');
}

const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

export const englishMapMessages: MapMessages = {
  mapLabel: 'Route map',
  interactHint: 'Click or focus the map to zoom and pan',
  basemapAttribution: 'Natural Earth',
  vessel: 'Vessel',
  aircraft: 'Aircraft',
  role: (role) => ROLE_EN[role],
  list: (items) => formatList(items, 'en'),
  speed: (knots) => `${oneDecimal.format(knots)} knots`,
  course: (degrees) => `course ${whole.format(degrees)}°`,
  altitude: (feet) => `${whole.format(feet)} ft`,
  reportedAgo: (ms) => relativeTime(ms, 'en'),
  routeSummary: (stops) => {
    const [from = '', ...rest] = stops;
    const to = rest.pop();
    if (to === undefined) return `Route: ${from}.`;
    return rest.length ? `Route from ${from} via ${formatList(rest, 'en')} to ${to}.` : `Route from ${from} to ${to}.`;
  },
  positionSummary: (w) => {
    const details = [...w.details, ...(w.reported === undefined ? [] : [`reported ${w.reported}`])].map((d) => `, ${d}`).join('');
    const where =
      w.where === undefined ? '' : 'near' in w.where ? ` is near ${w.where.near}` : ` is between ${w.where.from} and ${w.where.to}`;
    return `${w.kind} ${w.name}${where}${details}.`;
  },
  roleDescription: 'map',
  keys: 'Arrow keys move the map; plus and minus zoom in and out.',
  attribution: (source) => `Map data: ${source}.`,
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
};

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
