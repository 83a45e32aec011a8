import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { formatInt } from '@/lib/format';
import { rowWindow, STAFF_PAGE_SIZES } from '@/lib/staff-list';
import { ListRangeStatus } from '@/components/ListRangeStatus';

/** One control of a staff filter form. */
export type StaffFilterField =
  | { kind: 'text' | 'search' | 'date'; name: string; label: string; value: string }
  | {
      kind: 'select';
      name: string;
      label: string;
      value: string;
      options: { value: string; label: string }[];
    };

/**
 * Filter bar of a staff list (docs/product/back-office.md#staff-back-office staff screens; reusable by every staff section): a plain GET
 * form on `action` (works without JavaScript) with text, search, date and select controls, a
 * page-size select (10, 20, 50, 100 rows) and a submit button; then the 'from–to of total' status
 * (docs/product/constants.md). Submitting goes back to page 1. Test ids `<idPrefix>-<name>`, `<idPrefix>-apply`,
 * `<idPrefix>-status`.
 */
export async function StaffFilters({
  locale,
  action,
  idPrefix,
  fields,
  page,
  perPage,
  total,
}: {
  locale: Locale;
  /** The list path, e.g. /fr/staff/orders. */
  action: string;
  /** Prefix of ids and test ids (unique on the page). */
  idPrefix: string;
  fields: StaffFilterField[];
  /** Current 1-based page and page size (rows). */
  page: number;
  perPage: number;
  /** Rows matching the filters. */
  total: number;
}) {
  const t = await getTranslations({ locale, namespace: 'staff.list' });
  const { from, to } = rowWindow(page, perPage, total);
  // max-w-full: a select as wide as its longest option (Dutch statuses) stays within a phone's screen.
  // h-10: a select, a text field and the button are one height (a select drew 3 px lower than a field).
  const control = 'h-10 max-w-full rounded border border-line bg-white px-3 py-2';
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <form action={action} method="get" className="flex max-w-full flex-wrap items-end gap-4" role="search">
        {fields.map((f) => (
          <div key={f.name} className="max-w-full">
            <label htmlFor={`${idPrefix}-${f.name}`} className="mb-1 block text-sm font-medium">
              {f.label}
            </label>
            {f.kind === 'select' ? (
              <select
                id={`${idPrefix}-${f.name}`}
                name={f.name}
                defaultValue={f.value}
                className={control}
                data-testid={`${idPrefix}-${f.name}`}
              >
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${idPrefix}-${f.name}`}
                name={f.name}
                type={f.kind}
                defaultValue={f.value}
                maxLength={f.kind === 'date' ? undefined : 100}
                className={control}
                data-testid={`${idPrefix}-${f.name}`}
              />
            )}
          </div>
        ))}
        <div>
          <label htmlFor={`${idPrefix}-per-page`} className="mb-1 block text-sm font-medium">
            {t('perPage')}
          </label>
          <select
            id={`${idPrefix}-per-page`}
            name="per_page"
            defaultValue={String(perPage)}
            className={control}
            data-testid={`${idPrefix}-per-page`}
          >
            {STAFF_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {formatInt(size, locale)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="h-10 rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
          data-testid={`${idPrefix}-apply`}
        >
          {t('apply')}
        </button>
      </form>
      <ListRangeStatus
        locale={locale}
        from={from}
        to={to}
        total={total}
        testId={`${idPrefix}-status`}
        namespace="staff.list"
      />
    </div>
  );
}

// The list helpers stay importable from here (other staff sections use them).
export { param, staffPaging, STAFF_PAGE_SIZES } from '@/lib/staff-list';
