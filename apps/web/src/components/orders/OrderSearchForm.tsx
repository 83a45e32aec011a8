import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { AutoSubmitForm } from '@/components/AutoSubmitForm';
import { Link, getPathname } from '@/i18n/navigation';
import { formatInt } from '@/lib/format';
import { listHref, PAGE_SIZES, type ListPaging } from '@/lib/orders-list';
import { hasSearch, type OrderSearch } from '@/lib/order-history';
import type { ListFilter } from './ListControls';

/** The typed search fields of the form, in their order: wire name, input type, label key. */
const SEARCH_FIELDS = [
  { name: 'q', type: 'search', labelKey: 'q' },
  { name: 'product', type: 'search', labelKey: 'product' },
  { name: 'date_from', type: 'date', labelKey: 'dateFrom' },
  { name: 'date_to', type: 'date', labelKey: 'dateTo' },
] as const;

/**
 * Search form of the orders list (docs/decisions/order-history.md): a GET form to `href` (the list's
 * path without query and without locale prefix, `/account/sales`; the form gets the prefix) that
 * works without JavaScript (submit button; with it, the channel and page-size selects navigate at
 * once) with the order number or customer reference (`q`), the product (name or SKU), the order
 * date range (`date_from`, `date_to`, yyyy-mm-dd), the sale channel `filter` and the page size.
 * Searching goes back to page 1. `search.invalid` fields are named in an alert. A "clear" link
 * appears while a search is typed. Test ids: `sales-search`, `sales-q`, `sales-product`,
 * `sales-date-from`, `sales-date-to`, `sales-filter`, `sales-page-size`, `sales-search-submit`,
 * `sales-search-reset`, `sales-search-invalid`.
 */
export async function OrderSearchForm({
  locale,
  href,
  search,
  filter,
  paging,
}: {
  locale: Locale;
  href: string;
  search: OrderSearch;
  filter: ListFilter;
  paging: ListPaging;
}) {
  const t = await getTranslations({ locale, namespace: 'orderHistory.search' });
  const tp = await getTranslations({ locale, namespace: 'listPagination' });
  const action = getPathname({ href, locale });
  const stateKey = listHref(action, {
    ...search.typed,
    [filter.name]: filter.value,
    page: paging.page,
    page_size: paging.pageSize,
  });
  const input = 'w-full min-w-0 rounded border border-line bg-white px-3 py-2';
  const label = 'mb-1 block text-sm font-medium';
  return (
    <section aria-labelledby="sales-search-title" className="rounded-lg bg-surface p-4">
      <h2 id="sales-search-title" className="mb-3 text-lg font-semibold">
        {t('title')}
      </h2>
      <AutoSubmitForm action={action} stateKey={stateKey} className="space-y-3">
        {/* On a phone from 390 px the dates share a row, and so do the two selects: the form took
            the first screen before the first order. Narrower, a date field needs the whole width. */}
        <div className="grid gap-3 min-[390px]:grid-cols-2 lg:grid-cols-4" data-testid="sales-search">
          {SEARCH_FIELDS.map(({ name, type, labelKey }) => {
            const id = `sales-${name.replace('_', '-')}`;
            return (
              <div key={name} className={type === 'search' ? 'min-[390px]:max-sm:col-span-2' : undefined}>
                <label htmlFor={id} className={label}>
                  {t(labelKey)}
                </label>
                <input
                  id={id}
                  name={name}
                  type={type}
                  maxLength={type === 'search' ? 100 : undefined}
                  defaultValue={search.typed[name]}
                  aria-invalid={search.invalid.includes(name) || undefined}
                  className={input}
                  data-testid={id}
                />
              </div>
            );
          })}
          <div>
            <label htmlFor="sales-filter" className={label}>
              {filter.label}
            </label>
            <select
              id="sales-filter"
              name={filter.name}
              defaultValue={filter.value}
              data-value={filter.value}
              data-default={filter.defaultValue}
              data-testid="sales-filter"
              className={input}
            >
              {filter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="sales-page-size" className={label}>
              {tp('pageSize')}
            </label>
            <select
              id="sales-page-size"
              name="page_size"
              defaultValue={String(paging.pageSize)}
              data-value={String(paging.pageSize)}
              data-default="10"
              data-testid="sales-page-size"
              className={input}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {formatInt(size, locale)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
            data-testid="sales-search-submit"
          >
            {t('submit')}
          </button>
          {hasSearch(search) ? (
            <Link
              href={listHref(href, { [filter.name]: filter.value, page_size: paging.pageSize })}
              className="text-brand underline"
              data-testid="sales-search-reset"
            >
              {t('reset')}
            </Link>
          ) : null}
        </div>
      </AutoSubmitForm>
      {search.invalid.length > 0 ? (
        <p role="alert" className="mt-3 text-sm text-bad" data-testid="sales-search-invalid">
          {t('invalid', { fields: search.invalid.map((f) => t(`fields.${f}`)).join(', ') })}
        </p>
      ) : null}
    </section>
  );
}
