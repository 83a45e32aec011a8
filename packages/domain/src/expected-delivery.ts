/**
 * Which expected-delivery text a cart, an order page and an order confirmation show
 * (docs/decisions/expected-delivery-and-backorders.md): the carrier's date is that of the units in
 * stock, so when every unit goes (or is) on backorder no date is promised, and when some do the
 * date is said to be that of the units in stock.
 */

/**
 * `all`: every unit is available (the date holds for the whole order); `inStock`: some units are
 * on backorder (the date holds for the others); `backorder`: every unit is on backorder (no date).
 */
export type ExpectedDeliveryKind = 'all' | 'inStock' | 'backorder';

/** A product line as the rule reads it: units and units the stock cannot serve now. */
export interface DeliveryUnits {
  qty: number;
  qty_unavailable: number;
  is_delivery: boolean;
  is_free?: boolean | undefined;
}

/**
 * The kind for the product lines of `lines` (fee lines and free units ignored): quantities and
 * `qty_unavailable` (units the stock cannot serve now, docs/product/cart-and-checkout.md#line-availability).
 */
export function expectedDeliveryKind(lines: readonly DeliveryUnits[]): ExpectedDeliveryKind {
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

/**
 * The kind for an order's lines: only the units still to deliver count (ordered − delivered −
 * cancelled), of which `qty_unavailable` are on backorder. An order with nothing left to deliver
 * is `all` (its deliveries tell the rest).
 */
export function orderExpectedDeliveryKind(
  lines: readonly (DeliveryUnits & { qty_delivered: number; qty_canceled: number })[],
): ExpectedDeliveryKind {
  return expectedDeliveryKind(
    lines.map((l) => ({ ...l, qty: Math.max(0, l.qty - l.qty_delivered - l.qty_canceled) })),
  );
}
