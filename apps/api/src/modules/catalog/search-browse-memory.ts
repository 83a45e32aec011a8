/**
 * A browse (a search without text: a category page, its filters, the search page without words)
 * or a text answered from the search rows in memory (docs/decisions/search-performance.md,
 * "Browses from the search rows in memory", "Texts from the search rows in memory";
 * docs/product/catalogue-and-search.md#search-filters). The rows of the current search documents
 * version (autocomplete-index.ts, search-facet-memory.ts) hold what the statements read from
 * `search_documents` besides the text match: visibility, facet terms (the category among them),
 * stock flag, popularity and the name order. The viewer's list prices (discount flags and the
 * prices the price sorts use) come from the database, read once per price list, catalogue version
 * and day; a text's matches and ranks from one statement (search-products.ts `textMatchesSql`).
 * The answer is the statements': the same models, counts and order (search-products.ts
 * `matchingSet`, `orderBy`).
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Sort } from '@vetshop/domain';
import type { Queryable } from '../../db/client.ts';
import {
  DISCOUNT,
  DISCOUNT_ENDING,
  keptRead,
  type FacetTermRows,
  type MatchedModels,
} from './search-facet-memory.ts';
import { monthWindow } from './search-query.ts';
import { priceListIdOf, visibleInMemory, type Viewer } from './viewer.ts';

/** One product model's row of the viewer's price list: discount flags and minimum prices. */
interface ListPrice {
  /** {@link DISCOUNT} | {@link DISCOUNT_ENDING} (a discount ending this month). */
  flags: number;
  /** `min_price_cents`, `min_net_cents` (EUR cents excl. VAT); NaN where NULL. */
  price: number;
  net: number;
}

/** A price list's rows by product model id; a model without a row has no discount and no price. */
export type ListPrices = ReadonlyMap<number, ListPrice>;

/**
 * The rows of `viewer`'s price list in `product_list_prices`, the discount ending flag for the
 * month of `today` (search-query.ts `monthWindow`). Errors: the database's.
 */
export async function loadListPrices(db: Queryable, viewer: Viewer, today?: string): Promise<ListPrices> {
  const window = monthWindow(today);
  const result = await db.execute<{
    id: number;
    discount: boolean;
    ending: boolean;
    price: number | null;
    net: number | null;
  }>(sql`
    SELECT lp.product_id AS id, lp.has_discount AS discount,
           coalesce(lp.discount_end BETWEEN ${window.today}::date AND ${window.monthEnd}::date, FALSE) AS ending,
           lp.min_price_cents AS price, lp.min_net_cents AS net
    FROM product_list_prices lp WHERE lp.price_list_id = ${priceListIdOf(viewer)}`);
  const out = new Map<number, ListPrice>();
  for (const r of result.rows)
    out.set(Number(r.id), {
      flags: (r.discount ? DISCOUNT : 0) | (r.ending ? DISCOUNT_ENDING : 0),
      price: r.price === null ? Number.NaN : Number(r.price),
      net: r.net === null ? Number.NaN : Number(r.net),
    });
  return out;
}

/** Price lists kept per database at most (the shop has seven; a list per catalogue version and day). */
const LIST_PRICES_MAX = 16;
const listPriceCache = new WeakMap<object, Map<string, Promise<ListPrices>>>();

/**
 * {@link loadListPrices} of `viewer`'s list kept per database for catalogue version `version` (which
 * every change of `product_list_prices` moves) and the day; read every time when the version is
 * unknown (null). A failed read is not kept. Errors: the database's.
 */
export function listPricesAt(db: Queryable, viewer: Viewer, version: string | null): Promise<ListPrices> {
  if (version === null) return loadListPrices(db, viewer);
  const today = monthWindow().today;
  let entries = listPriceCache.get(db);
  if (!entries) listPriceCache.set(db, (entries = new Map()));
  return keptRead(
    entries,
    JSON.stringify([viewer.priceList, version, today]),
    () => loadListPrices(db, viewer, today),
    LIST_PRICES_MAX,
  );
}

/** A text's relevance keys: each match's rank and its row's popularity (the sort's first two keys). */
export interface RankKeys {
  ranks: Float64Array;
  popularity: Int32Array;
}

/** A browse's or a text's matching models with the prices its sorts read. */
export interface BrowseMatches extends MatchedModels {
  prices: Float64Array;
  nets: Float64Array;
  /**
   * A text's relevance sort: each match's rank and its row's popularity, the sort's first two
   * keys; absent for a browse and for a text's other sorts, which sort as a browse does.
   */
  ranked?: RankKeys;
}

/** A price list's {@link ListPrice}s by row of one set of search rows (no price row: 0, NaN, NaN). */
interface RowPrices {
  flags: Uint8Array;
  prices: Float64Array;
  nets: Float64Array;
}

/** Per price list read, per set of search rows: its prices by row (rowPricesOf). */
const rowPriceCache = new WeakMap<ListPrices, WeakMap<FacetTermRows, RowPrices>>();

