/**
 * The categories of the autocomplete (docs/product/catalogue-and-search.md#product: "matching
 * categories", at most 5): the locale's category names, folded by the database as before
 * (`f_unaccent(lower(name))`), read once per catalogue version and matched in process. Asked with
 * every prefix, the statement cost about 0.5 ms of database CPU (the folding of every name), a
 * fifth of an uncached autocomplete (docs/decisions/search-performance.md, "Autocomplete tail").
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { executeNamed } from '../../db/statements.ts';

/** A category of the locale as the autocomplete matches it. */
export interface CategoryEntry {
  id: number;
  name: string;
  url_key: string;
  /** `f_unaccent(lower(name))`, computed by the database. */
  folded: string;
  /** Its search words (`meta_keywords`: "hondenvoer hondenbrokken"), folded the same way; '' when none. */
  keywords: string;
  /** Depth in the tree (roots 0). */
  level: number;
  /** The names of its parent categories in the locale, root first ("Voeding" for food's "Honden"). */
  parents: string[];
}

/** A category the autocomplete suggests (`AutocompleteResult['categories']` of @vetshop/domain). */
export type CategorySuggestion = Pick<CategoryEntry, 'id' | 'name' | 'url_key' | 'parents'>;

/** At most this many categories in an answer. */
export const AUTOCOMPLETE_CATEGORIES = 5;

/** Entries per database and locale, with the catalogue version they were read at. */
const entriesByDb = new WeakMap<
  object,
  Map<Locale, { version: string; entries: Promise<CategoryEntry[]> }>
>();

/**
 * The categories of `lang` (every one with a translation in it). Read once per catalogue version
 * `version` (catalog-version module; every change of a category or its translations moves it)
 * and kept per database; read afresh on every call when the version is unknown (null).
 * Errors: those of the statement (a failed read is not kept).
 */
export function categoryEntries(db: Db, lang: Locale, version: string | null): Promise<CategoryEntry[]> {
  const read = (): Promise<CategoryEntry[]> =>
    executeNamed<Omit<CategoryEntry, 'parents'> & { parent_id: number | null }>(
      db,
      sql`SELECT ct.category_id AS id, ct.name, ct.url_key, f_unaccent(lower(ct.name)) AS folded,
                 f_unaccent(lower(coalesce(ct.meta_keywords, ''))) AS keywords, c.level, c.parent_id
          FROM category_translations ct JOIN categories c ON c.id = ct.category_id
          WHERE ct.locale = ${lang}`,
    ).then((r) => {
      const byId = new Map(r.rows.map((row) => [Number(row.id), row]));
      return r.rows.map(({ parent_id, ...row }) => {
        const parents: string[] = [];
        const seen = new Set<number>([Number(row.id)]);
        // Each category once: a loop in the tree would otherwise never end.
        for (
          let p = byId.get(Number(parent_id));
          p && !seen.has(Number(p.id));
          p = byId.get(Number(p.parent_id))
        ) {
          seen.add(Number(p.id));
          parents.unshift(p.name);
        }
        return { ...row, id: Number(row.id), level: Number(row.level), parents };
      });
    });
  if (version === null) return read();
  const perLocale =
    entriesByDb.get(db) ?? new Map<Locale, { version: string; entries: Promise<CategoryEntry[]> }>();
  entriesByDb.set(db, perLocale);
  const known = perLocale.get(lang);
  if (known?.version === version) return known.entries;
  const entries = read();
  perLocale.set(lang, { version, entries });
  entries.catch(() => {
    if (perLocale.get(lang)?.entries === entries) perLocale.delete(lang);
  });
  return entries;
}

/** Compares two strings by code point, as PostgreSQL's "C" collation orders UTF-8 text. */
export function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** Whether folded `text` starts with `phrase` or has it after a space. */
function startsAWord(text: string, phrase: string): boolean {
  return text.startsWith(phrase) || text.includes(` ${phrase}`);
}

/**
 * The categories whose folded name starts with `phrase` (already folded) or has a word that does
 * (after a space), then those whose search words (meta keywords) do — "hondenvoer" finds "Honden"
 * under food (docs/decisions/autocomplete-index.md, "What a medicine is for, in the suggestions")
 * — at most AUTOCOMPLETE_CATEGORIES: name starts first, then other name matches, then search
 * words; within each, shallower levels, then by name in code point order, then by id. The names'
 * order is the one the statement `f_unaccent(lower(name)) LIKE 'phrase%' OR … LIKE '% phrase%'
 * ORDER BY (starts) DESC, level, name COLLATE "C", id LIMIT 5` gave.
 */
export function matchCategories(entries: readonly CategoryEntry[], phrase: string): CategorySuggestion[] {
  const rankOf = (e: CategoryEntry): number =>
    e.folded.startsWith(phrase)
      ? 0
      : startsAWord(e.folded, phrase)
        ? 1
        : startsAWord(e.keywords, phrase)
          ? 2
          : 3;
  return entries
    .map((e) => ({ e, rank: rankOf(e) }))
    .filter(({ rank }) => rank < 3)
    .sort(
      (a, b) =>
        a.rank - b.rank || a.e.level - b.e.level || compareCodePoints(a.e.name, b.e.name) || a.e.id - b.e.id,
    )
    .slice(0, AUTOCOMPLETE_CATEGORIES)
    .map(({ e }) => ({ id: e.id, name: e.name, url_key: e.url_key, parents: e.parents }));
}
