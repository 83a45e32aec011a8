import type { FacetBucket, TermFacet } from '@vetshop/domain';
import { humanize } from './format';

/** The part of a next-intl translator the label helpers need (root namespace). */
export interface Translator {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** Message namespace holding the labels of a facet's codes (species, routes, families). */
const CODE_NAMESPACES: Partial<Record<TermFacet, string>> = {
  species: 'species',
  administration_route: 'routes',
  presentation: 'forms',
  family: 'family',
  animal_size: 'animalSize',
  age: 'age',
  food_range: 'foodRange',
  colour: 'colour',
};

/**
 * Label of a code in a message namespace (e.g. species "guinea_pig" → "Cobaye"), falling back to
 * the api's label, then to the humanized code.
 */
export function codeLabel(t: Translator, namespace: string, code: string, apiLabel?: string | null): string {
  const key = `${namespace}.${code}`;
  if (t.has(key)) return t(key);
  return apiLabel ?? humanize(code);
}

/** Label of one facet value: translated for code facets, else the api's label or the raw value. */
export function facetValueLabel(
  t: Translator,
  facet: TermFacet,
  bucket: Pick<FacetBucket, 'value' | 'label'>,
): string {
  const ns = CODE_NAMESPACES[facet];
  if (ns) return codeLabel(t, ns, bucket.value, bucket.label);
  return bucket.label ?? bucket.value;
}

/**
 * Label of an ATCvet code (e.g. "QM01AC06" → "Oxicams"): the most specific group of the code
 * that has a message in the `atcvet` namespace (level 4, then 3, then 2), or null when none has.
 */
export function atcvetLabel(t: Translator, code: string | null | undefined): string | null {
  if (!code) return null;
  const c = code.toUpperCase().replace(/\s+/g, '');
  for (const len of [6, 5, 4]) {
    if (c.length < len) continue;
    const key = `atcvet.${c.slice(0, len)}`;
    if (t.has(key)) return t(key);
  }
  return null;
}
