/**
 * Stored prices per variant and price list (table variant_prices), so that sorts by net price and
 * the "discount" facets are index lookups (docs/decisions/search-performance.md).
 * Rules of docs/product/constants.md#pricing via the domain's netPrice; money in integer cents, dates ISO.
 */
import { sql } from 'drizzle-orm';
import {
  IN_STOCK_STATES,
  isValidOn,
  netPrice,
  roundHalfUp,
  type Discount,
  type PriceTier,
  type SupplierDiscount,
} from '@vetshop/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { discounts, priceLists, priceTiers, supplierTerms, variantPrices } from '../../db/schema.ts';

/** A Drizzle transaction of the catalogue database. */

/** Indicated (public) price = default-list gross × 1.3, rounded half-up to the cent. */
export const INDICATED_FACTOR = 1.3;

const BATCH = 1000;

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Recompute variant_prices inside an open transaction; returns the number of rows written.
 * For every variant × price list with a valid gross tier on `on`: gross, net (netPrice: best
 * quantity-0 discount then supplier discount, skipped when exclusive), indicated, has_discount
 * (net < gross or an active supplier promotion) and discount_end (earliest end of the applied
 * discount / supplier discount / active promotion). supplier_*_veterinary apply to the
 * "veterinary" list only.
 */
export async function refreshVariantPricesIn(tx: Tx, on: string): Promise<number> {
  const lists = await tx.select({ id: priceLists.id, code: priceLists.code }).from(priceLists);
  const defaultList = lists.find((l) => l.code === 'default');
  const tiers = await tx.select().from(priceTiers);
  const discs = await tx.select().from(discounts);
  const terms = await tx.select().from(supplierTerms);
  const tiersBy = new Map<string, PriceTier[]>();
  const variantIds = new Set<number>();
  for (const t of tiers) {
    pushTo(tiersBy, `${t.variantId}:${t.priceListId}`, t);
    variantIds.add(t.variantId);
  }
  const discBy = new Map<string, Discount[]>();
  for (const d of discs) pushTo(discBy, `${d.variantId}:${d.priceListId}`, d);
  const termsBy = new Map<number, (typeof terms)[number][]>();
  for (const t of terms) pushTo(termsBy, t.variantId, t);

  const rows: (typeof variantPrices.$inferInsert)[] = [];
  for (const variantId of [...variantIds].sort((a, b) => a - b)) {
    const variantTerms = termsBy.get(variantId) ?? [];
    const defaultGross = defaultList
      ? netPrice({ tiers: tiersBy.get(`${variantId}:${defaultList.id}`) ?? [], discounts: [] }, on).grossCents
      : null;
    for (const list of lists) {
      const vet = list.code === 'veterinary';
      const applies = (kind: string): boolean =>
        kind === 'supplier_discount' ||
        kind === 'supplier_promotion' ||
        (vet && kind.endsWith('_veterinary'));
      const supplierDiscounts: (SupplierDiscount & { dateEnd: string | null })[] = variantTerms
        .filter((t) => t.kind.startsWith('supplier_discount') && applies(t.kind) && t.discountBp !== null)
        .map((t) => ({ discountBp: t.discountBp ?? 0, dateStart: t.dateStart, dateEnd: t.dateEnd }));
      const promos = variantTerms.filter(
        (t) => t.kind.startsWith('supplier_promotion') && applies(t.kind) && isValidOn(t, on),
      );
      const price = netPrice(
        {
          tiers: tiersBy.get(`${variantId}:${list.id}`) ?? [],
          discounts: discBy.get(`${variantId}:${list.id}`) ?? [],
          supplierDiscounts,
        },
        on,
      );
      if (price.grossCents === null || price.netCents === null) continue;
      const hasDiscount = price.netCents < price.grossCents || promos.length > 0;
      const ends = [
        price.appliedDiscount?.dateEnd ?? null,
        price.appliedSupplierDiscount?.dateEnd ?? null,
        ...promos.map((p) => p.dateEnd),
      ].filter((d): d is string => typeof d === 'string');
      rows.push({
        variantId,
        priceListId: list.id,
        grossCents: price.grossCents,
        netCents: price.netCents,
        indicatedCents: defaultGross === null ? null : roundHalfUp(defaultGross * INDICATED_FACTOR),
        hasDiscount,
        discountEnd: hasDiscount && ends.length > 0 ? [...ends].sort()[0] : null,
        computedOn: on,
      });
    }
  }
  await tx.delete(variantPrices);
  for (let i = 0; i < rows.length; i += BATCH)
    await tx.insert(variantPrices).values(rows.slice(i, i + BATCH));
  await refreshProductSummariesIn(tx, on);
  return rows.length;
}

