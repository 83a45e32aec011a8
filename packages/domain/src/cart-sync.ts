/**
 * Client-side cart synchronisation rules (docs/product/cart-and-checkout.md#cart-storage-and-local-changes "Cart storage and local changes" and "Cart
 * synchronisation", docs/product/errors.md#cart cart sync errors, docs/product/constants.md#time-and-retry "Cart sync retry"). Pure: the browser store
 * (apps/web/src/lib/cart) keeps one `CartSyncState`, persists it, and performs the requests; these
 * functions only compute the next state.
 *
 * The state is the last server cart plus the locally stored pending transactions (docs/product/cart-and-checkout.md#sync). The
 * displayed cart is the server cart's lines with the pending transactions folded in (see
 * `foldTransactions` in cart.ts). Exactly-once is the server's job: a retried sync resends the
 * same transaction uuids, so a transaction is only removed from `pending` once a sync that
 * carried it succeeded.
 */

/** Backoff base (1 s) and cap (5 min) of the cart sync retry (docs/product/constants.md#time-and-retry). */
export const SYNC_BACKOFF_BASE_MS = 1000;
export const SYNC_BACKOFF_CAP_MS = 300_000;

/**
 * Wait before retry number `attempt` (0 = first retry), in ms: a random share of
 * min(1 s × 2^attempt, 5 min) (docs/product/cart-and-checkout.md "Waits are random, up to min(1 s times 2 to the power of
 * the attempt, 5 minutes)"). `random` returns a number in [0, 1) (Math.random by default). A
 * negative or non-finite attempt counts as 0.
 */
export function syncBackoffMs(attempt: number, random: () => number = Math.random): number {
  const n = Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
  // 2^19 s already exceeds the cap: avoid huge powers.
  const ceiling = Math.min(SYNC_BACKOFF_BASE_MS * 2 ** Math.min(n, 20), SYNC_BACKOFF_CAP_MS);
  const share = Math.min(Math.max(random(), 0), 1);
  return Math.floor(share * ceiling);
}

/** What the state machine needs of a pending transaction: its uuid (crypto.randomUUID()). */
export interface SyncTransaction {
  uuid: string;
}

/** What the state machine needs of a server cart: its uuid. */
export interface SyncCart {
  uuid: string;
}

/**
 * The client's cart state (docs/product/cart-and-checkout.md#cart status flags, docs/product/catalogue-and-search.md#flags):
 * - `uuid`: the stored cart uuid (null before the first server cart),
 * - `cart`: the last server cart (null when the server has none: 204 or `{}`),
 * - `pending`: local transactions not yet confirmed by the server, in the order they were made,
 * - `syncing`: a sync request is in flight, carrying `inFlight` (transaction uuids),
 * - `erpUnavailable`: the last sync answered 503; `syncError`: it failed otherwise,
 * - `forceSync`: a sync was asked for even without pending transactions (e.g. at sign-in),
 * - `attempt`: consecutive failed syncs (the backoff exponent).
 */
export interface CartSyncState<T extends SyncTransaction = SyncTransaction, C extends SyncCart = SyncCart> {
  uuid: string | null;
  cart: C | null;
  pending: T[];
  syncing: boolean;
  inFlight: string[];
  erpUnavailable: boolean;
  syncError: boolean;
  forceSync: boolean;
  attempt: number;
}

/** The state of a user with nothing stored (also the state after sign-out). */
export function initialCartSyncState<
  T extends SyncTransaction = SyncTransaction,
  C extends SyncCart = SyncCart,
>(): CartSyncState<T, C> {
  return {
    uuid: null,
    cart: null,
    pending: [],
    syncing: false,
    inFlight: [],
    erpUnavailable: false,
    syncError: false,
    forceSync: false,
    attempt: 0,
  };
}

/** Adds a local change (docs/product/cart-and-checkout.md#sync). A transaction whose uuid is already pending is ignored. */
export function enqueue<T extends SyncTransaction, C extends SyncCart>(
  state: CartSyncState<T, C>,
  tx: T,
): CartSyncState<T, C> {
  if (state.pending.some((p) => p.uuid === tx.uuid)) return state;
  return { ...state, pending: [...state.pending, tx] };
}

/** Asks for a sync even without pending transactions (at sign-in, or to refresh the server cart). */
export function requestSync<T extends SyncTransaction, C extends SyncCart>(
  state: CartSyncState<T, C>,
): CartSyncState<T, C> {
  return state.forceSync ? state : { ...state, forceSync: true };
}

