import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CLASSIFIED_AD_STATES, type ClassifiedAdState } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { listHref, parsePaging, pickParam } from '@/lib/orders-list';
import { formatDate } from '@/lib/format';
import { ListPages } from '@/components/orders/ListControls';
import { smalladsApi } from '@/components/smallads/api';
import { AdFilters } from '@/components/smallads/AdFilters';
import { AdView } from '@/components/smallads/AdView';
import { StaffModeration } from '@/components/smallads/StaffModeration';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('smallads.staff', 'metaTitle');

/**
 * /{lang}/staff/smallads (docs/product/accounts.md#moderation; docs/product/back-office.md#small-ad-moderation "small-ad moderation queue (publish; refuse
 * with a reason the author sees)"): ads in one `state` (default pending = the queue, oldest
 * submission first) from GET /staff/classified_ads, each with its customer, submission date, full
 * detail and PDF, and the Publish / Refuse-with-reason actions. Staff only (lib/staff.ts).
 * Test ids: staff-smallads-list, staff-smallad-item, staff-smallads-empty (+ StaffModeration's).
 */
export default async function StaffSmallAdsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff/smallads';
  const pathname = getPathname({ href, locale });
  const query = await searchParams;
  const paging = parsePaging(query);
  const state = pickParam<ClassifiedAdState>(query.state, CLASSIFIED_AD_STATES, 'pending');
  await requireStaff(locale, listHref(pathname, { state, page: paging.page, page_size: paging.pageSize }));
  const list = await loadForPage(locale, pathname, () => smalladsApi.staffList(locale, paging, state));
  const t = await getTranslations({ locale, namespace: 'smallads' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('staff.title')}</h1>
      <p className="text-muted">{t('staff.intro')}</p>
      <AdFilters
        locale={locale}
        pathname={pathname}
        idPrefix="staff-smallads"
        paging={paging}
        total={list.count}
        filters={[
          {
            name: 'state',
            label: t('staff.stateFilter'),
            value: state,
            defaultValue: 'pending',
            options: CLASSIFIED_AD_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
          },
        ]}
      />
      {list.items.length === 0 ? (
        <p data-testid="staff-smallads-empty">{t('staff.empty')}</p>
      ) : (
        <ul className="space-y-4" data-testid="staff-smallads-list">
          {list.items.map((ad) => (
            <li key={ad.id} className="space-y-2" data-testid="staff-smallad-item" data-ad-name={ad.name}>
              <AdView locale={locale} ad={ad} headingLevel={2} />
              {ad.submitted_at ? (
                <p className="text-sm text-muted">
                  {t('staff.submittedAt', { date: formatDate(ad.submitted_at, locale) })}
                </p>
              ) : null}
              <StaffModeration
                key={ad.version}
                locale={locale}
                id={ad.id}
                state={ad.state}
                version={ad.version}
              />
            </li>
          ))}
        </ul>
      )}
      <ListPages locale={locale} href={href} params={{ state }} paging={paging} total={list.count} />
    </div>
  );
}
