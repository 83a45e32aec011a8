import { describe, expect, it } from 'vitest';
import { lineQuantities, nextStates, param, remainingQty, rowWindow, staffPaging } from './staff-list';
import { lastPageHref } from './orders-list';

describe('staff list helpers', () => {
  it('reads page and per_page from the URL, falling back on bad values', () => {
    expect(staffPaging({})).toEqual({ page: 1, perPage: 20 });
    expect(staffPaging({ page: '3', per_page: '50' })).toEqual({ page: 3, perPage: 50 });
    expect(staffPaging({ page: '0', per_page: '7' })).toEqual({ page: 1, perPage: 20 });
    expect(staffPaging({ page: ['2', '9'], per_page: '100' })).toEqual({ page: 2, perPage: 100 });
    expect(staffPaging({ page: '1e9', per_page: '1000' })).toEqual({ page: 1, perPage: 20 });
    expect(param(['  a ', 'b'])).toBe('a');
    expect(param(undefined)).toBe('');
  });

  it('computes the from–to window of a page', () => {
    expect(rowWindow(1, 20, 0)).toEqual({ from: 0, to: 0 });
    expect(rowWindow(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(rowWindow(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(rowWindow(4, 20, 45)).toEqual({ from: 0, to: 0 });
  });

  it('offers the state moves the api allows', () => {
    expect(nextStates('pending')).toEqual(['processing', 'cancel']);
    expect(nextStates('processing')).toEqual(['cancel']);
    expect(nextStates('delivery_partial')).toEqual([]);
    expect(nextStates('delivery_full')).toEqual([]);
    expect(nextStates('cancel')).toEqual([]);
  });

  it('computes what remains to deliver and reads line quantities from a form', () => {
    expect(remainingQty({ qty: 5, qty_canceled: 1, qty_delivered: 2 })).toBe(2);
    expect(remainingQty({ qty: 2, qty_canceled: 1, qty_delivered: 2 })).toBe(0);
    expect(
      lineQuantities([
        ['qty-12', '3'],
        ['qty-13', '0'],
        ['qty-14', '-1'],
        ['qty-15', '1.5'],
        ['qty-x', '2'],
        ['tracking_ref', 'T'],
      ]),
    ).toEqual({ '12': 3 });
  });
});

describe('a staff list page past its last one (lastPageHref)', () => {
  it('goes to the last page with the filters and page size kept', () => {
    expect(
      lastPageHref(
        '/fr/staff/orders',
        { state: 'all', q: 'Lux', per_page: '20', page: '400' },
        { page: 400, perPage: 20 },
        100,
      ),
    ).toBe('/fr/staff/orders?state=all&q=Lux&per_page=20&page=5');
    expect(lastPageHref('/fr/staff/customers', { page: '40' }, { page: 40, perPage: 20 }, 6)).toBe(
      '/fr/staff/customers',
    );
  });
  it('leaves a page with rows and an empty list alone', () => {
    expect(lastPageHref('/fr/staff/orders', { page: '5' }, { page: 5, perPage: 20 }, 100)).toBeNull();
    expect(lastPageHref('/fr/staff/orders', { page: '3' }, { page: 3, perPage: 20 }, 0)).toBeNull();
  });
});
