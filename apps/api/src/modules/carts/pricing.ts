/**
 * Prices of cart lines: the price inputs of the user's price list (price_tiers, discounts and
 * supplier_terms, the same data as the catalogue product page) read in one statement, priced by
 * catalog/quantity-prices.ts `pricesFrom` (the domain's `netPriceForQuantity`:
 * docs/product/constants.md#pricing, docs/product/prices.md#price-validity) on today's business
 * day. At quantity 1 the unit net price equals the catalogue's stored net price (variant_prices);
 * at larger quantities the tiers and volume discounts the quantity reaches apply ("from N units").
 * Money in integer cents EUR excl. VAT, rates in basis points.
 */
import { sql, type SQL } from 'drizzle-orm';
import { businessDate } from '@vetshop/domain';
import type { Queryable } from '../../db/client.ts';
import { pricesFrom, type PriceInputs, type PriceOf } from '../catalog/index.ts';

export type { PriceInputs, PriceOf, UnitPrice } from '../catalog/index.ts';

/**
 * SQL scalar (json): the price inputs {tiers, discounts, terms} of the variants `variantIds`
 * selects (an int[] expression or a subquery of ids) in the price list `priceList` (code), in one
 * statement instead of three. Columns are aliased to the row types (dates as ISO text).
 */
export function priceInputsJson(variantIds: SQL, priceList: string): SQL {
  const pl = sql`(SELECT id FROM price_lists WHERE code = ${priceList})`;
  return sql`json_build_object(
    'tiers', (SELECT coalesce(json_agg(json_build_object('variantId', variant_id, 'priceCents', price_cents,
                'minQuantity', min_quantity, 'dateStart', date_start::text, 'dateEnd', date_end::text)), '[]'::json)
              FROM price_tiers WHERE variant_id = ANY(${variantIds}) AND price_list_id = ${pl}),
    'discounts', (SELECT coalesce(json_agg(json_build_object('variantId', variant_id, 'discountBp', discount_bp,
                'minQuantity', min_quantity, 'exclusive', exclusive, 'dateStart', date_start::text,
                'dateEnd', date_end::text)), '[]'::json)
              FROM discounts WHERE variant_id = ANY(${variantIds}) AND price_list_id = ${pl}),
    'terms', (SELECT coalesce(json_agg(json_build_object('variantId', variant_id, 'kind', kind,
                'discountBp', discount_bp, 'dateStart', date_start::text, 'dateEnd', date_end::text)), '[]'::json)
              FROM supplier_terms WHERE variant_id = ANY(${variantIds}) AND discount_bp IS NOT NULL))`;
}

/** Parses a json value the drivers may hand over as text (PGlite) or already parsed (node-postgres). */
export function parseJsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

let todayCache = { at: 0, day: '' };

/**
 * Today's business date in Europe/Brussels (YYYY-MM-DD), recomputed at most once a second: building
 * the Intl formatter costs more than a whole cart's pricing (profile, docs/decisions/cart-sync-performance.md).
 */
export function businessToday(): string {
  const now = Date.now();
  if (now - todayCache.at > 1000 || todayCache.day === '')
    todayCache = { at: now, day: businessDate(new Date(now)) };
  return todayCache.day;
}

/**
 * Loads the price inputs of `variantIds` in `priceList` (code), in one statement, and returns a
 * pricing function for the business day `on` (default today in Europe/Brussels).
 */
export async function loadPrices(
  db: Queryable,
  variantIds: readonly number[],
  priceList: string,
  on: string = businessToday(),
): Promise<PriceOf> {
  if (variantIds.length === 0) return pricesFrom({ tiers: [], discounts: [], terms: [] }, priceList, on);
  const ids = sql`${sql.param([...new Set(variantIds)])}::int[]`;
  const r = await db.execute<{ inputs: unknown }>(sql`SELECT ${priceInputsJson(ids, priceList)} AS inputs`);
  return pricesFrom(parseJsonValue<PriceInputs>(r.rows[0]?.inputs), priceList, on);
}
