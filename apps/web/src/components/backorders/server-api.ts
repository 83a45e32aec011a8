/**
 * Server-side calls of the products-on-order pages (docs/product/orders-and-documents.md#products-on-order-calls: GET
 * products_on_order, GET products_on_order/{id}; contracts in @vetshop/domain contracts/backorder.ts).
 * Server only: forwards the request's cookies, never caches. Errors: a failed answer throws
 * ApiError (problem+json code and status; 401 session ended, 404 a line of another customer), a
 * network failure ApiError 503 `api_unavailable`, an answer breaking the contract ApiError 502
 * `bad_response`.
 */
import {
  BACKORDER_FILTER_RESTRICTS,
  productOnOrderSchema,
  productsOnOrderListSchema,
  type BackorderFilter,
  type Locale,
  type ProductOnOrder,
  type ProductsOnOrderList,
} from '@vetshop/domain';
import { apiGet } from '@/lib/api/client';
import type { ListPaging } from '@/lib/orders-list';

/** The products-on-order calls for the signed-in customer of the current request. */
export const backordersApi = {
  /**
   * GET /products_on_order?page&per_page&restricts[]: one page of the customer's products on order
   * (newest order first) for the page filter `filter` (all, backorders plus made-to-order,
   * made-to-order only), and the number matching.
   */
  list(locale: Locale, paging: ListPaging, filter: BackorderFilter): Promise<ProductsOnOrderList> {
    return apiGet('/products_on_order', productsOnOrderListSchema, {
      locale,
      query: {
        page: paging.page,
        per_page: paging.pageSize,
        'restricts[]': [...BACKORDER_FILTER_RESTRICTS[filter]],
      },
      forwardCookies: true,
    });
  },
  /** GET /products_on_order/:id: one product line of the customer's orders; ApiError 404 for another customer's. */
  line(locale: Locale, id: number): Promise<ProductOnOrder> {
    return apiGet(`/products_on_order/${id}`, productOnOrderSchema, { locale, forwardCookies: true });
  },
};
