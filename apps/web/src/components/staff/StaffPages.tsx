import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';

/**
 * Previous / next links of a staff list with "page n of m" (docs/product/back-office.md#staff-back-office staff screens; reusable).
 * Every link goes to `href` (the list's path without the locale prefix, e.g. `/staff/orders`; the
 * current locale's is added) and keeps `params` (the filters and page size). Nothing when one page
 * holds everything.
 */
export async function StaffPages({
  locale,
  href: path,
  params,
  page,
  perPage,
  total,
}: {
  locale: Locale;
  href: string;
  params: Record<string, string | number | undefined>;
  page: number;
  perPage: number;
  total: number;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  const t = await getTranslations({ locale, namespace: 'staff.list' });
  const href = (p: number) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...params, per_page: perPage, page: p }))
      if (v !== undefined && String(v) !== '') search.set(k, String(v));
    return `${path}?${search.toString()}`;
  };
  const link = 'rounded border border-line px-3 py-1 text-brand hover:bg-surface';
  return (
    <nav aria-label={t('pages')} className="flex items-center gap-3">
      {page > 1 ? (
        <Link href={href(page - 1)} className={link} rel="prev" data-testid="staff-page-prev">
          {t('previous')}
        </Link>
      ) : null}
      <span className="text-sm text-muted">{t('pageOf', { page, pages })}</span>
      {page < pages ? (
        <Link href={href(page + 1)} className={link} rel="next" data-testid="staff-page-next">
          {t('next')}
        </Link>
      ) : null}
    </nav>
  );
}
