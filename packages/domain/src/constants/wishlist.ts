/**
 * Limits of the standard orders (wishlists) without zod, so the browser's name and quantity checks
 * do not ship the contracts (docs/decisions/web-page-performance.md, "Browser bundle").
 */
import { CART_LINE_QTY_MAX } from './cart.ts';

/** Longest standard order name (characters, after trimming). */
export const WISHLIST_NAME_MAX = 100;
/**
 * Largest quantity of one line: the cart's line limit (docs/decisions/order-limits.md), so that a
 * standard order put in the cart never holds a line the cart refuses (100,000 did: the sync was
 * refused whole and the cart kept retrying).
 */
export const WISHLIST_QTY_MAX = CART_LINE_QTY_MAX;
/** GET wishlists is asked with page_size 999 and page 1. */
export const WISHLIST_PAGE_SIZE_MAX = 999;

/**
 * What is wrong with a standard order name, or null when it is valid: `name_required` when it is
 * blank after trimming, `name_too_long` above WISHLIST_NAME_MAX characters (UTF-16 code units,
 * like the contract's zod `max`). `trimmed` is the name as stored.
 */
export function wishlistNameIssue(name: string): {
  issue: 'name_required' | 'name_too_long' | null;
  trimmed: string;
} {
  const trimmed = name.trim();
  if (trimmed.length === 0) return { issue: 'name_required', trimmed };
  return { issue: trimmed.length > WISHLIST_NAME_MAX ? 'name_too_long' : null, trimmed };
}
