/**
 * The cart's sync engine as one module loaded on demand (docs/decisions/web-page-performance.md,
 * "Browser bundle"): the store, its transport, its locks and the cross-tab listeners are not part
 * of a page's first-load JavaScript; components/cart/CartProvider.tsx imports this module with
 * `import()` once the page has hydrated. The sync itself is lib/cart/store.ts, unchanged
 * (docs/product/cart-and-checkout.md#sync).
 */
import type { Locale } from '@vetshop/domain';
import { browserLocks } from './locks';
import { noteRefusals } from './refusals';
import { CartStore, clearAllStoredCarts, isCartStorageKey } from './store';
import { syncTransport } from './transport';

export { clearAllStoredCarts };

/** A started cart store and the function that stops it and removes its listeners. */
export interface StartedCartStore {
  store: CartStore;
  stop: () => void;
}

/**
 * Creates and starts the cart store of signed-in user `userId` in this browser
 * (docs/product/cart-and-checkout.md#sync): state in localStorage, sync answers in `locale`
 * through POST /api/carts/sync, Web Locks (or a localStorage lease) across tabs; follows other tabs
 * (BroadcastChannel `vetshop-cart-<userId>` and the `storage` event) and syncs again when the
 * browser comes back `online`. Starting forces a sync (sign-in or page load). Browser only.
 */
export function startCartStore(userId: number, locale: Locale): StartedCartStore {
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(`vetshop-cart-${userId}`) : null;
  const store = new CartStore({
    userId,
    storage: window.localStorage,
    transport: syncTransport(locale),
    locks: browserLocks(),
    channel,
    onRefused: noteRefusals,
  });
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || isCartStorageKey(userId, e.key)) store.reload();
  };
  const onOnline = () => store.syncNow();
  window.addEventListener('storage', onStorage);
  window.addEventListener('online', onOnline);
  store.start();
  return {
    store,
    stop: () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onOnline);
      store.stop();
      channel?.close();
    },
  };
}
