/**
 * Autocomplete of the search box (docs/product/catalogue-and-search.md#product,
 * docs/decisions/search-ranking.md, docs/decisions/search-performance.md): phrase-prefix on the
 * folded name, active principles and description, scored in tiers, with matching categories and a
 * "did you mean" when no product matches; the ordering helpers that keep the costly "other" test
 * to the rows that can make the list.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  foldAccents,
  joinUnits,
  splitUnits,
  type AutocompleteQuery,
  type AutocompleteResult,
  type Family,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { executeNamed } from '../../db/statements.ts';
import { visibleTo, type Viewer } from './viewer.ts';
import { likeEscape, queryWords } from './search-query.ts';
import { didYouMean } from './search-suggest.ts';
import { categoryEntries, matchCategories } from './autocomplete-categories.ts';
import {
  autocompleteIdsFrom,
  completeWords,
  phraseWords,
  wholeWordsFirst,
  wordPatterns,
  type LocaleDocs,
} from './autocomplete-index.ts';
import { withoutFinalE } from '../catalog-import/index.ts';

/** Autocomplete tier 2: names of the locale walked in order before switching to the trigram indexes. */
const TIER2_WINDOW = 1000;

/**
 * The least string above every string that starts with `prefix`, in code point order (PostgreSQL's
 * "C" collation compares UTF-8 bytes, which sort as code points): `prefix` with its last code point
 * raised by one, surrogates skipped. Null when there is none (empty prefix, last code point
 * U+10FFFF). For the name-start range of the autocomplete.
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix];
  const last = points.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return null;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return points.join('') + String.fromCodePoint(next);
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
 * When these do not fill the list, the products where each word of the phrase starts a word of a
 * text or of their search words (their own, their species labels, their categories': "vlooien",
 * "puces chien"): those where each word before the last is a whole word of theirs first ("fer
 * porcelet": the iron, not "fertilité"), then most ordered first, then name.
 * Also matching categories (autocomplete-categories.ts: the locale's list is read once per
 * `catalogVersion`, the catalogue version the caller read; null, unknown, reads it every time) and
 * a "did you mean" when no product matches. A strength typed without its space ("metacam 15mg")
 * also suggests the names that write it with one ("Metacam 15 mg/ml"), and one typed with its
 * space ("bimacure 500 mg") the names that write it without ("Bimacure 500mg"), after those that
 * write it as typed; a substance typed with the final "e" of French and Dutch ("amoxicilline")
 * also suggests the products whose sources write it without ("Amoxicillin"), after those that
 * write it as typed (`substanceSpelling`).
 *
 * `index`: the locale's search rows in memory (autocomplete-index.ts) of the current search
 * documents version: the suggested ids are then chosen there, with the same tests and order as the
 * statements below, which run only without it (docs/decisions/autocomplete-index.md).
 *
 * `lookups` runs the statements whose plan depends on no value — the name range, the rows read by
 * id, the first names of the locale in name order — on generic plans (db/client.ts
 * `Database.genericPlans`; docs/decisions/search-performance.md, "Autocomplete: key lookups on
 * generic plans"). The trigram statements (principle candidates, the rare word's tier 2) stay on
 * `db`: as generic plans they read the whole locale (50–100 ms).
 */
export async function autocomplete(
  db: Db,
  query: AutocompleteQuery,
  viewer: Viewer,
  catalogVersion: string | null = null,
  lookups: Db = db,
  index: LocaleDocs | null = null,
): Promise<AutocompleteResult> {
  const phrase = phraseOf(query.q);
  if (!phrase) return { products: [], categories: [], suggestion: null };
  // Categories do not depend on the products: read (or taken from the per-version list) at once.
  const categoriesQuery = categoryEntries(db, query.lang, catalogVersion).then((entries) =>
    matchCategories(entries, phrase),
  );
  // Awaited at the end; a failure must not surface as an unhandled rejection meanwhile.
  categoriesQuery.catch(() => undefined);
  const productsOf = (p: string) => autocompleteProducts(db, p, query, viewer, lookups, index);
  let products = await productsOf(phrase);
  // A strength typed without its space ("metacam 15mg") or with it ("bimacure 500 mg"): the names
  // that write it as typed first, then those that write it the other way ("Metacam 15 mg/ml",
  // "Bimacure 500mg"), while the list has room (docs/decisions/search-ranking.md, "Strengths typed
  // without a space; packs and ATCvet codes in the search row").
  // Then a substance typed in French or Dutch where the sources write the English INN
  // ("amoxicilline", "kétoprofène"): each word without its final "e" (`substanceSpelling`).
  // Then a strength typed with the other decimal mark ("vigophos 0.05" where names write "0,05",
  // "metacam 1.5mg"): the same spellings of that phrase (`otherDecimalMark`).
  const spellings = [phrase, otherDecimalMark(phrase)].flatMap((p) => [
    p,
    splitUnits(p),
    joinUnits(p),
    substanceSpelling(p),
  ]);
  for (const other of new Set(spellings)) {
    if (other === phrase || products.length >= query.size) continue;
    const seen = new Set(products.map((p) => p.id));
    const more = (await productsOf(other)).filter((p) => !seen.has(p.id));
    products = [...products, ...more].slice(0, query.size);
  }
  const suggestion = products.length ? null : await didYouMean(db, query.lang, queryWords(query.q));
  return { products, categories: await categoriesQuery, suggestion };
}

