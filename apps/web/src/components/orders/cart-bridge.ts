'use client';

import { useCallback } from 'react';
import { useCart } from '@/components/cart/CartProvider';

/**
 * The checkout's view of the page's cart store (components/cart/CartProvider, lib/cart/store.ts):
 * - `hasPendingTransactions`: local changes not yet applied by the server, waiting or in flight
 *   (docs/product/cart-and-checkout.md#sync "Checkout cannot be validated while a site-update (pending transaction) is in
 *   progress"); re-rendered on every store change, including other tabs' changes.
 * - `empty()`: after a confirmed order, clears the stored cart (uuid, server cart and transactions,
 *   in every tab) so the next page load syncs the new, empty server cart.
 */
export function useCheckoutCart(): { hasPendingTransactions: boolean; empty: () => void } {
  const { store, state } = useCart();
  const empty = useCallback(() => store?.clear(), [store]);
  return { hasPendingTransactions: state.pending.length > 0 || state.inFlight.length > 0, empty };
}
