/**
 * Product search on PostgreSQL full-text search (docs/product/catalogue-and-search.md#search-index, docs/product/catalogue-and-search.md#search-filters,
 * docs/product/constants.md#search-and-list-sizes sorts and sizes; docs/decisions/search-ranking.md, docs/decisions/search-performance.md):
 * the matching set and ranking SQL, the sorts, and the statement reading one page of hit ids with
 * the facet counts (facets: search-facets.ts, the hits' fields by id: search-hits.ts, suggestion:
 * search-suggest.ts).
 *
 * - Exact codes (sku, CNK, EAN, AMM) are an equality lookup and come first.
 * - Text: every word must match (AND), the last one as a prefix (`:*`), in the locale's
 *   configuration (stemming) on accent-folded text; rank = ts_rank with weights {D,C,B,A} mapping the
 *   required boosts of docs/product/catalogue-and-search.md#ranking (CNK/species 3, name 4, active principle 5, sku 10) + the description ranked lower.
 * - One hit per model (collapse), with up to 100 variants priced for the viewer's list.
 * - Disjunctive facets: each facet counted over all the other active filters, one grouped
 *   SELECT per facet, sent as one UNION ALL statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  FLAG_FACETS,
  localeSchema,
  TERM_FACETS,
  type FacetBucket,
  type SearchQuery,
  type SearchResult,
} from '@vetshop/domain';
import { customPlansOf, type Db } from '../../db/client.ts';
import {
  FACET_CACHE_TTL_MS,
  FACET_STALE_MAX_MS,
  facetCache,
  textFacetCache,
  textFacetCacheOf,
  tsConfigOf,
  type CachedFacets,
} from './search-index.ts';
import { executeForValues, namedOnce } from '../../db/statements.ts';
import { groupsKeyOf, priceListIdOf, visibleToGroups, type Viewer } from './viewer.ts';
import { codeCandidates, codeOf, monthWindow, queryWords, tsqueryText } from './search-query.ts';
import {
  andAll,
  categorySubtreeTerms,
  facetCacheKey,
  facetCondition,
  facetFilterTerms,
  facetsAsked,
  facetsOf,
  LABEL_IS_VALUE,
  termFacetsSelect,
  type FacetRow,
} from './search-facets.ts';
import {
  countFacetsInMemory,
  labelFacetRows,
  termLabelsAt,
  type ActiveFacetFilter,
  type FacetTermRows,
} from './search-facet-memory.ts';
import { hitRowsOf, hitsOf } from './search-hits.ts';
import {
  browseMatches,
  keepTextMatches,
  keptTextMatches,
  listPricesAt,
  pageOfBrowse,
  readTextMatches,
  textMatchesOf,
  type BrowseMatches,
} from './search-browse-memory.ts';
import { didYouMean } from './search-suggest.ts';

/** ts_rank weights {D, C, B, A}: CNK+species 3, name 4, active principle 5, sku/codes 10 (÷ 10). */
export const RANK_WEIGHTS = '{0.3,0.4,0.5,1.0}';
/** The description vector is ranked with this factor (below every labelled field). */
export const DESCRIPTION_FACTOR = 0.05;
/** Boost of an exact code match, above any text rank. */
const EXACT_BOOST = 1000;
/**
 * Boost of a row holding every word of the text as typed, the last too, above the rows where the
 * last only starts a word ("wormer cat": the cats' wormers before "… for Cattle";
 * docs/decisions/search-ranking.md, "The last word whole first").
 */
const WHOLE_WORDS_BOOST = 10;
/** "Few hits" below which a suggestion is computed. */
const FEW_HITS = 3;
/** Cached facet entries per database at most (the oldest is dropped first). */
const FACET_CACHE_MAX = 500;

/**
 * How a statement over the search rows is planned: for the values of each run
 * ({@link executeForValues}), or once per connection and text (a named statement on the
 * generic-plan connections, built once per shape: {@link textStatementOf};
 * docs/decisions/search-performance.md, "A text's matches on a generic plan").
 */
type Planned = 'per run' | 'once';

/** `lang` as an SQL string literal; throws on anything but a known locale (it is spliced in). */
function localeLiteral(lang: string): SQL {
  if (!localeSchema.safeParse(lang).success) throw new Error(`unknown locale ${lang}`);
  return sql.raw(`'${lang}'`);
}

