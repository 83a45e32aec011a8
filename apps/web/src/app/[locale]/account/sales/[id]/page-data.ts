/**
 * Data of the order detail page /{lang}/account/sales/{id} (docs/product/orders-and-documents.md#screens
 * "Order detail"; docs/product/orders-and-documents.md#sales-calls). Server only: GET /sales/{id}
 * through ordersApi.sale (lib/api/client.ts `apiGet`, the request's cookies, never cached), parsed
 * into the domain's `SaleDetail`.
 */
import { notFound } from 'next/navigation';
import type { Locale, SaleDetail } from '@vetshop/domain';
import { ordersApi } from '@/lib/api/orders';
import { ApiError } from '@/lib/api/errors';
import { loadForPage } from '@/lib/session';

/** The sale id of the `{id}` route segment: 1 to 9 digits as a number, else NaN (the page answers 404). */
export function saleIdOf(id: string): number {
  return /^\d{1,9}$/.test(id) ? Number(id) : NaN;
}

/**
 * The signed-in customer's sale `saleId` for the page at `pathname` (`/{lang}/account/sales/{id}`).
 * Errors: a 404 (unknown id or another customer's order) calls Next's `notFound()`; a 401 (session
 * ended) redirects to login (lib/session.ts `loadForPage`); other ApiErrors are rethrown.
 */
export function saleOfPage(locale: Locale, pathname: string, saleId: number): Promise<SaleDetail> {
  return loadForPage(locale, pathname, async () => {
    try {
      return await ordersApi.sale(locale, saleId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    }
  });
}
