import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { AutoSubmitForm } from '@/components/AutoSubmitForm';
import { Link, getPathname } from '@/i18n/navigation';
import { formatInt } from '@/lib/format';
import { listHref, pageWindow, PAGE_SIZES, type ListPaging } from '@/lib/orders-list';
import { ListRangeStatus } from '@/components/ListRangeStatus';

/** A filter select of a list page (sale channel of the orders, type of the documents). */
export interface ListFilter {
  /** Query parameter name, e.g. `sale_channel`. */
  name: string;
  label: string;
  value: string;
  /** The value meaning "no filter" (left out of the URL). */
  defaultValue: string;
  options: { value: string; label: string }[];
}

/**
 * Filter and paging controls of the orders and documents lists (docs/product/orders-and-documents.md#screens "Orders list, filterable
 * by sale channel", "Documents list with a type filter"; docs/product/constants.md#display "Pagination shows a page-size
 * selector and a 'from-to of total' status") and of the vet efficiency page's groups: a GET form
 * (works without JavaScript; with it, a select change navigates at once) with the filter (if any),
 * the page size and the `kept` parameters as hidden fields, then the status "from–to of total".
 * Changing the filter or the size goes back to page 1. `href` is the list's path without query and
 * without locale prefix (`/account/documents`); the form gets the prefix.
 */
export async function ListControls({
  locale,
  href,
  filter,
  kept = {},
  paging,
  total,
  idPrefix,
}: {
  locale: Locale;
  href: string;
  filter?: ListFilter;
  /** Other list state sent with the form unchanged (the vet group a size applies to). */
  kept?: Record<string, string | number>;
  paging: ListPaging;
  /** Rows matching the filter. */
  total: number;
  /** Prefix of the controls' ids (unique on the page). */
  idPrefix: string;
}) {
  const t = await getTranslations({ locale, namespace: 'listPagination' });
  const window = pageWindow(paging, total);
  const action = getPathname({ href, locale });
  const stateKey = listHref(action, {
    ...kept,
    ...(filter ? { [filter.name]: filter.value } : {}),
    page: paging.page,
    page_size: paging.pageSize,
  });
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <AutoSubmitForm
        action={action}
        stateKey={stateKey}
        className="flex max-w-full flex-wrap items-end gap-4"
      >
        {Object.entries(kept).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {filter ? (
          <div className="max-w-full">
            <label htmlFor={`${idPrefix}-filter`} className="mb-1 block text-sm font-medium">
              {filter.label}
            </label>
            <select
              id={`${idPrefix}-filter`}
              name={filter.name}
              defaultValue={filter.value}
              data-value={filter.value}
              data-default={filter.defaultValue}
              data-testid={`${idPrefix}-filter`}
              className="max-w-full rounded border border-line bg-white px-3 py-2"
            >
              {filter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor={`${idPrefix}-page-size`} className="mb-1 block text-sm font-medium">
            {t('pageSize')}
          </label>
          <select
            id={`${idPrefix}-page-size`}
            name="page_size"
            defaultValue={String(paging.pageSize)}
            data-value={String(paging.pageSize)}
            data-default="10"
            data-testid={`${idPrefix}-page-size`}
            className="rounded border border-line bg-white px-3 py-2"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {formatInt(size, locale)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded border border-brand px-4 py-2 font-semibold text-brand hover:bg-surface"
        >
          {t('apply')}
        </button>
      </AutoSubmitForm>
      <ListRangeStatus
        locale={locale}
        from={window.from}
        to={window.to}
        total={total}
        testId={`${idPrefix}-status`}
      />
    </div>
  );
}

/**
 * Previous / numbered / next links of a list page; each link keeps the filter and the page size.
 * Nothing when everything fits on one page and that page is shown; a page past the last gets the
 * links back. `href` is the list's path without query and without locale prefix
 * (`/account/sales`): the navigation Link adds the prefix. `fragment`: the id of the element each
 * link scrolls to (a vet group's section on a page of several lists).
 */
export async function ListPages({
  locale,
  href: listPath,
  params,
  paging,
  total,
  fragment,
}: {
  locale: Locale;
  href: string;
  /** The rest of the list state (filter, page size) kept by every link. */
  params: Record<string, string | number | undefined>;
  paging: ListPaging;
  total: number;
  fragment?: string;
}) {
  const { pages } = pageWindow(paging, total);
  if (pages <= 1 && paging.page <= 1) return null;
  const t = await getTranslations({ locale, namespace: 'listPagination' });
  const href = (page: number) =>
    listHref(listPath, { ...params, page, page_size: paging.pageSize }) + (fragment ? `#${fragment}` : '');
  const linkClass =
    'block min-w-10 rounded border border-line px-3 py-1 text-center text-brand hover:bg-surface';
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pages || Math.abs(p - paging.page) <= 2,
  );
  return (
    <nav aria-label={t('label')} className="mt-4">
      <ul className="flex flex-wrap items-center gap-1">
        {paging.page > 1 ? (
          <li>
            {/* From a page past the last (a typed or old url), back to the last page that has rows. */}
            <Link href={href(Math.min(paging.page - 1, pages))} rel="prev" className={linkClass}>
              {t('previous')}
            </Link>
          </li>
        ) : null}
        {numbers.map((p, i) => (
          <li key={p} className="flex items-center gap-1">
            {i > 0 && p - numbers[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
            {p === paging.page ? (
              <span
                aria-current="page"
                className="block min-w-10 rounded bg-brand px-3 py-1 text-center text-white"
              >
                <span className="sr-only">{t('page', { page: p })}</span>
                <span aria-hidden="true">{p}</span>
              </span>
            ) : (
              <Link href={href(p)} className={linkClass} aria-label={t('page', { page: p })}>
                {p}
              </Link>
            )}
          </li>
        ))}
        {paging.page < pages ? (
          <li>
            <Link href={href(paging.page + 1)} rel="next" className={linkClass}>
              {t('next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
