/**
 * The browser's cart store (docs/product/cart-and-checkout.md#cart-storage-and-local-changes "Cart storage and local changes" and "Cart synchronisation",
 * docs/product/cart-and-checkout.md#cart-operations, docs/product/constants.md#time-and-retry retry; docs/decisions/cart-exactly-once.md: one store, not three).
 *
 * - One state per signed-in user: the domain `CartSyncState` (last server cart, pending
 *   transactions, flags) plus the names of products added locally, persisted in localStorage so a
 *   shared browser never mixes customers, and reloads or network cuts lose nothing. The state
 *   lives under `vetshop.cart.v1.<userId>`; each pending transaction under a key of its own,
 *   `vetshop.cart.v1.<userId>.tx.<uuid>` ({tx, ref, at}), written once when made and removed once
 *   a sync carried it. Browsers propagate localStorage between tab processes asynchronously, so a
 *   read-modify-write of one shared list can overwrite another tab's fresh transaction; a key per
 *   transaction cannot (a lagging view of the cart flags only delays a display until the next
 *   sync answer).
 * - Every change is announced through a BroadcastChannel; other tabs also get the `storage`
 *   event. Both make them re-read the stored state.
 * - Sync: POST /carts/sync {uuid, transactions} (at most CART_SYNC_BATCH_MAX per request), one at
 *   a time across tabs (Web Locks or a localStorage lease, see locks.ts). It runs at start (sign-in
 *   or page load: a forced sync that also fetches the server cart), after each local change, when
 *   `online` fires, and after a failure with the random backoff of `syncBackoffMs`, while
 *   transactions remain or a forced sync is pending. A retried request resends the SAME uuids.
 * - Sign-out: `clear()` removes the key (pending transactions and uuid cleared).
 */
import {
  CART_LINE_QTY_MAX,
  CART_SYNC_BATCH_MAX,
  addTransaction,
  deleteTransaction,
  enqueue,
  needsSync,
  requestSync,
  restoreCartSyncState,
  syncBackoffMs,
  syncFailed,
  syncStarted,
  syncSucceeded,
  updateTransaction,
  type Cart,
  type CartSyncState,
  type CartTransaction,
  type RefusedTransaction,
  type SyncRequest,
} from '@vetshop/domain';
import { displayCart, type DisplayCart, type DisplayLine, type ProductRef } from './display';
import { qtyInCart } from './in-cart';
import type { LockRunner } from './locks';
import { nameRefusals, type NotedRefusal } from './refusals';
import { CART_STORAGE_PREFIX } from './storage-prefix';

/** Prefix of the localStorage keys of the cart store (lib/cart/storage-prefix.ts). */
export { CART_STORAGE_PREFIX };

/**
 * Persisted and displayed state: the sync state plus product refs keyed by product id, and
 * `settled`: transactions the server applied through a summary answer that the stored `cart` does
 * not show yet (displayed folded like pending ones, never sent again; cleared by the next priced
 * cart).
 */
export type CartStoreState = CartSyncState<CartTransaction, Cart> & {
  products: Record<string, ProductRef>;
  settled: CartTransaction[];
};

/**
 * What POST carts/sync?answer=summary answers (docs/decisions/cart-sync-performance.md): the open
 * cart's uuid and quantity, and the additions refused for a regulated product.
 */
export interface SyncSummaryAnswer {
  uuid: string;
  lines_count: number;
  refused?: RefusedTransaction[];
}

/**
 * Answer of one sync request: the server cart (null for 204 or `{}`), the summary (answer
 * `summary`), or the HTTP status (0 = network).
 */
export type SyncOutcome =
  { ok: true; cart: Cart | null } | { ok: true; summary: SyncSummaryAnswer } | { ok: false; status: number };

/**
 * Which answer a sync asks for: the priced cart, or the summary (uuid and count, a cheaper sync
 * for the background: docs/decisions/cart-sync-performance.md).
 */
export type SyncAnswer = 'cart' | 'summary';

