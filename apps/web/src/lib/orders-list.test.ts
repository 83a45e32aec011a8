import { describe, expect, it } from 'vitest';
import {
  downloadHref,
  listHref,
  pageWindow,
  paymentRedirectTarget,
  parsePaging,
  pickParam,
} from './orders-list';

describe('parsePaging (docs/product/constants.md#search-and-list-sizes: sales default page 1, page size 10)', () => {
  it('defaults to page 1 and 10 rows', () => {
    expect(parsePaging({})).toEqual({ page: 1, pageSize: 10 });
  });
  it('keeps a valid page and an offered size', () => {
    expect(parsePaging({ page: '3', page_size: '20' })).toEqual({ page: 3, pageSize: 20 });
    expect(parsePaging({ page: ['2', '9'], page_size: '50' })).toEqual({ page: 2, pageSize: 50 });
  });
  it('refuses junk, zero, fractions and sizes not offered', () => {
    expect(parsePaging({ page: '0', page_size: '7' })).toEqual({ page: 1, pageSize: 10 });
    expect(parsePaging({ page: '1.5', page_size: 'abc' })).toEqual({ page: 1, pageSize: 10 });
    expect(parsePaging({ page: '-2', page_size: '1000' })).toEqual({ page: 1, pageSize: 10 });
  });
});

describe('pageWindow (from–to of total)', () => {
  it('first, middle and last pages', () => {
    expect(pageWindow({ page: 1, pageSize: 10 }, 23)).toEqual({ from: 1, to: 10, pages: 3 });
    expect(pageWindow({ page: 2, pageSize: 10 }, 23)).toEqual({ from: 11, to: 20, pages: 3 });
    expect(pageWindow({ page: 3, pageSize: 10 }, 23)).toEqual({ from: 21, to: 23, pages: 3 });
  });
  it('empty list and a page past the end', () => {
    expect(pageWindow({ page: 1, pageSize: 10 }, 0)).toEqual({ from: 0, to: 0, pages: 1 });
    expect(pageWindow({ page: 4, pageSize: 10 }, 23)).toEqual({ from: 0, to: 0, pages: 3 });
  });
});

describe('pickParam', () => {
  const channels = ['all', 'fax', 'web'] as const;
  it('keeps an allowed value, else the fallback', () => {
    expect(pickParam('fax', channels, 'all')).toBe('fax');
    expect(pickParam('telex', channels, 'all')).toBe('all');
    expect(pickParam(undefined, channels, 'all')).toBe('all');
    expect(pickParam(['web', 'fax'], channels, 'all')).toBe('web');
  });
});

describe('listHref', () => {
  it('leaves out the defaults and keeps the rest', () => {
    expect(listHref('/fr/account/sales', { page: 1, page_size: 10, sale_channel: 'all' })).toBe(
      '/fr/account/sales',
    );
    expect(listHref('/fr/account/sales', { page: 2, page_size: 20, sale_channel: 'web' })).toBe(
      '/fr/account/sales?page=2&page_size=20&sale_channel=web',
    );
  });
});

describe('downloadHref', () => {
  it('goes through the same-origin api proxy', () => {
    expect(downloadHref('sale', 5)).toBe('/api/sales/5/download');
    expect(downloadHref('invoice', 12)).toBe('/api/invoice/12/download');
    expect(downloadHref('document', 'invoice-12')).toBe('/api/documents/invoice-12/download');
  });
});

describe('paymentRedirectTarget (docs/product/web-app-shell.md#navigation navigation rules)', () => {
  const origin = 'http://localhost:3100';
  const fallback = '/fr/cart-validated?status=success';
  it('keeps the path of a same-origin URL', () => {
    expect(
      paymentRedirectTarget(`${origin}/fr/cart-validated?status=success&reference=SO1`, origin, fallback),
    ).toBe('/fr/cart-validated?status=success&reference=SO1');
    expect(paymentRedirectTarget('/fr/cart-validated?status=pending', origin, fallback)).toBe(
      '/fr/cart-validated?status=pending',
    );
  });
  it("allows a provider's https page as flagged external", () => {
    expect(paymentRedirectTarget('https://checkout.stripe.com/c/pay/cs_1', origin, fallback)).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    );
  });
  it('refuses dangerous protocols, protocol-relative URLs and plain-http look-alike origins', () => {
    expect(paymentRedirectTarget('javascript:alert(1)', origin, fallback)).toBe(fallback);
    expect(paymentRedirectTarget('//evil.example/x', origin, fallback)).toBe(fallback);
    expect(paymentRedirectTarget('data:text/html,x', origin, fallback)).toBe(fallback);
    expect(paymentRedirectTarget(`${origin}.evil.example/x`, origin, fallback)).toBe(fallback);
  });
});