/** True when a sync has work to do: transactions remain or a forced sync is pending (docs/product/cart-and-checkout.md#sync). */
export function needsSync(state: CartSyncState): boolean {
  return state.pending.length > 0 || state.forceSync;
}

/**
 * A sync request is sent carrying `sentUuids` (the pending transactions at that moment, in order).
 * A forced sync stays requested until a sync succeeds.
 */
export function syncStarted<T extends SyncTransaction, C extends SyncCart>(
  state: CartSyncState<T, C>,
  sentUuids: readonly string[],
): CartSyncState<T, C> {
  return { ...state, syncing: true, inFlight: [...sentUuids] };
}

/**
 * The server answered the sync carrying `sentUuids` with `serverCart` (null for 204 or `{}`):
 * the sent transactions leave `pending`, both error flags and the forced sync are cleared, the
 * backoff restarts (docs/product/cart-and-checkout.md#sync "Success clears the sent transactions and the error flags"). When the
 * server cart's uuid differs from a stored one, the stored uuid is replaced and the remaining
 * pending transactions are dropped: they were made against a cart that no longer exists
 * (docs/product/cart-and-checkout.md#sync "pending transactions are dropped if the uuid changed"). Without a server cart the
 * stored uuid is kept.
 */
export function syncSucceeded<T extends SyncTransaction, C extends SyncCart>(
  state: CartSyncState<T, C>,
  serverCart: C | null,
  sentUuids: readonly string[],
): CartSyncState<T, C> {
  const sent = new Set(sentUuids);
  const uuidChanged = serverCart !== null && state.uuid !== null && serverCart.uuid !== state.uuid;
  return {
    ...state,
    uuid: serverCart?.uuid ?? state.uuid,
    cart: serverCart,
    pending: uuidChanged ? [] : state.pending.filter((p) => !sent.has(p.uuid)),
    syncing: false,
    inFlight: [],
    erpUnavailable: false,
    syncError: false,
    forceSync: false,
    attempt: 0,
  };
}

/**
 * The sync failed with HTTP `status` (0 = network failure): 503 sets `erpUnavailable`, anything
 * else sets `syncError` (docs/product/cart-and-checkout.md#sync, docs/product/errors.md); pending transactions stay (they are resent with the same
 * uuids) and the attempt count grows (backoff, docs/product/constants.md). A forced sync stays requested.
 */
export function syncFailed<T extends SyncTransaction, C extends SyncCart>(
  state: CartSyncState<T, C>,
  status: number,
): CartSyncState<T, C> {
  return {
    ...state,
    syncing: false,
    inFlight: [],
    erpUnavailable: status === 503,
    syncError: status !== 503,
    attempt: state.attempt + 1,
  };
}

/** Sign-out (docs/product/cart-and-checkout.md#sync): pending transactions, the uuid and the stored cart are cleared. */
export function signedOut<T extends SyncTransaction, C extends SyncCart>(): CartSyncState<T, C> {
  return initialCartSyncState<T, C>();
}

/**
 * A persisted state read back (localStorage, another tab): unknown or malformed parts are reset,
 * and `syncing`/`inFlight` are cleared (a request in flight belongs to a page that may be gone;
 * its transactions are still pending and will be resent with the same uuids).
 */
export function restoreCartSyncState<T extends SyncTransaction, C extends SyncCart>(
  raw: unknown,
): CartSyncState<T, C> {
  const base = initialCartSyncState<T, C>();
  if (typeof raw !== 'object' || raw === null) return base;
  const r = raw as Partial<Record<keyof CartSyncState, unknown>>;
  const pending = Array.isArray(r.pending)
    ? (r.pending.filter(
        (p) => typeof p === 'object' && p !== null && typeof (p as SyncTransaction).uuid === 'string',
      ) as T[])
    : [];
  const cart =
    typeof r.cart === 'object' && r.cart !== null && typeof (r.cart as SyncCart).uuid === 'string'
      ? (r.cart as C)
      : null;
  return {
    ...base,
    uuid: typeof r.uuid === 'string' ? r.uuid : null,
    cart,
    pending,
    erpUnavailable: r.erpUnavailable === true,
    syncError: r.syncError === true,
    forceSync: r.forceSync === true,
    attempt: typeof r.attempt === 'number' && r.attempt >= 0 ? Math.floor(r.attempt) : 0,
  };
}