/** Sends one sync request asking for `answer`. */
export type SyncTransport = (request: SyncRequest, answer: SyncAnswer) => Promise<SyncOutcome>;

/** A minimal BroadcastChannel (tests pass a fake). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface CartStoreOptions {
  userId: number;
  storage: Storage;
  transport: SyncTransport;
  locks: LockRunner;
  channel?: ChannelLike | null;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /**
   * Told of the additions a sync answer refused for a regulated product, each with the product's
   * name as this store knew it before the answer (lib/cart/refusals.ts `nameRefusals`); the
   * browser keeps them for the cart's notice (`noteRefusals`).
   */
  onRefused?: (refused: NotedRefusal[]) => void;
}

function emptyState(): CartStoreState {
  return { ...restoreCartSyncState<CartTransaction, Cart>(null), products: {}, settled: [] };
}

/** The settled transactions of a stored main record (malformed entries dropped). */
function settledOf(raw: unknown): CartTransaction[] {
  const list = (raw as { settled?: unknown } | null)?.settled;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (t): t is CartTransaction =>
      typeof t === 'object' &&
      t !== null &&
      typeof (t as CartTransaction).uuid === 'string' &&
      typeof (t as CartTransaction).product_id === 'number' &&
      typeof (t as CartTransaction).qty === 'number',
  );
}

/** A stored pending transaction: the transaction, the product's name for display, when it was made (ms). */
type StoredTransaction = { tx: CartTransaction; ref?: ProductRef; at: number };

function parseJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Reads a stored transaction record (malformed → null). */
function parseStoredTransaction(raw: string | null): StoredTransaction | null {
  const value = parseJson(raw) as Partial<StoredTransaction> | null;
  if (typeof value !== 'object' || value === null) return null;
  const tx = value.tx as Partial<CartTransaction> | undefined;
  if (!tx || typeof tx.uuid !== 'string' || typeof tx.product_id !== 'number' || typeof tx.qty !== 'number') {
    return null;
  }
  return { tx: tx as CartTransaction, ref: value.ref, at: typeof value.at === 'number' ? value.at : 0 };
}

/** The storage key of `userId`'s cart. */
export function cartStorageKey(userId: number): string {
  return `${CART_STORAGE_PREFIX}${userId}`;
}

/** True when `key` holds part of `userId`'s stored cart (its state or one of its pending transactions). */
export function isCartStorageKey(userId: number, key: string | null): boolean {
  const main = cartStorageKey(userId);
  return key === main || (key?.startsWith(`${main}.tx.`) ?? false);
}

