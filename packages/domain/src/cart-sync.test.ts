import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  enqueue,
  initialCartSyncState,
  needsSync,
  requestSync,
  restoreCartSyncState,
  signedOut,
  syncBackoffMs,
  syncFailed,
  syncStarted,
  syncSucceeded,
  type CartSyncState,
} from './cart-sync.ts';

type Tx = { uuid: string; product_id: number; qty: number };
type Cart = { uuid: string; lines: number };

const tx = (uuid: string, qty = 1): Tx => ({ uuid, product_id: 7, qty });
const withPending = (...uuids: string[]): CartSyncState<Tx, Cart> =>
  uuids.reduce((s, u) => enqueue(s, tx(u)), initialCartSyncState<Tx, Cart>());

describe('syncBackoffMs (docs/product/cart-and-checkout.md#sync, docs/product/constants.md)', () => {
  it('is random × min(1 s × 2^attempt, 5 min)', () => {
    expect(syncBackoffMs(0, () => 0.5)).toBe(500);
    expect(syncBackoffMs(3, () => 0.5)).toBe(4000);
    expect(syncBackoffMs(8, () => 0.999)).toBe(Math.floor(0.999 * 256_000));
    expect(syncBackoffMs(9, () => 0.999)).toBe(Math.floor(0.999 * 300_000));
    expect(syncBackoffMs(1000, () => 0.999)).toBe(Math.floor(0.999 * 300_000));
    expect(syncBackoffMs(-2, () => 0.5)).toBe(500);
    expect(syncBackoffMs(Number.NaN, () => 0.5)).toBe(500);
  });

  it('never exceeds the ceiling nor the 5 minute cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 0.9999999, noNaN: true }),
        (a, r) => {
          const wait = syncBackoffMs(a, () => r);
          return wait >= 0 && wait <= Math.min(1000 * 2 ** a, 300_000);
        },
      ),
    );
  });
});

describe('cart sync state machine (docs/product/cart-and-checkout.md#sync)', () => {
  it('keeps transactions in order and ignores a repeated uuid', () => {
    const s = enqueue(withPending('a', 'b'), tx('a', 5));
    expect(s.pending.map((p) => p.uuid)).toEqual(['a', 'b']);
    expect(s.pending[0]?.qty).toBe(1);
    expect(needsSync(s)).toBe(true);
    expect(needsSync(initialCartSyncState())).toBe(false);
    expect(needsSync(requestSync(initialCartSyncState()))).toBe(true);
  });

  it('success clears only the sent transactions, both flags and the forced sync', () => {
    let s = requestSync(withPending('a', 'b'));
    s = syncFailed(s, 503);
    expect(s.erpUnavailable).toBe(true);
    s = syncStarted(s, ['a', 'b']);
    expect(s.syncing).toBe(true);
    s = enqueue(s, tx('c')); // made while the request is in flight
    s = syncSucceeded(s, { uuid: 'cart-1', lines: 2 }, ['a', 'b']);
    expect(s.pending.map((p) => p.uuid)).toEqual(['c']);
    expect(s).toMatchObject({
      uuid: 'cart-1',
      cart: { uuid: 'cart-1', lines: 2 },
      syncing: false,
      erpUnavailable: false,
      syncError: false,
      forceSync: false,
      attempt: 0,
    });
  });

  it('a 503 sets erpUnavailable, any other failure syncError; pending stays for the retry', () => {
    let s = syncStarted(withPending('a'), ['a']);
    s = syncFailed(s, 503);
    expect(s).toMatchObject({ erpUnavailable: true, syncError: false, attempt: 1, syncing: false });
    expect(s.pending.map((p) => p.uuid)).toEqual(['a']);
    s = syncFailed(syncStarted(s, ['a']), 0);
    expect(s).toMatchObject({ erpUnavailable: false, syncError: true, attempt: 2 });
    s = syncFailed(s, 422);
    expect(s.syncError).toBe(true);
    expect(s.pending.map((p) => p.uuid)).toEqual(['a']);
  });

  it('a forced sync survives a failure and is cleared by a success', () => {
    let s = syncFailed(syncStarted(requestSync(initialCartSyncState<Tx, Cart>()), []), 500);
    expect(needsSync(s)).toBe(true);
    s = syncSucceeded(syncStarted(s, []), null, []);
    expect(needsSync(s)).toBe(false);
    expect(s.cart).toBeNull();
  });

  it('a new server cart uuid replaces the stored one and drops the remaining transactions', () => {
    let s = syncSucceeded(withPending('a'), { uuid: 'cart-1', lines: 1 }, ['a']);
    s = syncStarted(enqueue(s, tx('b')), ['b']);
    s = enqueue(s, tx('c'));
    s = syncSucceeded(s, { uuid: 'cart-2', lines: 0 }, ['b']);
    expect(s.uuid).toBe('cart-2');
    expect(s.pending).toEqual([]);
  });

  it('the first server cart (no stored uuid) keeps the remaining transactions', () => {
    let s = syncStarted(withPending('a'), ['a']);
    s = enqueue(s, tx('b'));
    s = syncSucceeded(s, { uuid: 'cart-1', lines: 1 }, ['a']);
    expect(s.uuid).toBe('cart-1');
    expect(s.pending.map((p) => p.uuid)).toEqual(['b']);
  });

  it('no server cart (204) keeps the stored uuid and empties the cart', () => {
    let s = syncSucceeded(withPending('a'), { uuid: 'cart-1', lines: 1 }, ['a']);
    s = syncSucceeded(syncStarted(enqueue(s, tx('b', -1)), ['b']), null, ['b']);
    expect(s.uuid).toBe('cart-1');
    expect(s.cart).toBeNull();
    expect(s.pending).toEqual([]);
  });

  it('sign-out clears pending transactions, uuid and cart', () => {
    const s = syncSucceeded(withPending('a'), { uuid: 'cart-1', lines: 1 }, []);
    expect(s.pending).toHaveLength(1);
    const out = signedOut<Tx, Cart>();
    expect(out).toEqual(initialCartSyncState());
  });

  it('a restored state drops the in-flight marker but keeps the pending transactions', () => {
    const s = syncStarted(syncFailed(withPending('a', 'b'), 503), ['a', 'b']);
    const back = restoreCartSyncState<Tx, Cart>(JSON.parse(JSON.stringify(s)));
    expect(back.syncing).toBe(false);
    expect(back.inFlight).toEqual([]);
    expect(back.pending.map((p) => p.uuid)).toEqual(['a', 'b']);
    expect(back.erpUnavailable).toBe(true);
    expect(restoreCartSyncState('garbage')).toEqual(initialCartSyncState());
    expect(restoreCartSyncState({ pending: [{ nope: 1 }, tx('x')], cart: 3, attempt: -1 })).toMatchObject({
      pending: [tx('x')],
      cart: null,
      attempt: 0,
    });
  });
});
