import { describe, expect, it } from 'vitest';
import type { CartLine } from '@vetshop/domain';
import {
  mergeRefusals,
  nameRefusals,
  readRefusals,
  REFUSALS_KEY,
  REFUSALS_MAX,
  restrictedLines,
} from './refusals';

const refusal = (uuid: string) => ({ uuid, product_id: 7, reason: 'student_no_medicines' as const });

describe('cart refusals', () => {
  it('adds each refused transaction once and keeps the newest', () => {
    const once = mergeRefusals([refusal('a')], [refusal('a'), refusal('b')]);
    expect(once.map((r) => r.uuid)).toEqual(['a', 'b']);
    const many = mergeRefusals(
      [],
      Array.from({ length: REFUSALS_MAX + 3 }, (_, i) => refusal(`u${i}`)),
    );
    expect(many).toHaveLength(REFUSALS_MAX);
    expect(many[0]!.uuid).toBe('u3');
  });

  it('reads nothing from a missing or damaged entry', () => {
    const storage = (value: string | null) => ({
      getItem: (key: string) => (key === REFUSALS_KEY ? value : null),
    });
    expect(readRefusals(storage(null))).toEqual([]);
    expect(readRefusals(storage('{not json'))).toEqual([]);
    expect(readRefusals(storage('[{"uuid":1}]'))).toEqual([]);
    expect(readRefusals(storage(JSON.stringify([refusal('x')])))).toEqual([refusal('x')]);
    // A refusal keeps its product's name; a name that is no text is dropped, the refusal kept.
    expect(readRefusals(storage(JSON.stringify([{ ...refusal('y'), name: 'Seven' }])))).toEqual([
      { ...refusal('y'), name: 'Seven' },
    ]);
    expect(readRefusals(storage(JSON.stringify([{ ...refusal('z'), name: 7 }])))).toEqual([refusal('z')]);
  });

  it('names a refusal from the names the cart kept, else from its lines, else leaves it unnamed', () => {
    const named = nameRefusals(
      [refusal('a'), { ...refusal('b'), product_id: 8 }, { ...refusal('c'), product_id: 9 }],
      { '7': { name: 'Seven' } },
      [
        { product_id: 7, name: 'Seven (line)' },
        { product_id: 8, name: 'Eight' },
      ],
    );
    expect(named.map((r) => r.name)).toEqual(['Seven', 'Eight', undefined]);
    expect(named[2]).toEqual({ ...refusal('c'), product_id: 9 });
  });

  it('lists the lines the customer may no longer order, once per product, without fee or free lines', () => {
    const line = (id: number, productId: number | null, extra: Partial<CartLine> = {}): CartLine => ({
      id,
      product_id: productId,
      sku: null,
      name: `Line ${id}`,
      url_key: null,
      qty: 1,
      price_unit: 10,
      price_unit_discounted: 10,
      discount: { rate: 0, value: 0 },
      amount: 10,
      tax_rate: 6,
      qty_unavailable: 0,
      qty_available_again: false,
      options: {},
      is_delivery: false,
      made_to_order: false,
      ...extra,
    });
    const lines = [
      line(1, 7, { restriction: 'prescription_requires_depot' }),
      line(2, 7, { restriction: 'prescription_requires_depot', options: { colour: 'red' } }),
      line(3, 7, { is_free: true, restriction: 'prescription_requires_depot' }),
      line(4, 8),
      line(-1, null, { is_delivery: true }),
    ];
    expect(restrictedLines(lines)).toEqual([
      { product_id: 7, name: 'Line 1', reason: 'prescription_requires_depot' },
    ]);
    expect(restrictedLines([line(4, 8)])).toEqual([]);
  });
});
