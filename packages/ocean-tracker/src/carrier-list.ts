/**
 * The open ocean carrier list (`GET /v1/carriers/ocean` through the proxy), for the form's
 * carrier picker. Apart from the normalizer, so that the form can read the list on first
 * load while the normalizer loads only when a lookup starts, and what a listed carrier requires:
 * the form loads this module when the list is asked for, so the first load carries neither.
 */
import type { ReferenceType } from '@cargo-trackers/core';
import { field, inSentence, readArray, readEnum, readObject, readString, type RenderContext } from '@cargo-trackers/core/element';
import { checkContainerNumber } from './container-number.js';

/** The kinds of number an ocean lookup takes. */
export type OceanReferenceType = Exclude<ReferenceType, 'awb'>;
export const OCEAN_REFERENCE_TYPES: readonly OceanReferenceType[] = ['container', 'bill_of_lading', 'booking'];

/** One entry of the open ocean carrier list. */
export interface OceanCarrier {
  readonly code: string;
  readonly name: string;
  /** The kinds of number the carrier answers. */
  readonly referenceTypes: readonly OceanReferenceType[];
  /** The kinds of number for which the carrier also needs the container number. */
  readonly containerNumberRequiredWith: readonly OceanReferenceType[];
}

/**
 * The open carrier list (`GET /v1/carriers/ocean`), or undefined when the body is not one.
 * Entries without a code are skipped; a missing name reads as the code. Unknown reference types
 * are left out because the form can only offer the ones it knows; a missing `referenceTypes`
 * reads as all three, so a list without it never stops a visitor from looking a number up.
 */
export function parseOceanCarriers(body: unknown): OceanCarrier[] | undefined {
  const list = readArray(field(readObject(body), 'carriers'));
  if (list === undefined) return undefined;
  const carriers: OceanCarrier[] = [];
  for (const entry of list) {
    const item = readObject(entry);
    const code = readString(field(item, 'code'));
    if (code === undefined) continue;
    const types = readArray(field(item, 'referenceTypes'));
    carriers.push({
      code,
      name: readString(field(item, 'name')) ?? code,
      referenceTypes: types === undefined ? [...OCEAN_REFERENCE_TYPES] : referenceTypesOf(types),
      containerNumberRequiredWith: referenceTypesOf(readArray(field(item, 'containerNumberRequiredWith')) ?? []),
    });
  }
  return carriers;
}

function referenceTypesOf(values: readonly unknown[]): OceanReferenceType[] {
  const out: OceanReferenceType[] = [];
  for (const v of values) {
    const t = readEnum(v, OCEAN_REFERENCE_TYPES);
    if (t !== undefined && !out.includes(t)) out.push(t);
  }
  return out;
}

/**
 * The hint under the form when the chosen carrier needs the container number for the kind of
 * number typed (a bill of lading or booking), else undefined.
 */
export function containerRequirement(
  carriers: readonly OceanCarrier[],
  code: string,
  input: string,
  l: RenderContext['l'],
): string | undefined {
  const carrier = carriers.find((c) => c.code === code);
  if (!carrier || carrier.containerNumberRequiredWith.length === 0) return undefined;
  if (checkContainerNumber(input).kind !== 'not-a-container') return undefined;
  const kinds = carrier.containerNumberRequiredWith.map((k) => inSentence(l.t(`reference.${k}`), l.locale));
  return l.t('form.containerRequired', {
    carrier: carrier.name,
    kind: new Intl.ListFormat(l.locale, { type: 'disjunction' }).format(kinds),
  });
}
