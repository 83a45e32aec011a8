import { describe, expect, it } from 'vitest';
import { cardPanes, discountBadge } from './card-panes';

const price = (value: number, original_value = value) => ({
  value,
  original_value,
  tax_included: false,
  discount: original_value > value ? Math.round((1 - value / original_value) * 10000) / 100 : 0,
});

describe('cardPanes', () => {
  it('gives packs with the same stock state and price one pane, in pack order', () => {
    const packs = [
      { id: 1, stock_state: 'in_stock' as const, price: price(35.22) },
      { id: 2, stock_state: 'in_limited_stock' as const, price: price(35.22) },
      { id: 3, stock_state: 'in_stock' as const, price: price(35.22) },
      { id: 4, stock_state: 'in_stock' as const, price: price(39.9) },
      { id: 5, stock_state: 'in_limited_stock' as const, price: price(35.22) },
    ];
    const { distinct, paneOf } = cardPanes(packs);
    expect(distinct.map((p) => p.id)).toEqual([1, 2, 4]);
    expect(paneOf).toEqual([0, 1, 0, 2, 1]);
  });

  it('keeps a discounted pack apart from one at the same net price without discount', () => {
    const { distinct, paneOf } = cardPanes([
      { id: 1, stock_state: 'in_stock' as const, price: price(9.49) },
      { id: 2, stock_state: 'in_stock' as const, price: price(9.49, 10.99) },
      { id: 3, stock_state: 'in_stock' as const, price: null },
      { id: 4, stock_state: 'in_stock' as const, price: null },
    ]);
    expect(distinct.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(paneOf).toEqual([0, 1, 2, 2]);
  });
});

describe('discountBadge', () => {
  const price = (value: number, gross: number) => ({
    price: { value, original_value: gross, discount: 0, tax_included: false },
  });
  it('says "discount" only when every priced pack is below its gross', () => {
    expect(discountBadge(true, [price(9, 10), price(18, 20), { price: null }])).toBe('all');
  });
  it('says "on some packs" when the pack shown may have none', () => {
    expect(discountBadge(true, [price(7.64, 7.64), price(22.73, 23.93)])).toBe('some');
  });
  it('says "promotion" for a model marked discounted with no pack below its gross, nothing otherwise', () => {
    expect(discountBadge(true, [price(10, 10)])).toBe('promotion');
    expect(discountBadge(false, [price(9, 10)])).toBeNull();
  });
});
