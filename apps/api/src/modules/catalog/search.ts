/**
 * Product search on PostgreSQL full-text search (docs/product/catalogue-and-search.md#search-index, docs/product/catalogue-and-search.md#search-filters,
 * docs/product/constants.md#search-and-list-sizes sorts and sizes; docs/decisions/search-ranking.md, docs/decisions/search-performance.md).
 *
 * - Exact codes (sku, CNK, EAN, AMM) are an equality lookup and come first.
 * - Text: every word must match (AND), the last one as a prefix (`:*`), in the locale's
 *   configuration (stemming) on accent-folded text; rank = ts_rank with weights {D,C,B,A} mapping the
 *   required boosts of docs/product/catalogue-and-search.md#ranking (CNK/species 3, name 4, active principle 5, sku 10) + the description ranked lower.
 * - One hit per model (collapse), with up to 100 variants priced for the viewer's list.
 * - Disjunctive facets: each facet counted over all the other active filters, one grouped
 *   SELECT per facet, sent as one UNION ALL statement.
 * - "Did you mean": per word, the most frequent vocabulary word within one edit.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bpToPercent,
  centsToEur,
  FLAG_FACETS,
  foldAccents,
  TERM_FACETS,
  VARIANTS_PER_HIT_MAX,
  type AutocompleteQuery,
  type AutocompleteResult,
  type FacetBucket,
  type Family,
  type Locale,
  type PriceValue,
  type ProductHit,
  type SearchQuery,
  type SearchResult,
  type StockState,
  type TermFacet,
  type VariantSummary,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { FACET_CACHE_TTL_MS, facetCache, tsConfigOf, type CachedFacets } from './search-index.ts';
import { priceListIdOf, visibleTo, type Viewer } from './viewer.ts';
import { mainImageOfProducts } from '../images/index.ts';
import { businessDay, executeNamed } from './search-sql.ts';
import { presentationOf } from '../../seed/vocabulary.ts';

/** ts_rank weights {D, C, B, A}: CNK+species 3, name 4, active principle 5, sku/codes 10 (÷ 10). */
export const RANK_WEIGHTS = '{0.3,0.4,0.5,1.0}';
/** The description vector is ranked with this factor (below every labelled field). */
export const DESCRIPTION_FACTOR = 0.05;
/** Boost of an exact code match, above any text rank. */
const EXACT_BOOST = 1000;
/** "Few hits" below which a suggestion is computed. */
const FEW_HITS = 3;
/** Facet buckets per axis (docs/product/constants.md#search-and-list-sizes: up to 1000 terms). */
const FACET_BUCKETS_MAX = 1000;
const MAX_WORDS = 12;
/** Autocomplete tier 2: names of the locale walked in order before switching to the trigram indexes. */
const TIER2_WINDOW = 1000;
/** Cached facet entries per database at most (the oldest is dropped first). */
const FACET_CACHE_MAX = 500;
const MAX_WORD_LENGTH = 60;

/** Folded words of a query (letters and digits only, so they are safe inside a tsquery). */
export function queryWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = foldAccents(q).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** tsquery text: every word ANDed, the last as a prefix. Words are [\p{L}\p{N}]+ only. */
export function tsqueryText(words: readonly string[]): string {
  return words.map((w, i) => (i === words.length - 1 ? `'${w}':*` : `'${w}'`)).join(' & ');
}

/**
 * Exact-code form of a query: trimmed, inner spaces removed, upper-cased (null when not
 * code-like). A GS1 element string as scanners read a DataMatrix ("(01)05412345000055(17)…" or
 * "0105412345000055…") becomes its GTIN-14.
 */
export function codeOf(q: string | undefined): string | null {
  if (!q) return null;
  const c = q
    .trim()
    .split(String.fromCharCode(29)) // GS1 group separator (FNC1) of scanned element strings
    .join('')
    .replace(/\s+/g, '')
    .toUpperCase();
  const gs1 = /^\(01\)(\d{14})/.exec(c) ?? /^01(\d{14})(?:(?:10|11|17|21)[\dA-Z]*)?$/.exec(c);
  if (gs1) return gs1[1] ?? null;
  return c.length >= 3 && c.length <= 64 && /^[\p{L}\p{N}./-]+$/u.test(c) ? c : null;
}

/**
 * The values an exact code may be stored as (docs/decisions/search-ranking.md): the code itself;
 * digits typed with separators ("1234-567"); a GTIN-14 with its leading zero as the EAN-13 it
 * holds; an EU number with its pack suffix ("EU/2/97/004/001") also as the product's number.
 * AMM numbers match with or without their date suffix in SQL (products.amm_code normalised).
 */
