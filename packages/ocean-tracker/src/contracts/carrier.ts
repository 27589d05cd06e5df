/**
 * An entry of the open ocean carrier list, as the form's carrier picker (first/ocean-tracker.ts)
 * shows it and the list's reader (lookup/carrier-list.ts) makes it.
 */
import type { REFERENCE_TYPES } from '@cargo-trackers/core/internal/lazy';

/** The kinds of number an ocean lookup takes. */
export type OceanReferenceType = (typeof REFERENCE_TYPES.ocean)[number];

/** One entry of the open ocean carrier list. */
export interface OceanCarrier {
  readonly code: string;
  readonly name: string;
  /** The kinds of number the carrier answers. */
  readonly referenceTypes: readonly OceanReferenceType[];
  /** The kinds of number for which the carrier also needs the container number. */
  readonly containerNumberRequiredWith: readonly OceanReferenceType[];
}
