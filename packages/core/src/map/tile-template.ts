/**
 * Checks an integrator's XYZ tile template before Leaflet sees it: Leaflet throws at tile
 * time for a placeholder it cannot fill, and only http(s) tiles make sense.
 */

import { isUsableUrl } from '../first/shared.js';

const LEAFLET_PLACEHOLDERS = new Set(['s', 'x', 'y', 'z', 'r', '-y']);

/** The template when it is usable, else undefined (and the built-in basemap is drawn). */
export function usableTileUrl(template: string | undefined, base?: string): string | undefined {
  if (!template) return undefined;
  const placeholders = [...template.matchAll(/\{([^}]*)\}/g)].map((m) => m[1] ?? '');
  if (placeholders.some((p) => !LEAFLET_PLACEHOLDERS.has(p))) return undefined;
  return isUsableUrl(template.replace(/\{[^}]*\}/g, '0'), base) ? template : undefined;
}

/** What the attribution says when the integrator gave tiles but no attribution: the tile host. */
export function tileHost(template: string, base?: string): string {
  try {
    return new URL(template.replace(/\{[^}]*\}/g, '0'), base ?? globalThis.document?.baseURI).host;
  } catch {
    return template;
  }
}
