/**
 * Search index (docs/product/catalogue-and-search.md#search-index, docs/decisions/search-ranking.md): one
 * `search_documents` row per product model × locale, rebuilt set-based in SQL, plus the
 * `search_words` vocabulary for "did you mean".
 *
 * Weighted labels of `document` (ts_rank weights live in search-products.ts):
 * - A: sku, EAN, AMM code (boost sku 10, docs/product/catalogue-and-search.md#ranking)
 * - B: active principles (5)
 * - C: name and short name (4)
 * - D: CNK codes, brand and species labels in the locale, the form's term, the product's own
 *   search words (`search_words`: what a medicine is for — its parasites, purpose, route), and the
 *   names and search words (meta keywords) of the product's categories in the locale (3)
 * `description_vector` (short description + description, tags stripped) is ranked apart and lower.
 * All text is lower-cased, accent-folded with `f_unaccent` and split into words on every
 * character that is not a letter or a digit (as a query is) before `to_tsvector`, with the
 * locale's configuration (fr → french, nl → dutch, en → english) so stemming follows the locale.
 */
import { LRUCache } from 'lru-cache';
import { sql, type SQL } from 'drizzle-orm';
import { GLUED_UNITS, businessDate, type Locale } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { formTermsByLocale, refreshProductSummariesIn } from '../catalog-import/index.ts';
import { clearResultCache } from './result-cache.ts';
import { variantNameIn } from './variant-name.ts';

/** Text-search configuration per locale. */
export const TS_CONFIG = { fr: 'french', nl: 'dutch', en: 'english' } as const;

/**
 * Species labels per locale, indexed with label D so that "chien", "hond" or "dog" find dog
 * products; with the young and the female a practice names them by ("veau", "kalf", "biggen",
 * "chiot", "kitten": "diarree kalf", "ijzer biggen"). Codes not listed are indexed as their code.
 */
export const SPECIES_LABELS: Record<'fr' | 'nl' | 'en', Record<string, string>> = {
  fr: {
    dog: 'chien chiens chiot chiots',
    cat: 'chat chats chaton chatons',
    cattle: 'bovin bovins vache vaches veau veaux génisse',
    horse: 'cheval chevaux équidé poulain jument poney',
    sheep: 'mouton moutons ovin brebis agneau agneaux',
    goat: 'chèvre chèvres caprin chevreau',
    pig: 'porc porcs porcin porcelet porcelets truie',
    poultry: 'volaille volailles',
    chicken: 'poulet poule',
    rabbit: 'lapin',
    bird: 'oiseau',
    fish: 'poisson',
    ferret: 'furet',
    rodent: 'rongeur',
    reptile: 'reptile',
    turkey: 'dinde',
    duck: 'canard',
    bee: 'abeille',
  },
  nl: {
    dog: 'hond honden pup puppy',
    cat: 'kat katten kitten poes',
    cattle: 'rund runderen koe koeien kalf kalveren vaars',
    horse: 'paard paarden veulen merrie pony',
    sheep: 'schaap schapen ooi lam lammeren',
    goat: 'geit geiten',
    pig: 'varken varkens big biggen zeug',
    poultry: 'pluimvee',
    chicken: 'kip kippen',
    rabbit: 'konijn',
    bird: 'vogel',
    fish: 'vis',
    ferret: 'fret',
    rodent: 'knaagdier',
    reptile: 'reptiel',
    turkey: 'kalkoen',
    duck: 'eend',
    bee: 'bij',
  },
  en: {
    dog: 'dog dogs puppy puppies',
    cat: 'cat cats kitten kittens',
    cattle: 'cattle cow cows calf calves heifer',
    horse: 'horse horses foal mare pony',
    sheep: 'sheep lamb lambs ewe',
    goat: 'goat goats',
    pig: 'pig pigs swine piglet piglets sow',
    poultry: 'poultry',
    chicken: 'chicken',
    rabbit: 'rabbit',
    bird: 'bird',
    fish: 'fish',
    ferret: 'ferret',
    rodent: 'rodent',
    reptile: 'reptile',
    turkey: 'turkey',
    duck: 'duck',
    bee: 'bee',
  },
};

