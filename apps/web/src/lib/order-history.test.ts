import { describe, expect, it } from 'vitest';
import type { SaleLine } from '@vetshop/domain';
import { hasSearch, parseOrderSearch, reorderPlan, searchParamsOf } from './order-history';
import { lineLabel, lineTitle } from './line-title';

const line = (over: Partial<SaleLine>): SaleLine => ({
  id: 1,
  name: '10 doses',
  product_id: 7,
  sku: 'VB-1',
  qty: 2,
  qty_delivered: 0,
  qty_unavailable: 0,
  qty_canceled: 0,
  price_unit: 1,
  discount: { rate: 0, value: 0 },
  amount: 2,
  is_delivery: false,
  product_name: 'Vaccin X',
  variant_name: '10 doses',
  url_key: 'vaccin-x',
  orderable: true,
  ...over,
});

describe('parseOrderSearch (the orders list search from the URL)', () => {
  it('keeps valid fields, trims, and treats blanks as no filter', () => {
    const s = parseOrderSearch({
      q: ' SO2026 ',
      product: '',
      date_from: '2026-01-01',
      date_to: ['2026-01-31', 'x'],
    });
    expect(s.search).toEqual({ q: 'SO2026', date_from: '2026-01-01', date_to: '2026-01-31' });
    expect(s.invalid).toEqual([]);
    expect(hasSearch(s)).toBe(true);
    expect(hasSearch(parseOrderSearch({}))).toBe(false);
  });
  it('drops impossible dates, reversed ranges and over-long texts, naming them', () => {
    const s = parseOrderSearch({ date_from: '2026-02-30', product: 'x'.repeat(101) });
    expect(s.search).toEqual({});
    expect(s.invalid.sort()).toEqual(['date_from', 'product']);
    expect(s.typed.date_from).toBe('2026-02-30');
    const reversed = parseOrderSearch({ date_from: '2026-03-01', date_to: '2026-02-01' });
    expect(reversed.search).toEqual({ date_from: '2026-03-01' });
    expect(reversed.invalid).toEqual(['date_to']);
  });
  it('gives the list links the valid fields only', () => {
    expect(searchParamsOf(parseOrderSearch({ q: 'a', date_to: 'nope' }).search)).toEqual({
      q: 'a',
      product: undefined,
      date_from: undefined,
      date_to: undefined,
    });
  });
});

describe('lineTitle, lineLabel (line-title.ts)', () => {
  it('labels a quantity field "product — pack size", so lines of one pack size stay apart', () => {
    expect(lineLabel(line({}))).toBe('Vaccin X — 10 doses');
    expect(lineLabel(line({ product_name: 'Vaccin Y' }))).toBe('Vaccin Y — 10 doses');
    expect(lineLabel(line({ product_name: null, variant_name: null }))).toBe('10 doses');
  });
  it('names a line by product, pack size and SKU, not by the stored pack size alone', () => {
    expect(lineTitle(line({}))).toEqual({ product: 'Vaccin X', variant: '10 doses', sku: 'VB-1' });
  });
  it('falls back on the stored label when the catalogue lost the product', () => {
    expect(lineTitle(line({ product_name: null, variant_name: null, sku: null }))).toEqual({
      product: '10 doses',
      variant: null,
      sku: null,
    });
  });
});

describe('reorderPlan (order again)', () => {
  it('adds orderable product lines with their ordered quantity, sums a product, skips the others by name', () => {
    const plan = reorderPlan([
      line({ id: 1, product_id: 7, qty: 2 }),
      line({ id: 2, product_id: 7, qty: 3 }),
      line({ id: 3, product_id: 8, qty: 1, product_name: 'Old', variant_name: '1 l', orderable: false }),
      line({
        id: 4,
        product_id: null,
        name: 'Gone',
        product_name: null,
        variant_name: null,
        orderable: false,
      }),
      line({ id: 5, product_id: null, is_delivery: true, name: 'Handling fee', orderable: false }),
      line({ id: 6, product_id: 9, qty: 0 }),
    ]);
    expect(plan.add).toEqual([{ product_id: 7, qty: 5, name: 'Vaccin X — 10 doses', url_key: 'vaccin-x' }]);
    expect(plan.skipped).toEqual(['Old — 1 l', 'Gone']);
  });
});

describe('reorderPlan: free units (docs/decisions/supplier-promotions.md)', () => {
  it('orders the paid quantity again, not the free units', () => {
    const plan = reorderPlan([line({ id: 1, qty: 20 }), line({ id: 2, qty: 4, amount: 0, is_free: true })]);
    expect(plan.add.map((a) => [a.product_id, a.qty])).toEqual([[7, 20]]);
    expect(plan.skipped).toEqual([]);
  });
});
