import { describe, expect, it } from 'vitest';
import { expectedDeliveryKind, orderExpectedDeliveryKind } from './expected-delivery.ts';

const line = (
  qty: number,
  qty_unavailable: number,
  extra: { is_delivery?: boolean; is_free?: boolean } = {},
) => ({
  qty,
  qty_unavailable,
  is_delivery: extra.is_delivery ?? false,
  is_free: extra.is_free,
});

describe('expectedDeliveryKind', () => {
  it('gives the date for the whole order when every unit is available', () => {
    expect(expectedDeliveryKind([line(2, 0), line(5, 0)])).toBe('all');
    expect(expectedDeliveryKind([])).toBe('all');
  });

  it('gives the date for the units in stock when some go on backorder', () => {
    expect(expectedDeliveryKind([line(4, 1)])).toBe('inStock');
    expect(expectedDeliveryKind([line(4, 4), line(1, 0)])).toBe('inStock');
  });

  it('gives no date when every unit goes on backorder', () => {
    expect(expectedDeliveryKind([line(4, 4)])).toBe('backorder');
    expect(expectedDeliveryKind([line(4, 4), line(2, 9)])).toBe('backorder');
  });

  it('ignores the handling fee line and free units', () => {
    expect(expectedDeliveryKind([line(4, 4), line(1, 0, { is_delivery: true })])).toBe('backorder');
    expect(expectedDeliveryKind([line(4, 4), line(1, 0, { is_free: true })])).toBe('backorder');
  });

  it('counts only the units an order still has to deliver', () => {
    const sold = (qty: number, delivered: number, canceled: number, unavailable: number) => ({
      qty,
      qty_delivered: delivered,
      qty_canceled: canceled,
      qty_unavailable: unavailable,
      is_delivery: false,
    });
    // 1 ordered, 1 on backorder: no date.
    expect(orderExpectedDeliveryKind([sold(1, 0, 0, 1)])).toBe('backorder');
    // 5 ordered, 3 delivered, the 2 left on backorder: no date for them.
    expect(orderExpectedDeliveryKind([sold(5, 3, 0, 2)])).toBe('backorder');
    // 5 ordered, 1 cancelled, 2 of the 4 left on backorder.
    expect(orderExpectedDeliveryKind([sold(5, 0, 1, 2)])).toBe('inStock');
    expect(orderExpectedDeliveryKind([sold(5, 0, 0, 0)])).toBe('all');
    // Everything delivered or cancelled: nothing left to promise.
    expect(orderExpectedDeliveryKind([sold(2, 1, 1, 0)])).toBe('all');
  });
});
