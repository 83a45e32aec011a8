/**
 * Disjunctive facets of the product search (docs/product/catalogue-and-search.md#search-filters,
 * docs/product/constants.md#search-and-list-sizes; docs/decisions/search-performance.md): the
 * per-facet filter conditions, the one-pass term facet SELECT (each facet counted over all the
 * other active filters), the cache key of the facet counts of a query without text, and the
 * buckets answered from the facet rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  FLAG_FACETS,
  foldAccents,
  SEARCH_FACET_VALUES_MAX,
  TERM_FACETS,
  type FacetBucket,
  type Locale,
  type SearchQuery,
  type TermFacet,
} from '@vetshop/domain';
import type { Queryable } from '../../db/client.ts';
import { businessDay } from './search-sql.ts';
import { groupsKeyOf, type Viewer } from './viewer.ts';
import { localizedNameIn } from './variant-name.ts';

/**
 * Per-facet filter condition over the `m` rows, on the row's "facet:value" terms (search_documents.
 * facet_terms, the same terms the facets count): one of `values` matching is enough. A category
 * selects its whole subtree: for `category`, `values` are the subtree's terms already
 * (categorySubtreeTerms), so the planner sees the array and estimates the rows it selects.
 */
export function facetCondition(facet: TermFacet, values: readonly string[]): SQL {
  return sql`m.facet_terms && ${sql.param(facetFilterTerms(facet, values))}::text[]`;
}

/**
 * The "facet:value" terms a filter of `facet` on `values` selects (any one of them): the values
 * prefixed with the facet, or for `category` the subtree's terms as given (facetCondition).
 */
export function facetFilterTerms(facet: TermFacet, values: readonly string[]): string[] {
  return facet === 'category' ? [...values] : values.map((v) => `${facet}:${v}`);
}

/**
 * The facet terms (`category:<id>`) of the categories `ids` and of all their descendants; unknown
 * ids add nothing. One small recursive query over `categories`, read before the search statement:
 * as a parameter, the list lets PostgreSQL estimate a category filter from the `facet_terms`
 * statistics (a large category browse reads the name-order index and stops after one page instead
 * of visiting every row of the category; docs/decisions/search-performance.md "Category filter as
 * a list").
 */
export async function categorySubtreeTerms(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const rows = await db.execute<{ term: string }>(sql`
    WITH RECURSIVE d AS (
      SELECT id FROM categories WHERE id::text = ANY(${sql.param([...ids])}::text[])
      UNION SELECT c.id FROM categories c JOIN d ON c.parent_id = d.id
    ) SELECT 'category:' || id AS term FROM d ORDER BY id`);
  return rows.rows.map((r) => r.term);
}

/**
 * Term facets whose bucket label is the value itself (source-language values); an active
 * substance's is its label in the locale when the catalogue import gave it one
 * (docs/decisions/substance-facet.md).
 */
export const LABEL_IS_VALUE: readonly TermFacet[] = [
  'active_principle',
  'animal_size',
  'age',
  'food_range',
  'indication',
  'colour',
  'size',
  'brand',
  'manufacturer',
  'presentation',
];

/**
 * One pass over `m` for every term facet: unnest the precomputed "facet:value" terms, keep a term
 * when the row passes the other facets' filters (disjunctive facets), group by term; labels are
 * joined on the grouped rows (vet group names, category names and substance labels in `lang`, or
 * the value itself).
 * The terms are unnested in the select list (a ProjectSet streaming the rows) rather than by a
 * lateral join, whose function scan fills a tuplestore per row: 40 % less time for a common word
 * (docs/decisions/search-performance.md, "Facet counts of a text").
 */
export function termFacetsSelect(
  active: ReadonlyArray<{ key: string; cond: SQL }>,
  allFilters: SQL,
  othersThan: (key: string) => SQL,
  lang: Locale,
): SQL {
  const activeTerms = active.filter((a) => (TERM_FACETS as readonly string[]).includes(a.key));
  const keep = activeTerms.length
    ? sql`CASE split_part(t, ':', 1) ${sql.join(
        activeTerms.map((a) => sql`WHEN ${a.key} THEN ${othersThan(a.key)}`),
        sql` `,
      )} ELSE ${allFilters} END`
    : allFilters;
  const labelled = sql.param([...LABEL_IS_VALUE]);
  return sql`
    SELECT f.facet, f.value,
           CASE WHEN f.facet = 'vet_group' THEN ${localizedNameIn(sql`g`, lang)} WHEN f.facet = 'category' THEN ct.name
                WHEN f.facet = 'active_principle' THEN coalesce(sl.label, f.value)
                WHEN f.facet = ANY(${labelled}::text[]) THEN f.value ELSE NULL END AS label,
           f.count
    FROM (SELECT split_part(t, ':', 1) AS facet, substr(t, strpos(t, ':') + 1) AS value, count(*)::int AS count
          FROM (SELECT m.*, unnest(m.facet_terms) AS t FROM m) m
          WHERE ${keep} GROUP BY t) f
    LEFT JOIN vet_groups g ON f.facet = 'vet_group' AND g.code = f.value
    LEFT JOIN category_translations ct
      ON f.facet = 'category' AND ct.category_id = (CASE WHEN f.facet = 'category' THEN f.value::int END)
     AND ct.locale = ${lang}
    LEFT JOIN substance_labels sl ON f.facet = 'active_principle' AND sl.key = f.value AND sl.locale = ${lang}
    WHERE (f.facet <> 'vet_group' OR g.code IS NOT NULL) AND (f.facet <> 'category' OR ct.category_id IS NOT NULL)`;
}

