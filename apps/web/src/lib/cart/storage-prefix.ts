/**
 * Prefix of the localStorage keys of the cart store (`vetshop.cart.v1.<userId>`, its transactions
 * and the refusals). Its own module so that the locale layout can tell whether a cart is stored
 * without loading the sync engine (docs/decisions/web-page-performance.md, "Browser bundle").
 */
export const CART_STORAGE_PREFIX = 'vetshop.cart.v1.';
