/**
 * The open ocean carrier list (`GET /v1/carriers/ocean` through the proxy), for the form's
 * carrier picker, and what a listed carrier requires. Apart from the normalizer: the form loads
 * this module when the list is asked for (the picker used, or a number that needs it), so neither
 * the first load nor a lookup that never needs the list carries it.
 */
import {
  field,
  inSentence,
  readArray,
  readEnum,
  readObject,
  readString,
  REFERENCE_TYPES,
  type RenderContext,
} from '@cargo-trackers/core/internal/lazy';
import { checkContainerNumber } from '../first/container-number.js';
import type { OceanCarrier, OceanReferenceType } from '../contracts/carrier.js';

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
      referenceTypes: types === undefined ? [...REFERENCE_TYPES.ocean] : referenceTypesOf(types),
      containerNumberRequiredWith: referenceTypesOf(readArray(field(item, 'containerNumberRequiredWith')) ?? []),
    });
  }
  return carriers;
}

function referenceTypesOf(values: readonly unknown[]): OceanReferenceType[] {
  const out: OceanReferenceType[] = [];
  for (const v of values) {
    const t = readEnum(v, REFERENCE_TYPES.ocean);
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
