import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  FACET_VALUES_LISTED,
  FACET_VALUES_VISIBLE,
  facetValuesListed,
  inReadingOrder,
  pageList,
  pageWindow,
  parseSearchState,
  searchHref,
  toApiQuery,
  toggleTerm,
} from './search-state';

describe('search URL state', () => {
  it('parses repeated facets, flags, sort and page size, ignoring bad values', () => {
    const s = parseSearchState({
      q: '  amoxicilline ',
      species: ['dog', 'cat', 'dog'],
      in_stock: 'true',
      discount: 'nope',
      sort: 'name_desc',
      per_page: '48',
      page: '3',
      unknown: 'x',
    });
    expect(s).toEqual({
      q: 'amoxicilline',
      page: 3,
      perPage: 48,
      sort: 'name_desc',
      terms: { species: ['dog', 'cat'] },
      flags: { in_stock: true },
    });
    const bad = parseSearchState({ sort: 'price', per_page: '7', page: '-1' });
    expect([bad.sort, bad.perPage, bad.page]).toEqual(['relevance', 24, 1]);
  });

  it('round-trips through the URL and leaves defaults out', () => {
    const s = parseSearchState({ q: 'a b', species: ['dog', 'cat'], discount: '1', page: '2' });
    const href = searchHref('/fr/search', s);
    expect(href).toBe('/fr/search?q=a+b&species=dog&species=cat&discount=true&page=2');
    expect(
      parseSearchState(Object.fromEntries(new URLSearchParams(href.split('?')[1]).entries())),
    ).toMatchObject({ q: 'a b', page: 2 });
    expect(searchHref('/fr/search', parseSearchState({}))).toBe('/fr/search');
  });

  it('toggling a facet value resets to page 1', () => {
    const s = parseSearchState({ species: 'dog', page: '4' });
    expect(toggleTerm(s, 'species', 'cat')).toMatchObject({ page: 1, terms: { species: ['dog', 'cat'] } });
    expect(toggleTerm(s, 'species', 'dog').terms).toEqual({});
  });

  it('builds the api query with fixed facets', () => {
    const s = parseSearchState({ in_stock: 'true', species: 'dog' });
    expect(toApiQuery(s, { category: ['7'] })).toEqual({
      page: 1,
      per_page: 24,
      sort: 'relevance',
      species: ['dog'],
      category: ['7'],
      in_stock: true,
      facet_values: FACET_VALUES_LISTED,
    });
  });

  it("computes 'from–to of total' and page lists", () => {
    expect(pageWindow(2, 24, 50)).toEqual({ from: 25, to: 48, pages: 3 });
    expect(pageWindow(1, 24, 0)).toEqual({ from: 0, to: 0, pages: 1 });
    expect(pageList(7, 20)).toEqual([1, null, 5, 6, 7, 8, 9, null, 20]);
    expect(pageList(1, 3)).toEqual([1, 2, 3]);
  });

  it('lists the active filters as chips, each linking to the state without it (page 1)', () => {
    const state = parseSearchState({
      q: 'meloxicam',
      species: ['dog', 'cat'],
      category: '12',
      in_stock: 'true',
      page: '3',
      sort: 'name_asc',
    });
    const chips = activeFilters('/fr/search', state, ['category']);
    expect(chips.map((c) => `${c.kind}:${c.facet}=${c.value}`)).toEqual([
      'term:species=dog',
      'term:species=cat',
      'flag:in_stock=true',
    ]);
    expect(chips[0]!.href).toBe('/fr/search?q=meloxicam&species=cat&category=12&in_stock=true&sort=name_asc');
    expect(chips[2]!.href).toBe('/fr/search?q=meloxicam&species=dog&species=cat&category=12&sort=name_asc');
    expect(activeFilters('/fr/search', parseSearchState({ category: '12' })).map((c) => c.facet)).toEqual([
      'category',
    ]);
    expect(activeFilters('/fr/search', parseSearchState({ q: 'x' }))).toEqual([]);
  });
});