/**
 * A folded `phrase` with each word spelt as the catalogue merge matches substances
 * (catalog-import/sources.ts `withoutFinalE`): "amoxicilline chien" → "amoxicillin chien",
 * "ketoprofene" → "ketoprofen". The French and Dutch INN end in "e" where the UK VMD and the EMA
 * write the English one; the search page meets both through its stemmers, the suggestions by this
 * second phrase (docs/decisions/autocomplete-index.md, "A substance in the customer's language").
 */
export function substanceSpelling(phrase: string): string {
  return phrase.split(' ').map(withoutFinalE).join(' ');
}

/**
 * A folded `phrase` with the other decimal mark between digits: "0.05" → "0,05", "1,5" → "1.5".
 * French and Dutch names write a strength with a comma, English ones with a point
 * (catalog-import/vocabulary.ts `strengthIn`), and a customer types either.
 */
export function otherDecimalMark(phrase: string): string {
  return phrase.replace(
    /(\d)([.,])(?=\d)/g,
    (_, digit: string, mark: string) => `${digit}${mark === '.' ? ',' : '.'}`,
  );
}

/** The folded phrase of an autocomplete query: accents and case folded, controls and runs of spaces one space, at most 100 characters. */
function phraseOf(q: string): string {
  return foldAccents(q)
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
}

/**
 * The tests of the autocomplete's tiers on a search row `sd` for one folded `phrase`, as SQL (the
 * same tests as autocomplete-index.ts `autocompleteTests`): the name starts with it; an active
 * principle starts with it; the name has it after a space, "(", "/" or "-", or the description
 * (letters and digits only, search-index.ts) starts with it or has it after a space; the product's
 * search words (its own, its species labels, its categories'; letters and digits) start with it
 * or have it after a space.
 */
function phraseTests(phrase: string): { nameStart: SQL; principle: SQL; other: SQL; searchWord: SQL } {
  const e = likeEscape(phrase);
  const starts = `${e}%`;
  const inWord = `% ${e}%`;
  // description_norm keeps letters and digits only (search-index.ts): match it with the same words.
  const d = likeEscape(phrase.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()) || e;
  const afterPunct = [`%(${e}%`, `%/${e}%`, `%-${e}%`];
  return {
    nameStart: sql`sd.name_norm LIKE ${starts}`,
    principle: sql`(sd.principles_norm LIKE ${starts} OR sd.principles_norm LIKE ${inWord})`,
    // Plain ORs (no LIKE ANY): each LIKE can then be a trigram index scan.
    other: sql`(sd.name_norm LIKE ${inWord} OR ${sql.join(
      afterPunct.map((pattern) => sql`sd.name_norm LIKE ${pattern}`),
      sql` OR `,
    )} OR sd.description_norm LIKE ${`${d}%`} OR sd.description_norm LIKE ${`% ${d}%`})`,
    searchWord: sql`(sd.words_norm LIKE ${`${d}%`} OR sd.words_norm LIKE ${`% ${d}%`})`,
  };
}

/**
 * Whether each of `patterns` (autocomplete-index.ts `wordPatterns`, regular expressions) matches
 * the search row `sd`'s folded name, principles, description or search words, as SQL.
 */
