/**
 * A variant's name in the reader's language (docs/decisions/catalogue-vocabulary.md, "Variant
 * names in the page's language"): `product_variants.names` holds the label per language when it
 * differs by language (generated packs and equipment, migration 0036_variant_names.sql); else
 * `name` is shown in every language.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';

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
 * SQL boolean: the variant `alias` has a name, stored or in any language, matching the ILIKE
 * `pattern` (staff searches find a variant by whichever name they know).
 */
export function variantNameMatches(alias: SQL, pattern: string): SQL {
  return sql`(${alias}.name ILIKE ${pattern}
    OR EXISTS (SELECT 1 FROM jsonb_each_text(${alias}.names) n WHERE n.value ILIKE ${pattern}))`;
}