/**
 * The "matching set" CTE `m` shared by the hits and facets statements: one row per visible
 * product model with a search row in the locale, carrying what the filters, facets and sorts
 * need: facet terms, stock flag, name, rank (search_documents, denormalised at index time) and the
 * viewer's list prices (product_list_prices, the only join per matched product).
 * With text, the rows come from index-friendly predicates only: the per-locale GIN indexes of
 * `document` and `description_vector` (`@@` with an inline to_tsquery, one bitmap heap visit
 * per row, the rank computed on the row it returns), and the exact codes (equality on the sku,
 * EAN, CNK and AMM indexes) as a separate branch flagged `exact`.
 * With `within` (a condition over `m`, the category of a category browse), `m` holds only the rows
 * that meet it. Without `facetTerms`, `m` leaves out the rows' facet terms, which only the facet
 * counts and the term filters read: a broad text's materialised set then stays in memory (14,000
 * rows of 100 instead of 360 bytes; with the terms PostgreSQL wrote 5.7 MB of it to disk).
 */
function matchingSet(
  query: SearchQuery,
  viewer: Viewer,
  words: string[],
  code: string | null,
  within?: SQL,
  facetTerms = true,
): SQL {
  const { today, monthEnd } = monthWindow();
  const { exactIds, sources } = matchSources(
    query,
    words.length > 0,
    code !== null,
    textValuesOf(viewer, words, code),
    (rank) =>
      sql`sd.product_id AS id, ${facetTerms ? sql`sd.facet_terms, ` : sql``}sd.in_stock, sd.name_norm, sd.popularity, ${rank} AS rank`,
  );
  // `within` (a condition over `m`): the set is narrowed to it before anything counts its rows.
  return sql`
    ${exactIds}
    ${within ? sql`m_all` : sql`m`} AS (
      SELECT s.id, ${facetTerms ? sql`s.facet_terms, ` : sql``}s.in_stock, s.name_norm, s.popularity, s.rank,
             coalesce(lp.has_discount, FALSE) AS discount,
             coalesce(lp.discount_end BETWEEN ${today}::date AND ${monthEnd}::date, FALSE) AS discount_ending,
             lp.min_price_cents AS min_price, lp.min_net_cents AS min_net
      FROM (${sql.join(sources, sql` UNION ALL `)}) s
      LEFT JOIN product_list_prices lp ON lp.product_id = s.id AND lp.price_list_id = ${priceListIdOf(viewer)}
    )${
      within
        ? sql`,
    m AS (SELECT * FROM m_all m WHERE ${within})`
        : sql``
    }`;
}

/**
 * The values a text's SQL reads, each as SQL: the viewer's veterinary groups (int[]), the words as
 * to_tsquery text, the code's candidates (text[]). Parameters of one run ({@link textValuesOf}) or
 * the placeholders of a statement built once ({@link TEXT_PLACEHOLDERS}).
 */
interface TextValues {
  groups: SQL;
  words: SQL;
  /** The words as to_tsquery text, the last too as a whole word (`tsqueryText(words, false)`). */
  wholeWords: SQL;
  codes: SQL;
}

/** The values of one search's {@link TextValues}: the viewer's groups, the words as to_tsquery text, the code's candidates. */
function textValueList(
  viewer: Viewer,
  words: string[],
  code: string | null,
): { groups: number[]; words: string; wholeWords: string; codes: string[] } {
  return {
    groups: viewer.vetGroupIds,
    words: tsqueryText(words),
    wholeWords: tsqueryText(words, false),
    codes: code ? codeCandidates(code) : [],
  };
}

/** The {@link TextValues} of one search, as parameters of its statement. */
function textValuesOf(viewer: Viewer, words: string[], code: string | null): TextValues {
  const values = textValueList(viewer, words, code);
  return {
    groups: sql`${sql.param(values.groups)}`,
    words: sql`${values.words}`,
    wholeWords: sql`${values.wholeWords}`,
    codes: sql`${sql.param(values.codes)}`,
  };
}

/** The {@link TextValues} as placeholders, bound per run by {@link readMatchedText} (`namedOnce`). */
const TEXT_PLACEHOLDERS: TextValues = {
  groups: sql`${sql.placeholder('groups')}`,
  words: sql`${sql.placeholder('words')}`,
  wholeWords: sql`${sql.placeholder('wholeWords')}`,
  codes: sql`${sql.placeholder('codes')}`,
};

/**
 * The rows of {@link matchingSet} before the viewer's list prices: `sources`, SELECTs over the
 * search rows `sd` of the query's locale visible to the viewer (UNION ALL), each row's `columns`
 * given its rank SQL (float8; the relevance sort's only, else 0): the exact codes (`hasCode`) with
 * {@link EXACT_BOOST} added, then the text of the words (`hasWords`) without them; without text,
 * every row. `values`: the viewer's groups, the words and the codes ({@link TextValues}).
 * `exactIds`: the CTE the code's rows read (with its trailing comma; empty without code).
 * `planned`: 'per run' (the statement is planned for its values, {@link executeForValues}) or
 * 'once' (a named statement kept on a generic plan, see {@link textMatchesSql}). `rows`: the table
 * of the search rows `sd`, search_documents (every column) or search_texts (the vectors and the
 * visibility only: what {@link textMatchesSql} reads).
 */