/**
 * Recompute table variant_prices for every variant × price list as of `on` (ISO date, the
 * business day), in one transaction. Called at the end of the import and by the api at start
 * when the stored computed_on is older than today. Returns the number of rows written.
 */
export async function refreshVariantPrices(db: Db, on: string): Promise<number> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(on)) throw new RangeError(`Not an ISO date: ${on}`);
  return db.transaction((tx) => refreshVariantPricesIn(tx, on));
}

/**
 * Rebuilds the search summaries (tables product_summaries and product_list_prices) of
 * `productIds` (every product when omitted) from the variants, their stored prices and the
 * product categories, set-based in SQL, inside the open transaction `tx`. `on` (ISO date) is the
 * day the prices were computed for: discount ends before it are ignored. Returns the number of
 * product_summaries rows written. Called by refreshVariantPricesIn and by the search index rebuild.
 */
export async function refreshProductSummariesIn(
  tx: DbOrTx,
  on: string,
  productIds?: readonly number[],
): Promise<number> {
  const all = productIds === undefined;
  const ids = sql.param([...(productIds ?? [])]);
  const scope = (col: ReturnType<typeof sql.raw>) => (all ? sql`TRUE` : sql`${col} = ANY(${ids}::int[])`);
  await tx.execute(sql`DELETE FROM product_summaries WHERE ${scope(sql.raw('product_id'))}`);
  const n = await tx.execute<{ n: number }>(sql`
    WITH ins AS (
      INSERT INTO product_summaries (product_id, in_stock, category_ids, facet_terms)
      SELECT p.id,
             EXISTS (SELECT 1 FROM product_variants v
                     WHERE v.product_id = p.id AND v.stock_state = ANY(${sql.param([...IN_STOCK_STATES])}::text[])),
             ARRAY(SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = p.id ORDER BY pc.category_id),
             ARRAY(SELECT DISTINCT t FROM (
               SELECT 'species:' || x AS t FROM unnest(p.species) x
               UNION ALL SELECT 'administration_route:' || x FROM unnest(p.administration_routes) x
               -- A substance by its key (docs/decisions/substance-facet.md), a wording without one by itself.
               UNION ALL SELECT 'active_principle:' || coalesce(st.key, x)
                 FROM unnest(p.active_principles) x LEFT JOIN substance_terms st ON st.wording = x
               UNION ALL SELECT 'animal_size:' || x FROM unnest(p.animal_sizes) x
               UNION ALL SELECT 'age:' || x FROM unnest(p.ages) x
               UNION ALL SELECT 'food_range:' || x FROM unnest(p.food_ranges) x
               UNION ALL SELECT 'indication:' || x FROM unnest(p.indications) x
               UNION ALL SELECT 'colour:' || x FROM unnest(p.colours) x
               UNION ALL SELECT 'size:' || x FROM unnest(p.clothing_sizes) x
               UNION ALL SELECT 'brand:' || b.name FROM brands b WHERE b.id = p.brand_id
               UNION ALL SELECT 'manufacturer:' || p.manufacturer
               UNION ALL SELECT 'presentation:' || p.presentation
               UNION ALL SELECT 'family:' || p.family
               UNION ALL SELECT 'vet_group:' || g.code FROM vet_groups g WHERE g.id = ANY(p.vet_group_ids)
               UNION ALL SELECT 'category:' || pc.category_id FROM product_categories pc WHERE pc.product_id = p.id
             ) u WHERE t IS NOT NULL ORDER BY t)
      FROM products p WHERE ${scope(sql.raw('p.id'))}
      RETURNING 1
    ) SELECT count(*)::int AS n FROM ins`);
  await tx.execute(sql`DELETE FROM product_list_prices WHERE ${scope(sql.raw('product_id'))}`);
  await tx.execute(sql`
    INSERT INTO product_list_prices (price_list_id, product_id, has_discount, discount_end, min_price_cents, min_net_cents)
    SELECT vp.price_list_id, v.product_id, bool_or(vp.has_discount),
           min(vp.discount_end) FILTER (WHERE vp.has_discount AND vp.discount_end >= ${on}::date),
           min(coalesce(vp.indicated_cents, vp.gross_cents)), min(vp.net_cents)
    FROM product_variants v JOIN variant_prices vp ON vp.variant_id = v.id
    WHERE ${scope(sql.raw('v.product_id'))}
    GROUP BY vp.price_list_id, v.product_id`);
  return Number(n.rows[0]?.n ?? 0);
}
