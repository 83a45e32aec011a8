'use client';

import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { usePathname } from 'next/navigation';
import type { Locale } from '@vetshop/domain';
import type { DisplayCart } from '@/lib/cart/display';
import type { CartStore, CartStoreState } from '@/lib/cart/store';
import { CART_STORAGE_PREFIX } from '@/lib/cart/storage-prefix';

/**
 * The sync engine (store, transport, locks: lib/cart/engine.ts) arrives with its own chunk once the
 * page has hydrated, not with the page's first-load JavaScript (docs/decisions/web-page-performance.md,
 * "Browser bundle"). Until then the store is null, as it was before hydration; the chunk is asked
 * for as soon as the page has hydrated, so the header's count follows within one chunk load. A failed chunk load is left to the
 * global chunk-error reload (components/shell/ChunkReloadGuard.tsx).
 */
const loadCartEngine = () => import('@/lib/cart/engine');

/** What the cart components read: the store (null for guests and before hydration) and the user's rights. */
interface CartContextValue {
  store: CartStore | null;
  locale: Locale;
  /** A user is signed in (the cart exists only for signed-in users, docs/product/cart-and-checkout.md). */
  signedIn: boolean;
  /** The user's can-order flag (docs/product/accounts.md#roles-and-permissions). */
  canOrder: boolean;
  /** The signed-in user has a customer account, hence a cart (staff users have none). */
  hasCart: boolean;
  /** The shop has accounts (a guest can sign in to order). */
  accounts: boolean;
}

const CartContext = createContext<CartContextValue>({
  store: null,
  locale: 'fr',
  signedIn: false,
  canOrder: false,
  hasCart: false,
  accounts: false,
});

const EMPTY_STATE: CartStoreState = {
  uuid: null,
  cart: null,
  pending: [],
  syncing: false,
  inFlight: [],
  erpUnavailable: false,
  syncError: false,
  forceSync: false,
  attempt: 0,
  products: {},
  settled: [],
};
const noSubscribe = () => () => undefined;
/** The store as the server renders it (none). */
const noStore = (): CartStore | null => null;
/** The displayed cart without a store (guests, before hydration): what `displayCart(null, [])` gives. */
const EMPTY_DISPLAY: DisplayCart = { lines: [], feeLines: [], linesCount: 0, hasPending: false };

/** True on the pages that show the cart's prices: /{lang}/cart and /{lang}/cart-confirm. */
export function showsPrices(pathname: string | null): boolean {
  return /^\/[a-z]{2}\/(cart|cart-confirm)\/?$/.test(pathname ?? '');
}

/**
 * Cart store of the signed-in user `userId` for the whole page (mounted once by the locale
 * layout; docs/product/cart-and-checkout.md#sync): once the page has hydrated, loads the sync engine
 * (lib/cart/engine.ts, its own chunk), creates the store and starts it (a forced sync at sign-in or page
 * load), follows other tabs (BroadcastChannel `vetshop-cart-<userId>` and the `storage` event),
 * syncs again when the browser comes back `online`, re-reads the stored state on every navigation
 * (and asks for priced sync answers on the cart and checkout pages only, summaries elsewhere),
 * and stops on unmount.
 */
export function CartProvider({
  userId,
  canOrder,
  hasCart = true,
  locale,
  children,
}: {
  userId: number;
  canOrder: boolean;
  /**
   * The user has a customer account, hence a cart. Staff users have none (the api answers their
   * cart calls 403): no store is started for them, so no sync leaves the page.
   */
  hasCart?: boolean;
  locale: Locale;
  children: ReactNode;
}) {
  const [store, setStore] = useState<CartStore | null>(null);
  useEffect(() => {
    if (!hasCart) return;
    let cancelled = false;
    let stop: (() => void) | null = null;
    void loadCartEngine().then(({ startCartStore }) => {
      if (cancelled) return;
      const started = startCartStore(userId, locale);
      stop = started.stop;
      setStore(started.store);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, locale, hasCart]);
  // A page may change the stored cart without an event (the checkout empties it after an order):
  // re-read it on every navigation.
  const pathname = usePathname();
  useEffect(() => {
    store?.reload();
    // Prices show on the cart and checkout pages only: there every sync asks for the priced
    // cart; elsewhere background syncs ask for the summary (docs/decisions/cart-sync-performance.md).
    store?.setPricedAnswers(showsPrices(pathname));
  }, [store, pathname]);
  const value = useMemo(
    () => ({ store, locale, signedIn: true, canOrder, hasCart, accounts: true }),
    [store, locale, canOrder, hasCart],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** True when this browser's localStorage holds a key of the cart store (false when storage is denied). */
function hasStoredCart(): boolean {
  try {
    const storage = window.localStorage;
    for (let i = 0; i < storage.length; i += 1) {
      if (storage.key(i)?.startsWith(CART_STORAGE_PREFIX)) return true;
    }
    return false;
  } catch {
    return false;
  }
}

/**
 * Mounted instead of CartProvider on pages rendered for a guest or a refused session: a sign-out
 * (here, in another tab, or an expired session) clears every stored cart (docs/product/cart-and-checkout.md#sync "On logout,
 * pending transactions and the uuid are cleared").
 */
export function CartSignedOut({
  locale,
  accounts,
  children,
}: {
  locale: Locale;
  /** The shop has accounts (AUTH_TYPE other than none): guests are offered to sign in. */
  accounts: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    // The engine chunk is asked for only when some cart is stored (after a sign-out).
    if (!hasStoredCart()) return;
    void loadCartEngine().then(({ clearAllStoredCarts }) => {
      try {
        clearAllStoredCarts(window.localStorage);
      } catch {
        // Storage denied: nothing stored either.
      }
    });
  }, []);
  const value = useMemo(
    () => ({ store: null, locale, signedIn: false, canOrder: false, hasCart: false, accounts }),
    [locale, accounts],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart as components see it: state, displayed cart (server + pending, docs/product/cart-and-checkout.md#cart-storage-and-local-changes), store and rights. */
export interface CartView extends CartContextValue {
  state: CartStoreState;
  display: DisplayCart;
  /** Pending transactions wait for the server (docs/product/cart-and-checkout.md#cart status flag "pending transactions"). */
  pendingCount: number;
}

/**
 * Reads the cart (re-renders on every store change; empty for guests and during hydration).
 *
 * During hydration the store reads as absent, as on the server, even when it has started already:
 * the page hydrates in parts after the shell (docs/decisions/hydration-boundaries.md), so a part
 * may hydrate after the provider set its store. The part then renders what the server rendered
 * (no "in cart" quantity, buttons disabled), and right after with the store.
 */
export function useCart(): CartView {
  const context = useContext(CartContext);
  const store = useSyncExternalStore(noSubscribe, () => context.store, noStore);
  const state = useSyncExternalStore(
    store ? store.subscribe : noSubscribe,
    store ? store.getState : () => EMPTY_STATE,
    () => EMPTY_STATE,
  );
  // Computed once per state by the store (its chunk holds the folding): `state` is its current state.
  const display = store ? store.getDisplay() : EMPTY_DISPLAY;
  return { ...context, store, state, display, pendingCount: state.pending.length };
}