function matchSources(
  query: Pick<SearchQuery, 'lang' | 'sort'>,
  hasWords: boolean,
  hasCode: boolean,
  values: TextValues,
  columns: (rank: SQL) => SQL,
  planned: Planned = 'per run',
  rows: SQL = sql`search_documents`,
): { exactIds: SQL; sources: SQL[] } {
  // Planned once: the locale a literal, so that a generic plan can read the locale's partial
  // indexes (a parameter could be any locale: the plan would read every locale's rows).
  const lang = planned === 'once' ? localeLiteral(query.lang) : sql`${query.lang}`;
  const text = textOf(lang, values.words, values.wholeWords, planned);
  // The rank only orders the relevance sort: other sorts skip ts_rank (two per matched row).
  const ranked = query.sort === 'relevance';
  const textRank = hasWords && ranked ? text.rank : sql`0::float8`;
  const rank = (exact: boolean): SQL =>
    sql`(${exact && ranked ? sql`${EXACT_BOOST}::float8 + ` : sql``}${textRank})::float8`;
  const visible = visibleToGroups(values.groups, sql`sd`);
  const sources: SQL[] = [];
  let exactIds = sql``;
  if (hasCode) {
    const codes = values.codes;
    exactIds = sql`exact_ids AS (
      SELECT coalesce(array_agg(DISTINCT id), '{}'::int[]) AS ids FROM (
        SELECT product_id AS id FROM product_variants
          WHERE upper(sku) = ANY(${codes}::text[]) OR barcode = ANY(${codes}::text[]) OR cnk_code = ANY(${codes}::text[])
        UNION ALL SELECT id FROM products WHERE upper(amm_code) = ANY(${codes}::text[])
          OR upper(split_part(amm_code, ' ', 1)) = ANY(${codes}::text[])
          OR upper(regexp_replace(amm_code, '\\s+', '', 'g')) = ANY(${codes}::text[])) u),`;
    sources.push(sql`SELECT ${columns(rank(true))} FROM ${rows} sd
      WHERE sd.locale = ${lang} AND sd.product_id = ANY((SELECT ids FROM exact_ids)::int[]) AND ${visible}`);
  }
  if (hasWords) {
    sources.push(sql`SELECT ${columns(rank(false))} FROM ${rows} sd
      WHERE sd.locale = ${lang} AND ${visible}
        AND ${text.matches}
      ${hasCode ? sql`AND NOT sd.product_id = ANY((SELECT ids FROM exact_ids)::int[])` : sql``}`);
  }
  if (!hasWords && !hasCode) {
    sources.push(
      sql`SELECT ${columns(rank(false))} FROM ${rows} sd WHERE sd.locale = ${lang} AND ${visible}`,
    );
  }
  return { exactIds, sources };
}

/**
 * SQL over a search row `sd` of `lang` (SQL of a text value) for a text of `words`: `matches`,
 * whether it matches every word (the last as a prefix) in its name fields or its description;
 * `rank`, its relevance (float8: the labelled fields weighted by {@link RANK_WEIGHTS}, the
 * description by {@link DESCRIPTION_FACTOR}, plus {@link WHOLE_WORDS_BOOST} when it matches
 * `wholeWords`, the same words with the last whole). `planned` as in {@link matchSources}.
 */
function textOf(lang: SQL, words: SQL, wholeWords: SQL, planned: Planned): { matches: SQL; rank: SQL } {
  const config = tsConfigOf(sql`${lang}::text`);
  const parsed = sql`to_tsquery(${config}, ${words})`;
  const parsedWhole = sql`to_tsquery(${config}, ${wholeWords})`;
  // Planned per run, the parsed query is a constant of the plan; in a generic plan its text is a
  // parameter, so it is parsed once per run as an init plan (else once per row and use).
  const tsq = planned === 'once' ? sql`(SELECT ${parsed})` : parsed;
  const whole = planned === 'once' ? sql`(SELECT ${parsedWhole})` : parsedWhole;
  return {
    // The locale in each arm: both use the per-locale partial GIN indexes (one BitmapOr).
    matches: sql`((sd.locale = ${lang} AND sd.document @@ ${tsq}) OR (sd.locale = ${lang} AND sd.description_vector @@ ${tsq}))`,
    rank: sql`(ts_rank(${RANK_WEIGHTS}::float4[], sd.document, ${tsq})
          + ${DESCRIPTION_FACTOR} * ts_rank(sd.description_vector, ${tsq}, 1)
          + CASE WHEN sd.document @@ ${whole} OR sd.description_vector @@ ${whole}
                 THEN ${WHOLE_WORDS_BOOST} ELSE 0 END)::float8`,
  };
}