/** SQL conjunction of `parts` (each parenthesised), TRUE when there is none. */
export function andAll(parts: readonly SQL[]): SQL {
  return parts.length
    ? sql.join(
        parts.map((p) => sql`(${p})`),
        sql` AND `,
      )
    : sql`TRUE`;
}

/** A facet count row: facet name, value, label, count (`_total`: the number of matching models). */
export type FacetRow = { facet: string; value: string | null; label: string | null; count: number };

/**
 * Cache key of the facet counts of a query: locale, price list, groups, filters, day and, for a
 * query with text, its words and exact code (search-query.ts `queryWords`, `codeOf`: what the
 * matching set is made of). Neither the sort nor the page changes the counts.
 */
export function facetCacheKey(
  query: SearchQuery,
  viewer: Viewer,
  text?: { words: readonly string[]; code: string | null },
): string {
  const filters: Record<string, unknown> = {};
  for (const facet of TERM_FACETS) {
    const values = query[facet];
    if (values && values.length) filters[facet] = [...values].sort();
  }
  for (const flag of FLAG_FACETS) if (query[flag] === true) filters[flag] = true;
  return JSON.stringify([
    query.lang,
    viewer.priceList,
    groupsKeyOf(viewer),
    filters,
    businessDay(),
    ...(text ? [text.words, text.code] : []),
  ]);
}

/** `a` before `b` (-1), after (1) or the same (0), by code units. */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A bucket's label as a reader orders it: accents and case folded; '' when it has none. */
function readAs(bucket: FacetBucket): string {
  return bucket.label === null ? '' : foldAccents(bucket.label);
}

/**
 * Facet buckets and total from facet rows: sorted by count (most first), then by label as read
 * (accents and case folded, so that "Éthanol" sits among the E), then by value; at most 1000 per
 * facet. A facet without labels (codes the web names) is in value order among equal counts.
 */
export function facetsOf(
  rows: ReadonlyArray<{ facet: string; value: string | null; label: string | null; count: number }>,
): { total: number; facets: Record<string, FacetBucket[]> } {
  const facets: Record<string, FacetBucket[]> = {};
  for (const f of [...TERM_FACETS, ...FLAG_FACETS]) facets[f] = [];
  let total = 0;
  for (const r of rows) {
    if (r.facet === '_total') {
      total = Number(r.count);
      continue;
    }
    if (r.value === null) continue;
    if (FLAG_FACETS.includes(r.facet as (typeof FLAG_FACETS)[number]) && Number(r.count) === 0) {
      facets[r.facet] = [{ value: 'true', label: null, count: 0 }];
      continue;
    }
    (facets[r.facet] ??= []).push({ value: r.value, label: r.label, count: Number(r.count) });
  }
  for (const key of Object.keys(facets)) {
    facets[key] = (facets[key] ?? [])
      .sort((a, b) => b.count - a.count || byText(readAs(a), readAs(b)) || byText(a.value, b.value))
      .slice(0, SEARCH_FACET_VALUES_MAX);
  }
  return { total, facets };
}

/**
 * The facets of an answer as `query` asks them (docs/decisions/listing-facet-values.md): without
 * `facet_values`, `facets` as counted and no sizes (the answer of every caller that does not ask).
 * With `facet_values` n, each term facet keeps its n first buckets (in facetsOf's order) and, further
 * down, every bucket of a value chosen in that facet's filter; the facet named by `all_values` keeps
 * all; flag facets are kept whole. `sizes`: each term facet's number of buckets before the cut
 * (0 for a facet without any). `facets` (kept in the facet caches) is never changed: a cut facet
 * is a new array in a new record.
 */
export function facetsAsked(
  facets: Record<string, FacetBucket[]>,
  query: SearchQuery,
): { facets: Record<string, FacetBucket[]>; sizes?: Record<string, number> } {
  const n = query.facet_values;
  if (n === undefined) return { facets };
  const cut: Record<string, FacetBucket[]> = { ...facets };
  const sizes: Record<string, number> = {};
  for (const facet of TERM_FACETS) {
    const buckets = facets[facet] ?? [];
    sizes[facet] = buckets.length;
    if (query.all_values === facet || buckets.length <= n) continue;
    const chosen = new Set(query[facet] ?? []);
    cut[facet] = buckets.filter((b, i) => i < n || chosen.has(b.value));
  }
  return { facets: cut, sizes };
}