/**
 * `prices` by row of `rows` (row i: the model `rows.rowOf` gives row i), made once per price list
 * read (listPricesAt) and set of rows, so that a search prices its matches by row instead of one
 * map lookup per match (docs/decisions/search-performance.md, "Matches priced by row").
 */
function rowPricesOf(rows: FacetTermRows, prices: ListPrices): RowPrices {
  let byRows = rowPriceCache.get(prices);
  if (!byRows) rowPriceCache.set(prices, (byRows = new WeakMap()));
  const kept = byRows.get(rows);
  if (kept) return kept;
  const n = rows.offsets.length - 1;
  const out: RowPrices = {
    flags: new Uint8Array(n),
    prices: new Float64Array(n).fill(Number.NaN),
    nets: new Float64Array(n).fill(Number.NaN),
  };
  for (const [id, row] of rows.rowOf) {
    const p = prices.get(id);
    if (!p) continue;
    out.flags[row] = p.flags;
    out.prices[row] = p.price;
    out.nets[row] = p.net;
  }
  byRows.set(rows, out);
  return out;
}

/** The models `ids` at rows `matchRows` of `rows`, each with its list price of `prices`. */
function pricedMatches(
  ids: readonly number[],
  matchRows: Int32Array,
  rows: FacetTermRows,
  prices: ListPrices,
): BrowseMatches {
  const byRow = rowPricesOf(rows, prices);
  const flags = new Uint8Array(ids.length);
  const priceList = new Float64Array(ids.length);
  const netList = new Float64Array(ids.length);
  for (let i = 0; i < matchRows.length; i++) {
    const row = matchRows[i] as number;
    flags[i] = byRow.flags[row] as number;
    priceList[i] = byRow.prices[row] as number;
    netList[i] = byRow.nets[row] as number;
  }
  return { ids, flags, prices: priceList, nets: netList, rows: matchRows };
}

/**
 * The matching set of a browse (search-products.ts `matchingSet` without text): every row of
 * `rows` visible to `viewer`, narrowed to those holding one of `within` (the category subtree's
 * terms of a category browse; null: no category), with their discount flags and prices of `prices`.
 */
export function browseMatches(
  rows: FacetTermRows,
  viewer: Viewer,
  prices: ListPrices,
  within: readonly string[] | null,
): BrowseMatches {
  const withinIds = within === null ? null : new Set(within.flatMap((t) => rows.termIdOf.get(t) ?? []));
  const ids: number[] = [];
  const matchRows: number[] = [];
  const { offsets, terms } = rows;
  for (const [id, row] of rows.rowOf) {
    if (!visibleInMemory(rows.hidden[row] === 1, rows.groups[row] ?? [], viewer)) continue;
    if (withinIds !== null) {
      let holds = false;
      for (let k = offsets[row] as number; k < (offsets[row + 1] as number) && !holds; k++)
        holds = withinIds.has(terms[k] as number);
      if (!holds) continue;
    }
    ids.push(id);
    matchRows.push(row);
  }
  return pricedMatches(ids, Int32Array.from(matchRows), rows, prices);
}

/** A text's matching models as its statement answered them, before any viewer's prices. */
export interface TextMatches {
  ids: readonly number[];
  /** The row of each match in the search rows it was read against. */
  rows: Int32Array;
  /** Read for the relevance sort, its keys (popularity of the rows kept with); else null. */
  ranked: RankKeys | null;
}

/**
 * The {@link TextMatches} of `text`, as search-products.ts `textMatchesSql` answers them (ids,
 * each with `:rank` when read for the relevance sort, `ranked`, comma-separated). Null when a
 * model has no row in `rows` (the statement read a newer search documents version), or, when
 * `ranked`, no rank: the caller asks the database as without rows in memory.
 */
export function readTextMatches(text: string, rows: FacetTermRows, ranked: boolean): TextMatches | null {
  const ids: number[] = [];
  const matchRows: number[] = [];
  const ranks: number[] = [];
  const popularity: number[] = [];
  // One pass: an id's digits, then its rank up to the next comma when a colon follows.
  for (let i = 0; i < text.length; i += 1) {
    let id = 0;
    let c = text.charCodeAt(i);
    while (c >= 48 && c <= 57) {
      id = id * 10 + (c - 48);
      c = text.charCodeAt(++i);
    }
    const row = rows.rowOf.get(id);
    if (row === undefined) return null;
    ids.push(id);
    matchRows.push(row);
    if (c === 58) {
      let end = text.indexOf(',', i);
      if (end < 0) end = text.length;
      ranks.push(Number(text.slice(i + 1, end)));
      popularity.push(rows.popularity[row] as number);
      i = end;
    }
  }
  const rowsOfMatches = Int32Array.from(matchRows);
  if (!ranked) return { ids, rows: rowsOfMatches, ranked: null };
  // Read for the relevance sort, every match has its rank (else the database answers).
  if (ranks.length !== ids.length) return null;
  return {
    ids,
    rows: rowsOfMatches,
    ranked: { ranks: Float64Array.from(ranks), popularity: Int32Array.from(popularity) },
  };
}