/**
 * SQL answering `matched`: the models of {@link matchingSet} for a text (its words, `hasWords`,
 * and/or its code, `hasCode`), as one text read by search-browse-memory.ts `readTextMatches`: each
 * model's id, followed for the relevance sort by `:` and its rank (float8 as text: the shortest
 * form that reads back as the same number, the default since PostgreSQL 12), comma-separated (''
 * when none). Nothing else is read: the filters, counts, prices and page come from the search rows
 * in memory. So the rows read are search_texts', the narrow mirror of search_documents
 * (db/catalog-schema.ts `searchTexts`): a broad word's bitmap heap visit reads about half as many
 * pages. `values` and `planned` as in {@link matchSources}.
 */
function textMatchesSql(
  query: Pick<SearchQuery, 'lang' | 'sort'>,
  hasWords: boolean,
  hasCode: boolean,
  values: TextValues,
  planned: Planned,
): SQL {
  const { exactIds, sources } = matchSources(
    query,
    hasWords,
    hasCode,
    values,
    (rank) => sql`sd.product_id AS id, ${rank} AS rank`,
    planned,
    sql`search_texts`,
  );
  const item = query.sort === 'relevance' ? sql`s.id::text || ':' || s.rank::text` : sql`s.id::text`;
  return sql`WITH ${exactIds} s AS (${sql.join(sources, sql` UNION ALL `)})
    SELECT coalesce(string_agg(${item}, ','), '') AS matched FROM s`;
}

/**
 * The text statements planned once (a PostgreSQL server), by shape: locale, relevance sort or
 * not, with words, with a code (at most 3 × 2 × 2 × 2 = 24). Each is {@link textMatchesSql} with
 * the locale a literal and its values as placeholders (`groups`, `words`, `codes`), its text built
 * once per process (db/statements.ts `namedOnce`: building it through drizzle on every search cost
 * the api about 0.2 ms) and its plan kept by each generic-plan connection (the locale's partial GIN
 * indexes, the codes' indexes): a run skips the 1–3 ms of planning that most of a narrow text's
 * statement was (docs/decisions/search-performance.md, "A text's matches on a generic plan").
 */
const textStatements = new Map<string, ReturnType<typeof namedOnce<{ matched: string }>>>();

/** The statement of {@link textStatements} for a search's shape (made on first use). */
function textStatementOf(
  query: Pick<SearchQuery, 'lang' | 'sort'>,
  hasWords: boolean,
  hasCode: boolean,
): ReturnType<typeof namedOnce<{ matched: string }>> {
  const shape = { lang: query.lang, sort: query.sort === 'relevance' ? 'relevance' : 'name_asc' } as const;
  const key = `${shape.lang} ${shape.sort} ${hasWords} ${hasCode}`;
  let statement = textStatements.get(key);
  if (!statement) {
    statement = namedOnce(() => textMatchesSql(shape, hasWords, hasCode, TEXT_PLACEHOLDERS, 'once'));
    textStatements.set(key, statement);
  }
  return statement;
}

/**
 * The text of {@link textMatchesSql} for a search of `words` and `code`: on a PostgreSQL server
 * the statement of its shape planned once ({@link textStatementOf}), run on `lookups` (its
 * generic-plan connections) with this search's values; on PGlite, which keeps no plan, planned
 * for its values on `db` as the other search statements. Errors: the database's.
 */
async function readMatchedText(
  db: Db,
  lookups: Db,
  query: SearchQuery,
  viewer: Viewer,
  words: string[],
  code: string | null,
): Promise<string> {
  const hasWords = words.length > 0;
  const r =
    customPlansOf(db) !== undefined
      ? await textStatementOf(query, hasWords, code !== null)(lookups, textValueList(viewer, words, code))
      : await executeForValues<{ matched: string }>(
          db,
          textMatchesSql(query, hasWords, code !== null, textValuesOf(viewer, words, code), 'per run'),
        );
  return r.rows[0]?.matched ?? '';
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
      // Equally relevant products: the most bought first (docs/decisions/search-ranking.md).
      return hasText
        ? sql`${a}.rank DESC, ${a}.popularity DESC, ${name} ASC, ${a}.id ASC`
        : sql`${name} ASC, ${a}.id ASC`;
  }
}

