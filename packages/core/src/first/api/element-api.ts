/**
 * The shape of an element's public API, written once as data beside each element
 * (`tracker-properties.ts` + `tracker-api.ts` in core; `ocean-tracker-api.ts`, `air-tracker-api.ts`).
 * The element's Lit `static properties` and initial values are derived from the properties' facts
 * at run time; everything a tool or
 * another framework reads (custom-elements.json, JSX/Vue/Svelte/Solid typings, editor data,
 * the WordPress allow-list, the README's tables) is generated from it by
 * `scripts/element-api/generate.ts`, and a test fails when a generated file drifts.
 *
 * The facts a running element needs (attribute, type, values, initial value) are kept apart from
 * the words (descriptions, events, parts, custom properties), which no element imports, so the
 * reference text never lands in a page's bundle. These modules hold plain data only (no Lit, no
 * DOM), so the generator can import them in Node.
 */
import type { PropertyDeclaration, PropertyDeclarations } from 'lit';

/**
 * What a property holds: a primitive, a closed list of strings (an attribute whose other
 * values mean the default), or an object type that only a property can carry
 * (`{ ts: 'Messages' }`, named as `@cargo-trackers/core` exports it).
 */
export type ApiType = 'string' | 'number' | 'boolean' | readonly string[] | { readonly ts: string };

/** What the running element needs to know of a property (kept small: it ships in the first load). */
export interface PropertySpec {
  /** The kebab-case attribute that mirrors the property; absent for property-only members. */
  readonly attribute?: string;
  readonly type: ApiType;
  /** The property's initial value, assigned by the element's constructor from here. */
  readonly default?: string | number | boolean;
  /** Reflected to the attribute, for CSS (`:host([theme='dark'])`). */
  readonly reflect?: boolean;
  /** A getter only: read it, never set it. */
  readonly readonly?: boolean;
  /** Required for the element to work at all. */
  readonly required?: boolean;
}

/** The words about a property, for the docs and the tools. */
export interface PropertyWords {
  readonly description: string;
  /** What an unset property means, when that is not a value of its own (`light`, a URL beside `proxy-url`). */
  readonly unsetMeans?: string;
}

export type PropertyApi = PropertySpec & PropertyWords;

export interface MethodApi {
  /** TypeScript signature, e.g. `() => void`. */
  readonly signature: string;
  readonly description: string;
}

export interface EventApi {
  /** The event class, exported by `@cargo-trackers/core` (and re-exported by `cargo-trackers`). */
  readonly eventClass: string;
  /** Its fields, also on `detail`, as TypeScript type text. */
  readonly detail: string;
  readonly description: string;
}

export interface CssPropertyApi {
  readonly default?: string;
  readonly description: string;
}

export interface ElementApi {
  readonly properties: Readonly<Record<string, PropertyApi>>;
  readonly methods?: Readonly<Record<string, MethodApi>>;
  readonly events?: Readonly<Record<string, EventApi>>;
  readonly parts: Readonly<Record<string, string>>;
  readonly cssProperties?: Readonly<Record<string, CssPropertyApi>>;
  /** Neither element has slots; declared so the generators say so rather than guess. */
  readonly slots?: Readonly<Record<string, string>>;
}

/** A registered element: its tag, class and the module (in its package's `dist`) that exports the class. */
export interface CustomElementApi extends ElementApi {
  readonly tagName: string;
  readonly className: string;
  /** The module, relative to the package's `src` (and, as `.js`, to `dist`), that declares the class. */
  readonly module: string;
  readonly summary: string;
  readonly description: string;
}

/** The union of a closed list of values: `ValuesOf<typeof trackerProperties.theme>` is `'light' | 'dark' | 'auto'`. */
export type ValuesOf<P extends PropertySpec> = P['type'] extends readonly (infer V)[] ? V : never;

/**
 * Lit's `static properties` for the reactive members of an API (everything but getters):
 * attribute name, `Number`/`Boolean` conversion and reflection, plus per-property extras
 * such as a converter.
 */
export function litProperties(
  properties: Readonly<Record<string, PropertySpec>>,
  extra: Readonly<Record<string, PropertyDeclaration>> = {},
): PropertyDeclarations {
  const declarations: Record<string, PropertyDeclaration> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (property.readonly) continue;
    declarations[name] = {
      attribute: property.attribute ?? false,
      ...(property.type === 'number' ? { type: Number } : property.type === 'boolean' ? { type: Boolean } : {}),
      // A reflected default stays off the host's attributes (`useDefault`): the page's markup is its own.
      ...(property.reflect ? { reflect: true, ...(property.default !== undefined ? { useDefault: true } : {}) } : {}),
      ...extra[name],
    };
  }
  return declarations;
}

/**
 * Joins the facts of some properties with their words. The words are keyed by the same
 * names, and the compiler rejects a missing or an extra one.
 */
export function withDescriptions<P extends Readonly<Record<string, PropertySpec>>>(
  properties: P,
  words: { readonly [K in keyof P]: string | PropertyWords },
): { readonly [K in keyof P]: P[K] & PropertyWords } {
  const joined: Record<string, PropertyApi> = {};
  for (const [name, spec] of Object.entries(properties)) {
    const said = words[name as keyof P];
    joined[name] = { ...spec, ...(typeof said === 'string' ? { description: said } : said) };
  }
  return joined as { readonly [K in keyof P]: P[K] & PropertyWords };
}

/** Assigns each property's declared `default` (called from the constructor). */
export function assignDefaults(element: object, properties: Readonly<Record<string, PropertySpec>>): void {
  for (const [name, property] of Object.entries(properties)) {
    if (property.default !== undefined) (element as Record<string, unknown>)[name] = property.default;
  }
}
