import { describe, expect, it } from 'vitest';
import { CART_LINE_QTY_MAX } from '@vetshop/domain';
import { parseLineQty } from './quantity';

describe('parseLineQty', () => {
  it('accepts whole quantities from 0 to the line maximum', () => {
    expect(parseLineQty('0')).toBe(0);
    expect(parseLineQty(' 12 ')).toBe(12);
    expect(parseLineQty(String(CART_LINE_QTY_MAX))).toBe(CART_LINE_QTY_MAX);
  });
  it('refuses empty, negative, decimal, exponent and too large values', () => {
    for (const bad of ['', ' ', '-1', '1.5', '1e3', 'abc', String(CART_LINE_QTY_MAX + 1), '9999999999'])
      expect(parseLineQty(bad)).toBeNull();
  });
});
