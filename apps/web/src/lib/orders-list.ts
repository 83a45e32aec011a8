/**
 * Pure helpers of the orders and documents list pages (docs/product/constants.md#display "Pagination shows a page-size
 * selector and a 'from-to of total' status"; "Sales: default page size 10, default page 1"), the
 * order state labels (docs/product/orders-and-documents.md) and the same-origin download links. Unit-tested (orders-list.test.ts).
 */
import {
  isNavigable,
  safeRelativeTarget,
  SALES_DEFAULT_PAGE,
  SALES_DEFAULT_PAGE_SIZE,
} from '@vetshop/domain';

/** Paging of a list page: 1-based page and number of rows per page. */
export interface ListPaging {
  page: number;
  pageSize: number;
}

/** Page sizes offered by the selector (the docs/product/constants.md#defaults 10 first). */
export const PAGE_SIZES = [10, 20, 50] as const;

type Param = string | string[] | undefined;
const first = (v: Param) => (Array.isArray(v) ? v[0] : v);

/**
 * `page` and `page_size` of a list page's search params: the page a positive integer (≤ 100000),
 * the size one of PAGE_SIZES; anything else falls back to page 1 and size 10 (docs/product/constants.md).
 */
export function parsePaging(params: { page?: Param; page_size?: Param }): ListPaging {
  const page = Number(first(params.page));
  const size = Number(first(params.page_size));
  return {
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100000 ? page : SALES_DEFAULT_PAGE,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : SALES_DEFAULT_PAGE_SIZE,
  };
}

/** The value of `param` when it is one of `allowed`, else `fallback` (filters from the URL). */
export function pickParam<T extends string>(param: Param, allowed: readonly T[], fallback: T): T {
  const value = first(param);
  return value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The 'from–to of total' status of a page (1-based, inclusive): `{from: 0, to: 0}` when the page is
 * empty (no rows, or past the last page); `pages` = number of pages (at least 1).
 */
export function pageWindow(paging: ListPaging, total: number): { from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / paging.pageSize));
  const from = (paging.page - 1) * paging.pageSize + 1;
  const to = Math.min(paging.page * paging.pageSize, total);
  if (total <= 0 || from > to) return { from: 0, to: 0, pages };
  return { from, to, pages };
}

/**
 * The list URL for `pathname` with `params` (empty and default values left out: page 1, page size
 * 10, filter `all`), so links keep the rest of the list state.
 */
export function listHref(pathname: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || value === 'all') continue;
    if (key === 'page' && Number(value) === SALES_DEFAULT_PAGE) continue;
    if (key === 'page_size' && Number(value) === SALES_DEFAULT_PAGE_SIZE) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Where a list page past its last one goes (a typed or old url, or the last rows handled since the
 * link was made; docs/decisions/empty-lists.md): the same list, filters and page size kept, on its
 * last page (`page` dropped when that is the first); null when `page` holds rows or the list is
 * empty (its own text says so). `pathname`: the list's localized path ("/fr/staff/orders");
 * `query`: the url's parameters; `paging.perPage`: rows per page.
 */
export function lastPageHref(
  pathname: string,
  query: Record<string, Param>,
  paging: { page: number; perPage: number },
  total: number,
): string | null {
  const pages = Math.ceil(total / paging.perPage);
  if (total <= 0 || paging.page <= pages) return null;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (name !== 'page') for (const v of [value ?? []].flat()) search.append(name, v);
  if (pages > 1) search.set('page', String(pages));
  const rest = search.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * Same-origin href (through the /api proxy, which forwards the session cookie) of a file: the order
 * confirmation PDF (`sale`, docs/product/orders-and-documents.md#sales-calls GET sales/{id}/download), an invoice or credit note PDF
 * (`invoice`, GET invoice/{id}/download) or a document (`document`, GET documents/{id}/download).
 */
export function downloadHref(kind: 'sale' | 'invoice' | 'document', id: number | string): string {
  const segment = kind === 'sale' ? 'sales' : kind === 'invoice' ? 'invoice' : 'documents';
  return `/api/${segment}/${encodeURIComponent(String(id))}/download`;
}

/**
 * Where the browser goes after a payment transaction: a same-origin URL becomes its path; another
 * https URL (a card provider's page) is allowed as flagged external; anything else (dangerous
 * protocols) is refused and the thank-you page with `fallback` is used (docs/product/web-app-shell.md#navigation navigation rules).
 */
export function paymentRedirectTarget(redirectUrl: string, origin: string, fallback: string): string {
  if (redirectUrl.startsWith(origin + '/'))
    return safeRelativeTarget(redirectUrl.slice(origin.length), fallback);
  if (redirectUrl.startsWith('/')) return safeRelativeTarget(redirectUrl, fallback);
  return isNavigable(redirectUrl, true) && /^https:\/\//i.test(redirectUrl) ? redirectUrl : fallback;
}
