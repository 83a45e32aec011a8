/**
 * Typed server-side client of the api's checkout, sales and documents routes (docs/product/cart-and-checkout.md#cart-calls Cart
 * confirm / Payment / Sales / documents; contracts in @vetshop/domain contracts/cart.ts and
 * contracts/sales.ts). Server only: it forwards the request's cookies (next/headers), so every answer
 * belongs to the signed-in customer, and never caches (`cache: 'no-store'`).
 *
 * Errors: a failed answer throws ApiError (problem+json code and status; 401 when the session is
 * missing or refused, 404 for an order of another customer), a network failure ApiError 503
 * `api_unavailable`, an answer that breaks the contract ApiError 502 `bad_response`. The browser
 * makes the state-changing calls (confirm, payment transaction) through the /api proxy
 * (lib/api/browser.ts) and downloads the PDFs through it (`downloadHref`).
 */
import {
  cartSchema,
  documentListSchema,
  ordersListSchema,
  payableSchema,
  paymentMethodsSchema,
  saleDetailSchema,
  type Cart,
  type DocumentList,
  type DocumentType,
  type Locale,
  type OrdersList,
  type Payable,
  type PaymentProvider,
  type SaleChannel,
  type SaleDetail,
  type SalesSearch,
} from '@vetshop/domain';
import { apiGet } from './client';
import type { ListPaging } from '../orders-list';

/** Checkout, sales and documents calls of the api for the signed-in customer of the current request. */
export const ordersApi = {
  /** GET /carts/current: the open cart, or null when there is none (204 or `{}`). */
  currentCart(locale: Locale): Promise<Cart | null> {
    return apiGet('/carts/current', cartSchema, { locale, forwardCookies: true, emptyIsNull: true });
  },
  /** GET /carts/current/payable: reference (cart uuid) and amount incl. VAT to pay; null without a cart. */
  payable(locale: Locale): Promise<Payable | null> {
    return apiGet('/carts/current/payable', payableSchema, {
      locale,
      forwardCookies: true,
      emptyIsNull: true,
    });
  },
  /** GET /payment/methods?payable=: the providers the customer may use for this payable. */
  async paymentMethods(locale: Locale, payable: string): Promise<PaymentProvider[]> {
    return (
      await apiGet('/payment/methods', paymentMethodsSchema, {
        locale,
        query: { payable },
        forwardCookies: true,
      })
    ).providers;
  },
  /**
   * GET /orders?page&page_size&sale_channel&q&product&date_from&date_to: one page of the
   * customer's orders (each with its invoices), newest first, and the number of orders matching the
   * channel (`all` = every channel) and the search (docs/decisions/order-history.md; give only
   * valid fields: lib/order-history.ts parseOrderSearch).
   */
  orders(
    locale: Locale,
    paging: ListPaging,
    channel: SaleChannel,
    search: SalesSearch = {},
  ): Promise<OrdersList> {
    return apiGet('/orders', ordersListSchema, {
      locale,
      query: {
        page: paging.page,
        page_size: paging.pageSize,
        sale_channel: channel,
        q: search.q,
        product: search.product,
        date_from: search.date_from,
        date_to: search.date_to,
      },
      forwardCookies: true,
    });
  },
  /** GET /sales/:id: the order with lines, pickings, invoices and figures; ApiError 404 for another customer's order. */
  sale(locale: Locale, id: number): Promise<SaleDetail> {
    return apiGet(`/sales/${id}`, saleDetailSchema, { locale, forwardCookies: true });
  },
  /** GET /documents?page&per_page&type: one page of the customer's documents and their count. */
  documents(locale: Locale, paging: ListPaging, type: DocumentType | undefined): Promise<DocumentList> {
    return apiGet('/documents', documentListSchema, {
      locale,
      query: { page: paging.page, per_page: paging.pageSize, type },
      forwardCookies: true,
    });
  },
};
