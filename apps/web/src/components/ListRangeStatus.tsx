import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { formatInt } from '@/lib/format';

/**
 * The "from–to of total" line of a paged list (docs/product/constants.md#display page size): rows
 * `from`–`to` (1-based, inclusive) of `total`, numbers in the locale's format, as a polite live
 * region so a filter change is announced. Renders nothing when the list holds no row at all: the
 * list's own empty text says so, and "0–0 of 0" only adds noise (docs/decisions/empty-lists.md).
 * `namespace` picks the wording of the customer area's lists, the staff screens' or the catalogue
 * listing's (each has a `status` message with the same three values). Server component.
 */
export async function ListRangeStatus({
  locale,
  from,
  to,
  total,
  testId,
  namespace = 'listPagination',
}: {
  locale: Locale;
  from: number;
  to: number;
  total: number;
  testId?: string;
  namespace?: 'listPagination' | 'staff.list' | 'search';
}) {
  if (total <= 0) return null;
  // The three namespaces' `status` messages take the same values; one of them types the call.
  const t = await getTranslations({ locale, namespace: namespace as 'listPagination' });
  return (
    <p role="status" className="text-sm text-muted" data-testid={testId}>
      {t('status', {
        from: formatInt(from, locale),
        to: formatInt(to, locale),
        total: formatInt(total, locale),
      })}
    </p>
  );
}