export function codeCandidates(code: string): string[] {
  const out = new Set([code]);
  if (/^[\d.\-/]+$/.test(code)) {
    const digits = code.replace(/\D/g, '');
    if (digits.length >= 3) out.add(digits);
    if (digits.length === 14 && digits.startsWith('0')) out.add(digits.slice(1));
  }
  const eu = /^(EU\/\d\/\d{2}\/\d{3})\/\d{3}$/.exec(code);
  if (eu?.[1]) out.add(eu[1]);
  return [...out];
}

/** First and last day of the current business month (Europe/Brussels), inclusive. */
export function monthWindow(today: string = businessDay()): { today: string; monthEnd: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { today, monthEnd: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/**
 * Per-facet filter condition over the `m` rows, on the row's "facet:value" terms (search_documents.
 * facet_terms, the same terms the facets count): one of `values` matching is enough. A category selects its
 * whole subtree.
 */
function facetCondition(facet: TermFacet, values: readonly string[]): SQL {
  if (facet === 'category') {
    return sql`m.facet_terms && (
        WITH RECURSIVE d AS (
          SELECT id FROM categories WHERE id::text = ANY(${sql.param([...values])}::text[])
          UNION SELECT c.id FROM categories c JOIN d ON c.parent_id = d.id
        ) SELECT coalesce(array_agg('category:' || id), '{}'::text[]) FROM d)`;
  }
  return sql`m.facet_terms && ${sql.param(values.map((v) => `${facet}:${v}`))}::text[]`;
}

/** Term facets whose bucket label is the value itself (source-language values). */
const LABEL_IS_VALUE: readonly TermFacet[] = [
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
 * joined on the grouped rows (vet group names, category names in `lang`, or the value itself).
 */
function termFacetsSelect(
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
           CASE WHEN f.facet = 'vet_group' THEN g.name WHEN f.facet = 'category' THEN ct.name
                WHEN f.facet = ANY(${labelled}::text[]) THEN f.value ELSE NULL END AS label,
           f.count
    FROM (SELECT split_part(t, ':', 1) AS facet, substr(t, strpos(t, ':') + 1) AS value, count(*)::int AS count
          FROM m CROSS JOIN LATERAL unnest(m.facet_terms) AS t
          WHERE ${keep} GROUP BY t) f
    LEFT JOIN vet_groups g ON f.facet = 'vet_group' AND g.code = f.value
    LEFT JOIN category_translations ct
      ON f.facet = 'category' AND ct.category_id = (CASE WHEN f.facet = 'category' THEN f.value::int END)
     AND ct.locale = ${lang}
    WHERE (f.facet <> 'vet_group' OR g.code IS NOT NULL) AND (f.facet <> 'category' OR ct.category_id IS NOT NULL)`;
}

function andAll(parts: readonly SQL[]): SQL {
  return parts.length
    ? sql.join(
        parts.map((p) => sql`(${p})`),
        sql` AND `,
      )
    : sql`TRUE`;
}

/** A facet count row: facet name, value, label, count (`_total`: the number of matching models). */
type FacetRow = { facet: string; value: string | null; label: string | null; count: number };

type HitRow = {
  id: number;
  url_key: string;
  name: string;
  family: Family;
  brand_name: string | null;
  manufacturer: string | null;
  active_principles: string[];
  species: string[];
  presentation: string | null;
  short_description: string | null;
  /** The model's variants priced for the viewer, main first then by sequence (JSON from the statement). */
  variants: VariantRow[] | null;
};

type VariantRow = {
  id: number;
  product_id: number;
  sku: string;
  name: string;
  barcode: string | null;
  cnk_code: string | null;
  stock_state: StockState;
  is_main: boolean;
  gross_cents: number | null;
  net_cents: number | null;
  has_discount: boolean | null;
};

/** Price value of a variant (EUR excl. VAT), null when the list has no price for it. */
export function priceValueOf(grossCents: number | null, netCents: number | null): PriceValue | null {
  if (grossCents === null || netCents === null) return null;
  const discountBp = grossCents > 0 ? Math.round(((grossCents - netCents) * 10_000) / grossCents) : 0;
  return {
    value: centsToEur(netCents),
    tax_included: false,
    original_value: centsToEur(grossCents),
    discount: bpToPercent(discountBp),
  };
}

const STOCK_ORDER: readonly StockState[] = [
  'in_stock',
  'in_limited_stock',
  'resupplying',
  'supplier_out_of_stock',
  'out_of_stock',
];

/**
 * The "matching set" CTE `m` shared by the hits and facets statements: one row per visible
 * product model with a search row in the locale, carrying what the filters, facets and sorts
 * need: facet terms, stock flag, name, rank (search_documents, denormalised at index time) and the
 * viewer's list prices (product_list_prices, the only join per matched product).
 * With text, the rows come from index-friendly predicates only: the per-locale GIN indexes of
 * `document` and `description_vector` (`@@` with an inline to_tsquery, one bitmap heap visit
 * per row, the rank computed on the row it returns), and the exact codes (equality on the sku,
 * EAN, CNK and AMM indexes) as a separate branch flagged `exact`.
 */
function matchingSet(query: SearchQuery, viewer: Viewer, words: string[], code: string | null): SQL {
  const lang = query.lang;
  const cfg = tsConfigOf(sql`${lang}::text`);
  const { today, monthEnd } = monthWindow();
  const tsq = sql`to_tsquery(${cfg}, ${tsqueryText(words)})`;
  // The rank only orders the relevance sort: other sorts skip ts_rank (two per matched row).
  const ranked = query.sort === 'relevance';
  const textRank =
    words.length && ranked
      ? sql`(ts_rank(${RANK_WEIGHTS}::float4[], sd.document, ${tsq})
          + ${DESCRIPTION_FACTOR} * ts_rank(sd.description_vector, ${tsq}, 1))::float8`
      : sql`0::float8`;
  const columns = (exact: boolean): SQL => sql`sd.product_id AS id, sd.facet_terms, sd.in_stock, sd.name_norm,
    (${exact && ranked ? sql`${EXACT_BOOST}::float8 + ` : sql``}${textRank})::float8 AS rank`;
  const visible = visibleTo(viewer, sql`sd`);
  const sources: SQL[] = [];
  let exactIds = sql``;
  if (code) {
    const codes = sql.param(codeCandidates(code));
    exactIds = sql`exact_ids AS (
      SELECT coalesce(array_agg(DISTINCT id), '{}'::int[]) AS ids FROM (
        SELECT product_id AS id FROM product_variants
          WHERE upper(sku) = ANY(${codes}::text[]) OR barcode = ANY(${codes}::text[]) OR cnk_code = ANY(${codes}::text[])
        UNION ALL SELECT id FROM products WHERE upper(amm_code) = ANY(${codes}::text[])
          OR upper(split_part(amm_code, ' ', 1)) = ANY(${codes}::text[])
          OR upper(regexp_replace(amm_code, '\\s+', '', 'g')) = ANY(${codes}::text[])) u),`;
    sources.push(sql`SELECT ${columns(true)} FROM search_documents sd
      WHERE sd.locale = ${lang} AND sd.product_id = ANY((SELECT ids FROM exact_ids)::int[]) AND ${visible}`);
  }
  if (words.length) {
    sources.push(sql`SELECT ${columns(false)} FROM search_documents sd
      WHERE sd.locale = ${lang} AND ${visible}
        -- the locale in each arm: both use the per-locale partial GIN indexes (one BitmapOr)
        AND ((sd.locale = ${lang} AND sd.document @@ ${tsq}) OR (sd.locale = ${lang} AND sd.description_vector @@ ${tsq}))
      ${code ? sql`AND NOT sd.product_id = ANY((SELECT ids FROM exact_ids)::int[])` : sql``}`);
  }
  if (!words.length && !code) {
    sources.push(
      sql`SELECT ${columns(false)} FROM search_documents sd WHERE sd.locale = ${lang} AND ${visible}`,
    );
  }
  return sql`
    ${exactIds}
    m AS (
      SELECT s.id, s.facet_terms, s.in_stock, s.name_norm, s.rank,
             coalesce(lp.has_discount, FALSE) AS discount,
             coalesce(lp.discount_end BETWEEN ${today}::date AND ${monthEnd}::date, FALSE) AS discount_ending,
             lp.min_price_cents AS min_price, lp.min_net_cents AS min_net
      FROM (${sql.join(sources, sql` UNION ALL `)}) s
      LEFT JOIN product_list_prices lp ON lp.product_id = s.id AND lp.price_list_id = ${priceListIdOf(viewer)}
    )`;
}

function orderBy(query: SearchQuery, hasText: boolean, alias = 'm'): SQL {
  const a = sql.raw(alias);
  const name = sql`${a}.name_norm COLLATE "C"`;
  switch (query.sort) {
    case 'name_asc':
      return sql`${name} ASC, ${a}.id ASC`;
    case 'name_desc':
      return sql`${name} DESC, ${a}.id DESC`;
    case 'price_asc':
      return sql`${a}.min_price ASC NULLS LAST, ${name} ASC, ${a}.id ASC`;
    case 'price_desc':
      return sql`${a}.min_price DESC NULLS LAST, ${name} ASC, ${a}.id ASC`;
    case 'net_price_asc':
      return sql`${a}.min_net ASC NULLS LAST, ${name} ASC, ${a}.id ASC`;
    case 'net_price_desc':
      return sql`${a}.min_net DESC NULLS LAST, ${name} ASC, ${a}.id ASC`;
    case 'relevance':
      return hasText ? sql`${a}.rank DESC, ${name} ASC, ${a}.id ASC` : sql`${name} ASC, ${a}.id ASC`;
  }
}

/**
 * Searches product models for `query` as `viewer` sees them.
 * Returns hits (one per model, up to 100 variants each, prices EUR excl. VAT for the viewer's list),
 * the total of models, disjunctive facets and a "did you mean" suggestion. When nothing matches
 * and a suggestion exists, the hits are those of the suggestion (the web shows "results for …").
 */
export async function searchProducts(db: Db, query: SearchQuery, viewer: Viewer): Promise<SearchResult> {
  const first = await runSearch(db, query, viewer);
  const words = queryWords(query.q);
  if (!words.length || first.total >= FEW_HITS) return first;
  const suggestion = await didYouMean(db, query.lang, words);
  if (!suggestion) return first;
  if (first.total > 0) return { ...first, suggestion };
  const second = await runSearch(db, { ...query, q: suggestion }, viewer);
  return { ...second, suggestion };
}

/** Cache key of the facet counts of a query without text: locale, price list, groups, filters, day. */
function facetCacheKey(query: SearchQuery, viewer: Viewer): string {
  const filters: Record<string, unknown> = {};
  for (const facet of TERM_FACETS) {
    const values = query[facet];
    if (values && values.length) filters[facet] = [...values].sort();
  }
  for (const flag of FLAG_FACETS) if (query[flag] === true) filters[flag] = true;
  return JSON.stringify([
    query.lang,
    viewer.priceList,
    [...viewer.vetGroupIds].sort((a, b) => a - b),
    filters,
    businessDay(),
  ]);
}

/** Facet buckets (sorted by count desc then value, at most 1000 per facet) and total from facet rows. */
function facetsOf(
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
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      .slice(0, FACET_BUCKETS_MAX);
  }
  return { total, facets };
}

/**
 * SQL: the variants of model `p` priced for the viewer's list, as a JSON array in page order (main
 * first, then sequence, id), read with the page's hits in the same statement (no second round trip).
 */
function variantsJson(viewer: Viewer): SQL {
  return sql`(SELECT json_agg(json_build_object('id', v.id, 'product_id', v.product_id, 'sku', v.sku, 'name', v.name,
                'barcode', v.barcode, 'cnk_code', v.cnk_code, 'stock_state', v.stock_state, 'is_main', v.is_main,
                'gross_cents', vp.gross_cents, 'net_cents', vp.net_cents, 'has_discount', vp.has_discount)
              ORDER BY v.is_main DESC, v.sequence, v.id)
            FROM product_variants v
            LEFT JOIN variant_prices vp ON vp.variant_id = v.id AND vp.price_list_id = ${priceListIdOf(viewer)}
            WHERE v.product_id = p.id)`;
}

async function runSearch(db: Db, query: SearchQuery, viewer: Viewer): Promise<SearchResult> {
  const words = queryWords(query.q);
  const code = codeOf(query.q);
  const hasText = words.length > 0 || code !== null;
  const mHits = matchingSet(query, viewer, words, code);

  const active: Array<{ key: string; cond: SQL }> = [];
  for (const facet of TERM_FACETS) {
    const values = query[facet];
    if (values && values.length) active.push({ key: facet, cond: facetCondition(facet, values) });
  }
  for (const flag of FLAG_FACETS) {
    if (query[flag] === true) active.push({ key: flag, cond: sql`m.${sql.raw(flag)}` });
  }
  const allFilters = andAll(active.map((a) => a.cond));
  const othersThan = (key: string): SQL => andAll(active.filter((a) => a.key !== key).map((a) => a.cond));

  const offset = (query.page - 1) * query.per_page;
  const hitsStatement = sql`
    WITH ${mHits},
    top AS (
      SELECT m.id, m.name_norm, m.rank, m.min_price, m.min_net FROM m WHERE ${allFilters}
      ORDER BY ${orderBy(query, hasText)}
      LIMIT ${query.per_page} OFFSET ${offset}
    )
    SELECT p.id, pt.url_key, pt.name, p.family, b.name AS brand_name, p.manufacturer, p.active_principles, p.species,
           p.presentation, pt.short_description, ${variantsJson(viewer)} AS variants
    FROM top JOIN products p ON p.id = top.id
    JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${query.lang}
    LEFT JOIN brands b ON b.id = p.brand_id
    ORDER BY ${orderBy(query, hasText, 'top')}`;

  const flagCounts = sql.join(
    FLAG_FACETS.map(
      (f, i) =>
        sql`count(*) FILTER (WHERE m.${sql.raw(f)} AND ${othersThan(f)})::int AS ${sql.raw(`flag${i}`)}`,
    ),
    sql`, `,
  );
  const facetRows = sql`
    totals AS (SELECT count(*) FILTER (WHERE ${allFilters})::int AS total, ${flagCounts} FROM m),
    facet_rows AS (
      SELECT '_total' AS facet, NULL::text AS value, NULL::text AS label, total AS count FROM totals
      ${sql.join(
        FLAG_FACETS.map(
          (f, i) =>
            sql`UNION ALL SELECT ${sql.raw(`'${f}'`)}, 'true', NULL::text, ${sql.raw(`flag${i}`)} FROM totals`,
        ),
        sql` `,
      )}
      UNION ALL ${termFacetsSelect(active, allFilters, othersThan, query.lang)}
    )`;

  // Without text the facet counts do not depend on q, page or sort: cached (search-index.ts facetCache).
  const cacheKey = hasText ? null : facetCacheKey(query, viewer);
  const cache = facetCache.get(db) ?? new Map<string, CachedFacets>();
  const cached = cacheKey === null ? undefined : cache.get(cacheKey);
  const fresh = cached !== undefined && Date.now() - cached.at < FACET_CACHE_TTL_MS ? cached : undefined;

  let hitRows: HitRow[];
  let counted: { total: number; facets: Record<string, FacetBucket[]> };
  if (fresh) {
    hitRows = (await executeNamed<HitRow>(db, hitsStatement)).rows;
    counted = fresh;
  } else {
    // Hits and facets in one statement: the matching set is computed once (materialised CTE).
    const r = await executeNamed<{ hits: HitRow[] | null; facets: FacetRow[] | null }>(
      db,
      sql`
      WITH ${mHits}, ${facetRows},
      top AS (
        SELECT m.id, m.name_norm, m.rank, m.min_price, m.min_net FROM m WHERE ${allFilters}
        ORDER BY ${orderBy(query, hasText)}
        LIMIT ${query.per_page} OFFSET ${offset}
      ),
      hit_rows AS (
        SELECT p.id, pt.url_key, pt.name, p.family, b.name AS brand_name, p.manufacturer, p.active_principles,
               p.species, p.presentation, pt.short_description, ${variantsJson(viewer)} AS variants,
               row_number() OVER (ORDER BY ${orderBy(query, hasText, 'top')}) AS ord
        FROM top JOIN products p ON p.id = top.id
        JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${query.lang}
        LEFT JOIN brands b ON b.id = p.brand_id
      )
      SELECT (SELECT json_agg(h ORDER BY h.ord) FROM hit_rows h) AS hits,
             (SELECT json_agg(f) FROM facet_rows f) AS facets`,
    );
    hitRows = r.rows[0]?.hits ?? [];
    counted = facetsOf(r.rows[0]?.facets ?? []);
  }
  if (cacheKey !== null && !fresh) {
    cache.delete(cacheKey);
    if (cache.size >= FACET_CACHE_MAX) cache.delete(cache.keys().next().value ?? '');
    cache.set(cacheKey, { at: Date.now(), total: counted.total, facets: counted.facets });
    facetCache.set(db, cache);
  }
  const { total, facets } = counted;

  const hits = hitsOf(hitRows, query.lang);
  // Main pictures (modules/images): one indexed query for the page's hits.
  const pictures = await mainImageOfProducts(
    db,
    hits.map((h) => h.id),
    query.lang,
    new Map(hits.map((h) => [h.id, h.name])),
  );
  for (const hit of hits) hit.image = pictures.get(hit.id) ?? null;
  return { total, page: query.page, per_page: query.per_page, hits, facets, suggestion: null };
}

/** Columns of a variant row priced for the viewer's list (cents), as search and product pages read them. */
export type PricedVariantRow = Pick<
  VariantRow,
  'id' | 'sku' | 'name' | 'barcode' | 'cnk_code' | 'stock_state' | 'is_main' | 'gross_cents' | 'net_cents'
>;

/** Wire summary of a variant (docs/product/catalogue-and-search.md#product variants): codes, stock state, price EUR excl. VAT. */
export function variantSummaryOf(v: PricedVariantRow): VariantSummary {
  return {
    id: v.id,
    sku: v.sku,
    name: v.name,
    barcode: v.barcode,
    cnk_code: v.cnk_code,
    stock_state: v.stock_state,
    main: v.is_main,
    price: priceValueOf(v.gross_cents, v.net_cents),
  };
}

/** The wire hits of hit rows (with their priced variants): shown price, stock state, discount flag. */
function hitsOf(rows: readonly HitRow[], lang: Locale): ProductHit[] {
  return rows.map((r) => {
    const vs = r.variants ?? [];
    const summaries: VariantSummary[] = vs.slice(0, VARIANTS_PER_HIT_MAX).map(variantSummaryOf);
    const priced = vs.filter((v) => v.net_cents !== null);
    const main = priced.find((v) => v.is_main);
    const cheapest = [...priced].sort((a, b) => (a.net_cents ?? 0) - (b.net_cents ?? 0))[0];
    const shown = main ?? cheapest;
    const stock =
      STOCK_ORDER.find((s) => vs.some((v) => v.stock_state === s)) ?? ('out_of_stock' satisfies StockState);
    return {
      id: r.id,
      url_key: r.url_key,
      name: r.name,
      family: r.family,
      brand: r.brand_name,
      manufacturer: r.manufacturer,
      active_principles: r.active_principles,
      species: r.species,
      ...presentationOf(r.presentation, lang),
      short_description: r.short_description,
      variant_count: vs.length,
      variants: summaries,
      price: shown ? priceValueOf(shown.gross_cents, shown.net_cents) : null,
      stock_state: stock,
      has_discount: vs.some((v) => v.has_discount === true),
      image: null,
    };
  });
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment, as Elasticsearch's
 * suggester counts them: "meloxicma" is one edit from "meloxicam"); returns max + 1 when above `max`.
 */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const prev = rows[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    rows.push(cur);
  }
  return rows[a.length]?.[b.length] ?? max + 1;
}

/**
 * "Did you mean" (docs/product/catalogue-and-search.md#search-index phrase suggester, max errors 1): for each word absent from the locale's
 * vocabulary, the most frequent vocabulary word within one edit (trigram similarity pre-filters,
 * the edit distance with transpositions decides). Returns the corrected query, or null when nothing changes.
 */
export async function didYouMean(db: Db, lang: Locale, words: readonly string[]): Promise<string | null> {
  const candidates = words.filter((w) => w.length >= 3 && !/^\d+$/.test(w));
  if (!candidates.length) return null;
  const rows = await executeNamed<{ q: string; word: string; frequency: number }>(
    db,
    sql`
    SELECT w.q, sw.word, sw.frequency
    FROM unnest(${sql.param(candidates)}::text[]) AS w(q)
    JOIN search_words sw ON sw.locale = ${lang} AND (sw.word = w.q OR sw.word % w.q)`,
  );
  let changed = false;
  const corrected = words.map((w) => {
    const mine = rows.rows.filter((r) => r.q === w);
    if (!mine.length || mine.some((r) => r.word === w)) return w;
    const best = mine
      .filter((r) => editDistance(w, r.word, 1) <= 1)
      .sort((a, b) => Number(b.frequency) - Number(a.frequency) || (a.word < b.word ? -1 : 1))[0];
    if (!best) return w;
    changed = true;
    return best.word;
  });
  return changed ? corrected.join(' ') : null;
}

/** Escapes LIKE wildcards (\ % _) of a folded query. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Orders autocomplete candidates by (base score desc, "other" match first, given order) and keeps
 * the first `size`. `rows` come ordered by (base desc, name); `otherOf(ids, limit)` returns, in name
 * order, the ids among `ids` that match elsewhere (at most `limit`, all when null). "Other" is asked
 * for the levels above the cut-off level (fewer than `size` rows) and, lazily, for that level only.
 */
export async function orderByOther(
  rows: ReadonlyArray<{ id: number; base: number }>,
  size: number,
  otherOf: (ids: number[], limit: number | null) => Promise<number[]>,
): Promise<number[]> {
  const levels: Array<{ base: number; ids: number[] }> = [];
  for (const r of rows) {
    const last = levels[levels.length - 1];
    if (last && last.base === Number(r.base)) last.ids.push(Number(r.id));
    else levels.push({ base: Number(r.base), ids: [Number(r.id)] });
  }
  const out: number[] = [];
  for (const level of levels) {
    const room = size - out.length;
    if (room <= 0) break;
    const full = level.ids.length <= room;
    const matched = await otherOf(level.ids, full ? null : room);
    const firstOnes = new Set(matched);
    const ordered = [...matched, ...level.ids.filter((id) => !firstOnes.has(id))];
    out.push(...ordered.slice(0, room));
  }
  return out;
}

/** First chunk size of {@link firstMatchesInChunks}; each next chunk is 4× larger. */
const OTHER_CHUNK = 64;

/**
 * The first `limit` ids of `ids` (given in name order) that `matchIn` accepts, in that order,
 * testing growing chunks (64, 256, 1024, …) from the start and stopping as soon as `limit` are
 * found: a prefix such as "Infec" has ~1,000 principle candidates at 32k models, nearly all of
 * which also match "other" (it reads their descriptions); the first chunk is then enough.
 * `matchIn(chunk, k)` returns, in name order, at most `k` ids of `chunk` that match.
 */
export async function firstMatchesInChunks(
  ids: readonly number[],
  limit: number,
  matchIn: (chunk: number[], limit: number) => Promise<number[]>,
): Promise<number[]> {
  const out: number[] = [];
  for (
    let start = 0, size = OTHER_CHUNK;
    start < ids.length && out.length < limit;
    start += size, size *= 4
  ) {
    out.push(...(await matchIn(ids.slice(start, start + size), limit - out.length)));
  }
  return out;
}

/**
 * Autocomplete (docs/product/catalogue-and-search.md#product): phrase-prefix on the folded name, active principles and description.
 * Score: name starts with the query 60, active principle match 20, other matches 10; then name.
 * Also matching categories and a "did you mean" when no product matches.
 */
export async function autocomplete(
  db: Db,
  query: AutocompleteQuery,
  viewer: Viewer,
): Promise<AutocompleteResult> {
  const phrase = foldAccents(query.q)
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  if (!phrase) return { products: [], categories: [], suggestion: null };
  const e = likeEscape(phrase);
  const starts = `${e}%`;
  const inWord = `% ${e}%`;
  // description_norm keeps letters and digits only (search-index.ts): match it with the same words.
  const d = likeEscape(phrase.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()) || e;
  const afterPunct = [`%(${e}%`, `%/${e}%`, `%-${e}%`];
  const nameStart = sql`sd.name_norm LIKE ${starts}`;
  const principle = sql`(sd.principles_norm LIKE ${starts} OR sd.principles_norm LIKE ${inWord})`;
  // Plain ORs (no LIKE ANY): each LIKE can then be a trigram index scan.
  const other = sql`(sd.name_norm LIKE ${inWord} OR ${sql.join(
    afterPunct.map((pattern) => sql`sd.name_norm LIKE ${pattern}`),
    sql` OR `,
  )} OR sd.description_norm LIKE ${`${d}%`} OR sd.description_norm LIKE ${`% ${d}%`})`;
  type Row = { id: number; name: string; url_key: string; active_principles: string[]; family: Family };
  const select = (from: SQL, where: SQL, order: SQL, limit: number): SQL => sql`
    SELECT p.id, pt.name, pt.url_key, p.active_principles, p.family
    FROM ${from}
    JOIN products p ON p.id = sd.product_id
    JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = sd.locale
    WHERE sd.locale = ${query.lang} AND ${visibleTo(viewer)} AND ${where}
    ORDER BY ${order} sd.name_norm COLLATE "C", sd.product_id
    LIMIT ${limit}`;
  // Tier 1 (score >= 20): name starts with the phrase (btree prefix range on the folded name) or an
  // active principle matches (trigram index). Score = base (60 name start + 20 principle) + 10 when
  // it also matches elsewhere ("other", which reads the long description: the costly test). Bases
  // are multiples of 20, so the order is (base, other, name): candidates come back by (base, name)
  // without "other"; "other" is then only evaluated on the rows that can make the list.
  // Name-start rows first (base 60 or 80, btree range); principle-only rows (base 20, trigram
  // index) only when the name-start rows do not fill the list.
  // The search row carries the product's visibility (search-index.ts), and exists only for a
  // locale the product has a translation in: candidates are read from it alone.
  const visibleRow = visibleTo(viewer, sql`sd`);
  const candidatesOf = (where: SQL): Promise<{ rows: Array<{ id: number; base: number }> }> =>
    executeNamed<{ id: number; base: number }>(
      db,
      sql`
      SELECT sd.product_id AS id,
             (CASE WHEN ${nameStart} THEN 60 ELSE 0 END + CASE WHEN ${principle} THEN 20 ELSE 0 END) AS base
      FROM search_documents sd
      WHERE sd.locale = ${query.lang} AND ${where} AND ${visibleRow}
      ORDER BY base DESC, sd.name_norm COLLATE "C", sd.product_id`,
    );
  // Categories do not depend on the products: asked at once, on another pooled connection.
  const categoriesQuery = executeNamed<{ id: number; name: string; url_key: string }>(
    db,
    sql`
    SELECT ct.category_id AS id, ct.name, ct.url_key
    FROM category_translations ct JOIN categories c ON c.id = ct.category_id
    WHERE ct.locale = ${query.lang}
      AND (f_unaccent(lower(ct.name)) LIKE ${starts} OR f_unaccent(lower(ct.name)) LIKE ${inWord})
    ORDER BY (f_unaccent(lower(ct.name)) LIKE ${starts}) DESC, c.level, ct.name COLLATE "C", c.id
    LIMIT 5`,
  );
  // Awaited at the end; a failure must not surface as an unhandled rejection meanwhile.
  categoriesQuery.catch(() => undefined);
  const named = await candidatesOf(nameStart);
  const candidates =
    named.rows.length >= query.size
      ? named
      : {
          rows: [...named.rows, ...(await candidatesOf(sql`${principle} AND NOT ${nameStart}`)).rows],
        };
  // The candidates' rows are read by primary key first (materialised), then tested: left to itself
  // the planner estimated a few rows for each LIKE and took the trigram indexes instead, whose
  // bitmaps for a common prefix ("vers": 25k rows of the locale) cost 100+ ms to recheck.
  const otherIn = (ids: number[], limit: number | null): Promise<number[]> =>
    executeNamed<{ id: number }>(
      db,
      sql`WITH sd AS MATERIALIZED (
            SELECT sd.product_id, sd.name_norm, sd.description_norm FROM search_documents sd
            WHERE sd.locale = ${query.lang} AND sd.product_id = ANY(${sql.param(ids)}::int[]))
          SELECT sd.product_id AS id FROM sd WHERE ${other}
          ORDER BY sd.name_norm COLLATE "C", sd.product_id ${limit === null ? sql`` : sql`LIMIT ${limit}`}`,
    ).then((r) => r.rows.map((x) => Number(x.id)));
  const ordered = await orderByOther(candidates.rows, query.size, (ids, limit) =>
    limit === null ? otherIn(ids, null) : firstMatchesInChunks(ids, limit, otherIn),
  );
  const details = ordered.length
    ? await executeNamed<Row>(
        db,
        sql`
        SELECT p.id, pt.name, pt.url_key, p.active_principles, p.family
        FROM products p JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${query.lang}
        WHERE p.id = ANY(${sql.param(ordered)}::int[])`,
      )
    : { rows: [] as Row[] };
  const byId = new Map(details.rows.map((r) => [Number(r.id), r]));
  const first = { rows: ordered.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined) };
  // Tier 2 (score 10, only when tier 1 does not fill the list): "other" matches in name order.
  // A common word is found within the first names: walk the first TIER2_WINDOW names of the locale
  // (name order index) and stop at the limit. Otherwise (rarer word) take every match from the
  // trigram indexes (materialised first, so the planner cannot turn it into a full name walk) and sort.
  const room = query.size - first.rows.length;
  const tier2 = (source: SQL): Promise<{ rows: Row[] }> =>
    executeNamed<Row>(
      db,
      select(
        sql`(SELECT sd.product_id, sd.locale, sd.name_norm FROM ${source}
             WHERE ${other} AND NOT ${nameStart} AND NOT ${principle}
               AND ${visibleRow}
             ORDER BY sd.name_norm COLLATE "C", sd.product_id
             LIMIT ${room}) sd`,
        sql`TRUE`,
        sql``,
        room,
      ),
    );
  let rest: { rows: Row[] } = { rows: [] };
  if (room > 0) {
    rest = await tier2(sql`(SELECT * FROM search_documents WHERE locale = ${query.lang}
                            ORDER BY name_norm COLLATE "C", product_id LIMIT ${TIER2_WINDOW}) sd`);
    if (rest.rows.length < room) {
      rest = await tier2(sql`(WITH c AS MATERIALIZED (
                                SELECT sd.product_id FROM search_documents sd
                                WHERE sd.locale = ${query.lang} AND ${other})
                              SELECT sd.* FROM c JOIN search_documents sd
                                ON sd.product_id = c.product_id AND sd.locale = ${query.lang}) sd`);
    }
  }
  const rows = { rows: [...first.rows, ...rest.rows] };
  const suggestion = rows.rows.length ? null : await didYouMean(db, query.lang, queryWords(query.q));
  return {
    products: rows.rows.map((r) => ({
      id: r.id,
      name: r.name,
      url_key: r.url_key,
      active_principles: r.active_principles,
      family: r.family,
    })),
    categories: (await categoriesQuery).rows,
    suggestion,
  };
}
