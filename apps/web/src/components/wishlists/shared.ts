'use client';

/**
 * Client helpers shared by the standard-order components (docs/product/customer-area.md#standard-order-rules, docs/product/errors.md#orders-and-customer-area "Wishlist
 * duplicate"): problem codes → messages of the `wishlists` namespace, the name check, and the
 * step that turns lines into cart transactions (docs/product/cart-and-checkout.md#sync: each line is one transaction of the cart
 * store, synced exactly once).
 */
import { useTranslations } from 'next-intl';
import {
  WISHLIST_NAME_MAX,
  WISHLIST_QTY_MAX,
  wishlistNameIssue,
  type WishlistLine,
  type WishlistSummary,
} from '@vetshop/domain';
import type { FormProblem } from '@/lib/form-errors';
import { wishlistProblemKey } from './problem';
import type { CartStore } from '@/lib/cart/store';

/**
 * Message of a failed wishlist call: the code's own text (e.g. 'This product already exists in
 * this wishlist' for `wishlist_duplicate_product`), else the generic failure text (docs/product/errors.md).
 */
export function useWishlistProblem(): (problem: Pick<FormProblem, 'code'>) => string {
  const t = useTranslations('wishlists.errors');
  return (problem) => t(wishlistProblemKey(problem.code));
}

/**
 * Checks a new list name in the browser before it is sent (docs/product/customer-area.md "A wishlist name is checked
 * for existence by exact name"): the error message, or null when the trimmed name is valid and
 * no list in `existing` has exactly that name. The api checks again (409 `wishlist_name_exists`).
 */
export function useNameCheck(): (
  name: string,
  existing: readonly WishlistSummary[],
  selfId?: number,
) => string | null {
  const t = useTranslations('wishlists.errors');
  return (name, existing, selfId) => {
    const { issue, trimmed } = wishlistNameIssue(name);
    if (issue === 'name_required') return t('name_required');
    if (issue === 'name_too_long') return t('name_too_long', { max: WISHLIST_NAME_MAX });
    if (existing.some((l) => l.name === trimmed && l.id !== selfId)) return t('wishlist_name_exists');
    return null;
  };
}

/** True when `value` is a whole quantity between 1 and WISHLIST_QTY_MAX. */
export function validQty(value: string): boolean {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= WISHLIST_QTY_MAX;
}

/**
 * Adds `lines` to the cart, one cart transaction per line (`quantity` units of `product_id`,
 * labelled with the line's name and url key until the server cart names it). Returns how many
 * transactions were queued (0 when there is no store: guest or not hydrated yet).
 */
export function addLinesToCart(
  store: CartStore | null,
  lines: readonly Pick<WishlistLine, 'product_id' | 'quantity' | 'name' | 'url_key'>[],
): number {
  if (!store) return 0;
  let added = 0;
  for (const line of lines) {
    if (store.add(line.product_id, line.quantity, { name: line.name, url_key: line.url_key })) added += 1;
  }
  return added;
}
