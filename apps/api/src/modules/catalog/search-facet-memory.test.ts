/**
 * Facet counts of a text from the search rows in memory (search-facet-memory.ts,
 * docs/decisions/search-performance.md "Facet counts of a text counted in memory"): the
 * disjunctive rules, the flags, the labels. That they answer as the statement does on a database
 * is checked in catalog.test.ts and test/real-catalogue.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { facetsOf } from './search-facets.ts';
import {
  countFacetsInMemory,
  facetTermRowsOf,
  labelFacetRows,
  DISCOUNT,
  DISCOUNT_ENDING,
  type MatchedModels,
} from './search-facet-memory.ts';

const rows = facetTermRowsOf([
  {
    id: 1,
    facetTerms: ['species:dog', 'brand:Virbac', 'category:10'],
    inStock: true,
    hidden: false,
    groups: [],
    popularity: 0,
  },
  {
    id: 2,
    facetTerms: ['species:cat', 'brand:Virbac'],
    inStock: false,
    hidden: false,
    groups: [],
    popularity: 0,
  },
  {
    id: 3,
    facetTerms: ['species:dog', 'species:cat', 'brand:Zoetis', 'vet_group:W'],
    inStock: true,
    hidden: false,
    groups: [],
    popularity: 0,
  },
  {
    id: 4,
    facetTerms: ['species:horse', 'brand:Zoetis', 'category:11'],
    inStock: true,
    hidden: false,
    groups: [],
    popularity: 0,
  },
]);
// Models 1 to 4; 2 and 3 with a discount, 3's ending this month.
const all: MatchedModels = {
  ids: [1, 2, 3, 4],
  flags: Uint8Array.from([0, DISCOUNT, DISCOUNT | DISCOUNT_ENDING, 0]),
};

/** count per "facet:value" (and per flag, `_total`) of the rows counted. */
function countsOf(counted: ReturnType<typeof countFacetsInMemory>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of counted?.facetRows ?? [])
    out[r.value === null ? r.facet : `${r.facet}:${r.value}`] = r.count;
  return out;
}

describe('facet counts in memory', () => {
  it('counts every term and flag of the matched models without filters', () => {
    expect(countsOf(countFacetsInMemory(rows, all, []))).toEqual({
      _total: 4,
      'in_stock:true': 3,
      'discount:true': 2,
      'discount_ending:true': 1,
      'species:dog': 2,
      'species:cat': 2,
      'species:horse': 1,
      'brand:Virbac': 2,
      'brand:Zoetis': 2,
      'category:10': 1,
      'category:11': 1,
      'vet_group:W': 1,
    });
  });

  it('counts a facet over the other filters only (disjunctive) and the rest over all of them', () => {
    const counts = countsOf(
      countFacetsInMemory(rows, all, [
        { key: 'species', terms: ['species:dog'] },
        { key: 'in_stock', flag: true },
      ]),
    );
    // Models 1 and 3 are dogs in stock.
    expect(counts._total).toBe(2);
    // Species: over the in-stock models (1, 3, 4), whatever their species.
    expect([counts['species:dog'], counts['species:cat'], counts['species:horse']]).toEqual([2, 1, 1]);
    // In stock: over the dogs (1, 3), both in stock.
    expect(counts['in_stock:true']).toBe(2);
    // Brands and discounts: over the models meeting both filters.
    expect([counts['brand:Virbac'], counts['brand:Zoetis'], counts['discount:true']]).toEqual([1, 1, 1]);
    expect(counts['category:11']).toBeUndefined();
  });

  it('selects any one of a filter’s terms, and nothing for a term no row holds', () => {
    const either = countFacetsInMemory(rows, all, [
      { key: 'brand', terms: ['brand:Virbac', 'brand:Zoetis'] },
    ]);
    expect(countsOf(either)._total).toBe(4);
    const none = countsOf(countFacetsInMemory(rows, all, [{ key: 'brand', terms: ['brand:Nobody'] }]));
    expect(none._total).toBe(0);
    expect(none['brand:Virbac']).toBe(2);
    expect(none['species:dog']).toBeUndefined();
  });

  it('answers null when a matched model has no row (rows of another version)', () => {
    expect(countFacetsInMemory(rows, { ids: [1, 99], flags: Uint8Array.from([0, 0]) }, [])).toBeNull();
  });

  it('labels vet groups and categories by name, drops those without one, and value facets by value', () => {
    const counted = countFacetsInMemory(rows, all, [])?.facetRows ?? [];
    const labels = new Map<string, string | null>([
      ['category:10', 'Vaccins'],
      ['vet_group:W', 'Groupe Ouest'],
    ]);
    const { total, facets } = facetsOf(labelFacetRows(counted, labels, ['brand']));
    expect(total).toBe(4);
    expect(facets.category).toEqual([{ value: '10', label: 'Vaccins', count: 1 }]);
    expect(facets.vet_group).toEqual([{ value: 'W', label: 'Groupe Ouest', count: 1 }]);
    expect(facets.brand).toEqual([
      { value: 'Virbac', label: 'Virbac', count: 2 },
      { value: 'Zoetis', label: 'Zoetis', count: 2 },
    ]);
    expect(facets.species?.[0]).toEqual({ value: 'cat', label: null, count: 2 });
    expect(facets.discount_ending).toEqual([{ value: 'true', label: null, count: 1 }]);
  });

  it('labels an active substance by its label in the locale, and orders equal counts as they read', () => {
    const labels = new Map<string, string | null>([
      ['active_principle:dexamethason', 'Dexaméthasone'],
      ['active_principle:chlorphenamin', 'Maléate de chlorphénamine'],
      ['active_principle:acetylsalicyliqu acid', 'Acide acétylsalicylique'],
    ]);
    const counted = ['dexamethason', 'chlorphenamin', 'acetylsalicyliqu acid', 'colistin'].map((value) => ({
      facet: 'active_principle',
      value,
      label: null,
      count: 18,
    }));
    const { facets } = facetsOf(labelFacetRows(counted, labels, ['active_principle']));
    // A key without a label (a wording the import did not name) is its own label.
    expect(facets.active_principle?.map((b) => b.label)).toEqual([
      'Acide acétylsalicylique',
      'colistin',
      'Dexaméthasone',
      'Maléate de chlorphénamine',
    ]);
    expect(facets.active_principle?.[2]).toEqual({
      value: 'dexamethason',
      label: 'Dexaméthasone',
      count: 18,
    });
  });
});
