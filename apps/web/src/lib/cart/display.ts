/**
 * The displayed cart (docs/product/cart-and-checkout.md "The cart is kept as the last server cart plus locally stored
 * pending transactions"): the server cart's product lines with the pending transactions folded in
 * (domain `foldTransactions`), each displayed line pointing at its server line when there is one.
 * Pure; shared by the header count, the add-to-cart controls and the cart page.
 */
import { foldTransactions, lineKey, type Cart, type CartLine, type CartTransaction } from '@vetshop/domain';

/** What the browser remembers of a product added locally, for lines the server has not seen yet. */
export interface ProductRef {
  name: string;
  /** Url key of the product page (/{lang}/p/{url_key}), null when unknown. */
  url_key: string | null;
}

/** One displayed product line. */
export interface DisplayLine {
  /** Line identity: product id + canonical options. */
  key: string;
  product_id: number;
  options: Record<string, unknown>;
  /** Quantity after the pending transactions. */
  qty: number;
  /** The server's line for the same product and options (null when only pending). */
  server: CartLine | null;
  /** The locally remembered product name and url key (for pending-only lines). */
  ref: ProductRef | null;
  /** True when pending transactions change this line (its amounts are the server's old ones). */
  changed: boolean;
  /** The server's free line of a supplier promotion given with this line (docs/decisions/supplier-promotions.md). */
  free?: CartLine | null;
}

/** The displayed cart: product lines, the server's delivery (fee) lines, and the count. */
export interface DisplayCart {
  lines: DisplayLine[];
  /** Server lines flagged is_delivery or without product (the handling fee, docs/product/constants.md#delivery-and-fees). */
  feeLines: CartLine[];
  /** docs/product/cart-and-checkout.md "lines count": sum of the positive quantities of product lines. */
  linesCount: number;
  /** True while local transactions wait for the server. */
  hasPending: boolean;
}

/**
 * Folds `settled` (applied by the server after `cart` was read, summary answers) and then
 * `pending` into the product lines of `cart` (null = no server cart). Server lines keep their
 * order, lines only known locally come last; a line whose quantity reaches 0 disappears.
 */
export function displayCart(
  cart: Cart | null,
  pending: readonly CartTransaction[],
  refs: Readonly<Record<string, ProductRef>> = {},
  settled: readonly CartTransaction[] = [],
): DisplayCart {
  const serverLines = cart?.lines ?? [];
  // Free lines (supplier promotions) are shown with their paying line, never folded into it.
  const productLines = serverLines.filter(
    (l): l is CartLine & { product_id: number } => !l.is_delivery && l.product_id !== null && !l.is_free,
  );
  const freeOf = new Map(
    serverLines.filter((l) => l.is_free && l.free_of != null).map((l) => [l.free_of, l]),
  );
  const feeLines = serverLines.filter((l) => l.is_delivery || l.product_id === null);
  const byKey = new Map(productLines.map((l) => [lineKey(l.product_id, l.options), l]));
  const folded = foldTransactions(
    productLines.map((l) => ({ product_id: l.product_id, qty: l.qty, options: l.options })),
    settled.length > 0 ? [...settled, ...pending] : pending,
  );
  const lines = folded.map((l): DisplayLine => {
    const key = lineKey(l.product_id, l.options);
    const server = byKey.get(key) ?? null;
    return {
      key,
      product_id: l.product_id,
      options: l.options ?? {},
      qty: l.qty,
      server,
      ref: refs[String(l.product_id)] ?? null,
      changed: server === null || server.qty !== l.qty,
      free: server ? (freeOf.get(server.id) ?? null) : null,
    };
  });
  return {
    lines,
    feeLines,
    linesCount: lines.reduce((sum, l) => sum + (l.qty > 0 ? l.qty : 0), 0),
    hasPending: pending.length > 0,
  };
}
