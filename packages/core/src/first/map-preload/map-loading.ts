/**
 * The `map` attribute: when the map's code is fetched. Its own small module because the
 * elements read the attribute on first load, long before any map code is needed.
 */

/** `lazy` (when the map comes near the viewport), `eager` (as soon as it is shown), or `none` (never). */
export type MapLoading = 'lazy' | 'eager' | 'none';

/** Reads the `map` attribute; anything unknown (or absent) means the default, `lazy`. */
export function parseMapLoading(value: string | null | undefined): MapLoading {
  const v = value?.trim().toLowerCase();
  return v === 'eager' || v === 'none' ? v : 'lazy';
}

/** A Lit attribute converter for a `map` property: `static properties = { map: { converter: mapLoadingConverter } }`. */
export const mapLoadingConverter = {
  fromAttribute: (value: string | null): MapLoading => parseMapLoading(value),
  toAttribute: (value: MapLoading): string => value,
};
