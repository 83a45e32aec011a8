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
  /** Depth in the tree (roots 0). */
  level: number;
}

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
    executeNamed<CategoryEntry>(
      db,
      sql`SELECT ct.category_id AS id, ct.name, ct.url_key, f_unaccent(lower(ct.name)) AS folded, c.level
          FROM category_translations ct JOIN categories c ON c.id = ct.category_id
          WHERE ct.locale = ${lang}`,
    ).then((r) => r.rows.map((row) => ({ ...row, id: Number(row.id), level: Number(row.level) })));
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

/**
 * The categories whose folded name starts with `phrase` (already folded) or has a word that does
 * (after a space), at most AUTOCOMPLETE_CATEGORIES: name starts first, then shallower levels,
 * then by name in code point order, then by id. The answer the statement
 * `f_unaccent(lower(name)) LIKE 'phrase%' OR … LIKE '% phrase%' ORDER BY (starts) DESC, level,
 * name COLLATE "C", id LIMIT 5` gave.
 */
export function matchCategories(
  entries: readonly CategoryEntry[],
  phrase: string,
): Array<{ id: number; name: string; url_key: string }> {
  return entries
    .map((e) => ({ e, starts: e.folded.startsWith(phrase) }))
    .filter(({ e, starts }) => starts || e.folded.includes(` ${phrase}`))
    .sort(
      (a, b) =>
        Number(b.starts) - Number(a.starts) ||
        a.e.level - b.e.level ||
        compareCodePoints(a.e.name, b.e.name) ||
        a.e.id - b.e.id,
    )
    .slice(0, AUTOCOMPLETE_CATEGORIES)
    .map(({ e }) => ({ id: e.id, name: e.name, url_key: e.url_key }));
}