describe('facet values listed by a listing', () => {
  const buckets = Array.from({ length: 300 }, (_, i) => ({ value: `m${i}`, count: 300 - i }));

  it('lists the first values, keeps a chosen value further down, and counts the rest', () => {
    const { head, tail, left } = facetValuesListed(buckets, new Set(['m250']), false);
    expect(head.map((b) => b.value)).toEqual(buckets.slice(0, FACET_VALUES_VISIBLE).map((b) => b.value));
    expect(tail.length).toBe(FACET_VALUES_LISTED - FACET_VALUES_VISIBLE + 1);
    expect(tail.at(-1)?.value).toBe('m250');
    expect(head.length + tail.length + left).toBe(300);
  });

  it('lists every value of the facet asked for, and all of a short facet', () => {
    const all = facetValuesListed(buckets, new Set(), true);
    expect(all.head.length + all.tail.length).toBe(300);
    expect(all.left).toBe(0);
    const short = facetValuesListed(buckets.slice(0, 12), new Set(), false);
    expect([short.head.length, short.tail.length, short.left]).toEqual([FACET_VALUES_VISIBLE, 4, 0]);
  });

  it('keeps the facet listed in full in the URL, and ignores an unknown one', () => {
    const state = parseSearchState({ species: 'dog', all_values: 'manufacturer' });
    expect(state.allValues).toBe('manufacturer');
    expect(searchHref('/c/meds', state)).toBe('/c/meds?species=dog&all_values=manufacturer');
    expect(parseSearchState({ all_values: 'nope' }).allValues).toBeUndefined();
    // The api answers that facet whole and the others cut to what a listing lists.
    expect(toApiQuery(state)).toMatchObject({
      facet_values: FACET_VALUES_LISTED,
      all_values: 'manufacturer',
    });
    expect(toApiQuery(state)).not.toHaveProperty('allValues');
  });

  it("lists the api's first values and its facet size as it listed the whole facet", () => {
    // The api's cut (facet_values = FACET_VALUES_LISTED): the first values plus the chosen ones.
    const chosen = new Set(['m250', 'm3']);
    const cut = buckets.filter((b, i) => i < FACET_VALUES_LISTED || chosen.has(b.value));
    for (const all of [false, true]) {
      const sent = all ? buckets : cut;
      expect(facetValuesListed(sent, chosen, all, buckets.length)).toEqual(
        facetValuesListed(buckets, chosen, all),
      );
    }
    expect(facetValuesListed(cut, chosen, false, buckets.length).left).toBe(300 - FACET_VALUES_LISTED - 1);
  });
});

describe('facet values in reading order', () => {
  it('orders equal counts by their label in the locale, more products first', () => {
    const species = { cat: 'Chat', dog: 'Chien', horse: 'Cheval', pig: 'Porc', cattle: 'Bovins' } as Record<
      string,
      string
    >;
    const sent = [
      { value: 'cattle', label: null, count: 270 },
      { value: 'cat', label: null, count: 252 },
      { value: 'dog', label: null, count: 252 },
      { value: 'horse', label: null, count: 252 },
      { value: 'pig', label: null, count: 252 },
    ];
    const ordered = inReadingOrder(sent, (b) => species[b.value]!, 'fr');
    expect(ordered.map((b) => b.shown)).toEqual(['Bovins', 'Chat', 'Cheval', 'Chien', 'Porc']);
    expect(ordered[2]).toEqual({ value: 'horse', label: null, count: 252, shown: 'Cheval' });
    // Accents and case do not move a value: "Éthanol" reads among the E.
    const words = inReadingOrder(
      [
        { value: 'z', count: 1 },
        { value: 'e', count: 1 },
        { value: 'f', count: 1 },
      ],
      (b) => ({ z: 'Zinc', e: 'Éthanol', f: 'fer' })[b.value]!,
      'fr',
    );
    expect(words.map((b) => b.shown)).toEqual(['Éthanol', 'fer', 'Zinc']);
  });
});
