import { describe, expect, it } from 'vitest';
import type { Cart, CartLine } from '@vetshop/domain';
import { displayCart } from './display';
import { qtyInCart } from './in-cart';

const line = (over: Partial<CartLine>): CartLine => ({
  id: 1,
  product_id: 7,
  sku: 'S7',
  name: 'Seven',
  url_key: 'seven',
  qty: 2,
  price_unit: 10,
  price_unit_discounted: 9,
  discount: { rate: 10, value: 2 },
  amount: 18,
  tax_rate: 6,
  qty_unavailable: 0,
  qty_available_again: false,
  options: {},
  is_delivery: false,
  made_to_order: false,
  ...over,
});

const cartWith = (lines: CartLine[]) => ({ uuid: 'c1', lines }) as unknown as Cart;

describe('displayCart (docs/product/cart-and-checkout.md#sync: server cart + pending transactions)', () => {
  it('folds pending changes into server lines, keeps fee lines apart and counts positive quantities', () => {
    const cart = cartWith([
      line({}),
      line({ id: 2, product_id: 8, name: 'Eight', qty: 1 }),
      line({ id: 3, product_id: null, name: 'Handling fee', is_delivery: true, qty: 1 }),
    ]);
    const shown = displayCart(
      cart,
      [
        { uuid: 'a', product_id: 7, qty: 3, options: {} },
        { uuid: 'b', product_id: 8, qty: -1, options: {} },
        { uuid: 'c', product_id: 9, qty: 4, options: {} },
      ],
      { '9': { name: 'Nine', url_key: 'nine' } },
    );
    expect(shown.lines.map((l) => [l.product_id, l.qty, l.changed])).toEqual([
      [7, 5, true],
      [9, 4, true],
    ]);
    expect(shown.lines[0]?.server?.name).toBe('Seven');
    expect(shown.lines[1]?.server).toBeNull();
    expect(shown.lines[1]?.ref?.name).toBe('Nine');
    expect(shown.feeLines.map((l) => l.name)).toEqual(['Handling fee']);
    expect(shown.linesCount).toBe(9);
    expect(qtyInCart(shown, 9)).toBe(4);
    expect(qtyInCart(shown, 8)).toBe(0);
  });

  it('the quantity in the cart counts only the line without options', () => {
    const withOptions = { uuid: 'a', product_id: 9, qty: 3, options: { size: 'L' } };
    const shown = displayCart(null, [withOptions, { uuid: 'b', product_id: 9, qty: 2, options: {} }]);
    expect(shown.lines).toHaveLength(2);
    expect(qtyInCart(shown, 9)).toBe(2);
    expect(qtyInCart(displayCart(null, [withOptions]), 9)).toBe(0);
  });

  it('an unchanged server line is not marked, and no cart shows only the pending lines', () => {
    expect(displayCart(cartWith([line({})]), []).lines[0]?.changed).toBe(false);
    const shown = displayCart(null, [{ uuid: 'a', product_id: 7, qty: 2, options: {} }]);
    expect(shown.linesCount).toBe(2);
    expect(shown.hasPending).toBe(true);
  });
});

describe('displayCart: free lines of supplier promotions (docs/decisions/supplier-promotions.md)', () => {
  it('keeps the free line with its paying line, never adding its units to the paid quantity', () => {
    const cart = cartWith([
      line({ id: 1, qty: 24 }),
      line({ id: -1001, qty: 4, price_unit: 0, amount: 0, is_free: true, free_of: 1 }),
    ]);
    const shown = displayCart(cart, []);
    expect(shown.lines.map((l) => [l.product_id, l.qty])).toEqual([[7, 24]]);
    expect(shown.lines[0]?.free?.qty).toBe(4);
    expect(shown.linesCount).toBe(24);
  });
});