/** SQL expression of the regconfig of a locale column. */
export function tsConfigOf(localeColumn: SQL): SQL {
  return sql`(CASE ${localeColumn} WHEN 'nl' THEN 'dutch'::regconfig WHEN 'en' THEN 'english'::regconfig ELSE 'french'::regconfig END)`;
}

/**
 * After a bulk rewrite of the search tables: merges the GIN "pending lists" into the indexes
 * (rows inserted with fastupdate sit in an unsorted list that every query scans linearly: 10-20 ms
 * per search at 32k models until a vacuum) and refreshes the planner statistics.
 */
export async function settleSearchTables(db: Db): Promise<void> {
  await db.execute(sql`
    SELECT gin_clean_pending_list(i.indexrelid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
    WHERE am.amname = 'gin'
      AND i.indrelid IN ('search_documents'::regclass, 'search_texts'::regclass, 'search_words'::regclass, 'products'::regclass)`);
  await db.execute(
    sql`ANALYZE search_documents, search_texts, search_words, product_summaries, product_list_prices`,
  );
}

/** Facet counts of one query without text (see search-facets.ts), with the time they were computed (ms). */
export interface CachedFacets {
  at: number;
  /**
   * The catalogue version (catalog-version module) read before the counts were made, null when it
   * could not be read. The counts stay right while the version has not moved: every table they
   * read bumps it, stock states included.
   */
  version: string | null;
  total: number;
  facets: Record<string, Array<{ value: string; label: string | null; count: number }>>;
}

/**
 * In-process cache of the facet counts of queries WITHOUT text (browse and filter-only pages),
 * per database: they cover most of the catalogue and cost a pass over every product. An entry of
 * the current catalogue version always answers, counted again behind the answer once older than
 * FACET_CACHE_TTL_MS; an entry of another (or an unknown) version answers up to FACET_STALE_MAX_MS
 * while it is counted again (search-products.ts `cachedFacets`). The cache of a database is cleared
 * by rebuildSearchIndex (the import ends with it) and by clearFacetCache; primeBrowseFacets
 * (browse-facets.ts) fills it with the guest browse of every category.
 */
export const facetCache = new WeakMap<object, Map<string, CachedFacets>>();
/** Lifetime of a cached facet entry, ms: older, it is counted again behind the answer (see FACET_STALE_MAX_MS). */
export const FACET_CACHE_TTL_MS = 60_000;
/**
 * Age (ms) up to which a facet entry of another catalogue version (or of an unknown one) still
 * answers while it is counted again behind the answer (search-products.ts): a busy category page
 * never waits for its counts after the first visit. Older, it is counted before the answer.
 */
export const FACET_STALE_MAX_MS = 5 * 60_000;

/**
 * Facet counts of queries WITH text, per database (search-products.ts `runSearch`): the counts of a
 * text do not depend on the sort or the page, so a shopper who pages through the results or sorts
 * them again waits only for the hits (a common word's counts cost more than half of its search:
 * 81 of 160 ms for "administration", 21,960 models). An entry answers only for the catalogue
 * version it was counted at, for FACET_CACHE_TTL_MS at most; never stale. At most
 * TEXT_FACET_CACHE_BUCKETS buckets per database, the least recently used entry dropped first.
 */
export const textFacetCache = new WeakMap<object, LRUCache<string, CachedFacets>>();
/** Buckets kept in {@link textFacetCache} per database at most (about 100 bytes each). */
export const TEXT_FACET_CACHE_BUCKETS = 200_000;

