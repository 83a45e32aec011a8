import { describe, expect, it } from 'vitest';
import { CART_LINE_QTY_MAX, type Cart, type RefusedTransaction, type SyncRequest } from '@vetshop/domain';
import { CartStore, cartStorageKey, clearAllStoredCarts, type SyncAnswer, type SyncOutcome } from './store';
import { displayCart } from './display';
import type { LockRunner } from './locks';
import type { NotedRefusal } from './refusals';

/** An in-memory Storage shared by the "tabs" of a test. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

/**
 * The localStorage of two tab processes: each reads its own copy, and a write reaches the other
 * copy only when `propagate()` runs (browsers deliver other processes' writes asynchronously).
 */
function laggingStorages(): { a: MemoryStorage; b: MemoryStorage; propagate: () => void } {
  const outbox: { to: MemoryStorage; key: string; value: string | null }[] = [];
  const make = (): MemoryStorage => {
    const own = new MemoryStorage();
    const setItem = own.setItem.bind(own);
    const removeItem = own.removeItem.bind(own);
    own.setItem = (key, value) => {
      setItem(key, value);
      outbox.push({ to: own === a ? b : a, key, value });
    };
    own.removeItem = (key) => {
      removeItem(key);
      outbox.push({ to: own === a ? b : a, key, value: null });
    };
    return own;
  };
  const a: MemoryStorage = make();
  const b: MemoryStorage = make();
  const propagate = () => {
    for (const { to, key, value } of outbox.splice(0)) {
      if (value === null) MemoryStorage.prototype.removeItem.call(to, key);
      else MemoryStorage.prototype.setItem.call(to, key, value);
    }
  };
  return { a, b, propagate };
}