/**
 * Searches product models for `query` as `viewer` sees them.
 * Returns hits (one per model, up to 100 variants each, prices EUR excl. VAT for the viewer's list),
 * the total of models, disjunctive facets and a "did you mean" suggestion. When nothing matches
 * and a suggestion exists, the hits are those of the suggestion (the web shows "results for …").
 * `catalogVersion` (catalog-version module, read before the call; null when unknown) dates the
 * cached facet counts of a query without text: counts of the current version answer whatever
 * their age (cachedFacets). `lookups` is the database through its generic-plan connections
 * (db/client.ts `Database.genericPlans`, or `db` itself), where the hits' fields are read by id
 * (search-hits.ts `hitRowsOf`); the matching set and the facets always run on `db`, planned for
 * their values. `facetRows`, the search rows of `query.lang` kept in memory when they are of the
 * current search documents version (autocomplete-index.ts; null: none), count the facets not
 * cached (search-facet-memory.ts) instead of the database.
 */
export async function searchProducts(
  db: Db,
  query: SearchQuery,
  viewer: Viewer,
  catalogVersion: string | null = null,
  lookups: Db = db,
  facetRows: FacetTermRows | null = null,
): Promise<SearchResult> {
  const run = (q: SearchQuery) => runSearch(db, q, viewer, catalogVersion, lookups, facetRows);
  // The facets as the caller asks them (facetsAsked), `facet_sizes` after `facets` as in the schema.
  const answer = ({ total, page, per_page, hits, facets }: SearchResult, suggestion: string | null) => {
    const asked = facetsAsked(facets, query);
    return {
      total,
      page,
      per_page,
      hits,
      facets: asked.facets,
      ...(asked.sizes ? { facet_sizes: asked.sizes } : {}),
      suggestion,
    };
  };
  const first = await run(query);
  const words = queryWords(query.q);
  if (!words.length || first.total >= FEW_HITS) return answer(first, null);
  const suggestion = await didYouMean(db, query.lang, words);
  if (!suggestion) return answer(first, null);
  if (first.total > 0) return answer(first, suggestion);
  return answer(await run({ ...query, q: suggestion }), suggestion);
}

