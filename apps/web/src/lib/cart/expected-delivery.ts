/**
 * Which expected-delivery text a cart shows (docs/decisions/expected-delivery-and-backorders.md):
 * the carrier's date is that of the units in stock, so a cart whose every unit goes on backorder
 * shows no date, and a cart with some units on backorder says the date is that of the units in stock.
 */
import type { CartLine } from '@vetshop/domain';

/**
 * `all`: every unit is available (the date holds for the whole order); `inStock`: some units go on
 * backorder (the date holds for the others); `backorder`: every unit goes on backorder (no date).
 */
export type ExpectedDeliveryKind = 'all' | 'inStock' | 'backorder';

/** The message of each kind in the `orderTotals` namespace. */
export const EXPECTED_DELIVERY_MESSAGE = {
  all: 'expectedDate',
  inStock: 'expectedDateInStock',
  backorder: 'expectedDateBackorder',
} as const satisfies Record<ExpectedDeliveryKind, string>;

/**
 * The kind for the product lines of `lines` (fee lines and free units ignored): quantities and
 * `qty_unavailable` (units the stock cannot serve now, docs/product/cart-and-checkout.md#line-availability).
 */
export function expectedDeliveryKind(
  lines: readonly Pick<CartLine, 'qty' | 'qty_unavailable' | 'is_delivery' | 'is_free'>[],
): ExpectedDeliveryKind {
  let units = 0;
  let unavailable = 0;
  for (const line of lines) {
    if (line.is_delivery || line.is_free || line.qty <= 0) continue;
    units += line.qty;
    unavailable += Math.min(Math.max(line.qty_unavailable, 0), line.qty);
  }
  if (unavailable === 0) return 'all';
  return unavailable < units ? 'inStock' : 'backorder';
}
