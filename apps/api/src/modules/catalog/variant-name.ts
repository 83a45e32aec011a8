/**
 * A variant's name in the reader's language (docs/decisions/catalogue-vocabulary.md, "Variant
 * names in the page's language"): `product_variants.names` holds the label per language when it
 * differs by language (generated packs and equipment, migration 0036_variant_names.sql); else
 * `name` is shown in every language.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';
import { likeEscape } from './search-query.ts';

/**
 * SQL text: the name of row `alias` in `locale` (a locale value, or SQL giving one, e.g. a
 * placeholder of a statement built once), for a table that keeps a `name` and, where it differs by
 * language, a `names` jsonb per language: `product_variants`, `vet_groups`
 * (migration 0038_vet_group_names.sql).
 */
export function localizedNameIn(alias: SQL, locale: Locale | SQL): SQL {
  return sql`coalesce(${alias}.names ->> ${locale}::text, ${alias}.name)`;
}

/** SQL text: the name of the variant `alias` (a `product_variants` row in FROM) in `locale`. */
export const variantNameIn = localizedNameIn;

/**
 * The LIKE pattern of what a staff user typed to find a product, folded as the search rows' texts
 * are (`f_unaccent(lower(…))`, search-index.ts): `%q%` (holds it), or `q%` (begins with it) for a
 * query of fewer than three characters, which no trigram index narrows
 * (docs/decisions/staff-orders-on-behalf.md, "Finding a product").
 */
export function foldedPattern(q: string): SQL {
  const escaped = likeEscape(q);
  return foldedLike([...q].length < 3 ? `${escaped}%` : `%${escaped}%`);
}

/**
 * SQL text: `text` (SQL) with accents and case folded, as the search rows' texts are
 * (search-index.ts): "Boîte" → "boite".
 */
export function folded(text: SQL): SQL {
  return sql`f_unaccent(lower(${text}))`;
}

/**
 * SQL text: the LIKE pattern `pattern` (wildcards already escaped) folded as {@link folded} folds
 * the text it is compared with: "boite" then finds "Boîte".
 */
export function foldedLike(pattern: string): SQL {
  return folded(sql`${pattern}`);
}

/**
 * SQL: a SELECT of the ids of the products whose display name in any language (the search rows'
 * folded names, read through their per-locale trigram indexes) or official model name (migration
 * 0045_staff_order_search.sql) matches `pattern` ({@link foldedPattern}). One statement per index,
 * joined by UNION: the planner reads a trigram index for a plain LIKE, not for an OR of them.
 */
export function productsNamedLike(pattern: SQL): SQL {
  return sql`SELECT product_id FROM search_documents WHERE locale = 'fr' AND name_norm LIKE ${pattern}
    UNION SELECT product_id FROM search_documents WHERE locale = 'nl' AND name_norm LIKE ${pattern}
    UNION SELECT product_id FROM search_documents WHERE locale = 'en' AND name_norm LIKE ${pattern}
    UNION SELECT p.id FROM products p WHERE ${folded(sql`p.model_name`)} LIKE ${pattern}`;
}

/**
 * SQL boolean: the SKU, CNK or a name in any language of the variant `alias`, folded, matches
 * `pattern` ({@link foldedPattern}; the trigram index of migration 0045_staff_order_search.sql).
 * With `namesOnly`, its names alone (a recheck of the index's match: a code that merely holds `q`).
 */
export function variantTextLike(alias: SQL, pattern: SQL, namesOnly = false): SQL {
  return namesOnly
    ? sql`${folded(sql`concat_ws(' ', ${alias}.name, ${alias}.names ->> 'fr', ${alias}.names ->> 'nl', ${alias}.names ->> 'en')`)} LIKE ${pattern}`
    : sql`f_variant_search_text(${alias}.sku, ${alias}.cnk_code, ${alias}.name, ${alias}.names) LIKE ${pattern}`;
}