/** Removes the keys of `storage` that `match` accepts. */
function removeKeys(storage: Storage, match: (key: string) => boolean): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && match(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** Removes every stored cart (sign-out seen on a page rendered for a guest). */
export function clearAllStoredCarts(storage: Storage): void {
  removeKeys(storage, (key) => key.startsWith(CART_STORAGE_PREFIX));
}

/** The cart store of one user in one tab (see the module comment). */
export class CartStore {
  private state: CartStoreState;
  private readonly key: string;
  private readonly listeners = new Set<() => void>();
  private running = false;
  private again = false;
  private stopped = true;
  private timer: unknown = null;
  /** `syncing` of this tab (the persisted flag may belong to another tab). */
  private localSyncing = false;
  /** Ask for the priced cart on every sync (the cart and checkout pages); else summaries in the background. */
  private priced = false;

  constructor(private readonly options: CartStoreOptions) {
    this.key = cartStorageKey(options.userId);
    this.state = this.read();
  }

  /** Current state (stable object between changes, for useSyncExternalStore). */
  getState = (): CartStoreState => this.state;

  /** The displayed cart of the last state that asked for it (getDisplay). */
  private displayed: { state: CartStoreState; display: DisplayCart } | null = null;

  /**
   * The displayed cart of the current state (lib/cart/display.ts `displayCart`: server lines with
   * the settled and pending transactions folded in), computed once per state. Here, in the sync
   * engine's chunk, so the folding is not in the pages' first-load JavaScript.
   */
  getDisplay = (): DisplayCart => {
    const { state } = this;
    if (this.displayed?.state !== state)
      this.displayed = {
        state,
        display: displayCart(state.cart, state.pending, state.products, state.settled),
      };
    return this.displayed.display;
  };

  /** True while this tab has a sync request in flight. */
  isSyncing(): boolean {
    return this.localSyncing;
  }

  /** Registers a change listener; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * The page shows prices (the cart and checkout pages): every sync then asks for the priced cart,
   * and a cart not showing transactions settled by summaries is fetched again now. Elsewhere
   * (`false`, the default) background syncs ask for the summary; a forced sync (page load,
   * `refresh`) always asks for the priced cart.
   */
  setPricedAnswers(priced: boolean): void {
    this.priced = priced;
    if (priced && !this.stopped && this.read().settled.length > 0) this.refresh();
  }

  /** Starts listening to other tabs and syncs (forced: fetches the server cart). */
  start(): void {
    this.stopped = false;
    if (this.options.channel) {
      this.options.channel.onmessage = () => this.reload();
    }
    this.commit((s) => ({ ...requestSync(s), products: s.products, settled: s.settled }));
    void this.sync();
  }

  /** Stops timers and listeners (unmount). Pending transactions stay stored. */
  stop(): void {
    this.stopped = true;
    this.cancelTimer();
    if (this.options.channel) this.options.channel.onmessage = null;
  }

  /** Re-reads the stored state (another tab changed it) and notifies when it differs. */
  reload(): void {
    const next = this.read();
    if (JSON.stringify(next) === JSON.stringify(this.state)) return;
    this.state = next;
    this.emit();
    if (!this.stopped && needsSync(next) && !this.running && this.timer === null) this.scheduleRetry();
  }

  /**
   * docs/product/cart-and-checkout.md "Adding to the cart": adds `qty` (default 1) of variant `productId`; a missing product
   * or a non-numeric quantity is ignored (returns false). `ref` remembers the name for display.
   * An addition that would take the line above CART_LINE_QTY_MAX units is ignored too (false): the
   * api refuses such a sync whole (docs/decisions/order-limits.md), so it would hold back every
   * change made after it until the user discards them.
   */
  add(productId: number | null | undefined, qty: unknown = 1, ref?: ProductRef): boolean {
    const tx = addTransaction(productId, qty);
    if (!tx) return false;
    if (tx.qty > 0 && qtyInCart(this.getDisplay(), tx.product_id) + tx.qty > CART_LINE_QTY_MAX) return false;
    this.push(tx, ref);
    return true;
  }

  /** docs/product/cart-and-checkout.md: sets a line's quantity (sends new − old); false when unchanged or not a number. */
  setQty(line: DisplayLine, qty: unknown): boolean {
    const tx = updateTransaction({ product_id: line.product_id, qty: line.qty, options: line.options }, qty);
    if (!tx) return false;
    this.push(tx);
    return true;
  }

  /** docs/product/cart-and-checkout.md: deletes a line (sends −qty). */
  remove(line: DisplayLine): void {
    this.push(deleteTransaction({ product_id: line.product_id, qty: line.qty, options: line.options }));
  }

  /**
   * Replaces the server cart after a cart-page call answered with it (pending untouched). A cart
   * with another uuid is left to the next sync (which drops the pending transactions, docs/product/cart-and-checkout.md#sync).
   */
  setServerCart(cart: Cart): void {
    if (this.state.uuid !== null && this.state.uuid !== cart.uuid) {
      this.syncNow();
      return;
    }
    this.commit((s) => ({ ...s, uuid: cart.uuid, cart, settled: [] }));
  }

  /** Forced sync now: fetches the server cart even without pending transactions (after a cart-page change). */
  refresh(): void {
    this.commit((s) => ({ ...requestSync(s), products: s.products, settled: s.settled }));
    this.syncNow();
  }

  /**
   * Drops the pending transactions (the user's way out when the server keeps refusing them: a
   * sync error that retrying does not cure). A request already in flight may still be applied.
   */
  discardPending(): void {
    this.commit((s) => ({
      ...s,
      pending: [],
      products: {},
      syncError: false,
      erpUnavailable: false,
      attempt: 0,
      forceSync: true,
    }));
    this.syncNow();
  }

  /** Asks for a sync now (the `online` event, a retry button). */
  syncNow(): void {
    this.cancelTimer();
    void this.sync();
  }

  /** Sign-out (docs/product/cart-and-checkout.md#sync): clears pending transactions, uuid and cart of this user, in every tab. */
  clear(): void {
    this.stop();
    removeKeys(this.options.storage, (key) => isCartStorageKey(this.options.userId, key));
    this.state = emptyState();
    this.options.channel?.postMessage({ type: 'cleared' });
    this.emit();
  }

  private push(tx: CartTransaction, ref?: ProductRef): void {
    this.commit((s) => ({
      ...enqueue(s, tx),
      products: ref ? { ...s.products, [String(tx.product_id)]: ref } : s.products,
      settled: s.settled,
    }));
    this.syncNow();
  }

  private txKey(uuid: string): string {
    return `${this.key}.tx.${uuid}`;
  }

  /** The stored state: the cart and flags of the main key, the pending transactions of their own keys. */
  private read(): CartStoreState {
    try {
      const storage = this.options.storage;
      const main = parseJson(storage.getItem(this.key));
      const base = restoreCartSyncState<CartTransaction, Cart>(main);
      const prefix = this.txKey('');
      const records: StoredTransaction[] = [];
      for (let i = 0; i < storage.length; i += 1) {
        const k = storage.key(i);
        if (!k?.startsWith(prefix)) continue;
        const record = parseStoredTransaction(storage.getItem(k));
        if (record) records.push(record);
      }
      records.sort((a, b) => a.at - b.at || a.tx.uuid.localeCompare(b.tx.uuid));
      const products: Record<string, ProductRef> = {};
      for (const r of records) if (r.ref) products[String(r.tx.product_id)] = r.ref;
      const settled = settledOf(main);
      for (const t of settled) {
        const ref = (main as { refs?: Record<string, ProductRef> } | null)?.refs?.[String(t.product_id)];
        if (ref && !products[String(t.product_id)]) products[String(t.product_id)] = ref;
      }
      return { ...base, pending: records.map((r) => r.tx), products, settled };
    } catch {
      return this.state ?? emptyState();
    }
  }

  /**
   * Read-modify-write of the stored state, then notify this tab and the others. Only the
   * transactions `change` added or removed are written or deleted: a transaction another tab stored
   * meanwhile is left as it is.
   */
  private commit(change: (s: CartStoreState) => CartStoreState): void {
    const previous = this.read();
    const next = change(previous);
    this.state = next;
    const storage = this.options.storage;
    try {
      const { pending, products, ...rest } = next;
      // The names of products only known through settled transactions stay with them.
      const refs: Record<string, ProductRef> = {};
      for (const t of next.settled) {
        const ref = products[String(t.product_id)];
        if (ref) refs[String(t.product_id)] = ref;
      }
      storage.setItem(this.key, JSON.stringify({ ...rest, refs }));
      const kept = new Set(pending.map((t) => t.uuid));
      const had = new Set(previous.pending.map((t) => t.uuid));
      for (const t of previous.pending) if (!kept.has(t.uuid)) storage.removeItem(this.txKey(t.uuid));
      const now = Date.now();
      pending.forEach((tx, i) => {
        if (had.has(tx.uuid)) return;
        const record: StoredTransaction = { tx, ref: products[String(tx.product_id)], at: now + i / 1000 };
        storage.setItem(this.txKey(tx.uuid), JSON.stringify(record));
      });
    } catch {
      // Storage full or denied: the state lives in memory for this page.
    }
    this.options.channel?.postMessage({ type: 'changed' });
    this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }

  private cancelTimer(): void {
    if (this.timer !== null) (this.options.clearTimer ?? clearTimeout)(this.timer as never);
    this.timer = null;
  }

  private scheduleRetry(): void {
    this.cancelTimer();
    const wait = syncBackoffMs(Math.max(0, this.state.attempt - 1), this.options.random);
    this.timer = (this.options.setTimer ?? setTimeout)(() => {
      this.timer = null;
      void this.sync();
    }, wait);
  }

  /**
   * One sync loop under the cross-tab lock: sends the pending transactions (first
   * CART_SYNC_BATCH_MAX) with the stored uuid, applies the answer to the freshly read state, and
   * goes on while work remains; after a failure it schedules the backoff retry and stops.
   */
  async sync(): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    let failed = false;
    try {
      await this.options.locks(`vetshop-cart-sync-${this.options.userId}`, async () => {
        for (;;) {
          this.again = false;
          const current = this.read();
          if (this.stopped || !needsSync(current)) return;
          const batch = current.pending.slice(0, CART_SYNC_BATCH_MAX);
          const sent = batch.map((t) => t.uuid);
          this.localSyncing = true;
          this.commit((s) => ({ ...syncStarted(s, sent), products: s.products, settled: s.settled }));
          const answer: SyncAnswer = current.forceSync || this.priced ? 'cart' : 'summary';
          const outcome = await this.options.transport({ uuid: current.uuid, transactions: batch }, answer);
          this.localSyncing = false;
          if (this.stopped && this.options.storage.getItem(this.key) === null) return;
          const refused = !outcome.ok
            ? undefined
            : 'summary' in outcome
              ? outcome.summary.refused
              : outcome.cart?.refused;
          if (refused && refused.length > 0) {
            // Named now: the commit below drops the refused product's name with its transaction.
            const before = this.read();
            this.options.onRefused?.(nameRefusals(refused, before.products, before.cart?.lines));
          }
          if (outcome.ok && 'summary' in outcome) {
            const summary = outcome.summary;
            this.commit((s) => settleSummary(s, summary, batch));
          } else if (outcome.ok) {
            this.commit((s) => {
              const next = syncSucceeded(s, outcome.cart, sent);
              const products = next.pending.length === 0 ? {} : s.products;
              return { ...next, products, settled: [] };
            });
          } else {
            this.commit((s) => ({
              ...syncFailed(s, outcome.status),
              products: s.products,
              settled: s.settled,
            }));
            failed = true;
            return;
          }
        }
      });
    } finally {
      this.running = false;
      this.localSyncing = false;
    }
    if (this.stopped) return;
    if (failed) this.scheduleRetry();
    else if (this.again || needsSync(this.read())) void this.sync();
  }
}

