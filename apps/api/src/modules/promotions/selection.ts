/**
 * The curated product selection (docs/product/catalogue-and-search.md#screens /{lang}/selection "Product selection page", managed as
 * content by staff; table selection_items). Readers see the products visible to them
 * (modules/catalog/viewer.ts), priced with their list, in `sequence` order.
 *
 * `seedSelection` fills an empty selection with a few real catalogue products on the embedded
 * demo (main.ts), deterministically (lowest product codes per family).
 */
import { sql } from 'drizzle-orm';
import type { Locale, Selection, SelectionInput, SelectionItemInput } from '@vetshop/domain';
import type { Db, Queryable } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { GUEST, visibleTo, type Viewer } from '../catalog/index.ts';
import { PRODUCT_COLUMNS, productJoins, promoProductOf, type ProductRow } from './service.ts';

/** GET /selection: the selection's products visible to `viewer`, in sequence order, names in `lang`. */
export async function listSelection(db: Queryable, viewer: Viewer, lang: Locale): Promise<Selection> {
  const r = await db.execute<ProductRow & { sequence: number; note: string }>(sql`
    SELECT ${PRODUCT_COLUMNS}, s.sequence, s.note
    FROM selection_items s JOIN product_variants v ON v.id = s.variant_id
    ${productJoins(viewer, lang)}
    ORDER BY s.sequence, s.variant_id`);
  return {
    data: r.rows.map((row) => ({ ...promoProductOf(row), sequence: Number(row.sequence), note: row.note })),
  };
}

/** 404 `not_found` unless every id is a product (variant) of the catalogue. */
async function assertVariants(db: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const r = await db.execute<{ id: number }>(
    sql`SELECT id FROM product_variants WHERE id = ANY(${sql.param([...ids])}::int[])`,
  );
  const found = new Set(r.rows.map((row) => Number(row.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`Product ${missing.join(', ')} not found.`);
}

/**
 * POST staff/selection: replaces the whole selection by `input.items` in their order (sequence
 * 10, 20, ...); a product listed twice keeps its first place. Errors: 404 for an unknown product.
 */
export async function replaceSelection(db: Db, input: SelectionInput): Promise<void> {
  const seen = new Set<number>();
  const items = input.items.filter((i) => (seen.has(i.product_id) ? false : (seen.add(i.product_id), true)));
  await assertVariants(
    db,
    items.map((i) => i.product_id),
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM selection_items`);
    for (const [index, item] of items.entries())
      await tx.execute(sql`
        INSERT INTO selection_items (variant_id, sequence, note)
        VALUES (${item.product_id}, ${(index + 1) * 10}, ${item.note ?? ''})`);
  });
}

/**
 * POST staff/selection/items: adds a product (at the end unless `sequence` is given) or updates
 * its note/sequence when already selected. Returns true when it was added. Errors: 404 unknown product.
 */
export async function upsertSelectionItem(db: Queryable, input: SelectionItemInput): Promise<boolean> {
  await assertVariants(db, [input.product_id]);
  const r = await db.execute<{ inserted: boolean }>(sql`
    INSERT INTO selection_items (variant_id, sequence, note)
    VALUES (${input.product_id},
            coalesce(${input.sequence ?? null}::int, (SELECT coalesce(max(sequence), 0) + 10 FROM selection_items)),
            ${input.note ?? ''})
    ON CONFLICT (variant_id) DO UPDATE SET
      sequence = coalesce(${input.sequence ?? null}::int, selection_items.sequence),
      note = coalesce(${input.note ?? null}::text, selection_items.note)
    RETURNING (xmax = 0) AS inserted`);
  return Boolean(r.rows[0]?.inserted);
}

/** DELETE staff/selection/items/{productId}. Errors: 404 when the product is not in the selection. */
export async function removeSelectionItem(db: Queryable, productId: number): Promise<void> {
  const r = await db.execute<{ variant_id: number }>(
    sql`DELETE FROM selection_items WHERE variant_id = ${productId} RETURNING variant_id`,
  );
  if (r.rows.length === 0) throw notFound(`Product ${productId} is not in the selection.`);
}

/**
 * Fills an empty selection with `perFamily` real products per family (meds, food, equipment):
 * main variants of products visible to guests, priced in the default list and in stock, lowest
 * product code first, so the same catalogue always gives the same selection. Medicines come from
 * the public datasets (not generated). Does nothing when the selection has items. Returns the
 * number of products added.
 */
export async function seedSelection(db: Db, perFamily = 2): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('vetshop:selection-seed'))`);
    const existing = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM selection_items`);
    if (Number(existing.rows[0]?.n ?? 0) > 0) return 0;
    const r = await tx.execute<{ n: number }>(sql`
      WITH picked AS (
        SELECT v.id, p.family, row_number() OVER (PARTITION BY p.family ORDER BY p.code) AS rn
        FROM products p
        JOIN LATERAL (SELECT v0.id, v0.stock_state FROM product_variants v0 WHERE v0.product_id = p.id
                      ORDER BY v0.is_main DESC, v0.sequence, v0.id LIMIT 1) v ON TRUE
        WHERE ${visibleTo(GUEST)} AND (p.family <> 'meds' OR NOT p.generated)
          AND v.stock_state IN ('in_stock', 'in_limited_stock')
          AND EXISTS (SELECT 1 FROM variant_prices vp JOIN price_lists l ON l.id = vp.price_list_id
                      WHERE vp.variant_id = v.id AND l.code = 'default')
      ), ins AS (
        INSERT INTO selection_items (variant_id, sequence, note)
        SELECT id, (CASE family WHEN 'meds' THEN 0 WHEN 'food' THEN 100 ELSE 200 END) + rn * 10, ''
        FROM picked WHERE rn <= ${perFamily}
        ON CONFLICT (variant_id) DO NOTHING
        RETURNING 1
      ) SELECT count(*)::int AS n FROM ins`);
    return Number(r.rows[0]?.n ?? 0);
  });
}
