/**
 * The properties both elements inherit from `TrackerElement`: attribute, type, allowed values,
 * initial value. The element's `static properties` are derived from this at run time, so it
 * holds only what the running element needs; the words (descriptions, events, parts, custom
 * properties) are in `tracker-api.ts`, which only the build and the tools read.
 */
import type { PropertySpec } from './element-api.js';

export const trackerProperties = {
  proxyUrl: {
    attribute: 'proxy-url',
    type: 'string',
    required: true,
  },
  pollInterval: {
    attribute: 'poll-interval',
    type: 'number',
    default: 120,
  },
  refreshInterval: {
    attribute: 'refresh-interval',
    type: 'number',
    default: 15,
  },
  carriersUrl: {
    attribute: 'carriers-url',
    type: 'string',
  },
  theme: {
    attribute: 'theme',
    type: ['light', 'dark', 'auto'],
    default: 'light',
    reflect: true,
  },
  density: {
    attribute: 'density',
    type: ['comfortable', 'compact'],
    default: 'comfortable',
    reflect: true,
  },
  syncUrl: {
    attribute: 'sync-url',
    type: 'boolean',
    default: false,
  },
  urlParam: {
    attribute: 'url-param',
    type: 'string',
  },
  remember: {
    attribute: 'remember',
    type: 'number',
    default: 0,
  },
  map: {
    attribute: 'map',
    type: ['lazy', 'eager', 'none'],
    default: 'lazy',
  },
  tileUrl: {
    attribute: 'tile-url',
    type: 'string',
  },
  tileAttribution: {
    attribute: 'tile-attribution',
    type: 'string',
  },
  headingLevel: {
    attribute: 'heading-level',
    type: 'number',
    default: 2,
  },
  lang: {
    attribute: 'lang',
    type: 'string',
    reflect: true,
  },
  messages: {
    type: { ts: 'Messages' },
  },
  normalizer: {
    type: { ts: 'Normalizer' },
  },
  shipment: {
    type: { ts: 'Shipment' },
    readonly: true,
  },
  trackingState: {
    type: ['idle', 'loading', 'waiting', 'loaded', 'failed'],
    readonly: true,
  },
} as const satisfies Record<string, PropertySpec>;
