/**
 * Server side of a paged list's url (docs/decisions/empty-lists.md): a page past the last one is
 * sent to the last page. The pure computation is lib/orders-list.ts `lastPageHref`.
 */
import { redirect } from 'next/navigation';
import { lastPageHref } from './orders-list';

/**
 * Redirects a list page past its last one to the last page, filters and page size kept
 * (`lastPageHref`): "0–0 sur 100" above "Aucune commande ne correspond." told a staff member that
 * nothing matched. `pathname`: the list's localized path; `query`: the url's parameters;
 * `paging.perPage`: rows per page; `total`: rows in the list. Returns when the page holds rows or
 * the list is empty. Used by the staff lists and the promotions page.
 */
export function keepWithinPages(
  pathname: string,
  query: Record<string, string | string[] | undefined>,
  paging: { page: number; perPage: number },
  total: number,
): void {
  const last = lastPageHref(pathname, query, paging, total);
  if (last) redirect(last);
}