async function runSearch(
  db: Db,
  query: SearchQuery,
  viewer: Viewer,
  version: string | null,
  lookups: Db,
  facetRows: FacetTermRows | null,
): Promise<SearchResult> {
  const words = queryWords(query.q);
  const code = codeOf(query.q);
  const hasText = words.length > 0 || code !== null;
  const filters = filtersOf(
    query,
    query.category?.length ? await categorySubtreeTerms(db, query.category) : undefined,
  );
  const { active, allFilters } = filters;
  // A browse of a category (no text): the set is narrowed to the category's subtree first, and the
  // category facet, which does not depend on the category filter, is the one of the same browse
  // without it (parentCategoryBuckets: counted once over the whole catalogue, cached).
  const category = hasText ? undefined : active.find((a) => a.key === 'category');
  // The statements below are built only when the database counts or pages (no search rows in
  // memory, or a match without a row): with the rows in memory, a search never sends them.
  // `m` with its rows' facet terms, for the counts made by the database and the term filters.
  const mCounting = (): SQL => matchingSet(query, viewer, words, code, category?.cond);
  // Without a term filter, what reads only the page and the matching models leaves them out.
  const mHits = (): SQL =>
    filters.inMemory.some((f) => 'terms' in f)
      ? mCounting()
      : matchingSet(query, viewer, words, code, category?.cond, false);
  const offset = (query.page - 1) * query.per_page;
  // The page of hits, shared by the hits-only statement and the one that also counts the facets:
  // `top` (the page's models in order), answered as `ids`. Each hit's fields, priced variants and
  // main picture are read by id afterwards (search-hits.ts `hitRowsOf`, on a generic plan): in
  // these statements, planned for every run, they cost more to plan than the round trip they spare
  // (docs/decisions/search-performance.md, "Hit details on a generic plan").
  const top = (): SQL => sql`top AS (
      SELECT m.id, m.name_norm, m.rank, m.popularity, m.min_price, m.min_net FROM m WHERE ${allFilters}
      ORDER BY ${orderBy(query, hasText)}
      LIMIT ${query.per_page} OFFSET ${offset}
    )`;
  const topIds = (): SQL =>
    sql`(SELECT coalesce(array_agg(top.id ORDER BY ${orderBy(query, hasText, 'top')}), '{}'::int[]) FROM top)`;
  const hitsStatement = (): SQL => sql`WITH ${mHits()}, ${top()} SELECT ${topIds()} AS ids`;

  // The facet counts do not depend on the page or the sort: cached, without text for every
  // shopper (search-index.ts facetCache), with text for the catalogue version they were counted at
  // (textFacetCache).
  const cacheKey = facetCacheKey(query, viewer, hasText ? { words, code } : undefined);
  const cached = hasText ? cachedTextFacets(db, cacheKey, version) : cachedFacets(db, cacheKey, version);

  // A browse or a text with the search rows in memory: its matches, page and counts
  // from them; the viewer's list prices and a text's matches from the database
  // (search-browse-memory.ts).
  const inMemory = facetRows
    ? await matchesInMemory(db, lookups, query, viewer, words, code, version, facetRows, category && filters)
    : null;
  // (With the counts cached, only which matches meet the filters.)
  const memoryCounts =
    inMemory && facetRows ? countFacetsInMemory(facetRows, inMemory, filters.inMemory, !cached) : null;
  const memoryPage = (): number[] | null =>
    inMemory && memoryCounts
      ? pageOfBrowse(
          inMemory,
          memoryCounts.rowOfMatch,
          memoryCounts.passing,
          query.sort,
          (query.page - 1) * query.per_page,
          query.per_page,
        )
      : null;

  let ids: number[];
  let counted: { total: number; facets: Record<string, FacetBucket[]> };
  if (cached) {
    ids = memoryPage() ?? (await executeForValues<{ ids: number[] }>(db, hitsStatement())).rows[0]?.ids ?? [];
    counted = cached.entry;
    // Expired: this answer takes the last counts, the next ones the counts made behind it.
    if (cached.stale && !hasText)
      recountOnce(db, cacheKey, async () => {
        const [recounted, categoryBuckets] = await Promise.all([
          countFacetsInDatabase(db, mCounting(), query, filters),
          category ? parentCategoryBuckets(db, query, viewer, version) : undefined,
        ]);
        if (categoryBuckets) recounted.facets.category = categoryBuckets;
        storeFacets(db, cacheKey, recounted, version);
        return recounted;
      }).catch(() => undefined);
  } else {
    // The page's ids and the facets: counted from the search rows in memory over the matching
    // models, or by the database in the same statement as the page (the matching set computed once,
    // a materialised CTE) without rows in memory or when a match has none (another version).
    const pageAndCounts = async (): Promise<{ ids: number[]; counted: FacetCounts }> => {
      const page = memoryPage();
      if (page && memoryCounts) {
        const labels = await termLabelsAt(db, query.lang, version);
        return {
          ids: page,
          counted: facetsOf(labelFacetRows(memoryCounts.facetRows, labels, LABEL_IS_VALUE)),
        };
      }
      const r = await executeForValues<{ ids: number[]; facets: FacetRow[] | null }>(
        db,
        sql`
      WITH ${mCounting()}, ${facetRowsSql(query, filters)}, ${top()}
      SELECT ${topIds()} AS ids, (SELECT json_agg(f) FROM facet_rows f) AS facets`,
      );
      return { ids: r.rows[0]?.ids ?? [], counted: facetsOf(r.rows[0]?.facets ?? []) };
    };
    const [fresh, categoryBuckets] = await Promise.all([
      pageAndCounts(),
      category ? parentCategoryBuckets(db, query, viewer, version) : undefined,
    ]);
    ids = fresh.ids;
    counted = fresh.counted;
    if (categoryBuckets) counted.facets.category = categoryBuckets;
    if (!hasText) storeFacets(db, cacheKey, counted, version);
    else storeTextFacets(db, cacheKey, counted, version);
  }
  const { total, facets } = counted;

  // Each hit carries its main picture (images module `mainImageJson`, read with its fields).
  const hits = hitsOf(await hitRowsOf(db, lookups, version, ids, query.lang, viewer), query.lang);
  return { total, page: query.page, per_page: query.per_page, hits, facets, suggestion: null };
}

/**
 * The matching set of a search from the search rows `rows` in memory (search-browse-memory.ts): a
 * browse's (no `words`, no `code`) from the rows alone, narrowed to the category filter of
 * `categoryFilters` when given (a category browse); a text's read by `readMatchedText` (on a
 * PostgreSQL server on `lookups`, the generic-plan connections), or kept from an earlier search of
 * the same text for the same rows (`keptTextMatches`: its other pages, sorts and filters).
 * Each with the discount flags and prices of `viewer`'s list, read once per catalogue version
 * `version`. Null when the statement matched a model without a row (rows of another version).
 */
