/**
 * A browse or a text from the search rows in memory (search-browse-memory.ts, docs/decisions/
 * search-performance.md "Browses from the search rows in memory", "Texts from the search rows in
 * memory"): visibility, the category's subtree, each sort's keys with NULL prices last, a text's
 * ranks and popularity, pages past the insertion bound. That the
 * answers are the statement's is checked in catalog.test.ts and test/real-catalogue.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Sort } from '@vetshop/domain';
import { countFacetsInMemory, DISCOUNT, facetTermRowsOf } from './search-facet-memory.ts';
import {
  browseMatches,
  keepTextMatches,
  keptTextMatches,
  pageOfBrowse,
  readTextMatches,
  textMatchesOf,
  type ListPrices,
} from './search-browse-memory.ts';
import { GUEST, type Viewer } from './viewer.ts';

// Rows in name order: ids 10 (row 0) … 15 (row 5); 14 not sold on the website, 15 for group 7 only.
const rows = facetTermRowsOf(
  [10, 11, 12, 13, 14, 15].map((id) => ({
    id,
    facetTerms: id % 2 === 0 ? ['category:1', 'species:dog'] : ['category:2'],
    inStock: id !== 12,
    hidden: id === 14,
    groups: id === 15 ? [7] : [],
    // Popularity (the relevance sort's second key for a text): 13 above 11 above the rest.
    popularity: id === 13 ? 9 : id === 11 ? 4 : 0,
  })),
);
const price = (p: number, n: number, flags = 0) => ({ flags, price: p, net: n });
const prices: ListPrices = new Map([
  [10, price(Number.NaN, 90)],
  [11, price(300, 90, DISCOUNT)],
  [12, price(Number.NaN, 100)],
  [13, price(100, Number.NaN)],
  [15, price(300, 250)],
]);
const MEMBER: Viewer = { priceList: 'veterinary', vetGroupIds: [7] };

function page(viewer: Viewer, sort: Sort, within: readonly string[] | null = null, offset = 0, size = 10) {
  const matched = browseMatches(rows, viewer, prices, within);
  const counted = countFacetsInMemory(rows, matched, []);
  if (!counted) throw new Error('a match without a row');
  return pageOfBrowse(matched, counted.rowOfMatch, counted.passing, sort, offset, size);
}

describe('browses from the search rows in memory', () => {
  it('keeps the rows the viewer may see, narrowed to a category, with their list prices', () => {
    expect(page(GUEST, 'relevance')).toEqual([10, 11, 12, 13]);
    expect(page(MEMBER, 'relevance')).toEqual([10, 11, 12, 13, 15]);
    expect(page(MEMBER, 'name_asc', ['category:2'])).toEqual([11, 13, 15]);
    const matched = browseMatches(rows, GUEST, prices, null);
    expect([...matched.flags]).toEqual([0, DISCOUNT, 0, 0]);
    // 14 has no list row: no discount, no price, as the statement's LEFT JOIN.
    expect(
      browseMatches(rows, { ...GUEST, vetGroupIds: [] }, new Map(), null).prices.every(Number.isNaN),
    ).toBe(true);
  });

  it('orders by each sort’s keys, then the name order, NULL prices last both ways', () => {
    expect(page(MEMBER, 'name_desc')).toEqual([15, 13, 12, 11, 10]);
    expect(page(MEMBER, 'price_asc')).toEqual([13, 11, 15, 10, 12]);
    expect(page(MEMBER, 'price_desc')).toEqual([11, 15, 13, 10, 12]);
    expect(page(MEMBER, 'net_price_asc')).toEqual([10, 11, 12, 15, 13]);
    expect(page(MEMBER, 'net_price_desc')).toEqual([15, 12, 10, 11, 13]);
  });

  it('cuts the page and answers past the end empty', () => {
    expect(page(MEMBER, 'name_asc', null, 1, 2)).toEqual([11, 12]);
    expect(page(MEMBER, 'name_asc', null, 5, 5)).toEqual([]);
  });

  it('gives a deep page as a full sort does', () => {
    const n = 2_000;
    const many = facetTermRowsOf(
      Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        facetTerms: [],
        inStock: true,
        hidden: false,
        groups: [],
        popularity: 0,
      })),
    );
    const list: ListPrices = new Map(
      Array.from({ length: n }, (_, i) => [i + 1, price(i % 5 === 0 ? Number.NaN : (i * 7919) % 17, 1)]),
    );
    const matched = browseMatches(many, GUEST, list, null);
    const counted = countFacetsInMemory(many, matched, []);
    if (!counted) throw new Error('a match without a row');
    const at = (offset: number, size: number) =>
      pageOfBrowse(matched, counted.rowOfMatch, counted.passing, 'price_desc', offset, size);
    const everything = at(0, n);
    expect(new Set(everything).size).toBe(n);
    expect(at(300, 100)).toEqual(everything.slice(300, 400));
    expect(at(48, 24)).toEqual(everything.slice(48, 72));
  });

  it('orders a text by rank, then popularity, then the name order; other sorts as a browse', () => {
    const sorted = (text: string, sort: Sort) => {
      const read = readTextMatches(text, rows, sort === 'relevance');
      if (!read) throw new Error('a match without a row');
      const matched = textMatchesOf(read, rows, prices, sort === 'relevance');
      const counted = countFacetsInMemory(rows, matched, []);
      if (!counted) throw new Error('a match without a row');
      return pageOfBrowse(matched, counted.rowOfMatch, counted.passing, sort, 0, 10);
    };
    // 12 ranks first; 10, 11 and 13 tie on rank: popularity 9 (13), 4 (11), 0 (10); 15 last.
    const text = '10:0.25,11:0.25,12:0.6079271018540266,13:0.25,15:0.125';
    expect(sorted(text, 'relevance')).toEqual([12, 13, 11, 10, 15]);
    // Ranks read to the last digit: 0.1 + 0.2 (0.30000000000000004) is above 0.3.
    expect(sorted('10:0.3,12:0.30000000000000004', 'relevance')).toEqual([12, 10]);
    // Without ranks (the other sorts), the browse's keys and its prices; ranks read are then unused.
    expect(sorted('10,11,12,13,15', 'net_price_asc')).toEqual([10, 11, 12, 15, 13]);
    expect(sorted(text, 'net_price_asc')).toEqual([10, 11, 12, 15, 13]);
    expect(readTextMatches('13,10', rows, true)).toBeNull();
    expect(sorted('', 'relevance')).toEqual([]);
    expect(readTextMatches('11,99', rows, false)).toBeNull();
    const read = readTextMatches('11:1,10:2', rows, true);
    expect(read && [...textMatchesOf(read, rows, prices, true).flags]).toEqual([DISCOUNT, 0]);
  });

  it('keeps a text’s matches for its rows: read with ranks, they serve every sort', () => {
    const own = facetTermRowsOf([
      { id: 1, facetTerms: [], inStock: true, hidden: false, groups: [], popularity: 0 },
    ]);
    const withRanks = readTextMatches('1:0.5', own, true);
    const without = readTextMatches('1', own, false);
    if (!withRanks || !without) throw new Error('a match without a row');
    expect(keptTextMatches(own, 'k', false)).toBeUndefined();
    keepTextMatches(own, 'k', without);
    expect(keptTextMatches(own, 'k', false)).toBe(without);
    // Read without ranks, they cannot order the relevance sort.
    expect(keptTextMatches(own, 'k', true)).toBeUndefined();
    keepTextMatches(own, 'k', withRanks);
    expect(keptTextMatches(own, 'k', true)).toBe(withRanks);
    keepTextMatches(own, 'k', without);
    expect(keptTextMatches(own, 'k', false)).toBe(withRanks);
    // A text read for the relevance sort that matched nothing serves it too.
    const nothing = readTextMatches('', own, true);
    if (!nothing) throw new Error('no match is no missing row');
    keepTextMatches(own, 'none', nothing);
    expect(keptTextMatches(own, 'none', true)).toBe(nothing);
    // Other rows (a newer search documents version) keep their own.
    expect(keptTextMatches(rows, 'k', false)).toBeUndefined();
  });

  it('prices the matches of each price list read, and of each set of rows, by their own rows', () => {
    const read = readTextMatches('13,11,10', rows, false);
    if (!read) throw new Error('a match without a row');
    expect([...read.rows]).toEqual([3, 1, 0]);
    const first = textMatchesOf(read, rows, prices, false);
    expect([...first.prices]).toEqual([100, 300, Number.NaN]);
    expect([...first.nets]).toEqual([Number.NaN, 90, 90]);
    expect([...first.flags]).toEqual([0, DISCOUNT, 0]);
    // Another read of the list (a new catalogue version or day): its own prices, not the first's.
    const newer: ListPrices = new Map([[11, price(280, 80)]]);
    const second = textMatchesOf(read, rows, newer, false);
    expect([...second.prices]).toEqual([Number.NaN, 280, Number.NaN]);
    expect([...second.flags]).toEqual([0, 0, 0]);
    // Other rows with the same list (a newer search documents version, 11 now first): by their rows.
    const reordered = facetTermRowsOf(
      [11, 10].map((id) => ({ id, facetTerms: [], inStock: true, hidden: false, groups: [], popularity: 0 })),
    );
    const again = readTextMatches('10,11', reordered, false);
    if (!again) throw new Error('a match without a row');
    expect([...textMatchesOf(again, reordered, prices, false).prices]).toEqual([Number.NaN, 300]);
    expect([...textMatchesOf(read, rows, prices, false).prices]).toEqual([100, 300, Number.NaN]);
  });
});