/**
 * The matching set of a text, `matches` (read against `rows`), with their discount flags and
 * prices of `prices`; for the relevance sort (`ranked`, when `matches` were read with ranks)
 * their ranks and popularity.
 */
export function textMatchesOf(
  matches: TextMatches,
  rows: FacetTermRows,
  prices: ListPrices,
  ranked: boolean,
): BrowseMatches {
  const out = pricedMatches(matches.ids, matches.rows, rows, prices);
  if (ranked && matches.ranked) out.ranked = matches.ranked;
  return out;
}

/** Matches kept per set of search rows at most (models: 20 bytes each with a rank). */
const KEPT_MATCHES_MAX = 400_000;
const keptMatches = new WeakMap<FacetTermRows, LRUCache<string, TextMatches>>();

/**
 * The matches of the text `key` (locale, words, code, the viewer's groups) kept for the search
 * rows `rows`, when they serve a search that needs ranks (`ranked`) or not: read once, they
 * answer the text's other pages, sorts and filters. Kept with the rows, so a newer search
 * documents version (new rows) starts afresh; at most {@link KEPT_MATCHES_MAX} models, the least
 * recently used text dropped first.
 */
export function keptTextMatches(rows: FacetTermRows, key: string, ranked: boolean): TextMatches | undefined {
  const kept = keptMatches.get(rows)?.get(key);
  return kept && (kept.ranked !== null || !ranked) ? kept : undefined;
}

/** Keeps `matches` of the text `key` for `rows` ({@link keptTextMatches}). */
export function keepTextMatches(rows: FacetTermRows, key: string, matches: TextMatches): void {
  let kept = keptMatches.get(rows);
  if (!kept) {
    kept = new LRUCache<string, TextMatches>({
      maxSize: KEPT_MATCHES_MAX,
      sizeCalculation: (m) => m.ids.length + 1,
    });
    keptMatches.set(rows, kept);
  }
  const before = kept.get(key);
  // A text read with ranks serves both; one read without never replaces it.
  if (before?.ranked && !matches.ranked) return;
  kept.set(key, matches);
}

/**
 * The ids of the page `[offset, offset + size)` of a browse's or a text's matches `passing`
 * (indexes into `matched`, those meeting every filter), sorted as search-products.ts `orderBy`
 * sorts: `rowOfMatch` gives each match's row, whose order is the name order (name_norm COLLATE
 * "C", then id), every sort's last keys: relevance and name_asc = that order (a text's relevance:
 * rank descending, then popularity descending, then that order), name_desc = reversed, a price
 * sort = the price (NULL last either way), then the name order.
 */
export function pageOfBrowse(
  matched: BrowseMatches,
  rowOfMatch: Int32Array,
  passing: readonly number[],
  sort: Sort,
  offset: number,
  size: number,
): number[] {
  const row = (i: number) => rowOfMatch[i] as number;
  const byName = (a: number, b: number) => row(a) - row(b);
  const byPrice = (values: Float64Array, desc: boolean) => (a: number, b: number) => {
    const x = values[a] as number;
    const y = values[b] as number;
    if (Number.isNaN(x) || Number.isNaN(y))
      return Number.isNaN(x) === Number.isNaN(y) ? byName(a, b) : Number.isNaN(x) ? 1 : -1;
    return (desc ? y - x : x - y) || byName(a, b);
  };
  const ranked = matched.ranked;
  const compare: Record<Sort, (a: number, b: number) => number> = {
    relevance: ranked
      ? (a, b) =>
          (ranked.ranks[b] as number) - (ranked.ranks[a] as number) ||
          (ranked.popularity[b] as number) - (ranked.popularity[a] as number) ||
          byName(a, b)
      : byName,
    name_asc: byName,
    name_desc: (a, b) => byName(b, a),
    price_asc: byPrice(matched.prices, false),
    price_desc: byPrice(matched.prices, true),
    net_price_asc: byPrice(matched.nets, false),
    net_price_desc: byPrice(matched.nets, true),
  };
  return smallest(passing, offset + size, compare[sort])
    .slice(offset)
    .map((i) => matched.ids[i] as number);
}

/** Above this many kept, {@link smallest} sorts the whole list instead of inserting one by one. */
const INSERTION_MAX = 256;

/** The `k` smallest of `items` under `compare` (a total order), sorted. */
function smallest(items: readonly number[], k: number, compare: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (k > INSERTION_MAX || k >= items.length) return [...items].sort(compare).slice(0, k);
  const kept: number[] = [];
  for (const item of items) {
    if (kept.length === k && compare(item, kept[k - 1] as number) >= 0) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(kept[mid] as number, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, item);
    if (kept.length > k) kept.pop();
  }
  return kept;
}
