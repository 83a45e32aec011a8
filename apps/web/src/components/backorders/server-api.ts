/**
 * Server-side calls of the products-on-order pages (docs/product/orders-and-documents.md#products-on-order-calls: GET
 * products_on_order, GET products_on_order/{id}; contracts in @vetshop/domain contracts/backorder.ts).
 * Server only: forwards the request's cookies, never caches. Errors: a failed answer throws
 * ApiError (problem+json code and status; 401 session ended, 404 a line of another customer), a
 * network failure ApiError 503 `api_unavailable`, an answer breaking the contract ApiError 502
 * `bad_response`.
 */
import type { z } from 'zod';
import {
  BACKORDER_FILTER_RESTRICTS,
  productOnOrderSchema,
  productsOnOrderListSchema,
  type BackorderFilter,
  type Locale,
  type ProductOnOrder,
  type ProductsOnOrderList,
} from '@vetshop/domain';
import { serverEnv } from '@/lib/env';
import { buildQueryString, forwardedCookieHeader } from '@/lib/api/client';
import { ApiError, apiErrorFromResponse } from '@/lib/api/errors';
import type { ListPaging } from '@/lib/orders-list';

/** GET `path` with the user's cookies, parsed with `schema` (see the module comment for errors). */
async function get<S extends z.ZodType>(
  path: string,
  schema: S,
  locale: Locale,
  query?: Record<string, string | number | string[] | undefined>,
): Promise<z.infer<S>> {
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
  const parsed = schema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) {
    console.error(`[api] GET ${path}: answer does not match the contract`, parsed.error.issues.slice(0, 5));
    throw new ApiError({ status: 502, code: 'bad_response', title: 'Bad gateway' });
  }
  return parsed.data;
}

/** The products-on-order calls for the signed-in customer of the current request. */
export const backordersApi = {
  /**
   * GET /products_on_order?page&per_page&restricts[]: one page of the customer's products on order
   * (newest order first) for the page filter `filter` (all, backorders plus made-to-order,
   * made-to-order only), and the number matching.
   */
  list(locale: Locale, paging: ListPaging, filter: BackorderFilter): Promise<ProductsOnOrderList> {
    return get('/products_on_order', productsOnOrderListSchema, locale, {
      page: paging.page,
      per_page: paging.pageSize,
      'restricts[]': [...BACKORDER_FILTER_RESTRICTS[filter]],
    });
  },
  /** GET /products_on_order/:id: one product line of the customer's orders; ApiError 404 for another customer's. */
  line(locale: Locale, id: number): Promise<ProductOnOrder> {
    return get(`/products_on_order/${id}`, productOnOrderSchema, locale);
  },
};