/** The text facet cache of `db`, created empty when it has none. */
export function textFacetCacheOf(db: object): LRUCache<string, CachedFacets> {
  let cache = textFacetCache.get(db);
  if (!cache) {
    cache = new LRUCache<string, CachedFacets>({
      maxSize: TEXT_FACET_CACHE_BUCKETS,
      sizeCalculation: (entry) =>
        Math.max(
          1,
          Object.values(entry.facets).reduce((n, buckets) => n + buckets.length, 0),
        ),
      ttl: FACET_CACHE_TTL_MS,
    });
    textFacetCache.set(db, cache);
  }
  return cache;
}

/**
 * Drops the cached facet counts and the cached search and autocomplete answers of `db`
 * (result-cache.ts), after an import, an index rebuild or a price refresh.
 */
export function clearFacetCache(db: Db): void {
  facetCache.delete(db);
  textFacetCache.delete(db);
  clearResultCache(db);
}

/** Counts written by a rebuild. */
export interface RebuildReport {
  documents: number;
  words: number;
  ms: number;
}

/** How far back the orders that make a product's popularity go (days). */
export const POPULARITY_WINDOW_DAYS = 365;

/**
 * Per product (`product_id`, `customers`): the practices whose orders of the last
 * POPULARITY_WINDOW_DAYS days hold it (order lines, not the handling fee; cancelled orders and
 * fully cancelled lines left out), for the products `scope` (a condition over `pv.product_id`)
 * admits. docs/decisions/search-ranking.md, "Equally relevant products".
 */
function popularitySql(scope: SQL): SQL {
  return sql`SELECT pv.product_id, count(DISTINCT s.customer_id)::int AS customers
    FROM sale_lines l
    JOIN product_variants pv ON pv.id = l.variant_id
    JOIN sales s ON s.id = l.sale_id
    WHERE ${scope} AND NOT l.is_delivery AND l.qty > l.qty_canceled AND s.state <> 'cancel'
      AND s.date_order >= now() - make_interval(days => ${POPULARITY_WINDOW_DAYS})
    GROUP BY pv.product_id`;
}

/**
 * Writes each search row's popularity (practices that ordered the product in the last 365 days)
 * where it changed, so that an unchanged day moves no catalogue version. Called when the api
 * starts and on each new business day (main.ts), and after the benchmark data set's orders.
 * Returns the rows written. docs/decisions/search-ranking.md, "Equally relevant products".
 */
export async function refreshSearchPopularity(db: Db): Promise<number> {
  const r = await db.execute(sql`
    UPDATE search_documents sd SET popularity = n.customers
    FROM (SELECT d.product_id, coalesce(p.customers, 0) AS customers
          FROM (SELECT DISTINCT product_id FROM search_documents) d
          LEFT JOIN (${popularitySql(sql`TRUE`)}) p ON p.product_id = d.product_id) n
    WHERE sd.product_id = n.product_id AND sd.popularity <> n.customers`);
  return Number(r.rowCount ?? 0);
}

/** PostgreSQL pattern of a number and a glued unit of GLUED_UNITS, in folded text of words (as `splitUnits` of @vetshop/domain). */
const GLUED_UNITS_PATTERN = `([[:digit:]])(${GLUED_UNITS.join('|')})\\M`;

/**
 * Rebuilds the search rows of `productIds` (all products when omitted) in every locale the
 * product has a translation in, then the whole `search_words` vocabulary. Idempotent (delete +
 * insert in one transaction), set-based (two INSERT … SELECT statements, no per-row work in JS).
 */
/**
 * The word for a bag in each language, among the search words of a food whose pack is named by
 * its weight in kg ("12 kg" of kibble is a bag: a practice types "sac 12 kg").
 */
const FOOD_BAG_WORDS: Record<Locale, string> = { fr: 'sac', nl: 'zak', en: 'bag' };