async function matchesInMemory(
  db: Db,
  lookups: Db,
  query: SearchQuery,
  viewer: Viewer,
  words: string[],
  code: string | null,
  version: string | null,
  rows: FacetTermRows,
  categoryFilters: Filters | undefined,
): Promise<BrowseMatches | null> {
  if (!words.length && code === null)
    return browseMatches(
      rows,
      viewer,
      await listPricesAt(db, viewer, version),
      categoryFilters ? categoryFilterTerms(categoryFilters) : null,
    );
  const ranked = query.sort === 'relevance';
  const key = JSON.stringify([query.lang, words, code, groupsKeyOf(viewer)]);
  const kept = keptTextMatches(rows, key, ranked);
  const [matches, prices] = await Promise.all([
    kept ??
      readMatchedText(db, lookups, query, viewer, words, code).then((text) => {
        const read = readTextMatches(text, rows, ranked);
        if (read) keepTextMatches(rows, key, read);
        return read;
      }),
    listPricesAt(db, viewer, version),
  ]);
  return matches && textMatchesOf(matches, rows, prices, ranked);
}

/** The terms of the category filter of `filters` (its subtree's; none when it has no category filter). */
function categoryFilterTerms(filters: Filters): readonly string[] {
  const filter = filters.inMemory.find((f) => f.key === 'category');
  return filter && 'terms' in filter ? filter.terms : [];
}

/** Facet counts of one query: the total and the buckets (a cache entry without its date and version). */
type FacetCounts = Omit<CachedFacets, 'at' | 'version'>;

/**
 * The active filters of `query` as conditions over `m`, their conjunction, and all but one; and
 * as the terms and flags the facet counts in memory test (`inMemory`, in the same order).
 */
interface Filters {
  active: Array<{ key: string; cond: SQL }>;
  inMemory: ActiveFacetFilter[];
  allFilters: SQL;
  othersThan: (key: string) => SQL;
}

/**
 * {@link Filters} of `query`: its term facets and its true flags; the category filter is
 * `categoryTerms`, the terms of its subtree (categorySubtreeTerms), when `query` has one.
 */
function filtersOf(query: SearchQuery, categoryTerms: readonly string[] = []): Filters {
  const active: Array<{ key: string; cond: SQL }> = [];
  const inMemory: ActiveFacetFilter[] = [];
  for (const facet of TERM_FACETS) {
    const values = query[facet];
    // No known category: `&&` an empty list, nothing matches.
    if (!values?.length) continue;
    const selected = facet === 'category' ? categoryTerms : values;
    active.push({ key: facet, cond: facetCondition(facet, selected) });
    inMemory.push({ key: facet, terms: facetFilterTerms(facet, selected) });
  }
  for (const flag of FLAG_FACETS) {
    if (query[flag] !== true) continue;
    active.push({ key: flag, cond: sql`m.${sql.raw(flag)}` });
    inMemory.push({ key: flag, flag: true });
  }
  const allFilters = andAll(active.map((a) => a.cond));
  const othersThan = (key: string): SQL => andAll(active.filter((a) => a.key !== key).map((a) => a.cond));
  return { active, inMemory, allFilters, othersThan };
}

/**
 * SQL: the CTEs `totals` and `facet_rows` over `m` — the total of models meeting every filter, each
 * flag counted over the other filters, and the term facets (search-facets.ts termFacetsSelect) —
 * as {@link FacetRow}s.
 */
