/**
 * The unit price of a variant for a quantity, from its price inputs loaded once (price_tiers,
 * discounts and supplier_terms of one price list), through the domain's rules
 * (`netPriceForQuantity`, which reuses `netPrice`: docs/product/constants.md#pricing,
 * docs/product/prices.md#price-validity). The cart prices its lines with it (carts/pricing.ts) and
 * the product page its quantity breaks (service.ts `getProduct`,
 * docs/decisions/price-tier-table.md), so the two never differ. Money in integer cents EUR excl.
 * VAT, rates in basis points.
 */
import { netPriceForQuantity } from '@vetshop/domain';
import type { DiscountRow, TierRow } from './price-rows.ts';

export type TermRow = {
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
 * catalog-import/prices.ts): supplier_discount for every list, supplier_discount_veterinary for the
 * veterinary list only.
 */
function supplierApplies(kind: string, priceList: string): boolean {
  return (
    kind === 'supplier_discount' || (priceList === 'veterinary' && kind === 'supplier_discount_veterinary')
  );
}

/** The price inputs of some variants in one price list, as one statement reads them. */
export interface PriceInputs {
  tiers: TierRow[];
  discounts: DiscountRow[];
  terms: TermRow[];
}

/**
 * A pricing function over inputs already loaded (carts/pricing.ts `priceInputsJson`, or the
 * product page's statement) for `priceList` (code) on the business day `on` (YYYY-MM-DD). Rows are
 * grouped by variant once, so pricing n lines costs O(n + rows).
 */
export function pricesFrom(inputs: PriceInputs, priceList: string, on: string): PriceOf {
  const group = <T extends { variantId: number }>(rows: readonly T[]) => {
    const out = new Map<number, T[]>();
    for (const r of rows) {
      const id = Number(r.variantId);
      const list = out.get(id);
      if (list) list.push(r);
      else out.set(id, [r]);
    }
    return out;
  };
  const tiers = group(inputs.tiers);
  const discounts = group(inputs.discounts);
  const terms = group(inputs.terms.filter((t) => supplierApplies(t.kind, priceList)));
  return (variantId, qty) => {
    const price = netPriceForQuantity(
      {
        tiers: tiers.get(variantId) ?? [],
        discounts: discounts.get(variantId) ?? [],
        supplierDiscounts: terms.get(variantId) ?? [],
      },
      qty,
      on,
    );
    return { grossCents: price.grossCents, netCents: price.netCents, discountBp: price.totalDiscountBp };
  };
}
