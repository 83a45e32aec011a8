import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { AutoSubmitForm } from '@/components/AutoSubmitForm';
import { formatInt } from '@/lib/format';
import { listHref, pageWindow, PAGE_SIZES, type ListPaging } from '@/lib/orders-list';
import { ListRangeStatus } from '@/components/ListRangeStatus';

/** One select of the filter form: query `name`, current `value`, `all` = the no-filter value. */
export interface AdFilter {
  name: string;
  label: string;
  value: string;
  defaultValue: string;
  options: { value: string; label: string }[];
}

/**
 * Filter and paging controls of the small-ad lists (docs/product/community-and-content.md#small-ads "/{lang}/account/smallads … filters by
 * state, category and region"; docs/product/constants.md#display page-size selector and 'from–to of total'): a GET form
 * (works without JavaScript; with it a select change navigates at once) with the given selects and
 * the page size, then the status. Test ids `<idPrefix>-<name>`, `<idPrefix>-status`.
 */
export async function AdFilters({
  locale,
  pathname,
  filters,
  paging,
  total,
  idPrefix,
}: {
  locale: Locale;
  pathname: string;
  filters: AdFilter[];
  paging: ListPaging;
  total: number;
  idPrefix: string;
}) {
  const t = await getTranslations({ locale, namespace: 'listPagination' });
  const window = pageWindow(paging, total);
  const stateKey = listHref(pathname, {
    ...Object.fromEntries(filters.map((f) => [f.name, f.value])),
    page: paging.page,
    page_size: paging.pageSize,
  });
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <AutoSubmitForm action={pathname} stateKey={stateKey} className="flex flex-wrap items-end gap-4">
        {filters.map((f) => (
          <div key={f.name}>
            <label htmlFor={`${idPrefix}-${f.name}`} className="mb-1 block text-sm font-medium">
              {f.label}
            </label>
            <select
              id={`${idPrefix}-${f.name}`}
              name={f.name}
              defaultValue={f.value}
              data-value={f.value}
              data-default={f.defaultValue}
              data-testid={`${idPrefix}-${f.name}`}
              className="rounded border border-line bg-white px-3 py-2"
            >
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
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
