/**
 * Prices of cart lines: the same data as the catalogue product page (price_tiers, discounts and
 * supplier_terms of the user's price list) through the domain's rules (`netPriceForQuantity`,
 * which reuses `netPrice`: spec 9 "Pricing", spec 5 "Price validity"). At quantity 1 the unit
 * net price equals the catalogue's stored net price (variant_prices); at larger quantities the
 * tiers and volume discounts the quantity reaches apply ("from N units").
 * Money in integer cents EUR excl. VAT, rates in basis points.
 */
import { sql } from 'drizzle-orm';
import { businessDate, netPriceForQuantity } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import type { DiscountRow, TierRow } from '../catalog/price-rows.ts';

/** A Drizzle database or open transaction. */
export type Queryable = Pick<Db, 'execute'>;

type TermRow = {
  variantId: number;
  kind: string;
  discountBp: number;
  dateStart: string | null;
  dateEnd: string | null;
};

/** Unit prices of `qty` units of a variant: gross and net in cents, discount in bp; nulls when unpriced. */
export interface UnitPrice {
  grossCents: number | null;
  netCents: number | null;
  discountBp: number;
}

/** Returns the unit price of a variant for a quantity, from inputs loaded once. */
export type PriceOf = (variantId: number, qty: number) => UnitPrice;

/**
 * Which supplier terms apply to a price list (same rule as the stored catalogue prices,
 * seed/prices.ts): supplier_discount for every list, supplier_discount_veterinary for the
 * veterinary list only.
 */
function supplierApplies(kind: string, priceList: string): boolean {
  return (
    kind === 'supplier_discount' || (priceList === 'veterinary' && kind === 'supplier_discount_veterinary')
  );
}

/**
 * Loads the price inputs of `variantIds` in `priceList` (code) and returns a pricing function for
 * the business day `on` (default today in Europe/Brussels).
 */
export async function loadPrices(
  db: Queryable,
  variantIds: readonly number[],
  priceList: string,
  on: string = businessDate(),
): Promise<PriceOf> {
  const ids = sql.param([...new Set(variantIds)]);
  const pl = sql`(SELECT id FROM price_lists WHERE code = ${priceList})`;
  // One query after the other: `db` may be a transaction, whose connection runs one at a time.
  const none = variantIds.length === 0;
  const tiers = none
    ? { rows: [] as TierRow[] }
    : await db.execute<TierRow>(sql`
        SELECT variant_id AS "variantId", price_cents AS "priceCents", min_quantity AS "minQuantity",
               date_start::text AS "dateStart", date_end::text AS "dateEnd"
        FROM price_tiers WHERE variant_id = ANY(${ids}::int[]) AND price_list_id = ${pl}`);
  const discounts = none
    ? { rows: [] as DiscountRow[] }
    : await db.execute<DiscountRow>(sql`
        SELECT variant_id AS "variantId", discount_bp AS "discountBp", min_quantity AS "minQuantity",
               exclusive, date_start::text AS "dateStart", date_end::text AS "dateEnd"
        FROM discounts WHERE variant_id = ANY(${ids}::int[]) AND price_list_id = ${pl}`);
  const terms = none
    ? { rows: [] as TermRow[] }
    : await db.execute<TermRow>(sql`
        SELECT variant_id AS "variantId", kind, discount_bp AS "discountBp",
               date_start::text AS "dateStart", date_end::text AS "dateEnd"
        FROM supplier_terms WHERE variant_id = ANY(${ids}::int[]) AND discount_bp IS NOT NULL`);
  const of = <T extends { variantId: number }>(rows: readonly T[], id: number) =>
    rows.filter((r) => r.variantId === id);
  return (variantId, qty) => {
    const price = netPriceForQuantity(
      {
        tiers: of(tiers.rows, variantId),
        discounts: of(discounts.rows, variantId),
        supplierDiscounts: of(terms.rows, variantId).filter((t) => supplierApplies(t.kind, priceList)),
      },
      qty,
      on,
    );
    return { grossCents: price.grossCents, netCents: price.netCents, discountBp: price.totalDiscountBp };
  };
}
