/**
 * A variant's name in the reader's language (docs/decisions/catalogue-vocabulary.md, "Variant
 * names in the page's language"): `product_variants.names` holds the label per language when it
 * differs by language (generated packs and equipment, migration 0036_variant_names.sql); else
 * `name` is shown in every language.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';

/**
 * SQL text: the name of the variant `alias` (a `product_variants` row in FROM) in `locale` (a
 * locale value, or SQL giving one, e.g. a placeholder of a statement built once).
 */
export function variantNameIn(alias: SQL, locale: Locale | SQL): SQL {
  return sql`coalesce(${alias}.names ->> ${locale}::text, ${alias}.name)`;
}

/**
 * SQL boolean: the variant `alias` has a name, stored or in any language, matching the ILIKE
 * `pattern` (staff searches find a variant by whichever name they know).
 */
export function variantNameMatches(alias: SQL, pattern: string): SQL {
  return sql`(${alias}.name ILIKE ${pattern}
    OR EXISTS (SELECT 1 FROM jsonb_each_text(${alias}.names) n WHERE n.value ILIKE ${pattern}))`;
}
