// The elements whose API the generators read: each element's own declaration joined with the
// shared one it inherits (core's `trackerApi`), in one shape every generator walks.
import { elementTokenProperties, trackerApi } from '../../packages/core/src/first/api/tracker-api.js';
import { oceanTrackerApi } from '../../packages/ocean-tracker/src/first/ocean-tracker-api.js';
import { airTrackerApi } from '../../packages/air-tracker/src/first/air-tracker-api.js';
import type { ApiType, CssPropertyApi, EventApi, MethodApi, PropertyApi } from '../../packages/core/src/first/api/element-api.js';

export interface Inherited {
  /** Set on what the element inherits from `TrackerElement`. */
  readonly inherited: boolean;
}

export interface ElementModel {
  readonly tagName: string;
  readonly className: string;
  /** The element's directory under packages/ and its npm name. */
  readonly dir: string;
  readonly packageName: string;
  /** Module of the class, relative to the package's src/ (and, compiled, dist/). */
  readonly module: string;
  readonly summary: string;
  readonly description: string;
  readonly properties: ReadonlyArray<readonly [string, PropertyApi & Inherited]>;
  readonly methods: ReadonlyArray<readonly [string, MethodApi & Inherited]>;
  readonly events: ReadonlyArray<readonly [string, EventApi & Inherited]>;
  readonly parts: ReadonlyArray<readonly [string, string]>;
  readonly cssProperties: ReadonlyArray<readonly [string, CssPropertyApi]>;
  readonly slots: ReadonlyArray<readonly [string, string]>;
}

/** The base class both elements extend, in core; core's manifest declares it. */
export const BASE = {
  className: 'TrackerElement',
  packageName: '@cargo-trackers/core',
  module: 'first/element/tracker-element.js',
} as const;

function model(dir: string, packageName: string, own: typeof oceanTrackerApi | typeof airTrackerApi): ElementModel {
  const mark = <T extends object>(entries: Array<[string, T]>, inherited: boolean) =>
    entries.map(([k, v]) => [k, { ...v, inherited }] as const);
  return {
    tagName: own.tagName,
    className: own.className,
    dir,
    packageName,
    module: own.module,
    summary: own.summary,
    description: own.description,
    properties: [
      ...mark<PropertyApi>(Object.entries(own.properties), false),
      ...mark<PropertyApi>(Object.entries(trackerApi.properties), true),
    ],
    methods: mark<MethodApi>(Object.entries(trackerApi.methods), true),
    events: mark<EventApi>(Object.entries(trackerApi.events), true),
    parts: [...Object.entries(trackerApi.parts), ...Object.entries(own.parts)],
    cssProperties: [...Object.entries(trackerApi.cssProperties), ...Object.entries(elementTokenProperties(own.tagName))],
    slots: Object.entries(trackerApi.slots),
  };
}

/** `TrackerElement` itself, for core's manifest: what both elements inherit, declared there. */
export const base: ElementModel = {
  tagName: '',
  className: BASE.className,
  dir: 'core',
  packageName: BASE.packageName,
  module: BASE.module,
  summary: 'What `<ocean-tracker>` and `<air-tracker>` share; not registered as an element of its own.',
  description:
    'The base class of both elements: the proxy attributes, the lookup, the notices, the shipment view and the map. It is not a public API to extend (`@cargo-trackers/core/internal/first`).',
  properties: Object.entries(trackerApi.properties).map(([k, v]) => [k, { ...v, inherited: false }] as const),
  methods: Object.entries(trackerApi.methods).map(([k, v]) => [k, { ...v, inherited: false }] as const),
  events: Object.entries(trackerApi.events).map(([k, v]) => [k, { ...v, inherited: false }] as const),
  parts: Object.entries(trackerApi.parts),
  cssProperties: Object.entries(trackerApi.cssProperties),
  slots: Object.entries(trackerApi.slots),
};

export const elements: readonly ElementModel[] = [
  model('ocean-tracker', '@cargo-trackers/ocean-tracker', oceanTrackerApi),
  model('air-tracker', '@cargo-trackers/air-tracker', airTrackerApi),
];

/** The TypeScript type of a property's value, unions spelled out: `'light' | 'dark' | 'auto'`. */
export function typeText(type: ApiType): string {
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.map((v) => `'${v}'`).join(' | ');
  return (type as { ts: string }).ts;
}

/** What an attribute accepts as written in markup or JSX: a number attribute takes digits too. */
export function attributeTypeText(type: ApiType): string {
  if (type === 'number') return 'number | `${number}`';
  return typeText(type);
}

/** A property's initial value as source text (`120`, `'lazy'`), or undefined. */
export function defaultText(property: PropertyApi): string | undefined {
  if (property.default === undefined) return undefined;
  return typeof property.default === 'string' ? `'${property.default}'` : String(property.default);
}

/** Settable properties (not getters, not methods). */
export const settable = (e: ElementModel) => e.properties.filter(([, p]) => !p.readonly);
export const withAttribute = (e: ElementModel) =>
  e.properties.filter(([, p]) => p.attribute !== undefined) as ReadonlyArray<
    readonly [string, PropertyApi & Inherited & { attribute: string }]
  >;
export const closedValues = (type: ApiType): readonly string[] | undefined =>
  Array.isArray(type) ? (type as readonly string[]) : undefined;

/** `onTrackerLoad` from `tracker-load` (Vue's listener prop names). */
export const camelListener = (event: string) => 'on' + event.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase());
/** `TrackerLoadEvent` and friends, as `@cargo-trackers/core` exports them. */
export const eventClasses = (e: ElementModel) => [...new Set(e.events.map(([, ev]) => ev.eventClass))].sort();
/** Object types properties carry (`Messages`, `Normalizer`, `Shipment`), exported by `@cargo-trackers/core`. */
export const objectTypes = (e: ElementModel) =>
  [
    ...new Set(
      e.properties.flatMap(([, p]) => (typeof p.type === 'object' && !Array.isArray(p.type) ? [(p.type as { ts: string }).ts] : [])),
    ),
  ].sort();
