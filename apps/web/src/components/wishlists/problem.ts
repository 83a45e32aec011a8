/**
 * The message of a failed wishlist call, as a key of the `wishlists.errors` messages
 * (docs/product/errors.md#orders-and-customer-area "Wishlist duplicate"): a module of its own, free
 * of the wishlist helpers (shared.ts), so a component can map a problem without bringing them
 * into the page's first-load JavaScript.
 */

/** Problem codes with their own message under `wishlists.errors`. */
const KNOWN = [
  'wishlist_duplicate_product',
  'wishlist_name_exists',
  'wishlist_product_unknown',
  'wishlist_line_unknown',
  'not_found',
] as const;

/** The `wishlists.errors` key of problem code `code`: its own message when it has one, else `generic`. */
export function wishlistProblemKey(code: string | undefined): (typeof KNOWN)[number] | 'generic' {
  return KNOWN.find((known) => known === code) ?? 'generic';
}
