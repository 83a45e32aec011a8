/**
 * Loading of the product line of the cancel-backorder dialog and page (docs/product/orders-and-documents.md#screens
 * /{lang}/account/products_on_order/{id}/cancel): sign-in required (a guest goes to login and comes
 * back to `pathname`), an id that is not a positive integer, a line of another customer or a fee
 * line → the 404 page; api outages → the error screen.
 */
import { notFound } from 'next/navigation';
import type { Locale, ProductOnOrder } from '@vetshop/domain';
import { ApiError } from '@/lib/api/errors';
import { loadForPage, requireUser } from '@/lib/session';
import { backordersApi } from './server-api';

/** The customer's product line `id` (string from the URL) for the page at `pathname`. */
export async function loadCancelLine(locale: Locale, id: string, pathname: string): Promise<ProductOnOrder> {
  await requireUser(locale, pathname);
  const lineId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(lineId) || lineId < 1) notFound();
  return loadForPage(locale, pathname, async () => {
    try {
      return await backordersApi.line(locale, lineId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    }
  });
}
