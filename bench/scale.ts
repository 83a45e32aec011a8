/**
 * Scales the imported real catalogue by `factor` copies (set-based SQL, deterministic): every copy k
 * of a model gets code `<code>~k`, url keys `<key>-scalek`, skus `<sku>-scalek`, and the same categories,
 * regulatory data, variants (with their names per language), tiers, discounts, supplier terms and
 * materialised prices (test: bench/scale.test.ts). Used by the benchmarks to
 * reach ≥ 50,000 variants from the ~3,000 real ones. Returns the resulting counts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';

/**
 * Bump when what a copy carries changes: a data set scaled by another version is rebuilt
 * (bench/dataset.ts `catalogueVersion`). v2: the variants' names per language and the products'
 * regulatory data (packagings, CTI code, partner types, shrink wrap, best-before) are copied.
 */
export const SCALE_VERSION = 'scale-v2';

export interface ScaleReport {
  products: number;
  variants: number;
}

/** Copies the catalogue `factor − 1` times (factor 1 = unchanged). */
export async function scaleCatalogue(db: Db, factor: number): Promise<ScaleReport> {
  for (let k = 2; k <= factor; k++) {
    const suffix = `~${k}`;
    const keySuffix = `-scale${k}`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO products (code, family, model_name, brand_id, manufacturer, source_locale, sources, source_refs,
          generated, amm_code, atcvet, legal_category, therapeutic_group, active_principles, species,
          administration_routes, presentation, animal_sizes, ages, food_ranges, indications, colours, clothing_sizes,
          vet_group_ids, flags, amcra_class, storage_temperature, leaflet_url, info_url, not_sold_on_website,
          allowed_partner_types, cti_code, packagings, units_per_shrink_wrap, first_batch_best_before)
        SELECT code || ${suffix}, family, model_name, brand_id, manufacturer, source_locale, sources, source_refs,
          true, amm_code, atcvet, legal_category, therapeutic_group, active_principles, species,
          administration_routes, presentation, animal_sizes, ages, food_ranges, indications, colours, clothing_sizes,
          vet_group_ids, flags, amcra_class, storage_temperature, leaflet_url, info_url, not_sold_on_website,
          allowed_partner_types, cti_code, packagings, units_per_shrink_wrap, first_batch_best_before
        FROM products WHERE code NOT LIKE '%~%'`);
      await tx.execute(sql`
        CREATE TEMP TABLE scale_map ON COMMIT DROP AS
        SELECT o.id AS old_id, n.id AS new_id FROM products o JOIN products n ON n.code = o.code || ${suffix}
        WHERE o.code NOT LIKE '%~%'`);
      await tx.execute(sql`
        INSERT INTO product_translations (product_id, locale, name, short_name, url_key, redirect_url_keys,
          description, short_description, seo_title, meta_keywords, meta_description, search_words)
        SELECT m.new_id, t.locale, t.name || ' ' || ${String(k)}, t.short_name, t.url_key || ${keySuffix}, '{}',
          t.description, t.short_description, t.seo_title, t.meta_keywords, t.meta_description, t.search_words
        FROM product_translations t JOIN scale_map m ON m.old_id = t.product_id`);
      await tx.execute(sql`
        INSERT INTO product_categories (product_id, category_id)
        SELECT m.new_id, c.category_id FROM product_categories c JOIN scale_map m ON m.old_id = c.product_id`);
      await tx.execute(sql`
        INSERT INTO product_variants (product_id, sku, name, barcode, cnk_code, sequence, is_main, stock_state,
          tax_rate_bp, units_per_pack, made_to_order, attributes, names)
        SELECT m.new_id, v.sku || ${keySuffix}, v.name, NULL, NULL, v.sequence, v.is_main, v.stock_state,
          v.tax_rate_bp, v.units_per_pack, v.made_to_order, v.attributes, v.names
        FROM product_variants v JOIN scale_map m ON m.old_id = v.product_id`);
      await tx.execute(sql`
        CREATE TEMP TABLE scale_vmap ON COMMIT DROP AS
        SELECT o.id AS old_id, n.id AS new_id FROM product_variants o
        JOIN product_variants n ON n.sku = o.sku || ${keySuffix}
        JOIN scale_map m ON m.old_id = o.product_id AND m.new_id = n.product_id`);
      await tx.execute(sql`
        INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity, date_start, date_end)
        SELECT m.new_id, t.price_list_id, t.price_cents, t.min_quantity, t.date_start, t.date_end
        FROM price_tiers t JOIN scale_vmap m ON m.old_id = t.variant_id`);
      await tx.execute(sql`
        INSERT INTO discounts (variant_id, price_list_id, discount_bp, min_quantity, exclusive, date_start, date_end)
        SELECT m.new_id, d.price_list_id, d.discount_bp, d.min_quantity, d.exclusive, d.date_start, d.date_end
        FROM discounts d JOIN scale_vmap m ON m.old_id = d.variant_id`);
      await tx.execute(sql`
        INSERT INTO supplier_terms (variant_id, kind, discount_bp, main_quantity, promo_quantity, time_frame,
          date_start, date_end)
        SELECT m.new_id, s.kind, s.discount_bp, s.main_quantity, s.promo_quantity, s.time_frame, s.date_start, s.date_end
        FROM supplier_terms s JOIN scale_vmap m ON m.old_id = s.variant_id`);
      await tx.execute(sql`
        INSERT INTO variant_prices (variant_id, price_list_id, gross_cents, net_cents, indicated_cents, has_discount,
          discount_end, computed_on)
        SELECT m.new_id, p.price_list_id, p.gross_cents, p.net_cents, p.indicated_cents, p.has_discount,
          p.discount_end, p.computed_on
        FROM variant_prices p JOIN scale_vmap m ON m.old_id = p.variant_id`);
    });
  }
  const rows = (
    await db.execute<{ products: number; variants: number }>(sql`
      SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM product_variants) AS variants`)
  ).rows;
  return rows[0] ?? { products: 0, variants: 0 };
}
