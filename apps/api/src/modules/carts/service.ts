/**
 * Cart use cases, re-exported for the files that import them from here (index.ts, routes.ts,
 * csv.ts, delivery-calls.ts, free-lines.ts and the api tests). The code lives in:
 *
 * - cart-rows.ts: the open cart row (find, create, lock) and the shared types
 *   `CartRow`, `CartActor` (docs/decisions/cart-exactly-once.md);
 * - sync.ts: the synchronisation, POST carts/sync (docs/decisions/cart-exactly-once.md,
 *   docs/decisions/cart-sync-performance.md);
 * - cart-view.ts: the priced cart view, `computeCart` and `currentCart`;
 * - cart-updates.ts: update, carriers and pickup points, coupon, suite name, availability refresh;
 * - confirm.ts: the confirmation, POST carts/confirm.
 */
export type { CartActor } from './cart-rows.ts';
export {
  syncCart,
  syncCartCounted,
  syncCartSummary,
  syncCartView,
  syncPaths,
  type SyncInput,
} from './sync.ts';
export { availableFromState, computeCart, currentCart, type CartComputation } from './cart-view.ts';
export {
  applyCoupon,
  listCarriers,
  nextSuiteName,
  refreshQtyUnavailable,
  removeCoupon,
  searchPickups,
  setCarrier,
  setPickup,
  updateCart,
} from './cart-updates.ts';
export { confirmCart } from './confirm.ts';