function facetRowsSql(query: SearchQuery, { active, allFilters, othersThan }: Filters): SQL {
  const flagCounts = sql.join(
    FLAG_FACETS.map(
      (f, i) =>
        sql`count(*) FILTER (WHERE m.${sql.raw(f)} AND ${othersThan(f)})::int AS ${sql.raw(`flag${i}`)}`,
    ),
    sql`, `,
  );
  return sql`
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
}

/**
 * The facet counts of `query` under `filters` over the matching set `mSql` (a `matchingSet`),
 * counted by the database (facetRowsSql).
 */
async function countFacetsInDatabase(
  db: Db,
  mSql: SQL,
  query: SearchQuery,
  filters: Filters,
): Promise<FacetCounts> {
  const r = await executeForValues<{ facets: FacetRow[] | null }>(
    db,
    sql`WITH ${mSql}, ${facetRowsSql(query, filters)} SELECT (SELECT json_agg(f) FROM facet_rows f) AS facets`,
  );
  return facetsOf(r.rows[0]?.facets ?? []);
}

/**
 * Caches `counted`, the facet counts of a text made after reading catalogue version `version`,
 * under `key` for `db` (search-index.ts `textFacetCache`); never under an unknown version (null).
 */
function storeTextFacets(db: Db, key: string, counted: FacetCounts, version: string | null): void {
  if (version !== null) textFacetCacheOf(db).set(key, { at: Date.now(), version, ...counted });
}

/**
 * The facet counts cached under `key` for `db`, to answer a request that read catalogue version
 * `version` (null: unknown). Counts of that version answer whatever their age (no table they read
 * changed since), `stale` once older than FACET_CACHE_TTL_MS (counted again behind the answer).
 * Counts of another or an unknown version answer, `stale`, up to FACET_STALE_MAX_MS old (within
 * FACET_CACHE_TTL_MS an unknown version's counts are fresh, as before the version existed); older,
 * none (counted before the answer).
 */
function cachedFacets(
  db: Db,
  key: string,
  version: string | null,
): { entry: CachedFacets; stale: boolean } | undefined {
  const entry = facetCache.get(db)?.get(key);
  if (entry === undefined) return undefined;
  const age = Date.now() - entry.at;
  if (version !== null && entry.version === version) return { entry, stale: age >= FACET_CACHE_TTL_MS };
  if (age >= FACET_STALE_MAX_MS) return undefined;
  return { entry, stale: version !== null || entry.version !== null || age >= FACET_CACHE_TTL_MS };
}

/**
 * The facet counts of a query with text cached under `key` for `db`, when they were counted at
 * catalogue version `version` (never when it is unknown): fresh by construction (TTL of the cache).
 */
function cachedTextFacets(
  db: Db,
  key: string,
  version: string | null,
): { entry: CachedFacets; stale: false } | undefined {
  const entry = version === null ? undefined : textFacetCache.get(db)?.get(key);
  return entry !== undefined && entry.version === version ? { entry, stale: false } : undefined;
}

/**
 * Whether the facet counts of `query` (a query without text) for `viewer` are cached for catalogue
 * version `version`: a search with that version would not count them (browse-facets.ts primes the
 * others). False for a query with text, whose counts are never cached.
 */
export function facetsCountedFor(db: Db, query: SearchQuery, viewer: Viewer, version: string): boolean {
  if (queryWords(query.q).length || codeOf(query.q) !== null) return false;
  return facetCache.get(db)?.get(facetCacheKey(query, viewer))?.version === version;
}

/** Facet counts being made, per database and facet cache key (recountOnce). */
const recounts = new WeakMap<object, Map<string, Promise<FacetCounts>>>();

/**
 * Runs `count` for `key` of `db` unless a count of that key is already running, whose promise is
 * then answered: category pages opened together, and the recounts of an expired entry, share one
 * statement. `count` stores its result (storeFacets).
 */
function recountOnce(db: Db, key: string, count: () => Promise<FacetCounts>): Promise<FacetCounts> {
  const running = recounts.get(db) ?? new Map<string, Promise<FacetCounts>>();
  recounts.set(db, running);
  const current = running.get(key);
  if (current) return current;
  const counting = count().finally(() => running.delete(key));
  running.set(key, counting);
  return counting;
}

/**
 * Caches `counted`, made after reading catalogue version `version`, under `key` for `db` (at most
 * FACET_CACHE_MAX entries, the oldest dropped first).
 */
function storeFacets(db: Db, key: string, counted: FacetCounts, version: string | null): void {
  const cache = facetCache.get(db) ?? new Map<string, CachedFacets>();
  cache.delete(key);
  if (cache.size >= FACET_CACHE_MAX) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, { at: Date.now(), version, total: counted.total, facets: counted.facets });
  facetCache.set(db, cache);
}

/**
 * The category facet of a category browse (no text): the facets are disjunctive, so the category
 * buckets count the models meeting every OTHER filter — the category facet of the same browse
 * without its category, whose counts (all facets) are computed once over the whole catalogue and
 * cached under that browse's key, shared by every category page and by the search page without
 * text; concurrent calls for the same key wait for one count. Buckets sorted as facetsOf sorts them.
 */
async function parentCategoryBuckets(
  db: Db,
  query: SearchQuery,
  viewer: Viewer,
  version: string | null,
): Promise<FacetBucket[]> {
  const parent: SearchQuery = { ...query, category: undefined };
  const key = facetCacheKey(parent, viewer);
  const count = async () => {
    const counted = await countFacetsInDatabase(
      db,
      matchingSet(parent, viewer, [], null),
      parent,
      filtersOf(parent),
    );
    storeFacets(db, key, counted, version);
    return counted;
  };
  const cached = cachedFacets(db, key, version);
  if (cached) {
    if (cached.stale) recountOnce(db, key, count).catch(() => undefined);
    return cached.entry.facets.category ?? [];
  }
  // Category pages opened together (first visits after a start) share one count.
  return (await recountOnce(db, key, count)).facets.category ?? [];
}
