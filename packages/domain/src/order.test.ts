import { describe, expect, it } from 'vitest';
import {
  isStructuredCommunication,
  orderProgress,
  ORDER_STATES,
  SALE_CHANNELS,
  SALES_DEFAULT_PAGE_SIZE,
  structuredCommunication,
} from './order.ts';

describe('orderProgress (docs/product/orders-and-documents.md)', () => {
  it('maps every state to its progress and anything else to 0', () => {
    expect(ORDER_STATES.map((s) => orderProgress(s))).toEqual([0, 30, 50, 70, 100]);
    expect(orderProgress('draft')).toBe(0);
    expect(orderProgress('toString')).toBe(0);
    expect(orderProgress('')).toBe(0);
  });
});

describe('constants (docs/product/orders-and-documents.md, docs/product/constants.md#search-and-list-sizes)', () => {
  it('lists the sale channels with "all" and the default page size', () => {
    expect(SALE_CHANNELS).toEqual(['all', 'fax', 'mail', 'phone', 'web']);
    expect(SALES_DEFAULT_PAGE_SIZE).toBe(10);
  });
});

describe('structuredCommunication (Belgian OGM/VCS)', () => {
  it('formats 10 digits plus n mod 97', () => {
    expect(structuredCommunication(1234567890)).toBe('+++123/4567/89002+++');
    expect(structuredCommunication(42)).toBe('+++000/0000/04242+++');
  });

  it('uses 97 when the remainder is 0', () => {
    expect(structuredCommunication(97 * 1000)).toBe('+++000/0097/00097+++');
    expect(structuredCommunication(0)).toBe('+++000/0000/00097+++');
  });

  it('rejects values out of range', () => {
    expect(() => structuredCommunication(-1)).toThrow(RangeError);
    expect(() => structuredCommunication(1e10)).toThrow(RangeError);
    expect(() => structuredCommunication(1.5)).toThrow(RangeError);
  });

  it('validates the check digits and the layout', () => {
    expect(isStructuredCommunication('+++123/4567/89002+++')).toBe(true);
    expect(isStructuredCommunication('***123/4567/89002***')).toBe(true);
    expect(isStructuredCommunication('+++123/4567/89003+++')).toBe(false);
    expect(isStructuredCommunication('+++123/4567/89002***')).toBe(false);
    expect(isStructuredCommunication('123456789002')).toBe(false);
    for (const n of [1, 96, 97, 98, 9999999999]) {
      expect(isStructuredCommunication(structuredCommunication(n))).toBe(true);
    }
  });
});