/**
 * The state after a summary answer to the sync that sent `batch`
 * (docs/decisions/cart-sync-performance.md): the sent transactions leave `pending` as with a cart
 * answer, and those the server applied join `settled` (the stored cart does not show them yet),
 * except the refused ones. When the summary names another cart than the stored uuid (the cart was
 * confirmed meanwhile), the pending and settled transactions are dropped as `syncSucceeded` does,
 * and a forced sync fetches the new cart.
 */
export function settleSummary(
  state: CartStoreState,
  summary: SyncSummaryAnswer,
  batch: readonly CartTransaction[],
): CartStoreState {
  const sent = batch.map((t) => t.uuid);
  const changed = state.uuid !== null && summary.uuid !== state.uuid;
  const next = syncSucceeded(state, null, sent);
  if (changed) {
    return {
      ...next,
      uuid: summary.uuid,
      cart: null,
      pending: [],
      settled: [],
      products: {},
      forceSync: true,
    };
  }
  const refused = new Set((summary.refused ?? []).map((r) => r.uuid));
  const known = new Set(state.settled.map((t) => t.uuid));
  const settled = [...state.settled, ...batch.filter((t) => !refused.has(t.uuid) && !known.has(t.uuid))];
  const keep = new Set([...settled, ...next.pending].map((t) => String(t.product_id)));
  const products = Object.fromEntries(Object.entries(state.products).filter(([id]) => keep.has(id)));
  return { ...next, uuid: summary.uuid, cart: state.cart, settled, products };
}
