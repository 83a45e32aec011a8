/**
 * Sale statistics contracts (docs/product/customer-area.md#sale-statistics-calls, docs/product/constants.md#filters dashboard most-ordered filter): the
 * dashboard filter → top_ordered query, and the query parsing (repeated or single families,
 * boolean flag, bounds, unknown keys refused).
 */
import { describe, expect, it } from 'vitest';
import { monthlyOrderedParamsSchema, topOrderedFilterQuery, topOrderedQuerySchema } from './statistics.ts';

describe('topOrderedFilterQuery (docs/product/constants.md#filters filter)', () => {
  it('maps all / a family / promotions to the top_ordered parameters', () => {
    expect(topOrderedFilterQuery('all')).toEqual({});
    expect(topOrderedFilterQuery('food')).toEqual({ 'product_families[]': ['food'] });
    expect(topOrderedFilterQuery('promotions')).toEqual({ supplier_discount_only: 'true' });
  });
});

describe('topOrderedQuerySchema', () => {
  it('defaults page 1, per_page 10, lang fr', () => {
    expect(topOrderedQuerySchema.parse({})).toEqual({ lang: 'fr', page: 1, per_page: 10 });
  });
  it('takes one or several families and the flag', () => {
    const q = topOrderedQuerySchema.parse({
      'product_families[]': ['meds', 'food'],
      product_families: 'equipment',
      supplier_discount_only: '1',
    });
    expect(q['product_families[]']).toEqual(['meds', 'food']);
    expect(q.product_families).toEqual(['equipment']);
    expect(q.supplier_discount_only).toBe(true);
  });
  it.each([
    { per_page: '0' },
    { per_page: '101' },
    { 'product_families[]': 'toys' },
    { x: '1' },
    { lang: 'de' },
  ])('refuses %o', (input) => {
    expect(topOrderedQuerySchema.safeParse(input).success).toBe(false);
  });
});

describe('monthlyOrderedParamsSchema', () => {
  it('x is a calendar year 2000-2100', () => {
    expect(monthlyOrderedParamsSchema.parse({ x: '2025' })).toEqual({ x: 2025 });
    for (const x of ['1999', '2101', '12', 'abc', '2025.5'])
      expect(monthlyOrderedParamsSchema.safeParse({ x }).success).toBe(false);
  });
});
