import { describe, expect, it } from 'vitest';
import { expectedDeliveryKind } from './expected-delivery';

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
});