function holdsAll(patterns: readonly string[]): SQL {
  return sql.join(
    patterns.map(
      (re) =>
        sql`(sd.name_norm ~ ${re} OR sd.principles_norm ~ ${re} OR sd.description_norm ~ ${re} OR sd.words_norm ~ ${re})`,
    ),
    sql` AND `,
  );
}

/** The products {@link autocomplete} suggests for one folded, non-empty `phrase` (`query.q` folded, or its units set apart). */
async function autocompleteProducts(
  db: Db,
  phrase: string,
  query: AutocompleteQuery,
  viewer: Viewer,
  lookups: Db,
  index: LocaleDocs | null,
): Promise<AutocompleteResult['products']> {
  const { nameStart, principle, other } = phraseTests(phrase);
  // The rows whose name starts with the phrase, as a range of the name order index: given the LIKE,
  // the planner often took the name trigram index instead, whose bitmap for a short prefix holds
  // every name with one of its trigrams ("pou": 14,364 rows read for 324, 69 ms), and a generic
  // plan of the LIKE read the whole table. starts_with, which no trigram index serves, keeps the
  // test exact.
  const upper = prefixUpperBound(phrase);
  const nameStartRange = sql`sd.name_norm COLLATE "C" >= ${phrase} AND ${
    upper === null ? sql`TRUE` : sql`sd.name_norm COLLATE "C" < ${upper}`
  } AND starts_with(sd.name_norm, ${phrase})`;
  type Row = { id: number; name: string; url_key: string; active_principles: string[]; family: Family };
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
  const candidatesOf = (conn: Db, where: SQL): Promise<{ rows: Array<{ id: number; base: number }> }> =>
    executeNamed<{ id: number; base: number }>(
      conn,
      sql`
      SELECT sd.product_id AS id,
             (CASE WHEN ${nameStart} THEN 60 ELSE 0 END + CASE WHEN ${principle} THEN 20 ELSE 0 END) AS base
      FROM search_documents sd
      WHERE sd.locale = ${query.lang} AND ${where} AND ${visibleRow}
      ORDER BY base DESC, sd.name_norm COLLATE "C", sd.product_id`,
    );
  /** The suggested ids by the statements below (the index's answer when it is not in memory). */
  const idsFromStatements = async (): Promise<number[]> => {
    const named = await candidatesOf(lookups, nameStartRange);
    const candidates =
      named.rows.length >= query.size
        ? named
        : {
            rows: [...named.rows, ...(await candidatesOf(db, sql`${principle} AND NOT ${nameStart}`)).rows],
          };
    // The candidates' rows are read by primary key first (materialised), then tested: left to itself
    // the planner estimated a few rows for each LIKE and took the trigram indexes instead, whose
    // bitmaps for a common prefix ("vers": 25k rows of the locale) cost 100+ ms to recheck.
    const otherIn = (ids: number[], limit: number | null): Promise<number[]> =>
      executeNamed<{ id: number }>(
        lookups,
        sql`WITH sd AS MATERIALIZED (
              SELECT sd.product_id, sd.name_norm, sd.description_norm FROM search_documents sd
              WHERE sd.locale = ${query.lang} AND sd.product_id = ANY(${sql.param(ids)}::int[]))
            SELECT sd.product_id AS id FROM sd WHERE ${other}
            ORDER BY sd.name_norm COLLATE "C", sd.product_id ${limit === null ? sql`` : sql`LIMIT ${limit}`}`,
      ).then((r) => r.rows.map((x) => Number(x.id)));
    const ordered = await orderByOther(candidates.rows, query.size, (ids, limit) =>
      limit === null ? otherIn(ids, null) : firstMatchesInChunks(ids, limit, otherIn),
    );
    // Tiers 2 and 3 among the rows `admit` lets through, appended to `before`.
    const laterTiers = async (admit: SQL, before: number[]): Promise<number[]> => {
      // Tier 2 (score 10, only when tier 1 does not fill the list): "other" matches in name order.
      // A common word is found within the first names: walk the first TIER2_WINDOW names of the
      // locale (name order index) and stop at the limit. Otherwise (rarer word) take every match
      // from the trigram indexes and sort. The matches are materialised with every test of the
      // tier and the name they sort by: left a bare id list joined back to the search rows, the
      // planner pushed the "other" test into the join and ran the whole trigram scan twice (11 ms
      // instead of 5 for "lyo"). Both answer ids only: the search row carries the visibility, and
      // exists only for a locale the product has a translation in; the names and url keys of both
      // tiers are read together below (docs/decisions/search-performance.md, "Autocomplete: one
      // read of the suggestions' names").
      const room = query.size - before.length;
      const tier2Test = sql`${other} AND NOT ${nameStart} AND NOT ${principle} AND ${admit}`;
      const tier2 = (conn: Db, source: SQL): Promise<number[]> =>
        executeNamed<{ id: number }>(
          conn,
          sql`SELECT sd.product_id AS id FROM ${source}
              ORDER BY sd.name_norm COLLATE "C", sd.product_id
              LIMIT ${room}`,
        ).then((r) => r.rows.map((x) => Number(x.id)));
      let rest: number[] = [];
      if (room > 0) {
        rest = await tier2(
          lookups,
          sql`(SELECT * FROM search_documents WHERE locale = ${query.lang}
                                ORDER BY name_norm COLLATE "C", product_id LIMIT ${TIER2_WINDOW}) sd
                               WHERE ${tier2Test}`,
        );
        if (rest.length < room) {
          rest = await tier2(
            db,
            sql`(WITH c AS MATERIALIZED (
                                    SELECT sd.product_id, sd.locale, sd.name_norm FROM search_documents sd
                                    WHERE sd.locale = ${query.lang} AND ${tier2Test})
                                  SELECT * FROM c) sd`,
          );
        }
      }
      const found = [...before, ...rest];
      // Tier 3 (only when the texts do not fill the list): the rows where each word of the phrase
      // starts a word of the name, principles, description or search words, and no earlier tier
      // matched — "vlooien" (the search words), "metacam chien", "puces chien" — whole words
      // first, then most ordered first (docs/decisions/autocomplete-index.md, "What a medicine is
      // for, in the suggestions", "Words before the last: whole words first"). The statement reads
      // the locale's rows without an index: it runs only when the rows are not in memory.
      const wordsRoom = query.size - found.length;
      if (wordsRoom <= 0 || words.length === 0) return found;
      const everyWord = sql.join(
        words.map((word) => {
          const t = phraseTests(word);
          return sql`(${t.nameStart} OR ${t.principle} OR ${t.other} OR ${t.searchWord})`;
        }),
        sql` AND `,
      );
      // Rows where each word before the last is a word of theirs first (autocomplete-index.ts `completeWords`).
      const complete = completeWords(words);
      const firstRank = complete.length ? sql`CASE WHEN ${holdsAll(complete)} THEN 0 ELSE 1 END,` : sql``;
      const tier3 = await executeNamed<{ id: number }>(
        db,
        sql`SELECT sd.product_id AS id FROM search_documents sd
            WHERE sd.locale = ${query.lang} AND ${everyWord}
              AND NOT ${nameStart} AND NOT ${principle} AND NOT ${other} AND ${admit}
            ORDER BY ${firstRank} sd.popularity DESC, sd.name_norm COLLATE "C", sd.product_id
            LIMIT ${wordsRoom}`,
      );
      return [...found, ...tier3.rows.map((x) => Number(x.id))];
    };
    const words = phraseWords(phrase);
    if (!wholeWordsFirst(words)) return laterTiers(visibleRow, ordered);
    // A phrase of two words or more: the rows holding each word, the last too, as a word of theirs
    // first (autocomplete-index.ts `autocompleteIdsFrom`, `wholeWordsFirst`, `wordPatterns`).
    const wholeFirst = await laterTiers(sql`${visibleRow} AND ${holdsAll(wordPatterns(words))}`, ordered);
    return laterTiers(
      sql`${visibleRow} AND NOT (sd.product_id = ANY(${sql.param(wholeFirst)}::int[]))`,
      wholeFirst,
    );
  };
  const ids = index ? autocompleteIdsFrom(index, phrase, query.size, viewer) : await idsFromStatements();
  const details = ids.length
    ? await executeNamed<Row>(
        lookups,
        sql`
        SELECT p.id, pt.name, pt.url_key, p.active_principles, p.family
        FROM products p JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${query.lang}
        WHERE p.id = ANY(${sql.param(ids)}::int[])`,
      )
    : { rows: [] as Row[] };
  const byId = new Map(details.rows.map((r) => [Number(r.id), r]));
  const rows = { rows: ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined) };
  return rows.rows.map((r) => ({
    id: r.id,
    name: r.name,
    url_key: r.url_key,
    active_principles: r.active_principles,
    family: r.family,
  }));
}
