import type { DisplayCart } from './display';

/**
 * Quantity of `productId` without options in the displayed cart (lib/cart/display.ts), 0 when
 * absent: what the add-to-cart controls show. A line without options is one whose canonical
 * options (domain `canonicalOptions`) are `{}`, i.e. whose JSON is `{}`. Kept apart from
 * display.ts so the controls do not bring the cart folding, which runs in the sync engine's chunk
 * (CartStore.getDisplay), into the pages' first-load JavaScript.
 */
export function qtyInCart(display: DisplayCart, productId: number): number {
  return (
    display.lines.find((l) => l.product_id === productId && JSON.stringify(l.options) === '{}')?.qty ?? 0
  );
}