/** A cross-tab lock: one holder at a time, others wait in line. */
function memoryLocks(): LockRunner {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(_name: string, task: () => Promise<T>) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

function cart(uuid: string, lines: { product_id: number; qty: number }[]): Cart {
  return {
    id: 1,
    uuid,
    name: 'Cart 1',
    date: '2026-11-21T08:00:00Z',
    state: 'open',
    lines: lines.map((l, i) => ({
      id: i + 1,
      product_id: l.product_id,
      sku: `SKU${l.product_id}`,
      name: `Product ${l.product_id}`,
      url_key: `product-${l.product_id}`,
      qty: l.qty,
      price_unit: 10,
      price_unit_discounted: 10,
      discount: { rate: 0, value: 0 },
      amount: 10 * l.qty,
      tax_rate: 6,
      qty_unavailable: 0,
      qty_available_again: false,
      options: {},
      is_delivery: false,
      made_to_order: false,
    })),
    amount: { untaxed: 0, tax: 0, total: 0, discount_total: 0, total_without_discount: 0 },
    lines_count: 0,
    lines_amount: 0,
    delivery: { address: null, carrier: null, pickup: null, fees: 0, expected_date: null },
    totals: {
      goods_gross: 0,
      discount: 0,
      goods_net: 0,
      handling_fee: 0,
      delivery: 0,
      untaxed: 0,
      vat: [],
      tax: 0,
      total: 0,
    },
    invoicing: { address: null },
    note: '',
    client_order_ref: '',
    suite_name: '',
    promo_codes: [],
    has_made_to_order: false,
    made_to_order_consent: false,
    addresses_valid: true,
    can_confirm: true,
    confirm_blockers: [],
    sale_id: null,
  };
}

/** A fake server that applies transactions exactly once and can be told to fail. */
function fakeServer() {
  const applied = new Set<string>();
  const qty = new Map<number, number>();
  const requests: SyncRequest[] = [];
  let failWith: number | null = null;
  let release: (() => void) | null = null;
  let hold = false;
  const load = { now: 0, max: 0 };
  const answers: SyncAnswer[] = [];
  let summaries = false;
  let cartUuid = 'cart-1';
  /** Products whose additions are refused (a regulated product the customer may not order). */
  const refuse = new Set<number>();
  const transport = async (request: SyncRequest, answer: SyncAnswer = 'cart'): Promise<SyncOutcome> => {
    requests.push(structuredClone(request));
    answers.push(answer);
    load.now += 1;
    load.max = Math.max(load.max, load.now);
    if (hold) await new Promise<void>((r) => (release = r));
    load.now -= 1;
    if (failWith !== null) return { ok: false, status: failWith };
    const refused: RefusedTransaction[] = [];
    for (const t of request.transactions) {
      if (applied.has(t.uuid)) continue;
      applied.add(t.uuid);
      if (refuse.has(t.product_id) && t.qty > 0) {
        refused.push({ uuid: t.uuid, product_id: t.product_id, reason: 'student_no_medicines' });
        continue;
      }
      qty.set(t.product_id, Math.max(0, (qty.get(t.product_id) ?? 0) + t.qty));
    }
    const lines = [...qty].filter(([, q]) => q > 0).map(([product_id, q]) => ({ product_id, qty: q }));
    const withRefused = refused.length > 0 ? { refused } : {};
    if (summaries && answer === 'summary')
      return {
        ok: true,
        summary: { uuid: cartUuid, lines_count: lines.reduce((n, l) => n + l.qty, 0), ...withRefused },
      };
    return { ok: true, cart: { ...cart(cartUuid, lines), ...withRefused } };
  };
  return {
    transport,
    requests,
    answers,
    /** Answer `summary` requests with the summary (the api's ?answer=summary). */
    summaries: (on: boolean) => (summaries = on),
    refuse,
    /** The open cart's uuid from now on (a confirm elsewhere started a new cart). */
    newCart: (uuid: string) => {
      cartUuid = uuid;
      qty.clear();
    },
    load,
    qty,
    fail: (status: number | null) => (failWith = status),
    hold: (on: boolean) => (hold = on),
    release: () => release?.(),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function tab(
  storage: Storage,
  server: ReturnType<typeof fakeServer>,
  locks: LockRunner,
  onRefused?: (refused: NotedRefusal[]) => void,
) {
  const timers: (() => void)[] = [];
  const store = new CartStore({
    userId: 42,
    storage,
    transport: server.transport,
    locks,
    onRefused,
    random: () => 0.5,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => undefined,
  });
  return { store, timers };
}

describe('CartStore (docs/product/cart-and-checkout.md#sync cart storage and synchronisation)', () => {
  it('syncs an added line, clears the sent transaction and keeps the server cart', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const { store } = tab(storage, server, memoryLocks());
    store.start();
    await flush();
    // Start (sign-in, page load) asks the server cart once, without transactions.
    expect(server.requests).toEqual([{ uuid: null, transactions: [] }]);
    expect(store.getState().forceSync).toBe(false);
    expect(store.add(7, '3', { name: 'Seven', url_key: 'seven' })).toBe(true);
    expect(store.add(undefined, 1)).toBe(false);
    expect(store.add(7, 'abc')).toBe(false);
    expect(displayCart(store.getState().cart, store.getState().pending).linesCount).toBe(3);
    await flush();
    await flush();
    const state = store.getState();
    expect(state.pending).toEqual([]);
    expect(state.uuid).toBe('cart-1');
    expect(state.cart?.lines[0]).toMatchObject({ product_id: 7, qty: 3 });
    expect(JSON.parse(storage.getItem(cartStorageKey(42)) ?? '{}').uuid).toBe('cart-1');
  });

  it('background syncs ask for the summary and keep showing what they settled; priced pages ask for the cart', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    server.summaries(true);
    const { store } = tab(storage, server, memoryLocks());
    store.start();
    await flush();
    // The start is a forced sync: the priced cart.
    expect(server.answers).toEqual(['cart']);
    store.add(7, 3, { name: 'Seven', url_key: 'seven' });
    await flush();
    await flush();
    expect(server.answers).toEqual(['cart', 'summary']);
    let state = store.getState();
    expect(state.pending).toEqual([]);
    expect(state.settled.map((t) => t.qty)).toEqual([3]);
    // The header count and lines still show the change, with the product's name.
    const shown = displayCart(state.cart, state.pending, state.products, state.settled);
    expect(shown.linesCount).toBe(3);
    expect(shown.hasPending).toBe(false);
    expect(shown.lines[0]?.ref?.name).toBe('Seven');
    // Another tab (or a reload) reads the same settled state.
    const other = tab(storage, server, memoryLocks()).store;
    expect(other.getState().settled).toEqual(state.settled);
    expect(other.getState().products['7']?.name).toBe('Seven');
    // On the cart page: the priced cart is fetched now and replaces the settled transactions.
    store.setPricedAnswers(true);
    await flush();
    await flush();
    state = store.getState();
    expect(server.answers.at(-1)).toBe('cart');
    expect(state.settled).toEqual([]);
    expect(state.cart?.lines[0]).toMatchObject({ product_id: 7, qty: 3 });
    store.add(7, 1);
    await flush();
    await flush();
    expect(server.answers.at(-1)).toBe('cart');
    expect(store.getState().cart?.lines[0]).toMatchObject({ product_id: 7, qty: 4 });
  });

  it('a summary naming another cart drops the pending transactions and fetches the new cart', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    server.summaries(true);
    const { store } = tab(storage, server, memoryLocks());
    store.start();
    await flush();
    store.add(7, 2);
    await flush();
    await flush();
    server.newCart('cart-2');
    server.hold(true);
    store.add(8, 1);
    await flush();
    store.add(9, 1);
    server.hold(false);
    server.release();
    for (let i = 0; i < 6; i += 1) await flush();
    const state = store.getState();
    expect(state.uuid).toBe('cart-2');
    expect(state.settled).toEqual([]);
    expect(state.pending).toEqual([]);
    expect(server.answers.at(-1)).toBe('cart');
    expect(state.cart?.uuid).toBe('cart-2');
  });

  it('a failed sync sets the flag, keeps the transaction and the retry resends the same uuid', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const { store, timers } = tab(storage, server, memoryLocks());
    server.fail(503);
    store.start();
    store.add(7, 2);
    await flush();
    await flush();
    expect(store.getState().erpUnavailable).toBe(true);
    expect(store.getState().pending).toHaveLength(1);
    const uuid = store.getState().pending[0]?.uuid;
    server.fail(500);
    timers.shift()?.();
    await flush();
    await flush();
    expect(store.getState()).toMatchObject({ erpUnavailable: false, syncError: true });
    server.fail(null);
    timers.shift()?.();
    await flush();
    await flush();
    expect(store.getState()).toMatchObject({ erpUnavailable: false, syncError: false, pending: [] });
    const sentUuids = server.requests.flatMap((r) => r.transactions.map((t) => t.uuid));
    expect(new Set(sentUuids)).toEqual(new Set([uuid]));
    expect(server.qty.get(7)).toBe(2);
  });

  it('two tabs share one store: a change made during the other tab sync is kept and sent next', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const locks = memoryLocks();
    const a = tab(storage, server, locks).store;
    const b = tab(storage, server, locks).store;
    a.start();
    b.start();
    await flush();
    await flush();
    server.hold(true);
    a.add(1, 1);
    await flush();
    b.reload();
    b.add(2, 5);
    server.hold(false);
    server.release();
    for (let i = 0; i < 6; i += 1) await flush();
    a.reload();
    b.reload();
    expect(a.getState().pending).toEqual([]);
    expect(b.getState().pending).toEqual([]);
    expect(server.qty.get(1)).toBe(1);
    expect(server.qty.get(2)).toBe(5);
    // Never two requests at once, and no transaction applied twice.
    expect(server.load.max).toBe(1);
    expect(server.requests.some((r) => r.transactions.some((t) => t.product_id === 2))).toBe(true);
    expect(displayCart(b.getState().cart, []).linesCount).toBe(6);
  });

  it('two tab processes adding at the same moment: neither transaction is lost', async () => {
    const { a: storageA, b: storageB, propagate } = laggingStorages();
    const server = fakeServer();
    const locks = memoryLocks();
    const a = tab(storageA, server, locks).store;
    const b = tab(storageB, server, locks).store;
    server.fail(0);
    a.add(9, 2, { name: 'Nine', url_key: 'nine' });
    b.add(9, 3);
    for (let i = 0; i < 4; i += 1) await flush();
    // Each tab's write reaches the other after both wrote.
    propagate();
    a.reload();
    b.reload();
    expect(
      a
        .getState()
        .pending.map((t) => t.qty)
        .sort(),
    ).toEqual([2, 3]);
    expect(b.getState().products['9']?.name).toBe('Nine');
    server.fail(null);
    a.start();
    for (let i = 0; i < 6; i += 1) await flush();
    expect(server.qty.get(9)).toBe(5);
    propagate();
    b.reload();
    expect(b.getState().pending).toEqual([]);
  });

  it('update sends new − old, delete sends −qty; clear forgets everything', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const { store } = tab(storage, server, memoryLocks());
    store.start();
    store.add(7, 4);
    for (let i = 0; i < 4; i += 1) await flush();
    const line = displayCart(store.getState().cart, []).lines[0]!;
    expect(store.setQty(line, 6)).toBe(true);
    expect(store.getState().pending.at(-1)?.qty).toBe(2);
    expect(store.setQty(line, 4)).toBe(false);
    store.remove(line);
    expect(store.getState().pending.at(-1)?.qty).toBe(-4);
    store.discardPending();
    expect(store.getState().pending).toEqual([]);
    store.add(7, 1);
    store.clear();
    expect(storage.getItem(cartStorageKey(42))).toBeNull();
    expect(store.getState().pending).toEqual([]);
    expect(store.getState().uuid).toBeNull();
  });

  it('ignores an addition that would take the line above CART_LINE_QTY_MAX (docs/decisions/order-limits.md)', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const { store } = tab(storage, server, memoryLocks());
    store.start();
    expect(store.add(7, 99_998)).toBe(true);
    for (let i = 0; i < 4; i += 1) await flush();
    // The api would refuse the sync whole: the addition is not queued, the cart stays as it was.
    expect(store.add(7, 2)).toBe(false);
    expect(store.getState().pending).toEqual([]);
    expect(store.add(7, 1)).toBe(true);
    expect(store.add(7, 1)).toBe(false);
    // Another product's line has its own room.
    expect(store.add(8, CART_LINE_QTY_MAX)).toBe(true);
    expect(store.getState().pending.map((t) => [t.product_id, t.qty])).toEqual([
      [7, 1],
      [8, CART_LINE_QTY_MAX],
    ]);
  });

  it('names each refused addition as the cart knew it before the answer (lib/cart/refusals.ts)', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    server.summaries(true);
    server.refuse.add(9);
    const noted: NotedRefusal[][] = [];
    const { store } = tab(storage, server, memoryLocks(), (r) => noted.push(r));
    store.start();
    await flush();
    // Added on its page (a summary answer): the product is in no cart line, only in the names the
    // store keeps, which the refusal takes away with its transaction.
    store.add(9, 1, { name: 'Nine', url_key: 'nine' });
    await flush();
    await flush();
    expect(noted).toHaveLength(1);
    expect(noted[0]).toEqual([
      { uuid: expect.any(String), product_id: 9, reason: 'student_no_medicines', name: 'Nine' },
    ]);
    expect(store.getState().products['9']).toBeUndefined();
    // One more unit of a line already in the priced cart: named from the cart's line.
    server.refuse.delete(9);
    store.setPricedAnswers(true);
    store.add(9, 1);
    await flush();
    await flush();
    expect(store.getState().cart?.lines[0]).toMatchObject({ product_id: 9, qty: 1 });
    server.refuse.add(9);
    store.add(9, 1);
    await flush();
    await flush();
    expect(noted).toHaveLength(2);
    expect(noted[1]).toEqual([
      { uuid: expect.any(String), product_id: 9, reason: 'student_no_medicines', name: 'Product 9' },
    ]);
    expect(store.getState().cart?.lines[0]).toMatchObject({ product_id: 9, qty: 1 });
  });

  it('clearAllStoredCarts removes only the cart keys', () => {
    const storage = new MemoryStorage();
    storage.setItem(cartStorageKey(1), '{}');
    storage.setItem(cartStorageKey(2), '{}');
    storage.setItem('other', 'x');
    clearAllStoredCarts(storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('other')).toBe('x');
  });
});
