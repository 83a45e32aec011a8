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
import type { z } from 'zod';
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
import { serverEnv } from '../env';
import { buildQueryString, forwardedCookieHeader } from './client';
import { ApiError, apiErrorFromResponse } from './errors';
import type { ListPaging } from '../orders-list';

/**
 * GETs `path` (with `query`) with the user's cookies and parses the JSON with `schema`; a 204 or an
 * empty object answers null when `emptyIsNull` (docs/product/cart-and-checkout.md#sync: "A 204 answer means an empty cart. An empty
 * object also means no cart"). Errors: see the module comment.
 */
async function personalGet<S extends z.ZodType>(
  path: string,
  schema: S,
  locale: Locale,
  query?: Record<string, string | number | undefined>,
  emptyIsNull = false,
): Promise<z.infer<S> | null> {
  const url = `${serverEnv().API_URL}${path}${buildQueryString(query)}`;
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': locale };
  const cookie = await forwardedCookieHeader();
  if (cookie) headers.cookie = cookie;
  let res: Response;
  try {
    res = await fetch(url, { headers, cache: 'no-store' });
  } catch (cause) {
    console.error(`[api] GET ${path} failed`, cause);
    throw new ApiError({ status: 503, code: 'api_unavailable', title: 'Service unavailable' });
  }
  if (!res.ok) throw await apiErrorFromResponse(res);
  if (emptyIsNull && res.status === 204) return null;
  const body: unknown = await res.json().catch(() => null);
  if (emptyIsNull && (body === null || (typeof body === 'object' && Object.keys(body).length === 0))) {
    return null;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`[api] GET ${path}: answer does not match the contract`, parsed.error.issues.slice(0, 5));
    throw new ApiError({ status: 502, code: 'bad_response', title: 'Bad gateway' });
  }
  return parsed.data;
}

/** Same as personalGet for an answer that is never empty. */
async function personalGetRequired<S extends z.ZodType>(
  path: string,
  schema: S,
  locale: Locale,
  query?: Record<string, string | number | undefined>,
): Promise<z.infer<S>> {
  return (await personalGet(path, schema, locale, query)) as z.infer<S>;
}

/** Checkout, sales and documents calls of the api for the signed-in customer of the current request. */
export const ordersApi = {
  /** GET /carts/current: the open cart, or null when there is none (204 or `{}`). */
  currentCart(locale: Locale): Promise<Cart | null> {
    return personalGet('/carts/current', cartSchema, locale, undefined, true);
  },
  /** GET /carts/current/payable: reference (cart uuid) and amount incl. VAT to pay; null without a cart. */
  payable(locale: Locale): Promise<Payable | null> {
    return personalGet('/carts/current/payable', payableSchema, locale, undefined, true);
  },
  /** GET /payment/methods?payable=: the providers the customer may use for this payable. */
  async paymentMethods(locale: Locale, payable: string): Promise<PaymentProvider[]> {
    return (await personalGetRequired('/payment/methods', paymentMethodsSchema, locale, { payable }))
      .providers;
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
    return personalGetRequired('/orders', ordersListSchema, locale, {
      page: paging.page,
      page_size: paging.pageSize,
      sale_channel: channel,
      q: search.q,
      product: search.product,
      date_from: search.date_from,
      date_to: search.date_to,
    });
  },
  /** GET /sales/:id: the order with lines, pickings, invoices and figures; ApiError 404 for another customer's order. */
  sale(locale: Locale, id: number): Promise<SaleDetail> {
    return personalGetRequired(`/sales/${id}`, saleDetailSchema, locale);
  },
  /** GET /documents?page&per_page&type: one page of the customer's documents and their count. */
  documents(locale: Locale, paging: ListPaging, type: DocumentType | undefined): Promise<DocumentList> {
    return personalGetRequired('/documents', documentListSchema, locale, {
      page: paging.page,
      per_page: paging.pageSize,
      type,
    });
  },
};