export async function rebuildSearchIndex(db: Db, productIds?: readonly number[]): Promise<RebuildReport> {
  const started = performance.now();
  const all = productIds === undefined;
  const ids = sql.param([...(productIds ?? [])]);
  const scope = (col: SQL): SQL => (all ? sql`TRUE` : sql`${col} = ANY(${ids}::int[])`);
  const labels = JSON.stringify(SPECIES_LABELS);
  // Form terms of the three languages: a search for "comprimé" or "tablet" finds the form code.
  const forms = JSON.stringify(formTermsByLocale());
  const bags = JSON.stringify(FOOD_BAG_WORDS);
  const cfg = tsConfigOf(sql`pt.locale`);
  const fold = (text: SQL): SQL => sql`f_unaccent(lower(coalesce(${text}, '')))`;
  // Text for to_tsvector split into words as a query is (search-query.ts queryWords: letters and
  // digits only). Left whole, PostgreSQL's parser keeps "mg/ml" or "1/2" as one path token and
  // "2.5" as one number, which no query word can match ("Metacam 1.5 mg/ml" found nothing).
  // A number glued to a unit ("500mg") is the number and the unit, as in a query (`splitUnits` of
  // @vetshop/domain, GLUED_UNITS).
  const asWords = (text: SQL): SQL =>
    sql`regexp_replace(regexp_replace(${fold(text)}, '[^[:alnum:]]+', ' ', 'g'), ${GLUED_UNITS_PATTERN}, '\\1 \\2', 'g')`;
  const descriptionText = sql`regexp_replace(concat_ws(' ', pt.short_description, pt.description), '<[^>]*>', ' ', 'g')`;
  // The species labels of the product in the row's language ("cheval chevaux": no prefix of the one
  // is the other), the names and search words (meta keywords) of its categories, and its packs in
  // the row's language ("Flacon de 100 ml", "Sac de 12 kg", "5 ml x 100"): read once per row
  // (`w`), for the text index's label D and the autocomplete's `words_norm` ("seringue 5 ml").
  // A food's pack named by its weight in kg ("12 kg") is a bag: its word joins the pack's
  // ("sac 12 kg", "zak 12 kg", "bag 12 kg": FOOD_BAG_WORDS).
  const pack = variantNameIn(sql`pv`, sql`pt.locale`);
  const rowWords = sql`LEFT JOIN LATERAL (
    SELECT (SELECT string_agg(coalesce(${labels}::jsonb -> pt.locale ->> s, s), ' ') FROM unnest(p.species) s)
             AS species,
           (SELECT string_agg(concat_ws(' ', ct.name, ct.meta_keywords), ' ')
            FROM product_categories pc
            JOIN category_translations ct ON ct.category_id = pc.category_id AND ct.locale = pt.locale
            WHERE pc.product_id = p.id) AS categories,
           (SELECT string_agg(concat_ws(' ', ${pack},
                     CASE WHEN p.family = 'food' AND ${pack} ~ '^[0-9]+([.,][0-9]+)? ?kg$'
                          THEN ${bags}::jsonb ->> pt.locale END), ' ')
            FROM product_variants pv WHERE pv.product_id = p.id) AS packs) w ON TRUE`;

  let documents = 0;
  let words = 0;
  await db.transaction(async (tx) => {
    // Summaries first: the search rows copy their facet terms and stock flag.
    await refreshProductSummariesIn(tx, businessDate(), productIds);
    await tx.execute(sql`DELETE FROM search_documents WHERE ${scope(sql`product_id`)}`);
    const inserted = await tx.execute<{ n: number }>(sql`
      WITH v AS (
        SELECT product_id,
               string_agg(concat_ws(' ', sku, barcode), ' ') AS codes,
               string_agg(cnk_code, ' ') AS cnks
        FROM product_variants
        WHERE ${scope(sql`product_id`)}
        GROUP BY product_id
      ), ins AS (
        INSERT INTO search_documents
          (product_id, locale, document, description_vector, name_norm, principles_norm, description_norm,
           words_norm, facet_terms, in_stock, not_sold_on_website, vet_group_ids, popularity)
        SELECT p.id, pt.locale,
          -- codes; the ATCvet code too, so that "QM01AC06" or its class "QJ01" (a prefix) finds the medicines
          setweight(to_tsvector(${cfg}, ${asWords(sql`concat_ws(' ', v.codes, p.amm_code, p.atcvet)`)}), 'A') ||
          setweight(to_tsvector(${cfg}, ${asWords(sql`array_to_string(p.active_principles, ' ')`)}), 'B') ||
          -- the official source name (model_name) stays searchable next to the display name
          setweight(to_tsvector(${cfg}, ${asWords(sql`concat_ws(' ', pt.name, pt.short_name, p.model_name)`)}), 'C') ||
          setweight(to_tsvector(${cfg}, ${asWords(sql`concat_ws(' ', v.cnks, b.name, pt.search_words, w.species, ${forms}::jsonb -> pt.locale ->> p.presentation, w.packs, w.categories)`)}), 'D'),
          to_tsvector(${cfg}, ${asWords(descriptionText)}),
          ${fold(sql`pt.name`)},
          ${fold(sql`array_to_string(p.active_principles, ', ')`)},
          left(btrim(regexp_replace(${fold(descriptionText)}, '[^[:alnum:]]+', ' ', 'g')), 4000),
          btrim(regexp_replace(${fold(sql`concat_ws(' ', pt.search_words, w.species, w.categories, w.packs)`)}, '[^[:alnum:]]+', ' ', 'g')),
          coalesce(ps.facet_terms, '{}'::text[]), coalesce(ps.in_stock, FALSE),
          p.not_sold_on_website, p.vet_group_ids, coalesce(pop.customers, 0)
        FROM products p
        JOIN product_translations pt ON pt.product_id = p.id
        LEFT JOIN product_summaries ps ON ps.product_id = p.id
        LEFT JOIN v ON v.product_id = p.id
        LEFT JOIN (${popularitySql(scope(sql`pv.product_id`))}) pop ON pop.product_id = p.id
        LEFT JOIN brands b ON b.id = p.brand_id
        ${rowWords}
        WHERE ${scope(sql`p.id`)}
        -- Written in name order: the rows then lie in the table as the name order index lists
        -- them, so the autocomplete's walks in name order and its trigram matches read a few
        -- pages instead of one page per row (docs/decisions/search-performance.md, "Autocomplete
        -- tail").
        ORDER BY pt.locale, ${fold(sql`pt.name`)} COLLATE "C", p.id
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM ins`);
    documents = Number(inserted.rows[0]?.n ?? 0);

    await tx.execute(sql`DELETE FROM search_words`);
    const w = await tx.execute<{ n: number }>(sql`
      WITH ins AS (
        INSERT INTO search_words (locale, word, frequency)
        SELECT locale, word, count(*)::int
        FROM (
          -- The names, the principles and a product's own search words ("vlooien", "euthanasie"),
          -- then the categories' names and search words ("hondenvoer"): a misspelt "vlooein" or
          -- "hondevoer" is then corrected as a misspelt name is.
          SELECT pt.locale,
                 regexp_split_to_table(
                   ${fold(sql`concat_ws(' ', pt.name, array_to_string(p.active_principles, ' '), pt.search_words)`)},
                   '[^[:alnum:]]+') AS word
          FROM products p JOIN product_translations pt ON pt.product_id = p.id
          UNION ALL
          SELECT ct.locale,
                 regexp_split_to_table(${fold(sql`concat_ws(' ', ct.name, ct.meta_keywords)`)}, '[^[:alnum:]]+')
          FROM category_translations ct
        ) x
        WHERE length(word) >= 3 AND word !~ '^[0-9]+$'
        GROUP BY locale, word
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM ins`);
    words = Number(w.rows[0]?.n ?? 0);
  });
  await settleSearchTables(db);
  clearFacetCache(db);
  return { documents, words, ms: Math.round(performance.now() - started) };
}
