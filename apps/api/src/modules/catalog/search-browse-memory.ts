/**
 * A browse (a search without text: a category page, its filters, the search page without words)
 * answered from the search rows in memory (docs/decisions/search-performance.md, "Browses from the
 * search rows in memory"; docs/product/catalogue-and-search.md#search-filters). The rows of the
 * current search documents version (autocomplete-index.ts, search-facet-memory.ts) hold what the
 * browse's statement read from `search_documents`: visibility, facet terms (the category among
 * them), stock flag, and the name order. Only the viewer's list prices (discount flags and the
 * prices the price sorts use) come from the database, read once per price list, catalogue version
 * and day. The answer is the statement's: the same models, counts and order (search-products.ts
 * `matchingSet`, `orderBy`).
 */
import { sql } from 'drizzle-orm';
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

/** A browse's matching models with the prices its sorts read, in the name order of the rows. */
export interface BrowseMatches extends MatchedModels {
  prices: Float64Array;
  nets: Float64Array;
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
  const flags: number[] = [];
  const priceList: number[] = [];
  const netList: number[] = [];
  const { offsets, terms } = rows;
  for (const [id, row] of rows.rowOf) {
    if (!visibleInMemory(rows.hidden[row] === 1, rows.groups[row] ?? [], viewer)) continue;
    if (withinIds !== null) {
      let holds = false;
      for (let k = offsets[row] as number; k < (offsets[row + 1] as number) && !holds; k++)
        holds = withinIds.has(terms[k] as number);
      if (!holds) continue;
    }
    const p = prices.get(id);
    ids.push(id);
    flags.push(p?.flags ?? 0);
    priceList.push(p?.price ?? Number.NaN);
    netList.push(p?.net ?? Number.NaN);
  }
  return {
    ids,
    flags: Uint8Array.from(flags),
    prices: Float64Array.from(priceList),
    nets: Float64Array.from(netList),
  };
}

/**
 * The ids of the page `[offset, offset + size)` of a browse's matches `passing` (indexes into
 * `matched`, those meeting every filter), sorted as search-products.ts `orderBy` sorts a search
 * without text: `rowOfMatch` gives each match's row, whose order is the name order (name_norm
 * COLLATE "C", then id), every sort's last keys: relevance and name_asc = that order, name_desc =
 * reversed, a price sort = the price (NULL last either way), then the name order.
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
  const compare: Record<Sort, (a: number, b: number) => number> = {
    relevance: byName,
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
